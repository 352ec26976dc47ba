// Reads behind "3m 12s, usual 1m 40s" in the job pane: one page of the project's latest successful
// jobs, at most once per project per HISTORY_TTL_MS (timeline-history-fetch.ts), asked by a poll of
// the job pane (Feature.poll → refresh, the pipelines feature's read there: Feature.readsOn), never by a component.
import { writePipelines } from './writers.js';
import type { Ctx } from '../../store/ctx.js';
import type { Pane } from '../../store/types.js';
import { fetchSuccessfulJobs, historyDue } from './timeline-history-fetch.js';

export function refreshJobHistory(ctx: Ctx, pane: Pane): Promise<void> | undefined {
  if (pane.kind !== 'job') return undefined;
  const { projectId } = pane;
  const now = ctx.now();
  if (!historyDue(ctx.store.getState().jobHistory[projectId]?.fetchedAt, now)) return undefined;
  // Stamped before the request: polls while it is out (or after it failed) do not ask again.
  const stamp = (jobs: { id: number; name: string; ref: string; status: string; duration?: number | null }[]) =>
    writePipelines(ctx.store, (s) => ({ jobHistory: { ...s.jobHistory, [projectId]: { jobs, fetchedAt: now } } }));
  stamp(ctx.store.getState().jobHistory[projectId]?.jobs ?? []);
  return fetchSuccessfulJobs(ctx.gl, projectId).then(
    (jobs) => stamp(jobs.map(({ id, name, ref, status, duration }) => ({ id, name, ref, status, duration }))),
    () => undefined,
  );
}
