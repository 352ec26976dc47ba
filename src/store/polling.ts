// Live updates for what is on screen, and nothing else: the top pane's data is re-read every few
// seconds while something in it is still moving, every 30 s when all is finished, and with a
// growing back-off after errors (honouring Retry-After). ETags make an unchanged re-read a cheap 304
// that changes nothing in the store, so nothing re-renders.
//
// The core reads the pane's list; each pane kind's spec (and tab's place) adds its share through its
// `poll` (PanePoll), and each feature what it watches through Feature.poll — both made once per
// poller so what they remember between polls is this poller's and never a module's: what rows on
// screen lack (watch), a detail pane's object (refresh), a pipeline's own pacing and reads (the
// pipelines feature's poll.ts, which bench/cost.mjs measures), the job whose log is tailed polled
// slowly (the log feature). Each question about a pane goes to its tab's place, then its kind's
// spec (store/registry.ts answer): whether it moves, its pace, whether it reads its list itself;
// its reads are theirs and those of features that declare they read there too (Feature.readsOn),
// run together. Every feature's `watch` sees every change, then the `watch` of the pane in front's
// polls. The poller never names a feature, and
// the order features are listed in changes nothing.
import type { Ctx } from './ctx.js';
import type { Feature, FeaturePoll, PaneAnswers, PanePoll, PollTiming } from './feature.js';
import { registryOf } from './registry.js';

export type { PollTiming } from './feature.js';
import { refreshList } from './lists.js';
import { isActiveStatus, listKeyOf } from './sources.js';
import { forgetOffStack } from './retention.js';
import { listOf, topPane } from './store.js';
import type { AppState, Pane } from './types.js';

/**
 * What a pane shows, not how: a pipeline's list and graph views show the same jobs, so switching
 * (v) must not re-read them — a 5,000-job pipeline is 50 requests (bench/latency.mjs).
 */
export function paneData(pane: Pane): string {
  const { view: _view, ...data } = pane as Pane & { view?: unknown };
  return JSON.stringify(data);
}

/** The one back-off after `failures` errors in a row: doubling from activeMs, capped, never before Retry-After. */
export function backoffMs(timing: PollTiming, failures: number, retryAfterMs = 0): number {
  // Capped too: a server's Retry-After (999999 s) must not stop the app from asking again.
  return Math.min(timing.maxBackoffMs, Math.max(retryAfterMs, timing.activeMs * 2 ** Math.min(failures, 5)));
}

export const DEFAULT_TIMING: PollTiming = { activeMs: 3_000, idleMs: 30_000, maxBackoffMs: 60_000, tailedJobMs: 120_000 };

/** Polls at the running cadence after an action before the usual rhythm resumes (Poller.acted). */
export const SETTLE_POLLS = 3;

export interface Poller {
  /** Re-reads the top pane now (the `R` key, and after navigation). */
  refreshNow(): Promise<void>;
  /**
   * An action changed what is on screen (retry, play, cancel…): re-read it now and poll at the
   * running cadence for a while, so the screen is true within one round trip instead of at the
   * finished-pipeline interval, even while GitLab still reports the old status for a moment.
   */
  acted(): Promise<void>;
  stop(): void;
}

export function startPolling(ctx: Ctx, timing: PollTiming = DEFAULT_TIMING, failures: () => number): Poller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  /** paneData of the pane in front when last looked. */
  let lastPane: string | null = null;
  /** The features' and the panes' shares of each poll, with what they remember between this poller's polls. */
  const polls = new Map<Feature, FeaturePoll>(ctx.features.flatMap((feature) => (feature.poll ? [[feature, feature.poll(ctx, timing)] as const] : [])));
  const shares = pollShares(ctx, polls, panePolls(ctx, timing));
  /** Every feature's watcher, then those of the pane in front. */
  const watch = (state: AppState) => {
    for (const poll of polls.values()) poll.watch?.(state);
    const pane = topPane(state);
    for (const poll of shares.own(pane)) poll.watch?.(state, pane);
  };
  /** Polls left at the running cadence after an action, whatever the pane shows (see acted()). */
  let settling = 0;

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(false), delay());
    timer.unref?.();
  };

  const delay = (): number => {
    const n = failures();
    if (n > 0) {
      const c = ctx.store.getState().connection;
      const retryAt = c.kind === 'retrying' || c.kind === 'offline' ? c.until - ctx.now() : 0;
      return backoffMs(timing, n, retryAt);
    }
    const state = ctx.store.getState();
    const pane = topPane(state);
    if (settling > 0) {
      settling--;
      return timing.activeMs;
    }
    const moving = isMoving(ctx, pane, shares);
    return shares.answer(pane, (poll) => poll.delay?.(pane, moving)) ?? (moving ? timing.activeMs : timing.idleMs);
  };

  // A tick asked for while one runs (the user moved to another pane) runs right after it, so a
  // new pane never waits a whole interval for its first load.
  // `full`: re-read everything the pane shows (navigation, R); a timer's tick may skip what cannot
  // have changed.
  let again: { full: boolean } | null = null;
  const tick = async (full: boolean): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = { full: full || again?.full === true };
      // Settles once the tick asked for here has run, not just the one in flight (set again in its finally).
      return running.then(() => running ?? undefined);
    }
    running = refreshPane(ctx, topPane(ctx.store.getState()), { full, polls: shares }).finally(() => {
      running = null;
      if (again) {
        const next = again;
        again = null;
        void tick(next.full);
      } else schedule();
    });
    return running;
  };

  // Navigation changes what is visible: read it at once and restart the rhythm, and forget what
  // the panes left behind (retention.ts) once this change has reached every listener.
  const unsubscribe = ctx.store.subscribe((state) => {
    if (!stopped) watch(state);
    const pane = paneData(topPane(state));
    if (pane !== lastPane) {
      lastPane = pane;
      void tick(true);
      queueMicrotask(() => {
        const changes = stopped ? null : forgetOffStack(ctx.store.getState(), registryOf(ctx.features).retention);
        if (changes) ctx.store.setState(changes);
      });
    }
  });
  lastPane = paneData(topPane(ctx.store.getState()));
  watch(ctx.store.getState());
  void tick(true);

  return {
    refreshNow: () => tick(true),
    acted() {
      settling = SETTLE_POLLS;
      return tick(true);
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}

/** The poll of each pane spec and tab place (PaneAnswers.poll), made for one poller. */
export function panePolls(ctx: Ctx, timing: PollTiming): ReadonlyMap<PaneAnswers, PanePoll> {
  return new Map(registryOf(ctx.features).answerers.flatMap((answers) => (answers.poll ? [[answers, answers.poll(ctx, timing)] as const] : [])));
}

/** The polls a pane's questions go to: its tab's and its kind's, and the readers it has beside them. */
export interface PollShares {
  /** The pane's own polls, the most specific first (its tab's, then its kind's). */
  own(pane: Pane): readonly PanePoll[];
  /** The first answer among the pane's polls, the most specific first (its tab's, then its kind's). */
  answer<T>(pane: Pane, question: (poll: PanePoll) => T | undefined): T | undefined;
  /** The reads that run for the pane: its own polls', and those of features reading there too (Feature.readsOn). */
  readers(pane: Pane): readonly Pick<PanePoll, 'refresh'>[];
}

/** The polls of one poller by the pane they answer for. */
export function pollShares(ctx: Pick<Ctx, 'features'>, polls: ReadonlyMap<Feature, FeaturePoll>, panes: ReadonlyMap<PaneAnswers, PanePoll>): PollShares {
  const registry = registryOf(ctx.features);
  const own = (pane: Pane) => registry.answerersOf(pane).flatMap((answers) => panes.get(answers) ?? []);
  return {
    own,
    answer(pane, question) {
      for (const poll of own(pane)) {
        const answer = question(poll);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
    readers(pane) {
      const also = ctx.features.filter((feature) => feature.readsOn?.includes(pane.kind)).flatMap((feature) => polls.get(feature) ?? []);
      return [...own(pane), ...also];
    },
  };
}

const NO_POLLS: PollShares = { own: () => [], answer: () => undefined, readers: () => [] };

/** Loads or re-reads what the pane shows (`full`: all of it; otherwise what may have changed): its list, and its readers' reads, together. */
export async function refreshPane(ctx: Ctx, pane: Pane, { full = true, polls = NO_POLLS }: { full?: boolean; polls?: PollShares } = {}): Promise<void> {
  const work: Promise<unknown>[] = [];
  const key = listKeyOf(pane);
  if (key && !polls.answer(pane, (poll) => poll.ownsList || undefined)) work.push(refreshList(ctx, key));
  for (const reader of polls.readers(pane)) {
    const refreshing = reader.refresh?.(pane, { full });
    if (refreshing) work.push(refreshing);
  }
  await Promise.all(work);
}

/** Something on screen is still running or queued: poll fast. */
function isMoving(ctx: Ctx, pane: Pane, polls: PollShares): boolean {
  const own = polls.answer(pane, (poll) => poll.moving?.(pane));
  if (own !== undefined) return own;
  const key = listKeyOf(pane);
  if (!key) return false;
  return rowsMoving(listOf<MovingRow>(ctx.store.getState(), key).items, ctx.now());
}

/** A row's status and the times that tell how long ago it last changed. */
export type MovingRow = { status?: string; updated_at?: string | null; started_at?: string | null; created_at?: string | null };

/**
 * A row in flight that has not changed for this long is polled at the idle pace: a pipeline GitLab
 * left "running" in 2024 would hold its list at the running pace for ever. A real one that long
 * still gets read, every idle interval (no job runs a day by default: src/time/overdue.ts).
 */
export const STALE_IN_FLIGHT_MS = 24 * 3600_000;

/** The first screenful (old history is finished) has a row in flight that changed within a day. */
export function rowsMoving(rows: readonly MovingRow[], now: number): boolean {
  return rows.slice(0, 50).some((row) => {
    if (!isActiveStatus(row.status)) return false;
    const changed = Date.parse(row.updated_at ?? row.started_at ?? row.created_at ?? '');
    return !Number.isFinite(changed) || now - changed < STALE_IN_FLIGHT_MS;
  });
}
