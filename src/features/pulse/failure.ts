// The pulse's `f`: the newest failed pipeline of the row's default branch (the branch its strip
// shows), said by name — and, when a newer pipeline failed on another ref (a merge request's, a
// feature branch's), reachable from there: the project's pipelines list, filtered to the failed
// ones of every ref, is left under the opened pipeline (Esc), and the toast names that pipeline.
// One read: GET /projects/:id/pipelines?status=failed&per_page=1 (newest first by id, GitLab's
// default order: docs/gitlab-api.md "The pulse's f").
import * as nav from '../../store/nav.js';
import type { PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { firstPage } from '../../store/sources.js';
import { toast, topPane } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import { relativeTime } from '../../time/relative-time.js';
import { filterPipelinesByStatus } from '../pipelines/index.js';
import { refText } from '../../domain/merge-request-refs.js';
import type { PulseRow } from './model.js';

/** How long the look at other refs may take before `f` opens what the strip shows. */
const CHECK_TIMEOUT_MS = 5000;

export async function openNewestFailure(ctx: Ctx, row: PulseRow, branch: string | null): Promise<void> {
  const on = branch ? `on ${safeText(branch, 60)}` : 'on the default branch';
  let newest: PipelineBasic | undefined;
  let unchecked: string | null = null;
  try {
    const page = await firstPage(ctx.gl.pipelines.list(row.projectId, { status: 'failed', perPage: 1, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).pages());
    newest = page.items[0];
  } catch (error) {
    unchecked = ` (other refs not checked: ${describeError(error)})`;
  }
  // The user went elsewhere while GitLab answered: `f` was for the pulse in front then.
  if (topPane(ctx.store.getState()).kind !== 'pulse') return;
  const mine = row.newestFailure;
  const none = row.strip.length ? `No failed pipeline among the last ${row.strip.length} ${on}` : `No pipeline ${on}`;
  const newer = newest && newest.ref !== branch && (!mine || newest.id > mine.pipelineId) ? newest : undefined;
  const project = { projectId: row.projectId, path: row.path };
  const elsewhere = newer
    ? `#${newer.id} failed ${relativeTime(newer.updated_at ?? newer.created_at, ctx.now())} on ${safeText(refText(ctx.store.getState(), row.projectId, newer.ref), 80)}`
    : '';
  if (!mine && !newer) {
    return void toast(ctx.store, 'info', `${none} (the default branch) of ${safeText(row.path, 80)}${unchecked ?? ''}`);
  }
  if (newer) {
    filterPipelinesByStatus(ctx, row.projectId, 'failed');
    nav.push(ctx.store, { kind: 'project', ...project, tab: 'pipelines' });
  }
  if (!mine) {
    return void toast(ctx.store, 'info', `${none}; ${elsewhere}: the failed pipelines of every ref`);
  }
  nav.push(ctx.store, { kind: 'pipeline', ...project, pipelineId: mine.pipelineId, view: 'list' });
  const said = `Newest failure ${on}: #${mine.pipelineId}, ${relativeTime(mine.iso, ctx.now())}`;
  toast(ctx.store, 'info', newer ? `${said}. Newer: ${elsewhere} (Esc lists the failed pipelines of every ref)` : `${said}${unchecked ?? ''}`);
}
