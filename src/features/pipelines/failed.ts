// Failed jobs first: a pipeline pane opens with the cursor on its first failed job (else its first
// running one), and `F` walks from failed job to failed job.
import type { Job } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { listRows } from '../../store/lists.js';
import { listKeyOf, sourceFor } from '../../store/sources.js';
import { listOf, patchList, toast, topPane } from '../../store/store.js';
import { listKeyText, type AppState, type Pane } from '../../store/types.js';
import { isBridge } from './bridges.js';

/** A job that failed and was not allowed to, before one that was (a warning in GitLab's words). */
const failedRank = (j: Job): number => (j.status !== 'failed' ? 0 : j.allow_failure ? 1 : 2);

/** Where a pipeline pane's cursor starts: the first failed job, else the first running, else the top. */
export function firstFocus(rows: readonly Job[]): number {
  for (const rank of [2, 1]) {
    const at = rows.findIndex((j) => failedRank(j) === rank);
    if (at >= 0) return at;
  }
  return Math.max(
    0,
    rows.findIndex((j) => j.status === 'running'),
  );
}

/**
 * For the poller (Feature.poll → watch): once a pipeline pane's jobs first come in, the cursor goes to
 * firstFocus — once per pane on the stack, so coming back from a job finds the cursor where it was
 * left, and a cursor the user already moved stays.
 */
export function watchFirstFocus(ctx: Ctx): (state: AppState) => void {
  const placed = new Set<string>();
  return (state) => {
    const onStack = new Set(state.stack.flatMap((p) => (p.kind === 'pipeline' ? [listKeyText(listKeyOf(p)!)] : [])));
    for (const key of placed) if (!onStack.has(key)) placed.delete(key);
    const pane = topPane(state);
    if (pane.kind !== 'pipeline') return;
    const key = listKeyOf(pane)!;
    const text = listKeyText(key);
    if (placed.has(text)) return;
    const list = listOf<Job>(state, key);
    // Its trigger jobs too (read beside the jobs): one may be the failed or the running one.
    if (list.loadedAt === null || list.nextPage !== null || state.bridges[pane.pipelineId] === undefined) return;
    // Bridges read after the jobs are stored first and put among the rows by the next update
    // (readBridges): wait for the rows that have them, or a failed bridge would be passed over.
    if (!bridgesArranged(ctx, key, list.items)) return;
    placed.add(text);
    if (list.selected !== 0) return;
    const at = firstFocus(listRows<Job>(ctx, state, key));
    if (at !== 0) patchList(ctx.store, key, { selected: at });
  };
}

/** Every bridge the job list's source would place among `items` is there. */
function bridgesArranged(ctx: Ctx, key: NonNullable<ReturnType<typeof listKeyOf>>, items: readonly Job[]): boolean {
  const arrange = sourceFor(key, ctx).arrange as ((jobs: Job[]) => Job[]) | undefined;
  if (!arrange) return true;
  const have = new Set(items.map((j) => j.id));
  return arrange(items.filter((j) => !isBridge(j))).every((j) => have.has(j.id));
}

/** `F`: the next failed job after the cursor, round to the first. */
export function nextFailed(ctx: Ctx, pane: Pane): void {
  const key = listKeyOf(pane);
  if (!key) return;
  const state = ctx.store.getState();
  const rows = listRows<Job>(ctx, state, key);
  const from = listOf(state, key).selected;
  const failed = rows.map((j, i) => (j.status === 'failed' ? i : -1)).filter((i) => i >= 0);
  if (failed.length === 0) return void toast(ctx.store, 'info', rows.length ? 'No failed jobs here' : 'No jobs yet (still loading?)');
  const next = failed.find((i) => i > from) ?? failed[0]!;
  if (next === from) return void toast(ctx.store, 'info', 'This is the only failed job');
  patchList(ctx.store, key, { selected: next });
}
