// The polling loop of `pipetop watch`. Over GraphQL, while GitLab serves it, a round is one query for
// the whole tree, answered 304 while nothing changed (src/watch/graph-round.ts). Over REST, each round
// reads the pipeline (revalidated with its ETag, so an unchanged pipeline costs a 304 and no body); the jobs are read when the pipeline changed, and
// otherwise at most every `jobsEveryMs` while it runs — GitLab does not touch the pipeline when a job
// inside a running stage starts or ends, so the pipeline alone cannot say everything. The bridges
// follow the pipeline pane's rule (src/lib/bridges-due.ts): when the pipeline changed, and every
// BRIDGES_ACTIVE_MS while one runs. Errors: GitLab unreachable (network, timeout, 5xx, 429) is retried with a growing
// wait, and given up only after `giveUpMs` of failing without a single success.
import { isGitLabApiError, type GitLab } from '../api/index.js';
import { JOBS_PER_PAGE, pagedReadDue, pagesOf } from '../lib/budgets.js';
import { bridgesDue } from '../lib/bridges-due.js';
import { SETTLED } from '../lib/status.js';
import { downstreamReader, toDownstream } from './downstream.js';
import { graphRound, graphServes, type Held, type Reads } from './graph-round.js';
import { changes, outcomeOf, type Outcome, type Snapshot, type WatchEvent } from './model.js';

export interface Patience {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Round interval; also the first wait after an error. */
  intervalMs: number;
  /** Failing this long in a row: give up. */
  giveUpMs: number;
  signal?: AbortSignal;
  /** Told before each wait after a failure. */
  onTrouble?: (message: string, retryInMs: number) => void;
}

/** The longest wait between two tries while GitLab is unreachable. */
export const MAX_BACKOFF_MS = 60_000;

export type Trouble = 'unreachable' | 'not-found' | 'denied' | 'other';

export function troubleOf(error: unknown): Trouble {
  if (!isGitLabApiError(error)) return 'other';
  if (error.kind === 'network' || error.kind === 'timeout') return 'unreachable';
  if (error.kind === 'http') {
    if (error.status === 404) return 'not-found';
    if (error.status === 401 || error.status === 403) return 'denied';
    if (error.status === 429 || error.status >= 500) return 'unreachable';
  }
  if (error.kind === 'invalid-response') return 'unreachable';
  return 'other';
}

/** Thrown when GitLab stayed unreachable for `giveUpMs`; `cause` is the last error. */
export class GaveUp extends Error {
  constructor(
    readonly afterMs: number,
    readonly last: unknown,
  ) {
    super(`GitLab unreachable for ${Math.round(afterMs / 1000)}s: ${last instanceof Error ? last.message : String(last)}`);
  }
}

export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

/**
 * Runs `fn` until it succeeds; an unreachable GitLab is retried with backoff until `giveUpMs` has
 * passed. The time counts from the start of the first failing try: a server that never answers
 * fails only when the request times out, and that wait is part of "unreachable for". So the watch
 * ends at most one request timeout after `giveUpMs`, and says for how long it really tried.
 */
export async function persistently<T>(fn: () => Promise<T>, p: Patience): Promise<T> {
  let since: number | null = null;
  for (let attempt = 0; ; attempt++) {
    if (p.signal?.aborted) throw new Stopped();
    const started = p.now();
    try {
      return await fn();
    } catch (error) {
      if (p.signal?.aborted) throw new Stopped();
      if (troubleOf(error) !== 'unreachable') throw error;
      since ??= started;
      const failing = p.now() - since;
      if (failing >= p.giveUpMs) throw new GaveUp(failing, error);
      const wait = Math.min(p.intervalMs * 2 ** attempt, MAX_BACKOFF_MS, Math.max(0, p.giveUpMs - failing));
      p.onTrouble?.(error instanceof Error ? error.message : String(error), wait);
      try {
        await p.sleep(wait, p.signal);
      } catch {
        throw new Stopped();
      }
    }
  }
}

export interface WatchLoopOptions extends Patience {
  gl: GitLab;
  projectId: number;
  /** The project's full path, which GraphQL names projects by; without it, REST only. */
  projectPath?: string;
  pipelineId: number;
  /** Jobs are re-read at least this often while the pipeline runs, changed or not (the REST path). */
  jobsEveryMs: number;
  /** Every read: the new snapshot and what changed since the last one (nothing on the first). */
  onSnapshot: (snap: Snapshot, events: WatchEvent[], first: boolean) => void;
  /** Told once, when GitLab will not serve GraphQL: the watch reads over REST from then on. */
  onFallback?: (reason: string) => void;
}

export interface Ended {
  snapshot: Snapshot;
  outcome: Outcome;
}

/**
 * Polls until the pipeline ends. Throws GaveUp, Stopped, or the API error that ended it (404, 401…).
 * The first round reads over REST (the pipeline, its jobs, its bridges: every field the outputs
 * name); the next ones over GraphQL while GitLab serves it (src/watch/graph-round.ts), else over REST.
 */
export async function watchLoop(o: WatchLoopOptions): Promise<Ended> {
  const reader = downstreamReader(o.gl, o.projectId);
  let held: Held | null = null;
  const reads: Reads = { pipelineAt: -Infinity, jobsAt: -Infinity, jobsOwed: false };
  let bridgesAt = -Infinity;
  let toldFallback = false;
  const signal = o.signal ? { signal: o.signal } : {};
  const restRound = async (): Promise<Held> => {
    const pipeline = await o.gl.pipelines.get(o.projectId, o.pipelineId, signal);
    reads.pipelineAt = o.now();
    // On a 304 the client hands back the very object it cached: identity says "unchanged".
    const changed = held === null || pipeline !== held.pipeline;
    let { jobs, bridges } = held ?? { jobs: [], bridges: [] };
    // A big pipeline's jobs keep to the TUI's page budget (src/lib/budgets.ts), changed or not: a
    // 50,000-job pipeline read 500 pages every round, 3,000 pages a minute.
    const age = o.now() - reads.jobsAt;
    if ((changed || reads.jobsOwed || age >= o.jobsEveryMs) && pagedReadDue(age, o.intervalMs, pagesOf(jobs.length))) {
      jobs = await o.gl.jobs.listForPipeline(o.projectId, o.pipelineId, { perPage: JOBS_PER_PAGE, ...signal }).all();
      reads.jobsAt = o.now();
      reads.jobsOwed = false;
    }
    // A finished bridge changes only with its pipeline; a running one every BRIDGES_ACTIVE_MS at most.
    const active = bridges.some((b) => !SETTLED.has(b.status));
    if (bridgesDue({ changed, ageMs: o.now() - bridgesAt, active })) {
      bridges = await reader.bridges(o.pipelineId, o.signal);
      bridgesAt = o.now();
    }
    return { pipeline, jobs, bridges };
  };
  const graph = o.projectPath === undefined ? null : { ...o, projectPath: o.projectPath, reader, reads };
  const round = async (): Promise<Held> => {
    if (graph && held !== null && graphServes(o.gl, held.pipeline)) {
      const next = await graphRound(graph, held);
      if (next) return next;
    }
    if (o.gl.graphql.unavailable !== null && !toldFallback) {
      toldFallback = true;
      o.onFallback?.(o.gl.graphql.unavailable);
    }
    return restRound();
  };
  let snap: Snapshot | null = null;
  for (;;) {
    held = await persistently(round, o);
    const next: Snapshot = { pipeline: held.pipeline, jobs: held.jobs, downstream: held.bridges.map(toDownstream) };
    const first = snap === null;
    const events = first ? [] : changes(snap!, next);
    snap = next;
    o.onSnapshot(next, events, first);
    const outcome = outcomeOf(next.pipeline, next.downstream);
    if (outcome) return { snapshot: next, outcome };
    try {
      await o.sleep(o.intervalMs, o.signal);
    } catch {
      throw new Stopped();
    }
    if (o.signal?.aborted) throw new Stopped();
  }
}
