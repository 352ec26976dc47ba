// Merge-request pipelines: `refs/merge-requests/N/head` (detached) and `…/merge` (merged results)
// shown as `!N` with the merge request's title — each merge request read once, only for rows on
// screen — and `:mr N`, a pane of one merge request's pipelines where `N` runs a new one.
import * as nav from '../../store/nav.js';
import type { Pipeline, PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { actionKey, guarded } from '../../store/guard.js';
import { listRows, nearSelection } from '../../store/lists.js';
import { listOf, patchList, toast, topPane } from '../../store/store.js';
import type { AppState, Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { storePipeline } from './actions.js';
import { listKeyOf } from '../../store/sources.js';
import { mrPipelinesList } from './list-keys.js';
import { mrKey, mrRef } from '../../domain/merge-request-refs.js';
import { rememberMergeRequest, writePipelineRecords } from '../../domain/pipelines.js';

/** What a merge request's pipeline is, in GitLab's words. */
export const mrKindText = (kind: 'head' | 'merge' | 'train'): string => (kind === 'head' ? 'detached' : kind === 'merge' ? 'merged results' : 'merge train');

/** The tab bar above a project tab's list. */
const TAB_ROWS = 2;

/**
 * For the poller (Feature.poll → watch): the merge requests of the refs on screen — the pipeline list's
 * rows around the cursor, the pipeline in front, the `:mr` pane's own — each read once (a failure
 * leaves `!N` without a title rather than asking again).
 */
export function watchMergeRequests(ctx: Ctx): (state: AppState) => void {
  const asked = new Set<string>();
  const read = (projectId: number, iid: number) => {
    const key = mrKey(projectId, iid);
    if (asked.has(key) || key in ctx.store.getState().mergeRequests) return;
    asked.add(key);
    ctx.gl.mergeRequests.get(projectId, iid).then(
      (mr) => writePipelineRecords(ctx.store, (s) => ({ mergeRequests: { ...s.mergeRequests, [key]: mr } })),
      (error: unknown) => {
        ctx.connectionFailed(error);
        writePipelineRecords(ctx.store, (s) => ({ mergeRequests: { ...s.mergeRequests, [key]: null } }));
      },
    );
  };
  return (state) => {
    const pane = topPane(state);
    const refs: { projectId: number; ref: string }[] = [];
    const key = listKeyOf(pane);
    if (key?.kind === 'pipelines') {
      const rows = nearSelection(listRows<PipelineBasic>(ctx, state, key), listOf(state, key).selected, state.viewport.height - TAB_ROWS);
      for (const p of rows) refs.push({ projectId: key.projectId, ref: p.ref });
    } else if (pane.kind === 'pipeline') {
      const ref = state.pipelines[pane.pipelineId]?.ref;
      if (ref) refs.push({ projectId: pane.projectId, ref });
    } else if (pane.kind === 'mergeRequest') {
      read(pane.projectId, pane.iid);
    }
    for (const { projectId, ref } of refs) {
      const mr = mrRef(ref);
      if (mr) read(projectId, mr.iid);
    }
  };
}

/** `:mr <iid>`: the merge request's pipelines, in the project the user is in. */
export async function openMergeRequest(ctx: Ctx, here: { projectId: number; path: string } | null, arg: string | undefined): Promise<string | null> {
  if (!here) return 'Open a project first (or :project <path>)';
  const text = arg?.replace(/^!/, '');
  if (!text || !/^\d+$/.test(text)) return 'mr needs a merge request number, e.g. :mr 42';
  const iid = Number(text);
  try {
    const mr = await ctx.gl.mergeRequests.get(here.projectId, iid);
    rememberMergeRequest(ctx.store, here.projectId, iid, mr);
    nav.push(ctx.store, { kind: 'mergeRequest', projectId: here.projectId, path: here.path, iid });
    return null;
  } catch (error) {
    return `Cannot open merge request !${iid} of ${safeText(here.path, 60)}: ${describeError(error)}`;
  }
}

/** `N` on a merge request's pane: a new pipeline for it (GitLab picks detached or merged results). */
export function newMergeRequestPipeline(ctx: Ctx, pane: Extract<Pane, { kind: 'mergeRequest' }>): void {
  const label = `!${pane.iid}`;
  void guarded(ctx, actionKey('mr', 'pipeline', `${pane.projectId}:${pane.iid}`), `Creating a pipeline for ${label}…`, async () => {
    let pipeline: Pipeline;
    try {
      pipeline = await ctx.gl.mergeRequests.createPipeline(pane.projectId, pane.iid);
    } catch (error) {
      return void toast(ctx.store, 'error', `GitLab refused a pipeline for ${label}: ${describeError(error)}`);
    }
    storePipeline(ctx, pane.projectId, pipeline);
    patchList<PipelineBasic>(ctx.store, mrPipelinesList(pane.projectId, pane.iid), (l) =>
      l.loadedAt === null ? {} : { items: [pipeline, ...l.items.filter((p) => p.id !== pipeline.id)], selected: 0 },
    );
    toast(ctx.store, 'success', `Created pipeline #${pipeline.id} for ${label} (${pipeline.status})`);
  });
}
