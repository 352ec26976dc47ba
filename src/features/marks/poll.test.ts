import { describe, expect, it } from 'vitest';
import type { GitLab, Pipeline } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { createAppStore } from '../../app/create.js';
import { startMarkPolling } from './poll.js';
import { writeMarks } from './slice.js';
import { writePipelineRecords } from '../../domain/pipelines.js';
import { until } from '../../../test/helpers/until.js';

describe('startMarkPolling', () => {
  it('reads running marks every round, marks waiting on a manual job at the idle cadence, ended ones never', async () => {
    const store = createAppStore({ host: 'h', demo: false, readOnly: false });
    const mark = (status: string) => ({ projectId: 1, path: 'a/b', ref: 'main', status });
    writeMarks(store, { marks: { 1: mark('running'), 2: mark('manual'), 3: mark('success') } });
    const reads: Record<number, number> = {};
    const gl = {
      pipelines: {
        get: async (_project: number, id: number) => {
          reads[id] = (reads[id] ?? 0) + 1;
          return { id, status: store.getState().marks[id]!.status } as Pipeline;
        },
      },
    } as unknown as GitLab;
    const ctx = { store, gl, now: () => 0, connectionFailed: () => undefined } as unknown as Ctx;
    const poller = startMarkPolling(ctx, 5, 50);
    try {
      await until(() => (reads[1] ?? 0) >= 21, 'twenty-one rounds', { timeoutMs: 5000, everyMs: 5 });
    } finally {
      poller.stop();
    }
    expect(reads[1]).toBeGreaterThanOrEqual(21);
    // Every 10th round: rounds 1, 11, 21 (and maybe one more while the last ones were out).
    expect(reads[2]).toBeGreaterThanOrEqual(2);
    expect(reads[2]).toBeLessThanOrEqual(4);
    expect(reads[3]).toBeUndefined();
  });
});

describe('a mark GitLab left "running" unchanged since 2024', () => {
  it('is read at the idle cadence, as a mark waiting on a manual job is, not every round', async () => {
    const store = createAppStore({ host: 'h', demo: false, readOnly: false });
    const NOW = Date.parse('2026-11-25T12:00:00Z');
    const mark = (status: string) => ({ projectId: 1, path: 'a/b', ref: 'main', status });
    const stale = { id: 2, status: 'running', updated_at: '2024-03-02T10:00:00Z' } as Pipeline;
    writeMarks(store, { marks: { 1: mark('running'), 2: mark('running') } });
    writePipelineRecords(store, { pipelines: { 2: stale } });
    const reads: Record<number, number> = {};
    const gl = {
      pipelines: {
        get: async (_project: number, id: number) => {
          reads[id] = (reads[id] ?? 0) + 1;
          return id === 2 ? stale : ({ id, status: 'running', updated_at: new Date(NOW - 60_000).toISOString() } as Pipeline);
        },
      },
    } as unknown as GitLab;
    const ctx = { store, gl, now: () => NOW, connectionFailed: () => undefined } as unknown as Ctx;
    const poller = startMarkPolling(ctx, 5, 50);
    try {
      await until(() => (reads[1] ?? 0) >= 21, 'twenty-one rounds', { timeoutMs: 5000, everyMs: 5 });
    } finally {
      poller.stop();
    }
    expect(reads[2]).toBeGreaterThanOrEqual(2);
    expect(reads[2]).toBeLessThanOrEqual(4);
  });
});
