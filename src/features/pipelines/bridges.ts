// Trigger jobs ("bridges") among a pipeline's jobs: read on their own endpoint (GitLab's jobs list
// never has them) and placed in their stage by the job list's source (ListSource.arrange); Enter
// opens the downstream pipeline — another project's too — and that pane names its parent, which
// GitLab's pipeline JSON does not (the link is the bridge it was opened through).
import { writePipelines } from './writers.js';
import * as nav from '../../store/nav.js';
import { isGitLabApiError, type Bridge, type DownstreamPipeline, type Job } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { actionKey, guarded } from '../../store/guard.js';
import { isActiveStatus, sourceFor, visibleRows } from '../../store/sources.js';
import { listOf, patchList, toast } from '../../store/store.js';
import type { AppState, Pane } from '../../store/types.js';
import { safeDecodedUrlPart, safeText } from '../../text/safe.js';
import { bridgesDue } from '../../lib/bridges-due.js';
import { MARKS } from '../../ui/glyphs.js';
import { listKeys } from '../../domain/list-keys.js';

/** A bridge as a row of a pipeline's job list: job-shaped, with the pipeline it created. */
export type BridgeRow = Job & { downstream_pipeline: DownstreamPipeline | null };
type PipelinePane = Extract<Pane, { kind: 'pipeline' }>;

export const isBridge = (row: unknown): row is BridgeRow => typeof row === 'object' && row !== null && 'downstream_pipeline' in row;

/** When each pipeline's bridges were last read, and the pipeline's updated_at then: one poller's record (the pipeline pane's poll, PaneAnswers.poll), never rendered. */
export type BridgeReads = Map<number, { at: number; updatedAt: string | undefined }>;

/**
 * The poll's share for a pipeline pane: its bridges on navigation and R, when the pipeline changed,
 * every BRIDGES_ACTIVE_MS while one is active, and at least every BRIDGES_MAX_AGE_MS — bridgesDue, the
 * rule `pipetop watch` follows too (src/lib/bridges-due.ts). A pipeline
 * without trigger jobs costs one request on opening (usually a 304 afterwards).
 */
export function refreshBridges(ctx: Ctx, pane: PipelinePane, full: boolean, reads: BridgeReads): Promise<void> | undefined {
  const state = ctx.store.getState();
  const last = reads.get(pane.pipelineId);
  const updatedAt = state.pipelines[pane.pipelineId]?.updated_at;
  const bridges = state.bridges[pane.pipelineId];
  if (last && last.updatedAt === undefined) last.updatedAt = updatedAt;
  const age = last ? ctx.now() - last.at : Infinity;
  const due =
    full ||
    !last ||
    bridges === undefined ||
    bridgesDue({
      changed: updatedAt !== undefined && updatedAt !== last.updatedAt,
      ageMs: age,
      active: bridges.some((b) => isActiveStatus(b.status)),
    });
  return due ? readBridges(ctx, pane.projectId, pane.pipelineId, reads) : undefined;
}

/** Reads a pipeline's bridges and puts them in its job list, the cursor staying on its row; a poll's read is noted in its `reads`. */
export async function readBridges(ctx: Ctx, projectId: number, pipelineId: number, reads?: BridgeReads): Promise<void> {
  const at = ctx.now();
  const updatedAt = ctx.store.getState().pipelines[pipelineId]?.updated_at;
  let fresh: Bridge[];
  try {
    fresh = [];
    for await (const page of ctx.gl.pipelines.bridges(projectId, pipelineId, { perPage: 100 }).pages()) fresh.push(...page.items);
    ctx.connectionOk();
  } catch (error) {
    // A GitLab without the endpoint (404) has no bridges to show: say none, and ask again only as
    // for a pipeline without them (else every poll would ask, and the pane's cursor would wait).
    if (!(isGitLabApiError(error) && error.status === 404)) {
      ctx.connectionFailed(error);
      return;
    }
    fresh = [];
  }
  reads?.set(pipelineId, { at, updatedAt });
  const old = ctx.store.getState().bridges[pipelineId];
  if (old && old.length === fresh.length && old.every((b, i) => b === fresh[i])) return;
  writePipelines(ctx.store, (s) => ({ bridges: { ...s.bridges, [pipelineId]: fresh } }));
  rearrange(ctx, listKeys.pipelineJobs(projectId, pipelineId));
}

/** The job list again with the bridges as they are now (rows by identity, the cursor by id). */
function rearrange(ctx: Ctx, key: ReturnType<typeof listKeys.pipelineJobs>): void {
  const list = listOf<Job>(ctx.store.getState(), key);
  const source = sourceFor(key, ctx);
  if (list.loadedAt === null || list.nextPage !== null || !source.arrange) return;
  const items = source.arrange(list.items.filter((j) => !isBridge(j))) as Job[];
  const textOf = source.textOf as (j: Job) => string;
  const selectedId = visibleRows(list.items, list.filter, textOf)[list.selected]?.id;
  const rows = visibleRows(items, list.filter, textOf);
  const at = rows.findIndex((j) => j.id === selectedId);
  patchList<Job>(ctx.store, key, { items, selected: at >= 0 ? at : Math.min(list.selected, Math.max(0, rows.length - 1)) });
}

/** The downstream pipeline's project path: known, or read off its web page's address. */
export function downstreamPath(
  state: Pick<AppState, 'projects'>,
  dp: DownstreamPipeline & { project_id?: number },
  here: { projectId: number; path: string },
): string {
  const projectId = dp.project_id ?? here.projectId;
  if (projectId === here.projectId) return here.path;
  const known = state.projects[projectId]?.path_with_namespace;
  if (known) return known;
  const m = dp.web_url ? /^https?:\/\/[^/]+\/(.+?)\/-\/pipelines\//.exec(dp.web_url) : null;
  // Decoded for reading, then made safe: the path may hold percent-encoded escapes, or a malformed
  // `%` that decodeURIComponent throws on.
  return m ? safeDecodedUrlPart(m[1]!, 200) : `project ${projectId}`;
}

/**
 * Why a bridge has no downstream pipeline, as its status tells: "yet" only while it may still make
 * one (a skipped trigger job never ran; a failed or canceled one made none; a manual one waits for p).
 * `short`: for the name column, where the row's status says the rest.
 */
function noPipeline(row: BridgeRow, short: boolean): string {
  switch (row.status) {
    case 'manual':
      return 'p starts it';
    case 'skipped':
      return short ? 'not run' : 'skipped: it never ran, so no pipeline';
    case 'failed':
    case 'canceled':
    case 'success':
      return short ? 'no pipeline' : `${row.status} without a pipeline`;
    default:
      return 'no pipeline yet';
  }
}

/** How a bridge row names itself: a mark, and the pipeline it leads to. */
export function bridgeName(state: Pick<AppState, 'projects'>, row: BridgeRow, here: { projectId: number; path: string }): string {
  const dp = row.downstream_pipeline as (DownstreamPipeline & { project_id?: number }) | null;
  if (!dp) return `${MARKS.trigger.glyph} ${row.name} (${noPipeline(row, true)})`;
  const other = dp.project_id !== undefined && dp.project_id !== here.projectId;
  const where = other ? downstreamPath(state, dp, here) : 'child';
  return `${MARKS.trigger.glyph} ${row.name} → ${where} #${dp.id}`;
}

/** Under the job list while the cursor is on a bridge (its row may be too narrow to say where it leads). */
export function downstreamHint(state: Pick<AppState, 'projects'>, row: BridgeRow, here: { projectId: number; path: string }): string {
  const dp = row.downstream_pipeline as (DownstreamPipeline & { project_id?: number }) | null;
  if (!dp) return `${MARKS.trigger.glyph} ${row.name}: ${noPipeline(row, false)}`;
  const other = dp.project_id !== undefined && dp.project_id !== here.projectId;
  return `⏎ opens ${other ? downstreamPath(state, dp, here) : 'child'} #${dp.id}`;
}

/** Enter on a bridge: its downstream pipeline, in its own project, knowing where it came from. */
export function openDownstream(ctx: Ctx, pane: PipelinePane, row: BridgeRow): void {
  const dp = row.downstream_pipeline as (DownstreamPipeline & { project_id?: number }) | null;
  if (!dp) {
    const why =
      row.status === 'manual'
        ? ' — it is manual: p starts it'
        : row.status === 'failed'
          ? ` — it failed${row.failure_reason ? ` (${safeText(row.failure_reason, 60)})` : ''}`
          : '';
    return void toast(ctx.store, 'info', `${safeText(row.name, 60)} has not created a pipeline${why}`);
  }
  const projectId = dp.project_id ?? pane.projectId;
  const path = downstreamPath(ctx.store.getState(), dp, pane);
  const parent = { projectId: pane.projectId, path: pane.path, pipelineId: pane.pipelineId, bridge: row.name };
  nav.push(ctx.store, { kind: 'pipeline', projectId, path, pipelineId: dp.id, view: pane.view, parent });
}

/**
 * "child of #700027 via integration", or a multi-project pipeline's "downstream of acme/… #700019
 * via …"; a child opened some other way says that its parent is not known.
 */
export function parentText(pane: PipelinePane, source: string | undefined): string | null {
  const p = pane.parent;
  if (!p) return source === 'parent_pipeline' ? "a child pipeline: GitLab does not say its parent (open it from the parent's trigger job)" : null;
  const via = `via ${safeText(p.bridge, 40)}`;
  // Another project's: say which first (the crumbs may be cut short on a narrow terminal).
  return p.projectId === pane.projectId
    ? `child of #${p.pipelineId} ${via}`
    : `in ${safeText(pane.path, 60)}, downstream of ${safeText(p.path, 60)} #${p.pipelineId} ${via}`;
}

export type BridgeVerb = 'retry' | 'cancel' | 'play' | 'erase' | 'keep' | 'download';

/**
 * A job key on a bridge: what GitLab allows. Its jobs API finds a job to retry or play among all
 * jobs (bridges too: a retried bridge creates a new downstream pipeline), but cancel, erase, trace
 * and artifacts among builds only — a bridge is a 404 there, so say why instead of asking.
 */
export function bridgeAction(ctx: Ctx, verb: BridgeVerb, row: BridgeRow, { projectId, pipelineId }: { projectId: number; pipelineId: number }): void {
  const name = safeText(row.name, 60);
  if (verb === 'cancel') {
    return void toast(ctx.store, 'info', `GitLab cannot cancel a trigger job: ⏎ opens its pipeline, ^x cancels that`);
  }
  if (verb === 'erase' || verb === 'keep' || verb === 'download') {
    return void toast(ctx.store, 'info', `${name} is a trigger job: no log or artifacts (⏎ opens its pipeline)`);
  }
  if (verb === 'retry' && !['success', 'failed', 'canceled'].includes(row.status)) {
    return void toast(ctx.store, 'info', `GitLab retries finished trigger jobs only: ${name} is ${row.status}`);
  }
  if (verb === 'play' && row.status !== 'manual') return void toast(ctx.store, 'info', `${name} is not a manual trigger job (it is ${row.status})`);
  void guarded(ctx, actionKey('job', verb, row.id), `${verb === 'retry' ? 'Retrying' : 'Starting'} trigger job ${name}…`, async () => {
    try {
      const result = verb === 'retry' ? await ctx.gl.jobs.retry(projectId, row.id) : await ctx.gl.jobs.play(projectId, row.id);
      await readBridges(ctx, projectId, pipelineId);
      toast(
        ctx.store,
        'success',
        verb === 'retry'
          ? `Retried ${name}: new trigger job #${result.id} (${result.status}) starts a new downstream pipeline`
          : `Started ${name} (${result.status})`,
      );
    } catch (error) {
      toast(ctx.store, 'error', `${verb === 'retry' ? 'Retry' : 'Play'} failed for trigger job ${name}: ${describeError(error)}`);
    }
  });
}
