// What a fresh answer of the pipeline graph (src/api/graphql.ts) changes in what REST read: the
// pipeline's, its jobs' and its trigger jobs' statuses and times. GraphQL tells what moved; REST's
// records keep the fields GraphQL lacks (web_url, failure_reason, user…), so both readers of the
// graph — the pipeline pane (src/features/pipelines/graph-poll.ts) and `pipetop watch`
// (src/watch/graph-round.ts) — patch REST's rows with these, and read REST again only where the
// graph says the rows no longer match (a job added or gone, a trigger job that started a pipeline).
// Pure: each returns its input itself when nothing changed, so identity still says "unchanged".
import type { GraphJob, GraphPipeline, PipelineGraph } from './graphql.js';
import type { Bridge, Job, Pipeline } from './types.js';

/** The REST read of the pipeline beside the GraphQL polls: its fields GraphQL lacks, and the token still valid. */
export const REST_CHECK_MS = 60_000;
/** A finished pipeline's tree is asked this often (GitLab's own page: every 10 s while the tab shows it). */
export const GRAPH_IDLE_MS = 60_000;

const TIMES = new Set(['created_at', 'updated_at', 'started_at', 'finished_at']);

/**
 * Whether a field already says what the graph says. GraphQL's Time is ISO 8601 to the second
 * (Types::TimeType) where REST's has milliseconds: the same second is the same time, and REST's
 * more exact string stays.
 */
function same(field: string, held: unknown, next: unknown): boolean {
  if (held === next) return true;
  if (!TIMES.has(field) || typeof held !== 'string' || typeof next !== 'string') return false;
  const a = Date.parse(held);
  const b = Date.parse(next);
  return !Number.isNaN(a) && Math.floor(a / 1000) === Math.floor(b / 1000);
}

/** A graph time in REST's shape (UTC, milliseconds), so a record's times read alike whichever API brought them. */
function restShaped(field: string, value: unknown): unknown {
  if (!TIMES.has(field) || typeof value !== 'string') return value;
  const t = Date.parse(value);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

function patchFields<T extends object>(held: T, from: object, fields: readonly string[], skip?: (field: string) => boolean): T {
  let next: T | null = null;
  for (const field of fields) {
    const value = (from as Record<string, unknown>)[field];
    if (value === undefined || skip?.(field) || same(field, (held as Record<string, unknown>)[field], value)) continue;
    next ??= { ...held };
    (next as Record<string, unknown>)[field] = restShaped(field, value);
  }
  return next ?? held;
}

const PIPELINE_FIELDS = ['status', 'duration', 'queued_duration', 'started_at', 'finished_at', 'updated_at'] as const;

const DOWNSTREAM_FIELDS = ['status', 'updated_at'] as const;

/** `held` (a REST pipeline) with the graph's status and times, or `held` itself when none changed. */
export function patchPipeline<T extends Pick<Pipeline, 'status'>>(held: T, p: GraphPipeline): T {
  return patchFields(held, p, PIPELINE_FIELDS);
}

const JOB_FIELDS = ['status', 'allow_failure', 'duration', 'queued_duration', 'started_at', 'finished_at'] as const;

/** `row` with the graph's status and times, or `row` itself when none changed. */
export function patchJob<T extends Pick<Job, 'status'>>(row: T, job: GraphJob): T {
  // A running job's duration grows without the tree changing: GitLab's 304 replays an old one; a
  // running job's time is counted from started_at, so the row keeps its own while it runs.
  return patchFields(row, job, JOB_FIELDS, (field) => field === 'duration' && job.status === 'running');
}

/**
 * REST's job rows with the graph's statuses and times — the same array when none changed — or
 * 'reread' when the rows no longer match the graph's jobs: a row the graph lacks (retried, gone),
 * or, when `complete` (every page of the rows is loaded), a job the rows lack (new). Rows that are
 * trigger jobs (`isBridgeRow`) are patched but not counted: REST lists them apart.
 */
export function patchJobRows<T extends Pick<Job, 'id' | 'status'>>(
  rows: readonly T[],
  jobs: readonly GraphJob[],
  complete: boolean,
  isBridgeRow: (row: T) => boolean = () => false,
): readonly T[] | 'reread' {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const builds = rows.filter((r) => !isBridgeRow(r));
  if (builds.some((r) => !byId.has(r.id))) return 'reread';
  if (complete && jobs.filter((j) => !j.bridge).length !== builds.length) return 'reread';
  let changed = false;
  const next = rows.map((row) => {
    const job = byId.get(row.id);
    const p = job ? patchJob(row, job) : row;
    if (p !== row) changed = true;
    return p;
  });
  return changed ? next : rows;
}

/**
 * REST's trigger jobs with the graph's statuses and their downstream pipelines' — the same array when
 * none changed — and `moved`: the graph's trigger jobs are not these (one added or gone) or one
 * started another pipeline, which a REST read of the bridges brings whole.
 */
export function patchBridgeRows(held: readonly Bridge[], graph: PipelineGraph): { bridges: readonly Bridge[]; moved: boolean } {
  const byId = new Map(graph.jobs.filter((j) => j.bridge).map((j) => [j.id, j]));
  const downstream = new Map(graph.downstream.map((d) => [d.id, d]));
  let moved = byId.size !== held.length;
  let changed = false;
  const bridges = held.map((b) => {
    const job = byId.get(b.id);
    if (!job) {
      moved = true;
      return b;
    }
    if ((b.downstream_pipeline?.id ?? null) !== job.downstream_pipeline_id) moved = true;
    let next = patchJob(b, job);
    const d = b.downstream_pipeline ? downstream.get(b.downstream_pipeline.id) : undefined;
    if (d && b.downstream_pipeline) {
      // PipelineBasic: its status and updated_at are all the graph can move.
      const pipeline = patchFields(b.downstream_pipeline, d, DOWNSTREAM_FIELDS);
      if (pipeline !== b.downstream_pipeline) next = { ...next, downstream_pipeline: pipeline };
    }
    if (next !== b) changed = true;
    return next;
  });
  return { bridges: changed ? bridges : held, moved };
}
