// Every budget pipetop keeps on the resources it uses — requests in flight, pages per poll, disk for
// a followed log, the ranges of numbers the command line accepts — declared in this one module.
// Each user imports its budget from here: the API client (src/api/client.ts), the pipeline pane's
// poll (src/features/pipelines/poll.ts), `pipetop watch` (src/watch/poll.ts), the log engine's temp
// files (src/log/temp-file.ts) and the flag parsers (src/config/flags.ts, src/config/watch-args.ts).
// docs/reliability.md lists the cases each one answers.

/**
 * Requests in flight to one host, at most (browsers open six connections per host). The rest wait
 * in order; a waiting request whose caller gives up leaves the queue without being sent.
 */
export const REQUESTS_PER_HOST = 6;

/** Jobs per page when a pipeline's jobs are read (GitLab's maximum per_page). */
export const JOBS_PER_PAGE = 100;

/**
 * A running pipeline's jobs are re-read every poll, every page of them. Beyond this many pages a
 * poll comes less often, in proportion: a 5,000-job pipeline (50 pages) every 15 s instead of 3 s
 * is 200 requests a minute instead of 1,000 — gitlab.com allows a user about 2,000.
 */
export const PAGES_PER_ACTIVE_POLL = 10;

/**
 * The wait between two reads of all `pages` pages of a list, for a base wait of `baseMs`: the base
 * up to PAGES_PER_ACTIVE_POLL pages, then in proportion — so the pages read per minute never pass
 * PAGES_PER_ACTIVE_POLL × 60 000 / baseMs whatever the list's size. The TUI's pipeline pane and
 * `pipetop watch` both wait this long.
 */
export function pagedPollDelay(baseMs: number, pages: number): number {
  const n = Number.isFinite(pages) && pages > 0 ? Math.ceil(pages) : 0;
  return Math.max(baseMs, Math.round((baseMs * n) / PAGES_PER_ACTIVE_POLL));
}

/**
 * Whether a list of `pages` pages, last read `ageMs` ago, may be read again on a round that comes
 * every `baseMs` (`pipetop watch`): small lists every round, big ones once pagedPollDelay has passed.
 */
export function pagedReadDue(ageMs: number, baseMs: number, pages: number): boolean {
  return pages <= PAGES_PER_ACTIVE_POLL || ageMs >= pagedPollDelay(baseMs, pages);
}

/** Pages of `perPage` rows that `rows` rows fill. */
export const pagesOf = (rows: number, perPage = JOBS_PER_PAGE): number => Math.ceil(Math.max(0, rows) / perPage);
