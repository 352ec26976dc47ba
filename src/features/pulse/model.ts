// The pulse: one row per project — what is red or running now on its default branch. Pure: the
// rows are derived from the first page of GET /projects/:id/pipelines?ref=<default>&per_page=20
// (newest first); polling and the request plan live in plan.ts.
import type { PipelineBasic, PipelineStatus } from '../../api/index.js';
import { estimatedSeconds } from '../../domain/estimate.js';

/** Pipelines per project the pulse asks for and shows (one page). */
export const PULSE_DEPTH = 20;

export interface PulseProject {
  id: number;
  /** path_with_namespace, e.g. "acme/platform/api". */
  path: string;
  defaultBranch: string | null;
  /** The project's last_activity_at: orders rows whose pipelines are not loaded yet. */
  lastActivityAt?: string | null | undefined;
}

export interface PulseFailure {
  pipelineId: number;
  /** When it failed: the pipeline's updated_at (else created_at), ms since the epoch. */
  at: number;
  /** The same instant as ISO text, for relativeTime(). */
  iso: string;
}

export interface PulseRow {
  projectId: number;
  path: string;
  /** False until the project's pipelines arrived: the row shows a placeholder. */
  loaded: boolean;
  /** Statuses of the last PULSE_DEPTH pipelines, oldest → newest. */
  strip: PipelineStatus[];
  /** Pipelines in flight among them (running, pending, preparing, waiting, created). */
  running: number;
  newestFailure: PulseFailure | null;
  /** The newest pipeline with a verdict (success or failed) failed: the branch is red now. */
  broken: boolean;
  /** Estimated seconds per pipeline, oldest → newest, null for unfinished ones (sparkline gaps). */
  durations: (number | null)[];
  /** ms since the epoch: the newest pipeline's updated_at, or the project's last activity. */
  lastActivity: number;
  /** The newest pipeline's id, for "open it". */
  newestPipelineId: number | null;
}

const IN_FLIGHT = new Set(['running', 'pending', 'preparing', 'waiting_for_resource', 'created']);

function time(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
}

/**
 * The row of one project. `pipelines` is the list page as GitLab sent it (newest first), or null
 * while not loaded. Pipelines of other refs are ignored (a stale page after a default-branch
 * rename must not mix refs).
 */
export function pulseRow(project: PulseProject, pipelines: readonly PipelineBasic[] | null): PulseRow {
  const own = (pipelines ?? []).filter((p) => project.defaultBranch === null || p.ref === project.defaultBranch).slice(0, PULSE_DEPTH);
  const failed = own.find((p) => p.status === 'failed');
  const verdict = own.find((p) => p.status === 'success' || p.status === 'failed');
  const newest = own[0];
  const failedIso = failed ? (failed.updated_at ?? failed.created_at ?? '') : '';
  return {
    projectId: project.id,
    path: project.path,
    loaded: pipelines !== null,
    strip: own.map((p) => p.status).reverse(),
    running: own.filter((p) => IN_FLIGHT.has(p.status)).length,
    newestFailure: failed ? { pipelineId: failed.id, at: time(failedIso), iso: failedIso } : null,
    broken: verdict?.status === 'failed',
    durations: own.map((p) => estimatedSeconds(p)).reverse(),
    lastActivity: Math.max(newest ? time(newest.updated_at ?? newest.created_at) : 0, time(project.lastActivityAt)),
    newestPipelineId: newest?.id ?? null,
  };
}

/**
 * The attention tier of a row, lower first:
 *   0 broken — the newest pipeline with a verdict failed (a running retry doesn't make it green yet)
 *   1 in flight — something runs or waits, the branch is not red
 *   2 the rest — green, canceled, skipped, manual, or not loaded yet
 *   3 quiet — loaded, and no pipeline on the default branch at all
 */
export function attentionTier(row: PulseRow): 0 | 1 | 2 | 3 {
  if (row.broken) return 0;
  if (row.running > 0) return 1;
  if (row.loaded && row.strip.length === 0) return 3;
  return 2;
}

/**
 * Order rows by what needs attention: by tier (above); broken rows by their newest failure, most
 * recent first; the others by last activity, most recent first; ties by path, then project id, so
 * the order is total and stable between polls.
 */
export function compareAttention(a: PulseRow, b: PulseRow): number {
  const tier = attentionTier(a) - attentionTier(b);
  if (tier !== 0) return tier;
  if (attentionTier(a) === 0) {
    const failure = (b.newestFailure?.at ?? 0) - (a.newestFailure?.at ?? 0);
    if (failure !== 0) return failure;
  }
  const activity = b.lastActivity - a.lastActivity;
  if (activity !== 0) return activity;
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  return a.projectId - b.projectId;
}

export function sortByAttention(rows: readonly PulseRow[]): PulseRow[] {
  return [...rows].sort(compareAttention);
}
