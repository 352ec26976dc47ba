import { describe, expect, it } from 'vitest';
import type { GitLab, Pipeline } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { createAppStore } from '../../app/create.js';
import { startMarkPolling } from './poll.js';
import { until } from '../../../test/helpers/until.js';

describe('startMarkPolling', () => {
  it('reads running marks every round, marks waiting on a manual job at the idle cadence, ended ones never', async () => {
    const store = createAppStore({ host: 'h', demo: false, readOnly: false });
    const mark = (status: string) => ({ projectId: 1, path: 'a/b', ref: 'main', status });
    store.setState({ marks: { 1: mark('running'), 2: mark('manual'), 3: mark('success') } });
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
