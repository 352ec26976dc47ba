import { describe, expect, it } from 'vitest';
import { paneData, rowsMoving, STALE_IN_FLIGHT_MS } from './polling.js';
import type { Pane } from './types.js';

it('a pipeline in list or stage-graph view is the same data (v reads nothing again); another pane is not', () => {
  const list: Pane = { kind: 'pipeline', projectId: 1, path: 'acme/api', pipelineId: 7, view: 'list' };
  expect(paneData({ ...list, view: 'graph' })).toBe(paneData(list));
  expect(paneData({ ...list, pipelineId: 8 })).not.toBe(paneData(list));
  expect(paneData({ kind: 'project', projectId: 1, path: 'acme/api', tab: 'pipelines' })).not.toBe(
    paneData({ kind: 'project', projectId: 1, path: 'acme/api', tab: 'jobs' }),
  );
  expect(paneData({ kind: 'job', projectId: 1, path: 'acme/api', jobId: 7 })).not.toBe(paneData(list));
});

describe('rowsMoving: what holds a list at the running pace', () => {
  const NOW = Date.parse('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  it('a pipeline running now does; a finished one does not', () => {
    expect(
      rowsMoving(
        [
          { status: 'success', updated_at: ago(1000) },
          { status: 'running', updated_at: ago(60_000) },
        ],
        NOW,
      ),
    ).toBe(true);
    expect(rowsMoving([{ status: 'success', updated_at: ago(1000) }], NOW)).toBe(false);
  });
  it('a pipeline left "running" since 2024 does not: its list is read at the idle pace', () => {
    expect(rowsMoving([{ status: 'running', updated_at: '2024-03-02T10:00:00Z', created_at: '2024-03-02T09:00:00Z' }], NOW)).toBe(false);
    expect(rowsMoving([{ status: 'pending', updated_at: ago(STALE_IN_FLIGHT_MS + 1) }], NOW)).toBe(false);
    // A job row: its start, when it has no updated_at.
    expect(rowsMoving([{ status: 'running', started_at: ago(17909 * 3600_000) }], NOW)).toBe(false);
    expect(rowsMoving([{ status: 'running', started_at: ago(3600_000) }], NOW)).toBe(true);
    // No time at all: in flight is in flight.
    expect(rowsMoving([{ status: 'running' }], NOW)).toBe(true);
  });
});
