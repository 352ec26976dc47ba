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

const MiB = 1024 ** 2;
const TiB = 1024 ** 4;

/** A number the command line accepts: between min and max (inclusive), a whole number when `integer`. */
export interface NumberRange {
  min: number;
  max: number;
  integer?: boolean;
  /** How the range is read in messages: 'seconds', 'bytes' (shown as sizes), or '' for a bare number. */
  unit: 'seconds' | 'bytes' | '';
}

/**
 * Every number of the command line, with its range. Beyond a range a value is a mistake, and some
 * were harmful: `watch --interval 3000000` (3·10⁹ ms) overflows Node's timer, which then fires
 * after 1 ms — about 1,900 requests in 8 s.
 */
export const CLI_RANGES = {
  /** `pipetop watch --interval S`: up to an hour between reads. */
  interval: { min: 0.5, max: 3_600, unit: 'seconds' },
  /** `pipetop watch --give-up S`: up to a day of GitLab unreachable. */
  'give-up': { min: 0, max: 86_400, unit: 'seconds' },
  /** --max-download SIZE: one artifacts download. */
  'max-download': { min: MiB, max: TiB, unit: 'bytes' },
  /** --log-disk SIZE: the temp files of followed logs, together. */
  'log-disk': { min: MiB, max: TiB, unit: 'bytes' },
  /** --seed N: the simulator's generator is 32-bit; larger seeds would repeat smaller ones. */
  seed: { min: 0, max: 2 ** 32 - 1, integer: true, unit: '' },
  /** --speed X: simulated time per real second; 0 freezes it. */
  speed: { min: 0, max: 10_000, unit: '' },
} as const satisfies Record<string, NumberRange>;

/** "a number of seconds between 0.5 and 3600", "a size between 1M and 1T (like 500M or 8G)", "an integer between 0 and 9". */
export function describeRange(range: NumberRange): string {
  if (range.unit === 'bytes') return `a size between ${formatSize(range.min)} and ${formatSize(range.max)} (like 500M or 8G)`;
  const what = range.integer ? 'an integer' : range.unit === 'seconds' ? 'a number of seconds' : 'a number';
  return `${what} between ${range.min} and ${range.max}`;
}

/** Null when `value` lies in `range`; else the message naming it: --interval must be a number of seconds between 0.5 and 3600, got "3000000". */
export function outOfRange(name: string, value: number, raw: string, range: NumberRange): string | null {
  const fits = Number.isFinite(value) && value >= range.min && value <= range.max && (!range.integer || Number.isInteger(value));
  return fits ? null : `${name} must be ${describeRange(range)}, got "${raw}"`;
}

/** 1048576 → "1M", 2147483648 → "2G", 1536 → "1.5K" (powers of 1024, as --max-download reads them). */
export function formatSize(bytes: number): string {
  const units = ['', 'K', 'M', 'G', 'T'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${Number.isInteger(n) ? n : n.toFixed(1)}${units[i]}`;
}

/** The disk a followed log's temp files may take together, at most (also never more than LOG_DISK_FREE_SHARE of the free space). */
export const LOG_DISK_MAX = 2 * 1024 ** 3;
/** The share of the temp directory's free space a followed log may take. */
export const LOG_DISK_FREE_SHARE = 0.1;

/**
 * The disk budget of a followed log: what the user configured (--log-disk, PIPETOP_LOG_DISK), else
 * 2 GB or a tenth of the free space, whichever is less. A log that reaches it stops being read (its
 * pane says so): a log growing 9 MB a second once filled 1.8 GB of a disk in 90 s.
 */
export function logDiskBudget(freeBytes: number | undefined, configured?: number): number {
  if (configured !== undefined) return configured;
  if (freeBytes === undefined || !Number.isFinite(freeBytes)) return LOG_DISK_MAX;
  return Math.max(0, Math.min(LOG_DISK_MAX, Math.floor(freeBytes * LOG_DISK_FREE_SHARE)));
}

/**
 * `:jobs` across projects (src/features/alljobs): between the reads a user asks for (opening it,
 * `R`, after an action), its timer sends at most this many requests a minute, whatever the number
 * of projects — with the pulse's 40 for 20 rows on screen, 60 together (README, docs/performance.md).
 */
export const ALL_JOBS_REQUESTS_PER_MINUTE = 20;

/**
 * `:mrs` (src/features/mrs/read.ts): between the reads a user asks for (opening it, `R`), its timer
 * sends at most this many requests a minute — the three lists, then the merge requests that
 * changed — whatever the number of merge requests: with the pulse's 40, 60 together.
 */
export const MRS_REQUESTS_PER_MINUTE = 20;
/** A merge request whose head pipeline has settled is read again at least this often, budget allowing. */
export const MRS_SETTLED_RECHECK_MS = 10 * 60_000;

/** A project of `:jobs` is asked whether its pipelines changed at most once in this long. */
export const ALL_JOBS_CHECK_MS = 60_000;

/** Projects `:jobs` reads, at most (the first of the pulse's). */
export const ALL_JOBS_MAX_PROJECTS = 100;

/** Jobs read per project (one page, newest first). */
export const ALL_JOBS_PER_PROJECT = 50;

/**
 * `:browse` (src/features/browse): the archive's last bytes asked first, with `Range`. They hold
 * the end record whatever its comment (64 KiB at most) and, for most artifacts archives, the whole
 * central directory (~80 bytes an entry: about 1,600 entries), so one request lists the archive.
 */
export const ARTIFACT_TAIL_BYTES = 128 * 1024;
/**
 * What a listing holds at most (src/lib/zip.ts ZipLimits): entries, central-directory bytes read,
 * levels of a name (folders and the file: deeper entries are left out), and bytes of names (each
 * level counted 16 bytes more). Past one, the listing shows what fits and says how many it left
 * out and why, instead of growing with whatever an archive claims.
 */
export const ARTIFACT_LISTING_LIMITS = { maxEntries: 200_000, maxDirectoryBytes: 64 * MiB, maxDepth: 128, maxNameBytes: 32 * MiB } as const;
/** Folders the tree makes at most; an entry that needs one more is left out, and counted. */
export const ARTIFACT_TREE_MAX_FOLDERS = 200_000;
/** A file shown in the preview is read whole, up to this size (GitLab extracts it; there is no Range). */
export const ARTIFACT_PREVIEW_MAX = MiB;

/**
 * The temporary copy of an archive whose download ignored `Range` (a proxy that drops it): the
 * followed logs' disk budget (logDiskBudget) and --max-download, whichever is less.
 */
export function archiveSpoolBudget(freeBytes: number | undefined, configuredDisk: number | undefined, maxDownload: number | undefined): number {
  return Math.min(logDiskBudget(freeBytes, configuredDisk), maxDownload ?? Infinity);
}

/**
 * The Tests view's failures across the ref (src/features/pipelines/test-history.ts): this many of
 * the ref's latest pipelines are counted — each one's summary, and its full report only when the
 * summary counts failures: 2 to 10 requests beside the jobs and sha lookups.
 */
export const TEST_HISTORY_PIPELINES = 5;
