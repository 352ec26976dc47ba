// Activity events (docs/gitlab-api.md §2.8, §4.6, §6) through the typed client against the simulator over real
// HTTP: the caller's, a user's and a project's feed, the filters, dates, sorting and pagination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../src/api/index.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { apiError, expectCompactUser } from '../helpers/expect.js';

let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});

const API = 'acme/api';
const DAY = 86_400_000;

const ids = (list: Event[]) => list.map((e) => e.id);
const time = (e: Event) => Date.parse(e.created_at!);

function expectEventFields(e: Event): void {
  expect(Number.isInteger(e.project_id)).toBe(true);
  expect(typeof e.action_name).toBe('string');
  expect(e.target_id === null || Number.isInteger(e.target_id)).toBe(true);
  expect(e.target_type === null || typeof e.target_type === 'string').toBe(true);
  expect(e.target_title === null || typeof e.target_title === 'string').toBe(true);
  expect(e.title === null || typeof e.title === 'string').toBe(true);
  expect(Number.isInteger(e.author_id)).toBe(true);
  expectCompactUser(e.author);
  expect(e.author!.id).toBe(e.author_id);
  expect(e.author_username).toBe(e.author!.username);
  if (e.created_at !== undefined) expect(e.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
}

describe('the three feeds', () => {
  it("/events lists only the caller's own events, newest first", async () => {
    const mine = await rig.gl.events.listMine({ perPage: 100 }).all();
    expect(mine.length).toBeGreaterThan(20);
    for (const e of mine) {
      expectEventFields(e);
      expect(e.author!.username).toBe('alice');
      expect(e.author_username).toBe('alice');
      expect(e.author_id).toBe(2);
      // target_iid is a project-events field only.
      expect(Object.keys(e)).not.toContain('target_iid');
    }
    for (let i = 1; i < mine.length; i++) expect(time(mine[i - 1]!)).toBeGreaterThanOrEqual(time(mine[i]!));
    // Nothing from the future (the clock is frozen at START).
    expect(Math.max(...mine.map(time))).toBeLessThanOrEqual(rig.sim.clock.now());

    const bobs = await rig.other.events.listMine({ perPage: 100 }).all();
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.every((e) => e.author!.username === 'bob')).toBe(true);
  });

  it('/users/:id/events by username and by id give the same events', async () => {
    const byName = await rig.gl.events.listForUser('alice', { perPage: 100 }).all();
    const byId = await rig.gl.events.listForUser(2, { perPage: 100 }).all();
    const withAt = await rig.gl.events.listForUser('@alice', { perPage: 100 }).all();
    const mine = await rig.gl.events.listMine({ perPage: 100 }).all();
    expect(byName.length).toBeGreaterThan(0);
    expect(ids(byId)).toEqual(ids(byName));
    expect(ids(withAt)).toEqual(ids(byName));
    expect(ids(mine)).toEqual(ids(byName));
    expect(byName.every((e) => e.author_username === 'alice')).toBe(true);

    // Another user's feed, seen by alice.
    const carol = await rig.gl.events.listForUser('carol', { perPage: 100 }).all();
    expect(carol.length).toBeGreaterThan(0);
    expect(carol.every((e) => e.author!.username === 'carol')).toBe(true);
  });

  it('an unknown user is 404', async () => {
    const err = await apiError(rig.gl.events.listForUser('nobody-here').all());
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 User Not Found');
    const byId = await apiError(rig.gl.events.listForUser(987_654).all());
    expect(byId.status).toBe(404);
  });

  it('project events carry target_iid; notes have note.body and data: null; pushes have push_data', async () => {
    const events = await rig.gl.events.listForProject(API, { perPage: 100 }).all();
    expect(events.length).toBeGreaterThan(100);
    const project = await rig.gl.projects.get(API);
    let notes = 0;
    let pushes = 0;
    for (const e of events) {
      expectEventFields(e);
      expect(e.project_id).toBe(project.id);
      expect(Object.keys(e)).toContain('target_iid');
      expect(e.target_iid === null || Number.isInteger(e.target_iid)).toBe(true);
      if (e.note) {
        notes++;
        expect(['Note', 'DiffNote', 'DiscussionNote']).toContain(e.target_type);
        expect(e.action_name).toBe('commented on');
        expect(Object.keys(e)).toContain('data');
        expect(e.data).toBeNull();
        expect(typeof e.note.body).toBe('string');
        expect(e.note.body.length).toBeGreaterThan(0);
        expect(e.note.attachment).toBeNull();
        expect(typeof e.note.system).toBe('boolean');
        expect(Number.isInteger(e.note.id)).toBe(true);
        expect(Number.isInteger(e.note.noteable_id)).toBe(true);
        expect(['Issue', 'MergeRequest']).toContain(e.note.noteable_type);
        expect(Object.keys(e.note)).toContain('noteable_iid');
        expectCompactUser(e.note.author, e.author_username ?? undefined);
      } else {
        expect(Object.keys(e)).not.toContain('note');
      }
      if (e.action_name.startsWith('pushed') || e.action_name === 'deleted') {
        pushes++;
        expect(e.target_type).toBeNull();
        const p = e.push_data!;
        expect(Number.isInteger(p.commit_count)).toBe(true);
        expect(typeof p.ref).toBe('string');
        expect(typeof p.action).toBe('string');
        expect(typeof p.ref_type).toBe('string');
        if (e.action_name === 'deleted') {
          expect(p.commit_to).toBeNull();
        } else {
          expect(p.commit_to).toMatch(/^[0-9a-f]{40}$/);
        }
        if (e.action_name === 'pushed new') expect(p.commit_from).toBeNull();
        if (e.action_name === 'pushed to') {
          expect(p.commit_from).toMatch(/^[0-9a-f]{40}$/);
          expect(p.commit_count).toBeGreaterThan(0);
          expect(typeof p.commit_title).toBe('string');
        }
      } else {
        expect(Object.keys(e)).not.toContain('push_data');
      }
    }
    expect(notes).toBeGreaterThan(0);
    expect(pushes).toBeGreaterThan(0);

    // The user feeds do not carry the project-only fields.
    const mineNote = (await rig.gl.events.listMine({ perPage: 100 }).all()).find((e) => e.note);
    expect(mineNote).toBeDefined();
    expect(Object.keys(mineNote!)).not.toContain('data');
    expect(Object.keys(mineNote!.note!)).not.toContain('noteable_iid');
  });

  it('a project by id gives the same events as by path', async () => {
    const project = await rig.gl.projects.get(API);
    const byPath = await rig.gl.events.listForProject(API, { perPage: 50 }).all(50);
    const byId = await rig.gl.events.listForProject(project.id, { perPage: 50 }).all(50);
    expect(ids(byId)).toEqual(ids(byPath));
  });

  it('a private project alice is not in: 404 Project Not Found', async () => {
    const err = await apiError(rig.gl.events.listForProject('secret/payroll').all());
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Project Not Found');
    const admins = await rig.admin.events.listForProject('secret/payroll').all();
    expect(admins.length).toBeGreaterThan(0);
  });
});

describe('filters', () => {
  it('action=pushed → only pushed… and deleted', async () => {
    const all = await rig.gl.events.listForProject(API, { perPage: 100 }).all();
    const pushed = await rig.gl.events.listForProject(API, { action: 'pushed', perPage: 100 }).all();
    expect(pushed.length).toBeGreaterThan(0);
    for (const e of pushed) expect(e.action_name.startsWith('pushed') || e.action_name === 'deleted').toBe(true);
    // Every push-like event of the unfiltered list is in the filtered one.
    const expected = all.filter((e) => e.action_name.startsWith('pushed') || e.action_name === 'deleted');
    expect(ids(pushed)).toEqual(ids(expected));
  });

  it('action=commented → "commented on"; action=merged → "accepted"', async () => {
    const commented = await rig.gl.events.listForProject(API, { action: 'commented', perPage: 100 }).all();
    expect(commented.length).toBeGreaterThan(0);
    expect(new Set(commented.map((e) => e.action_name))).toEqual(new Set(['commented on']));
    expect(commented.every((e) => e.note !== undefined)).toBe(true);

    const merged = await rig.gl.events.listForProject(API, { action: 'merged', perPage: 100 }).all();
    expect(merged.length).toBeGreaterThan(0);
    expect(new Set(merged.map((e) => e.action_name))).toEqual(new Set(['accepted']));
    expect(new Set(merged.map((e) => e.target_type))).toEqual(new Set(['MergeRequest']));
  });

  it('action on the user feeds too', async () => {
    const mine = await rig.gl.events.listMine({ action: 'commented', perPage: 100 }).all();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.action_name === 'commented on' && e.author_username === 'alice')).toBe(true);
  });

  it('target_type=issue → target_type "Issue" only', async () => {
    const issues = await rig.gl.events.listForProject(API, { target_type: 'issue', perPage: 100 }).all();
    expect(issues.length).toBeGreaterThan(0);
    expect(new Set(issues.map((e) => e.target_type))).toEqual(new Set(['Issue']));
    for (const e of issues) {
      expect(['opened', 'closed']).toContain(e.action_name);
      expect(Number.isInteger(e.target_iid)).toBe(true);
      expect(typeof e.target_title).toBe('string');
    }
  });

  it('target_type=note → the note kinds; target_type=merge_request → "MergeRequest"', async () => {
    const notes = await rig.gl.events.listForProject(API, { target_type: 'note', perPage: 100 }).all();
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes.map((e) => e.target_type))).toEqual(new Set(['Note', 'DiffNote']));
    expect(notes.every((e) => e.note !== undefined && e.action_name === 'commented on')).toBe(true);
    const mrs = await rig.gl.events.listForProject(API, { target_type: 'merge_request', perPage: 100 }).all();
    expect(mrs.length).toBeGreaterThan(0);
    expect(new Set(mrs.map((e) => e.target_type))).toEqual(new Set(['MergeRequest']));
    expect(new Set(mrs.map((e) => e.action_name))).toEqual(new Set(['opened', 'accepted']));
  });

  it('filters combine: action=created with target_type=issue → opened issues', async () => {
    const opened = await rig.gl.events.listForProject(API, { action: 'created', target_type: 'issue', perPage: 100 }).all();
    const issues = await rig.gl.events.listForProject(API, { target_type: 'issue', perPage: 100 }).all();
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.every((e) => e.action_name === 'opened' && e.target_type === 'Issue')).toBe(true);
    expect(ids(opened)).toEqual(ids(issues.filter((e) => e.action_name === 'opened')));
  });

  it('before and after (YYYY-MM-DD) select whole days, both non-empty', async () => {
    const before = '2026-11-01';
    const after = '2026-11-10';
    const older = await rig.gl.events.listForProject(API, { before, perPage: 100 }).all();
    const newer = await rig.gl.events.listForProject(API, { after, perPage: 100 }).all();
    expect(older.length).toBeGreaterThan(0);
    expect(newer.length).toBeGreaterThan(0);
    // before: earlier than that day's start; after: later than that day's end.
    const beforeMs = Date.UTC(2026, 10, 1);
    const afterEndMs = Date.UTC(2026, 10, 10) + DAY;
    expect(older.every((e) => time(e) < beforeMs)).toBe(true);
    expect(newer.every((e) => time(e) >= afterEndMs)).toBe(true);
    // And nothing is lost: the filtered sets are exactly those parts of the full list.
    const all = await rig.gl.events.listForProject(API, { perPage: 100 }).all();
    expect(ids(older)).toEqual(ids(all.filter((e) => time(e) < beforeMs)));
    expect(ids(newer)).toEqual(ids(all.filter((e) => time(e) >= afterEndMs)));

    // Both at once: the window between.
    const between = await rig.gl.events.listForProject(API, { after: '2026-11-01', before: '2026-11-10', perPage: 100 }).all();
    expect(between.length).toBeGreaterThan(0);
    expect(between.every((e) => time(e) >= Date.UTC(2026, 10, 2) && time(e) < Date.UTC(2026, 10, 10))).toBe(true);
  });

  it('sort=asc and sort=desc order by created_at, one the reverse of the other', async () => {
    const asc = await rig.gl.events.listForProject(API, { sort: 'asc', perPage: 100 }).all();
    const desc = await rig.gl.events.listForProject(API, { sort: 'desc', perPage: 100 }).all();
    const dflt = await rig.gl.events.listForProject(API, { perPage: 100 }).all();
    expect(asc.length).toBe(desc.length);
    expect(asc.length).toBeGreaterThan(100);
    for (let i = 1; i < asc.length; i++) expect(time(asc[i - 1]!)).toBeLessThanOrEqual(time(asc[i]!));
    for (let i = 1; i < desc.length; i++) expect(time(desc[i - 1]!)).toBeGreaterThanOrEqual(time(desc[i]!));
    expect(ids(desc)).toEqual(ids(asc).reverse());
    expect(ids(dflt)).toEqual(ids(desc));
    expect(time(asc[0]!)).toBeLessThan(time(asc[asc.length - 1]!));
  });

  it('an invalid action is 400 "action does not have a valid value"', async () => {
    const err = await apiError(rig.gl.events.listForProject(API, { action: 'opened' as never }).all());
    expect(err.status).toBe(400);
    expect(err.reason).toBe('action does not have a valid value');
    const tt = await apiError(rig.gl.events.listMine({ target_type: 'Issue' as never }).all());
    expect(tt.status).toBe(400);
    expect(tt.reason).toBe('target_type does not have a valid value');
  });

  it('an invalid date is 400 from the server; a malformed one never leaves the client', async () => {
    // Raw request: the server's own validation.
    const raw = await apiError(rig.gl.client.request('GET', '/events', { query: { before: '2026-13-45' } }));
    expect(raw.status).toBe(400);
    expect(raw.reason).toBe('before is invalid');
    const raw2 = await apiError(rig.gl.client.request('GET', `/projects/${encodeURIComponent(API)}/events`, { query: { after: 'yesterday' } }));
    expect(raw2.status).toBe(400);
    expect(raw2.reason).toBe('after is invalid');

    // The events module checks the shape only: 2026-13-45 has it, so it reaches the server.
    const shaped = await apiError(rig.gl.events.listMine({ before: '2026-13-45' }).all());
    expect(shaped.status).toBe(400);
    expect(shaped.reason).toBe('before is invalid');

    // A wrong shape (a toISOString(), say) throws TypeError at once, without a request.
    const count = rig.sim.requests.length;
    expect(() => rig.gl.events.listMine({ after: '2026-11-10T00:00:00.000Z' })).toThrow(TypeError);
    expect(() => rig.gl.events.listForProject(API, { before: '2026/11/10' })).toThrow(/before must be YYYY-MM-DD/);
    expect(rig.sim.requests.length).toBe(count);
  });
});

describe('pagination', () => {
  it('follows X-Next-Page across pages of 20: three pages, distinct ids, same as one page of 60', async () => {
    const mark = rig.sim.requests.length;
    const pages: { page: number; next: number | null; ids: number[] }[] = [];
    const paged = rig.gl.events.listForProject(API, { perPage: 20 });
    for await (const page of paged.pages()) {
      pages.push({ page: page.page, next: page.nextPage, ids: page.items.map((e) => e.id!) });
      if (pages.length === 3) break;
    }
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.map((p) => p.next)).toEqual([2, 3, 4]);
    expect(pages.every((p) => p.ids.length === 20)).toBe(true);
    const flat = pages.flatMap((p) => p.ids);
    expect(new Set(flat).size).toBe(60);

    // The requests the client made for those pages: page 1, then what X-Next-Page said.
    const sent = rig.sim.requests.slice(mark).map((r) => {
      const url = new URL(r.path, 'http://x');
      return `${r.method} ${url.pathname} page=${url.searchParams.get('page')} per_page=${url.searchParams.get('per_page')}`;
    });
    const path = `/projects/${encodeURIComponent(API)}/events`;
    expect(sent).toEqual([1, 2, 3].map((n) => `GET ${path} page=${n} per_page=20`));

    const wide = await rig.gl.events.listForProject(API, { perPage: 60 }).all(60);
    expect(flat).toEqual(ids(wide));
  });

  it('the headers the client follows', async () => {
    const res = await rig.gl.client.request<Event[]>('GET', `/projects/${encodeURIComponent(API)}/events`, { query: { per_page: 20, page: 2 } });
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(20);
    expect(res.headers['x-page']).toBe('2');
    expect(res.headers['x-per-page']).toBe('20');
    expect(res.headers['x-next-page']).toBe('3');
    expect(res.headers['x-prev-page']).toBe('1');
  });

  it('the last page has an empty X-Next-Page and the iteration ends there', async () => {
    const all = await rig.gl.events.listMine({ perPage: 100 }).all();
    const pages: number[] = [];
    let lastNext: number | null | undefined;
    for await (const page of rig.gl.events.listMine({ perPage: 40 }).pages()) {
      pages.push(page.items.length);
      lastNext = page.nextPage;
      if (pages.length > 50) break;
    }
    expect(pages.reduce((a, b) => a + b, 0)).toBe(all.length);
    expect(pages.length).toBe(Math.ceil(all.length / 40));
    expect(lastNext).toBeNull();
  });
});
