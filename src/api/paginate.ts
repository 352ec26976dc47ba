// Lazy pagination (docs/gitlab-api.md "Pagination"): follow X-Next-Page, or Link rel="next" when the
// header is absent (keyset pagination); never trust X-Total, which GitLab often leaves out. A page
// is fetched only when the consumer asks for an item beyond the current one.
import type { GitLabClient } from './client.js';
import { GitLabApiError } from './errors.js';
import { withQuery, type Query } from './query.js';

export interface Page<T> {
  items: T[];
  page: number;
  /** null on the last page. */
  nextPage: number | null;
  /** Only when GitLab sent X-Total / X-Total-Pages; often absent. */
  total?: number;
  /** The next page's URL as GitLab linked it (keyset pagination's cursor is only there); absent on the last. */
  nextUrl?: string;
  totalPages?: number;
}

export interface Paged<T> extends AsyncIterable<T> {
  pages(): AsyncIterable<Page<T>>;
  /** Every item, or the first `limit`; stops fetching as soon as it has them. */
  all(limit?: number): Promise<T[]>;
}

export interface PaginateOptions {
  /** Default 20 (GitLab's own default); clamped to 1..100 as GitLab silently does. */
  perPage?: number;
  startPage?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Revalidate pages with ETags (default true). */
  etag?: boolean;
  /** Pages one walk may fetch before it fails with "too many pages". Default MAX_PAGES. */
  maxPages?: number;
  /**
   * Start at this URL (a next-page link GitLab sent earlier, e.g. a keyset cursor) instead of
   * `startPage`, counting it as `startPage`. It must be GitLab's own origin, as every link followed.
   */
  startUrl?: string;
}

/** 1,000 pages of 100 is 100,000 rows: more than any screen pipetop draws will ever ask for. */
export const MAX_PAGES = 1000;

export const MAX_PER_PAGE = 100;

export function clampPerPage(perPage: number | undefined): number {
  if (perPage === undefined || !Number.isFinite(perPage)) return 20;
  return Math.min(MAX_PER_PAGE, Math.max(1, Math.floor(perPage)));
}

/**
 * `check` validates each page's items (src/api/validate.ts) before anyone sees them; it may return
 * repaired copies (an unknown status becomes 'unknown').
 */
export function paginate<T>(client: GitLabClient, path: string, query: Query = {}, opts: PaginateOptions = {}, check?: (items: unknown[]) => T[]): Paged<T> {
  const perPage = clampPerPage(opts.perPage);
  const startPage = Math.max(1, Math.floor(opts.startPage ?? 1));
  const maxPages = Math.max(1, opts.maxPages ?? MAX_PAGES);
  const broken = (target: string, reason: string): GitLabApiError =>
    new GitLabApiError({ kind: 'invalid-response', method: 'GET', path: client.redact(target), reason, code: 'BAD_PAGINATION' }, client.redact);

  async function* pages(): AsyncGenerator<Page<T>> {
    let target = opts.startUrl ?? withQuery(path, { ...query, page: startPage, per_page: perPage });
    let page = startPage;
    const seen = new Set<string>();
    if (opts.startUrl && new URL(client.url(opts.startUrl)).origin !== client.origin) {
      throw broken(path, 'a next-page link to another host; not followed');
    }
    // Bounded twice: every round moves to a URL not fetched before, and at most maxPages rounds.
    for (let fetched = 1; ; fetched++) {
      seen.add(client.url(target));
      const res = await client.request<unknown>('GET', target, {
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
        ...(opts.etag === false ? { etag: false } : {}),
      });
      if (!Array.isArray(res.data)) {
        throw new GitLabApiError(
          { kind: 'invalid-response', status: res.status, method: 'GET', path: client.redact(target), reason: 'expected a JSON array' },
          client.redact,
        );
      }
      const items = check ? check(res.data) : (res.data as T[]);
      const current = intHeader(res.headers['x-page']) ?? page;
      const next = items.length === 0 ? null : nextTarget(res.headers, res.url, current, (n) => withQuery(path, { ...query, page: n, per_page: perPage }));
      const result: Page<T> = { items, page: current, nextPage: next ? next.page : null, ...(next ? { nextUrl: client.url(next.target) } : {}) };
      const total = intHeader(res.headers['x-total']);
      const totalPages = intHeader(res.headers['x-total-pages']);
      if (total !== undefined) result.total = total;
      if (totalPages !== undefined) result.totalPages = totalPages;
      yield result;
      if (!next) return;
      // Refused only when the consumer asks for more, so the rows already in hand are shown.
      const nextUrl = new URL(client.url(next.target));
      if (nextUrl.origin !== client.origin) {
        throw broken(target, `GitLab's next-page link points to another host (${nextUrl.host}); not followed`);
      }
      if (seen.has(nextUrl.toString())) throw broken(target, `GitLab's next page repeats page ${next.page}: pagination loop`);
      if (fetched >= maxPages) throw broken(target, `too many pages (more than ${maxPages})`);
      target = next.target;
      page = next.page;
    }
  }

  async function* items(): AsyncGenerator<T> {
    for await (const p of pages()) yield* p.items;
  }

  return {
    [Symbol.asyncIterator]: () => items(),
    pages,
    async all(limit = Infinity) {
      const out: T[] = [];
      if (limit <= 0) return out;
      for await (const item of items()) {
        out.push(item);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}

interface NextTarget {
  target: string;
  page: number;
}

function nextTarget(headers: Record<string, string>, currentUrl: string, currentPage: number, byNumber: (n: number) => string): NextTarget | null {
  const header = headers['x-next-page'];
  if (header !== undefined) {
    // Present but empty on the last page.
    const n = intHeader(header);
    return n === undefined ? null : { target: byNumber(n), page: n };
  }
  const link = parseLinkNext(headers.link);
  if (!link) return null;
  const url = new URL(link, currentUrl);
  // Keyset links carry a cursor, not a page number: count pages ourselves.
  const n = intHeader(url.searchParams.get('page') ?? undefined) ?? currentPage + 1;
  return { target: url.toString(), page: n };
}

function intHeader(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number(value.trim());
}

/** The URL of rel="next" in an RFC 8288 Link header. */
export function parseLinkNext(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const re = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g;
  for (const match of header.matchAll(re)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(params)?.[1];
    if (rel && rel.toLowerCase().split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}
