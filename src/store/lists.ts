// Loading lists: the first page, the next page when the cursor nears the end, and refreshes that
// merge fresh rows in without moving the cursor off the row it is on.
import type { Page } from '../api/index.js';
import { describeError } from './errors.js';
import { listOf, patchList } from './store.js';
import { shownRows, sourceFor, type ListSource } from './sources.js';
import type { Ctx } from './ctx.js';
import type { AppState, ListKey } from './types.js';

/** How close to the end of the loaded rows the cursor gets before the next page is fetched. */
const PREFETCH_ROWS = 10;

export async function loadMore(ctx: Ctx, key: ListKey): Promise<void> {
  const list = listOf(ctx.store.getState(), key);
  if (list.loading || list.nextPage === null) return;
  const page = list.nextPage;
  patchList(ctx.store, key, { loading: true });
  const source = sourceFor(key, ctx);
  const generation = resetsOf(ctx, key);
  try {
    const result = await source.fetch(page);
    if (overtaken(ctx, key, generation)) return;
    patchList(ctx.store, key, (l) => ({
      items: arranged(source, page === 1 ? result.items : appendNew(l.items, result.items, source.idOf), result.nextPage),
      nextPage: result.nextPage,
      loading: false,
      error: null,
      note: null,
      loadedAt: ctx.now(),
    }));
    source.remember?.(ctx.store, result.items);
    ctx.connectionOk();
    // A pipeline's jobs are shown whole (stages need every job), so keep going to the last page —
    // several at once when GitLab said how many there are.
    if (source.complete && result.nextPage !== null) {
      if (page === 1 && (result.totalPages ?? 0) > 2) await loadRest(ctx, key, source, result.nextPage, result.totalPages!);
      else await loadMore(ctx, key);
    }
  } catch (error) {
    if (overtaken(ctx, key, generation)) return;
    patchList(ctx.store, key, { loading: false, error: describeError(error) });
    ctx.connectionFailed(error);
  }
}

/** `items` with the rows of `more` it does not hold yet (pages shift while rows are added), each once. */
function appendNew(items: unknown[], more: unknown[], idOf: (item: unknown) => number): unknown[] {
  const seen = new Set(items.map(idOf));
  return [
    ...items,
    ...more.filter((item) => {
      const id = idOf(item);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    }),
  ];
}

/** A complete list's rows once its last page is in, as its source arranges them (ListSource.arrange). */
function arranged(source: ListSource<unknown>, items: unknown[], nextPage: number | null): unknown[] {
  return source.complete && nextPage === null && source.arrange ? source.arrange(items) : items;
}

/** Pages in flight at once while a complete list loads its known number of pages. */
const PARALLEL_PAGES = 4;

/**
 * Pages `from`..`to` of a list, PARALLEL_PAGES at a time, returned in page order: a 5,000-job
 * pipeline is 50 pages, which one after another took over a second (bench/latency.mjs).
 */
async function fetchPages(source: ListSource<unknown>, from: number, to: number): Promise<Page<unknown>[]> {
  const pages: Page<unknown>[] = [];
  let next = from;
  const worker = async () => {
    while (next <= to) {
      const page = next++;
      pages[page - from] = await source.fetch(page);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, to - from + 1) }, worker));
  return pages;
}

/**
 * Pages `from`..`totalPages` of a complete list, added in page order in one update. On an error
 * the list keeps what it had and its next page, so loading again resumes there.
 */
async function loadRest(ctx: Ctx, key: ListKey, source: ListSource<unknown>, from: number, totalPages: number): Promise<void> {
  patchList(ctx.store, key, { loading: true });
  const generation = resetsOf(ctx, key);
  try {
    const items = (await fetchPages(source, from, totalPages)).flatMap((p) => p.items);
    if (overtaken(ctx, key, generation)) return;
    patchList(ctx.store, key, (l) => ({
      items: arranged(source, appendNew(l.items, items, source.idOf), null),
      nextPage: null,
      loading: false,
      error: null,
      note: null,
      loadedAt: ctx.now(),
    }));
    source.remember?.(ctx.store, items);
    ctx.connectionOk();
  } catch (error) {
    if (overtaken(ctx, key, generation)) return;
    patchList(ctx.store, key, { loading: false, error: describeError(error) });
    ctx.connectionFailed(error);
  }
}

/**
 * The most pages one refresh of a complete list reads: 100,000 jobs at 100 a page, far beyond any
 * real pipeline. It only keeps a runaway list from being read forever; when it is reached the
 * list says so (ListState.note) and keeps its next page, rather than look whole.
 */
const MAX_REFRESH_PAGES = 1_000;

/**
 * Every page of a complete list (only page 1 of others), each row once, and the page after the
 * last one read (null when all were read). When GitLab says how many pages there are, the rest
 * are read PARALLEL_PAGES at a time, as on a first load; otherwise one after another (GitLab
 * leaves the totals out above 10,000 rows).
 */
async function readPages(source: ListSource<unknown>, maxPages: number): Promise<{ items: unknown[]; nextPage: number | null }> {
  const first = await source.fetch(1);
  if (!source.complete) return { items: first.items, nextPage: first.nextPage };
  const pages = [first];
  let next = first.nextPage;
  if (next !== null && first.totalPages !== undefined) {
    const last = Math.min(first.totalPages, maxPages);
    if (next <= last) pages.push(...(await fetchPages(source, next, last)));
    // Past the bound this is the next page; below it, the list may have grown while it was read.
    next = pages[pages.length - 1]!.nextPage;
  }
  while (next !== null && pages.length < maxPages) {
    const page = await source.fetch(next);
    pages.push(page);
    next = page.nextPage;
  }
  // Rows shift between pages while jobs are added (newest first), so one can be read twice.
  return {
    items: appendNew(
      [],
      pages.flatMap((p) => p.items),
      source.idOf,
    ),
    nextPage: next,
  };
}

/**
 * Re-reads what is loaded: the first page (new rows appear on top), or every page for complete
 * lists, applied in one update. Rows keep their order; the cursor stays on the same row by id.
 */
export async function refreshList(ctx: Ctx, key: ListKey, { maxPages = MAX_REFRESH_PAGES }: { maxPages?: number } = {}): Promise<void> {
  const before = listOf(ctx.store.getState(), key);
  if (before.loading) return;
  if (before.loadedAt === null) return loadMore(ctx, key);
  const source = sourceFor(key, ctx);
  const generation = resetsOf(ctx, key);
  try {
    const { items: fresh, nextPage } = await readPages(source, maxPages);
    const cut = source.complete && nextPage !== null;
    const note = cut ? `only the first ${maxPages.toLocaleString('en-US')} pages were re-read; move to the end to load the rest` : null;
    const now = listOf(ctx.store.getState(), key);
    if (now.loadedAt === null || overtaken(ctx, key, generation)) return;
    // Page 1 with no next page is the whole list: rows it lacks are gone (deleted here or
    // elsewhere), not on a later page — and a row a slower, earlier read put back goes again —
    // except the rows the user acted on (ListState.acted). Otherwise rows page 1 lacks are kept
    // (on later pages, or acted on and no longer matching the list's filter), each where it was.
    const whole = source.complete || nextPage === null;
    const acted = new Set(now.acted ?? []);
    const items = whole
      ? arranged(
          source,
          mergeRows(now.items, fresh, source.idOf, (id) => acted.has(id)),
          nextPage,
        )
      : mergeRows(now.items, fresh, source.idOf, () => true);
    const unchanged = items.length === now.items.length && items.every((item, i) => item === now.items[i]) && (!whole || now.nextPage === nextPage);
    if (!unchanged) {
      const rows = shownRows(source, now.items, now.filter);
      const selectedId = rows[now.selected] === undefined ? null : source.idOf(rows[now.selected]);
      const newRows = shownRows(source, items, now.filter);
      const at = selectedId === null ? -1 : newRows.findIndex((i) => source.idOf(i) === selectedId);
      patchList(ctx.store, key, {
        items,
        selected: at >= 0 ? at : Math.min(now.selected, Math.max(0, newRows.length - 1)),
        nextPage: whole ? nextPage : now.nextPage,
        error: null,
        note,
        loadedAt: ctx.now(),
      });
      source.remember?.(ctx.store, fresh);
    } else if (now.error || (now.note ?? null) !== note) {
      patchList(ctx.store, key, { error: null, note });
    }
    ctx.connectionOk();
  } catch (error) {
    if (overtaken(ctx, key, generation)) return;
    patchList(ctx.store, key, { error: describeError(error) });
    ctx.connectionFailed(error);
  }
}

/**
 * A refreshed list: `fresh` in GitLab's order (it is the order the list shows: newest first for
 * jobs), with each row of `old` that `fresh` lacks and `keep` accepts put back where it stood —
 * just before the next row of `old` that `fresh` still has, or at the end. A row that enters page 1
 * from below (the page shifted up when a row left the filter) therefore stays below the rows above
 * it, never on top of the row the user just acted on; new rows come where GitLab puts them.
 */
export function mergeRows(old: readonly unknown[], fresh: readonly unknown[], idOf: (item: unknown) => number, keep: (id: number) => boolean): unknown[] {
  const freshIds = new Set(fresh.map(idOf));
  const before = new Map<number, unknown[]>();
  let pending: unknown[] = [];
  for (const row of old) {
    const id = idOf(row);
    if (freshIds.has(id)) {
      if (pending.length) before.set(id, pending);
      pending = [];
    } else if (keep(id)) pending.push(row);
  }
  if (before.size === 0 && pending.length === 0) return [...fresh];
  const rows: unknown[] = [];
  for (const row of fresh) {
    const kept = before.get(idOf(row));
    if (kept) rows.push(...kept);
    rows.push(row);
  }
  rows.push(...pending);
  return rows;
}

/**
 * How often a list was started over (ListState.generation). A list's key names no filters (they
 * live beside it, in the state), so a read that was sent before they changed looks like any other
 * when it comes back: each read takes the count when it is sent, and its answer is dropped if it changed.
 */
const resetsOf = (ctx: Ctx, key: ListKey): number => listOf(ctx.store.getState(), key).generation ?? 0;

/**
 * Started over since `generation` (its filters changed): a read sent before answers the old
 * question — its rows, or its error, are not this list's, and the new first load is the one to show.
 */
const overtaken = (ctx: Ctx, key: ListKey, generation: number): boolean => resetsOf(ctx, key) !== generation;

/** Starts a list over (its server-side filters changed). */
export function resetList(ctx: Ctx, key: ListKey): Promise<void> {
  patchList(ctx.store, key, (list) => ({
    items: [],
    nextPage: 1,
    selected: 0,
    loadedAt: null,
    error: null,
    note: null,
    loading: false,
    generation: (list.generation ?? 0) + 1,
  }));
  return loadMore(ctx, key);
}

/** The rows a list shows: its loaded rows after the `/` filter (what the cursor moves over). */
export function listRows<T>(ctx: Ctx, state: AppState, key: ListKey): T[] {
  const list = listOf<T>(state, key);
  return shownRows(sourceFor(key, ctx) as ListSource<T>, list.items, list.filter);
}

/** The rows a pane may show around the cursor: a screenful either side of it. */
export function nearSelection<T>(rows: T[], selected: number, height: number): T[] {
  return rows.slice(Math.max(0, selected - height), selected + height);
}

export function moveSelection(ctx: Ctx, key: ListKey, to: (current: number, count: number) => number): void {
  const state = ctx.store.getState();
  const list = listOf(state, key);
  const count = listRows(ctx, state, key).length;
  const selected = Math.max(0, Math.min(count - 1, to(list.selected, count)));
  if (selected !== list.selected) patchList(ctx.store, key, { selected });
  // Only the next page: a list's first load is the poller's (it also retries a failed one with
  // back-off). A key pressed before that, e.g. while start-up asks who the user is, would load
  // page 1 here and the poller's first tick would then read it again.
  if (list.loadedAt !== null && count - selected <= PREFETCH_ROWS && list.nextPage !== null) void loadMore(ctx, key);
}

/** How many acted-on rows a list remembers (ListState.acted). */
const MAX_ACTED = 20;

/**
 * After an action on the row `id` of a loaded list: `rows` gives its new rows (the action's answer
 * in place, a retry's new job added…), the row is remembered as acted on, so refreshes keep it where
 * it stands (mergeRows), and the cursor stays on it, by id — never on whatever took its index.
 */
export function patchActedRows(ctx: Ctx, key: ListKey, id: number, rows: (items: unknown[]) => unknown[]): void {
  if (listOf(ctx.store.getState(), key).loadedAt === null) return;
  const source = sourceFor(key, ctx);
  patchList(ctx.store, key, (l) => {
    const items = rows(l.items);
    const at = shownRows(source, items, l.filter).findIndex((row) => source.idOf(row) === id);
    return { items, acted: [...(l.acted ?? []).filter((a) => a !== id), id].slice(-MAX_ACTED), ...(at >= 0 ? { selected: at } : {}) };
  });
}

export function selectedRow<T>(ctx: Ctx, key: ListKey): T | undefined {
  const state = ctx.store.getState();
  return listRows<T>(ctx, state, key)[listOf(state, key).selected];
}
