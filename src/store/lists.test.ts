// Refreshing lists against an in-memory GitLab. A complete list (a pipeline's jobs): every page is read,
// several at a time when the totals are known, applied in one update; a bound that is reached is
// said, not hidden. A list read a page at a time: page 1 with no next page replaces the rows.
import { describe, expect, it } from 'vitest';
import type { GitLab, Job, Page } from '../api/index.js';
import type { Ctx } from './ctx.js';
import { mergeRows, refreshList } from './lists.js';
import { createAppStore } from '../app/create.js';
import { listOf, patchList } from './store.js';
import { FEATURES } from '../app/features.js';
import { listKeyText } from './types.js';
import { listKeys } from '../domain/list-keys.js';

const PER_PAGE = 100;
const KEY = listKeys.pipelineJobs(1, 7);

/** A pipeline's jobs served a page at a time; `onPage` runs as each page is answered. */
function fakeJobs(count: number, { totals = true, onPage }: { totals?: boolean; onPage?: (page: number) => void } = {}) {
  const jobs: Job[] = Array.from({ length: count }, (_, i) => ({ id: count - i, name: `job ${count - i}`, status: 'success' }) as Job);
  const asked: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async (page: number): Promise<Page<Job>> => {
    asked.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Answer on a later turn, so pages asked together are in flight together.
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    const totalPages = Math.max(1, Math.ceil(jobs.length / PER_PAGE));
    const result: Page<Job> = { items: jobs.slice((page - 1) * PER_PAGE, page * PER_PAGE), page, nextPage: page < totalPages ? page + 1 : null };
    if (totals) Object.assign(result, { total: jobs.length, totalPages });
    onPage?.(page);
    return result;
  };
  const gl = {
    jobs: {
      listForPipeline: (_project: number, _pipeline: number, opts: { startPage: number }) => ({
        async *pages() {
          yield await fetchPage(opts.startPage);
        },
      }),
    },
  } as unknown as GitLab;
  return { jobs, asked, gl, maxInFlight: () => maxInFlight };
}

function setup(gl: GitLab) {
  const store = createAppStore({ host: 'test', demo: true, readOnly: false });
  // A list already loaded once, so refreshList re-reads instead of loading.
  patchList(store, KEY, { items: [], loading: false, error: null, nextPage: null, selected: 0, filter: '', loadedAt: 0 });
  const ctx: Ctx = {
    store,
    gl,
    platform: { openUrl: async () => ({ opened: false, message: '' }), copy: () => {}, downloadDir: '/tmp' },
    now: () => 1,
    connectionOk: () => {},
    connectionFailed: () => {},
    features: FEATURES,
  };
  let updates = 0;
  store.subscribe((s, prev) => {
    if (s.lists[listKeyText(KEY)] !== prev.lists[listKeyText(KEY)]) updates++;
  });
  return { store, ctx, updates: () => updates };
}

describe('refreshList on a complete list', () => {
  it('reads all 60 pages of 6,000 jobs, 4 at a time, and applies them in page order in one update', async () => {
    const world = fakeJobs(6_000);
    const { store, ctx, updates } = setup(world.gl);
    await refreshList(ctx, KEY);
    const list = listOf<Job>(store.getState(), KEY);
    expect(list.items.map((j) => j.id)).toEqual(world.jobs.map((j) => j.id));
    expect(list.nextPage).toBeNull();
    expect(list.note ?? null).toBeNull();
    expect([...world.asked].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(world.maxInFlight()).toBe(4);
    expect(updates()).toBe(1);
  });

  it('reads past 50 pages one after another when GitLab leaves the totals out (over 10,000 rows)', async () => {
    const world = fakeJobs(12_000, { totals: false });
    const { store, ctx, updates } = setup(world.gl);
    await refreshList(ctx, KEY);
    const list = listOf<Job>(store.getState(), KEY);
    expect(list.items).toHaveLength(12_000);
    expect(list.nextPage).toBeNull();
    expect(world.asked).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(world.maxInFlight()).toBe(1);
    expect(updates()).toBe(1);
  });

  it('follows a list that grew while it was read, each job once', async () => {
    // A job is added on top after page 1 is answered: the rest shift by one, a fourth page appears.
    const world: ReturnType<typeof fakeJobs> = fakeJobs(300, {
      onPage: (page) => page === 1 && world.jobs.unshift({ id: 301, name: 'job 301', status: 'pending' } as Job),
    });
    const { store, ctx } = setup(world.gl);
    await refreshList(ctx, KEY);
    const ids = listOf<Job>(store.getState(), KEY).items.map((j) => j.id);
    // Job 1, pushed onto a fourth page, is still there; the new job, on page 1 read before it
    // came, waits for the next refresh.
    expect(ids).toEqual(Array.from({ length: 300 }, (_, i) => 300 - i));
    expect(world.asked).toContain(4);
  });

  for (const totals of [true, false]) {
    it(`stops at its page bound and says so, keeping the next page (${totals ? 'totals known' : 'no totals'})`, async () => {
      const world = fakeJobs(6_000, { totals });
      const { store, ctx } = setup(world.gl);
      await refreshList(ctx, KEY, { maxPages: 10 });
      const list = listOf<Job>(store.getState(), KEY);
      expect(list.items).toHaveLength(1_000);
      expect(list.nextPage).toBe(11);
      expect(list.note).toMatch(/first 10 pages/);
      expect(world.asked).toHaveLength(10);

      // Unbounded again, the list is whole and the note goes.
      await refreshList(ctx, KEY);
      expect(listOf(store.getState(), KEY).nextPage).toBeNull();
      expect(listOf(store.getState(), KEY).note).toBeNull();
    });
  }
});

describe("refreshList on a list read a page at a time (a project's pipelines)", () => {
  const LIST = listKeys.pipelines(1);
  function fakePipelines(ids: number[]) {
    const gl = {
      pipelines: {
        list: (_project: number, opts: { startPage: number; perPage: number }) => ({
          async *pages() {
            const from = (opts.startPage - 1) * opts.perPage;
            const more = from + opts.perPage < ids.length;
            yield {
              items: ids.slice(from, from + opts.perPage).map((id) => ({ id, status: 'success', ref: 'main', sha: 'abcdef12' })),
              page: opts.startPage,
              nextPage: more ? opts.startPage + 1 : null,
            };
          },
        }),
      },
    } as unknown as GitLab;
    return gl;
  }
  function loaded(gl: GitLab, items: number[], nextPage: number | null) {
    const { store, ctx } = setup(gl);
    patchList(store, LIST, {
      items: items.map((id) => ({ id, status: 'success', ref: 'main', sha: 'abcdef12' })),
      loading: false,
      error: null,
      nextPage,
      selected: 0,
      filter: '',
      loadedAt: 0,
    });
    return { store, ctx };
  }
  const ids = (store: ReturnType<typeof setup>['store']) => (listOf(store.getState(), LIST).items as { id: number }[]).map((p) => p.id);

  it('drops a row GitLab no longer has when page 1 is the whole list (deleted elsewhere, or put back by an older read)', async () => {
    const { store, ctx } = loaded(fakePipelines([9, 7, 5]), [9, 8, 7, 5], null);
    await refreshList(ctx, LIST);
    expect(ids(store)).toEqual([9, 7, 5]);
  });

  it('keeps rows beyond page 1 when there are more pages, and adds new ones on top', async () => {
    const all = Array.from({ length: 120 }, (_, i) => 200 - i);
    const { store, ctx } = loaded(fakePipelines([201, ...all]), all, 3);
    await refreshList(ctx, LIST);
    expect(ids(store)).toEqual([201, ...all]);
    expect(listOf(store.getState(), LIST).nextPage).toBe(3);
  });
});

describe('mergeRows: a refresh keeps rows where they stood', () => {
  const idOf = (x: unknown) => x as number;
  const all = () => true;
  it('a row that left page 1 (played out of `manual`) stays above the row the shift brought up', () => {
    expect(mergeRows([9, 8, 7, 6], [8, 7, 6, 3], idOf, all)).toEqual([9, 8, 7, 6, 3]);
  });
  it('new rows come where GitLab puts them, above a kept row that is older', () => {
    expect(mergeRows([9, 8, 7], [10, 8, 7], idOf, all)).toEqual([10, 9, 8, 7]);
  });
  it('rows beyond page 1 stay after it, in order', () => {
    expect(mergeRows([9, 8, 7, 6, 5], [9, 7, 6], idOf, all)).toEqual([9, 8, 7, 6, 5]);
  });
  it('keeps only the rows `keep` accepts (a whole list keeps the acted-on ones)', () => {
    expect(mergeRows([9, 8, 7], [9, 7], idOf, (id) => id === 8)).toEqual([9, 8, 7]);
    expect(mergeRows([9, 8, 7], [9, 7], idOf, () => false)).toEqual([9, 7]);
  });
});
