import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { paginate, parseLinkNext, type Page } from '../../src/api/paginate.js';
import { json, startServer, type TestServer } from './test-server.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Offset pagination over ids 1..count, the way GitLab does it (X-Next-Page empty on the last page). */
async function offsetServer(count: number, opts: { totals?: boolean } = {}): Promise<TestServer> {
  const s = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? '20'));
    const ids = Array.from({ length: count }, (_, i) => ({ id: i + 1 })).slice((page - 1) * perPage, page * perPage);
    const last = page * perPage >= count;
    const headers: Record<string, string> = {
      'x-page': String(page),
      'x-per-page': String(perPage),
      'x-next-page': last ? '' : String(page + 1),
      'x-prev-page': page > 1 ? String(page - 1) : '',
    };
    if (opts.totals) {
      headers['x-total'] = String(count);
      headers['x-total-pages'] = String(Math.ceil(count / perPage));
    }
    json(res, 200, ids, headers);
  });
  servers.push(s);
  return s;
}

async function collectPages<T>(it: AsyncIterable<Page<T>>, max = 50): Promise<Page<T>[]> {
  const out: Page<T>[] = [];
  for await (const p of it) {
    out.push(p);
    if (out.length >= max) break;
  }
  return out;
}

describe('paginate over X-Next-Page', () => {
  it('walks every page and stops on the empty X-Next-Page', async () => {
    const s = await offsetServer(5);
    const gl = createClient({ baseUrl: s.url });
    const items = await paginate<{ id: number }>(gl, '/projects/1/jobs', { scope: ['failed'] }, { perPage: 2 }).all();
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4, 5]);
    expect(s.requests.map((r) => r.url)).toEqual([
      '/api/v4/projects/1/jobs?scope[]=failed&page=1&per_page=2',
      '/api/v4/projects/1/jobs?scope[]=failed&page=2&per_page=2',
      '/api/v4/projects/1/jobs?scope[]=failed&page=3&per_page=2',
    ]);
  });

  it('is lazy: the next page is fetched only when the consumer asks for it', async () => {
    const s = await offsetServer(5);
    const gl = createClient({ baseUrl: s.url });
    const paged = paginate<{ id: number }>(gl, '/projects/1/jobs', {}, { perPage: 2 });
    expect(s.requests).toHaveLength(0);
    const it = paged[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ id: 1 });
    expect((await it.next()).value).toEqual({ id: 2 });
    expect(s.requests).toHaveLength(1);
    expect((await it.next()).value).toEqual({ id: 3 });
    expect(s.requests).toHaveLength(2);
    await it.return?.();
    expect(s.requests).toHaveLength(2);
  });

  it('all(limit) stops fetching once it has enough', async () => {
    const s = await offsetServer(10);
    const items = await paginate<{ id: number }>(createClient({ baseUrl: s.url }), '/x', {}, { perPage: 3 }).all(4);
    expect(items.map((i) => i.id)).toEqual([1, 2, 3, 4]);
    expect(s.requests).toHaveLength(2);
  });

  it('reports page numbers, and totals only when GitLab sends them', async () => {
    const withTotals = await offsetServer(3, { totals: true });
    const a = await collectPages(paginate(createClient({ baseUrl: withTotals.url }), '/x', {}, { perPage: 2 }).pages());
    expect(a.map((p) => [p.page, p.nextPage, p.total, p.totalPages, p.items.length])).toEqual([
      [1, 2, 3, 2, 2],
      [2, null, 3, 2, 1],
    ]);
    const without = await offsetServer(3);
    const b = await collectPages(paginate(createClient({ baseUrl: without.url }), '/x', {}, { perPage: 2, startPage: 2 }).pages());
    expect(b).toEqual([{ items: [{ id: 3 }], page: 2, nextPage: null }]);
  });

  it('clamps per_page to 1..100', async () => {
    const s = await offsetServer(1);
    const gl = createClient({ baseUrl: s.url });
    await paginate(gl, '/x', {}, { perPage: 500 }).all();
    await paginate(gl, '/x', {}, { perPage: 0 }).all();
    await paginate(gl, '/x').all();
    expect(s.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('per_page'))).toEqual(['100', '1', '20']);
  });

  it('stops on an empty page even if X-Next-Page says otherwise', async () => {
    const s = await startServer((_req, res) => json(res, 200, [], { 'x-next-page': '2' }));
    servers.push(s);
    const pages = await collectPages(paginate(createClient({ baseUrl: s.url }), '/x').pages());
    expect(pages).toEqual([{ items: [], page: 1, nextPage: null }]);
    expect(s.requests).toHaveLength(1);
  });

  it('rejects a non-array page', async () => {
    const s = await startServer((_req, res) => json(res, 200, { message: 'not a list' }));
    servers.push(s);
    await expect(paginate(createClient({ baseUrl: s.url }), '/x').all()).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

describe('paginate over Link rel="next" (keyset)', () => {
  it('follows the Link URL exactly when X-Next-Page is absent, until there is none', async () => {
    const s = await startServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const cursor = url.searchParams.get('id_before');
      const base = `http://127.0.0.1:${req.socket.localPort}/api/v4/projects/1/jobs?order_by=id&sort=desc&pagination=keyset&per_page=2`;
      if (!cursor) return json(res, 200, [{ id: 9 }, { id: 8 }], { link: `<${base}&id_before=8>; rel="next"` });
      if (cursor === '8') return json(res, 200, [{ id: 7 }, { id: 6 }], { link: `<${base}&id_before=6>; rel="next"` });
      return json(res, 200, [{ id: 5 }]);
    });
    servers.push(s);
    const gl = createClient({ baseUrl: s.url, token: 'tok' });
    const paged = paginate<{ id: number }>(gl, '/projects/1/jobs', { order_by: 'id', sort: 'desc', pagination: 'keyset' }, { perPage: 2 });
    const pages = await collectPages(paged.pages());
    expect(pages.map((p) => [p.page, p.nextPage, p.items.map((i) => i.id)])).toEqual([
      [1, 2, [9, 8]],
      [2, 3, [7, 6]],
      [3, null, [5]],
    ]);
    expect(s.requests.map((r) => r.url)).toEqual([
      '/api/v4/projects/1/jobs?order_by=id&sort=desc&pagination=keyset&page=1&per_page=2',
      '/api/v4/projects/1/jobs?order_by=id&sort=desc&pagination=keyset&per_page=2&id_before=8',
      '/api/v4/projects/1/jobs?order_by=id&sort=desc&pagination=keyset&per_page=2&id_before=6',
    ]);
    expect(s.requests.every((r) => r.headers['private-token'] === 'tok')).toBe(true);
  });

  it('never follows a Link to another origin (so the token never goes there), and says why', async () => {
    const other = await startServer((_req, res) => json(res, 200, [{ id: 2 }]));
    servers.push(other);
    const s = await startServer((_req, res) => json(res, 200, [{ id: 1 }], { link: `<${other.url}/api/v4/x?page=2>; rel="next"` }));
    servers.push(s);
    const seen: number[] = [];
    const walk = async () => {
      for await (const item of paginate<{ id: number }>(createClient({ baseUrl: s.url, token: 'tok' }), '/x')) seen.push(item.id);
    };
    await expect(walk()).rejects.toMatchObject({
      kind: 'invalid-response',
      reason: expect.stringMatching(/next-page link points to another host \(127\.0\.0\.1:\d+\); not followed/),
    });
    expect(seen).toEqual([1]);
    expect(s.requests[0]?.headers['private-token']).toBe('tok');
    expect(other.requests).toHaveLength(0);
  });

  it('fails with "pagination loop" when a Link points back to a page already fetched', async () => {
    const s = await startServer((req, res) => json(res, 200, [{ id: 1 }], { link: `<http://127.0.0.1:${req.socket.localPort}${req.url}>; rel="next"` }));
    servers.push(s);
    await expect(paginate(createClient({ baseUrl: s.url }), '/x').all()).rejects.toMatchObject({ reason: expect.stringContaining('pagination loop') });
    expect(s.requests).toHaveLength(1);
  });

  it('fails with "too many pages" past maxPages, however the server numbers them', async () => {
    const s = await startServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      json(res, 200, [{ id: page }], { 'x-next-page': String(page + 1) });
    });
    servers.push(s);
    await expect(paginate(createClient({ baseUrl: s.url }), '/x', {}, { maxPages: 5 }).all()).rejects.toMatchObject({
      kind: 'invalid-response',
      reason: 'too many pages (more than 5)',
    });
    expect(s.requests).toHaveLength(5);
  });

  it('parses Link headers with several relations', () => {
    const link = '<https://g/api/v4/x?page=1>; rel="first", <https://g/api/v4/x?page=3>; rel="next", <https://g/api/v4/x?page=9>; rel="last"';
    expect(parseLinkNext(link)).toBe('https://g/api/v4/x?page=3');
    expect(parseLinkNext('<https://g/a>; rel="prev"')).toBeUndefined();
    expect(parseLinkNext(undefined)).toBeUndefined();
  });
});
