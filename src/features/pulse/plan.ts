// Which projects the pulse asks GitLab about now. The budget (docs/performance.md): only rows on screen, at
// most one request per visible project per 30 s. Pure, so the budget is tested without a clock or
// a network; the polling source calls it on a timer. If-None-Match needs nothing here: the API
// client keeps the ETag of every GET (src/api/client.ts), so an unchanged project costs a 304, and
// samePulsePage (fetch.ts) spares the store update.

export { requestsPerMinute } from '../../lib/rate.js';

export const PULSE_INTERVAL_MS = 30_000;

export interface PulseFetchState {
  /** When the last request for this project was *sent* (ms): the interval counts from the send, so
   *  a slow answer can never squeeze two requests into one interval. */
  sentAt: number;
  /** A request is out: never a second one beside it. */
  inFlight?: boolean | undefined;
  /** Not before this time (ms): Retry-After on 429, or back-off after errors. */
  notBefore?: number | undefined;
}

export interface PulsePlan {
  /** Fetch these now, in this order (never fetched first, in screen order; then the stalest). */
  fetch: number[];
  /** The earliest time (ms) another visible project falls due, or null when none will. */
  nextAt: number | null;
}

export interface PulsePlanOptions {
  intervalMs?: number;
  /** Requests allowed out at once, across the pulse (in flight ones count). */
  concurrency?: number;
}

export function planPulseFetches(
  visible: readonly number[],
  state: ReadonlyMap<number, PulseFetchState>,
  now: number,
  { intervalMs = PULSE_INTERVAL_MS, concurrency = 6 }: PulsePlanOptions = {},
): PulsePlan {
  const seen = new Set<number>();
  const due: { projectId: number; sentAt: number; order: number }[] = [];
  let nextAt: number | null = null;
  let out = 0;
  for (const s of state.values()) if (s.inFlight) out++;
  visible.forEach((projectId, order) => {
    if (seen.has(projectId)) return;
    seen.add(projectId);
    const s = state.get(projectId);
    if (s?.inFlight) return; // its answer schedules the next one
    const at = s ? Math.max(s.sentAt + intervalMs, s.notBefore ?? 0) : 0;
    if (at <= now) due.push({ projectId, sentAt: s ? s.sentAt : -Infinity, order });
    else nextAt = nextAt === null ? at : Math.min(nextAt, at);
  });
  due.sort((a, b) => a.sentAt - b.sentAt || a.order - b.order);
  // The whole pulse also keeps to one request per visible row per interval: rows that scroll or
  // sort onto the screen (as rows load, the attention order moves them) would otherwise each be
  // read at once, on top of the rows just read — 41.8 req/min for 20 rows in bench/cost.mjs.
  let recent = 0;
  let freesAt: number | null = null;
  for (const s of state.values()) {
    if (s.sentAt > now - intervalMs) {
      recent++;
      freesAt = freesAt === null ? s.sentAt + intervalMs : Math.min(freesAt, s.sentAt + intervalMs);
    }
  }
  const budget = Math.max(0, seen.size - recent);
  const slots = Math.max(0, concurrency - out);
  // A row never read is read as soon as a slot is free, outside the budget: its row shows "…"
  // until then, and rows that sort away as they fill bring other unread rows on screen — within
  // the interval's budget they would wait up to two intervals for their first answer. Each project
  // is read for the first time once, so this adds at most one request per project on screen.
  const first = due.filter((d) => d.sentAt === -Infinity);
  const again = due.filter((d) => d.sentAt !== -Infinity);
  const firstFetch = first.slice(0, slots);
  const againFetch = again.slice(0, Math.max(0, Math.min(slots - firstFetch.length, budget - firstFetch.length)));
  const fetch = [...firstFetch, ...againFetch].map((d) => d.projectId);
  if (due.length > fetch.length) {
    // Left over for want of a free slot: as soon as an answer frees one ("now"); for want of
    // budget: when the oldest send of the interval leaves it.
    const when = first.length > firstFetch.length || budget >= slots ? now : (freesAt ?? now);
    nextAt = nextAt === null ? when : Math.min(nextAt, when);
  }
  return { fetch, nextAt };
}

/**
 * Which of the config file's entries on screen to read now (rows.ts placeholders): each once, not
 * while one is out nor before its notBefore (a failure's back-off), at most `concurrency` out at
 * once. Unlike the pipelines' plan there is no per-interval budget: an entry is read once, then
 * its row is a project like any other.
 */
export function planLookups(visible: readonly number[], state: ReadonlyMap<number, PulseFetchState>, now: number, concurrency = 6): number[] {
  let out = 0;
  for (const s of state.values()) if (s.inFlight) out++;
  const fetch: number[] = [];
  for (const id of new Set(visible)) {
    if (out + fetch.length >= concurrency) break;
    const s = state.get(id);
    if (!s || (!s.inFlight && (s.notBefore ?? Infinity) <= now)) fetch.push(id);
  }
  return fetch;
}
