// Pipeline schedules (docs/gitlab-api.md §2.5, §3, §4.3, "Errors" and "Action outcomes") through the
// typed client against the simulator over real HTTP. Each test gets its own world, clock frozen at
// START: what one creates, edits or deletes, and the time it moves, no other sees.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PipelineSchedule } from '../../src/api/index.js';
import { MINUTE, START, startRig, type Rig } from '../helpers/sim.js';
import { ISO_MS, apiError, expectCompactUser } from '../helpers/expect.js';

let rig: Rig;

beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig?.close();
});

const API = 'acme/api';

/** Every field of docs/gitlab-api.md §2.5 except last_pipeline, with its type. */
function expectScheduleFields(s: PipelineSchedule): void {
  expect(Number.isInteger(s.id)).toBe(true);
  expect(typeof s.description).toBe('string');
  expect(typeof s.ref).toBe('string');
  expect(typeof s.cron).toBe('string');
  expect(typeof s.cron_timezone).toBe('string');
  expect(s.next_run_at).toMatch(ISO_MS);
  expect(typeof s.active).toBe('boolean');
  expect(s.created_at).toMatch(ISO_MS);
  expect(s.updated_at).toMatch(ISO_MS);
  expectCompactUser(s.owner);
}

/** The status the simulator logged for a request (set when its response finishes: wait a few turns). */
async function loggedStatus(entry: { status: number }): Promise<number> {
  for (let turn = 0; turn < 100 && entry.status === 0; turn++) await new Promise((resolve) => setImmediate(resolve));
  return entry.status;
}

const schedulesPath = (project: string) => `/projects/${encodeURIComponent(project)}/pipeline_schedules`;

describe('list', () => {
  it('lists the project schedules with every field of gitlab-api.md §2.5 and no last_pipeline key', async () => {
    const list = await rig.gl.schedules.list(API).all();
    expect(list.map((s) => s.description)).toEqual(['Nightly full test run', 'Hourly smoke test against staging', 'Weekly dependency audit']);
    for (const s of list) {
      expectScheduleFields(s);
      expect(Object.keys(s)).not.toContain('last_pipeline');
      expect(Object.keys(s)).not.toContain('variables');
    }
    const nightly = list[0]!;
    expect(nightly).toMatchObject({
      ref: 'main',
      cron: '0 2 * * *',
      cron_timezone: 'Europe/Berlin',
      active: true,
      // 02:00 in Berlin (CET, UTC+1) after 2026-11-20T12:00Z.
      next_run_at: '2026-11-21T01:00:00.000Z',
    });
    expectCompactUser(nightly.owner, 'alice');
    // "30 6 * * 1" in Eastern Time: Monday 2026-11-23 06:30 EST (UTC-5).
    expect(list[2]).toMatchObject({ cron_timezone: 'Eastern Time (US & Canada)', active: false, next_run_at: '2026-11-23T11:30:00.000Z' });
  });

  it('scope=active and scope=inactive partition the list', async () => {
    const all = await rig.gl.schedules.list(API).all();
    const active = await rig.gl.schedules.list(API, { scope: 'active' }).all();
    const inactive = await rig.gl.schedules.list(API, { scope: 'inactive' }).all();
    expect(active.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);
    expect(active.every((s) => s.active === true)).toBe(true);
    expect(inactive.every((s) => s.active === false)).toBe(true);
    const ids = (list: PipelineSchedule[]) => list.map((s) => s.id).sort((a, b) => a - b);
    expect(ids([...active, ...inactive])).toEqual(ids(all));
    expect(active.filter((s) => inactive.some((t) => t.id === s.id))).toEqual([]);
  });

  it('an invalid scope is a 400 from the server', async () => {
    const err = await apiError(rig.gl.schedules.list(API, { scope: 'paused' as never }).all());
    expect(err.kind).toBe('http');
    expect(err.status).toBe(400);
    expect(err.reason).toContain('scope does not have a valid value');
    expect(JSON.parse(err.body!)).toEqual({ error: 'scope does not have a valid value' });
  });
});

describe('get', () => {
  it('has last_pipeline (object with id, sha, ref, status) and variables', async () => {
    const [nightly, smoke] = await rig.gl.schedules.list(API).all();
    const one = await rig.gl.schedules.get(API, nightly!.id);
    expectScheduleFields(one);
    expect(one.id).toBe(nightly!.id);
    expect(Object.keys(one)).toContain('last_pipeline');
    expect(one.last_pipeline).not.toBeNull();
    expect(one.last_pipeline).toMatchObject({
      id: expect.any(Number),
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      ref: 'main',
      status: expect.any(String),
    });
    expect(one.variables).toEqual([]);
    // The pipeline it names exists and was started by the schedule.
    const pipeline = await rig.gl.pipelines.get(API, one.last_pipeline!.id);
    expect(pipeline.source).toBe('schedule');
    expect(pipeline.sha).toBe(one.last_pipeline!.sha);

    const withVars = await rig.gl.schedules.get(API, smoke!.id);
    expect(withVars.variables).toEqual([{ variable_type: 'env_var', key: 'SMOKE_TARGET', value: 'staging', raw: false }]);
  });

  it('a schedule that never ran has last_pipeline null', async () => {
    const created = await rig.gl.schedules.create('ops/runbooks', { description: 'never ran', ref: 'master', cron: '0 0 1 1 *' });
    const one = await rig.gl.schedules.get('ops/runbooks', created.id);
    expect(Object.keys(one)).toContain('last_pipeline');
    expect(one.last_pipeline).toBeNull();
    expect(await rig.gl.schedules.remove('ops/runbooks', created.id)).toBeNull();
  });

  it('an unknown schedule is 404 "404 Pipeline Schedule Not Found"', async () => {
    const err = await apiError(rig.gl.schedules.get(API, 999_999));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Pipeline Schedule Not Found');
  });

  it("another project's schedule id is not found through this project", async () => {
    const [web] = await rig.gl.schedules.list('acme/web').all();
    const err = await apiError(rig.gl.schedules.get(API, web!.id));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Pipeline Schedule Not Found');
  });
});

describe('create', () => {
  it('answers 201 with the created schedule; active defaults to true, cron_timezone to UTC', async () => {
    expect(rig.sim.clock.now()).toBe(START);
    const res = await rig.gl.client.request<PipelineSchedule>('POST', schedulesPath(API), {
      form: { description: 'Defaults', ref: 'main', cron: '0 4 * * *' },
    });
    expect(res.status).toBe(201);
    const s = res.data;
    expectScheduleFields(s);
    expect(s).toMatchObject({
      description: 'Defaults',
      ref: 'main',
      cron: '0 4 * * *',
      cron_timezone: 'UTC',
      active: true,
      next_run_at: '2026-11-21T04:00:00.000Z',
      created_at: new Date(START).toISOString(),
      updated_at: new Date(START).toISOString(),
      last_pipeline: null,
    });
    expectCompactUser(s.owner, 'alice');
    // It is in the list now.
    const list = await rig.gl.schedules.list(API).all();
    expect(list.map((x) => x.id)).toContain(s.id);
  });

  it('computes next_run_at in the schedule time zone (0 2 * * * in Europe/Berlin)', async () => {
    expect(rig.sim.clock.now()).toBe(START);
    const s = await rig.gl.schedules.create(API, { description: 'Berlin 2am', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Europe/Berlin' });
    // Independently: on 2026-11-20 Berlin is on CET (UTC+1, DST ended 2026-10-25), START is 13:00 there,
    // so the next 02:00 is the next day, 01:00Z.
    const offsetMin = berlinOffsetMinutes(Date.UTC(2026, 10, 21, 1, 0));
    expect(offsetMin).toBe(60);
    const expected = new Date(Date.UTC(2026, 10, 21, 2, 0) - offsetMin * 60_000).toISOString();
    expect(expected).toBe('2026-11-21T01:00:00.000Z');
    expect(s.next_run_at).toBe(expected);
    expect(s.cron_timezone).toBe('Europe/Berlin');
    expect(s.active).toBe(true);
  });

  it('accepts a Rails time zone name ("Berlin") and keeps it as given', async () => {
    const s = await rig.gl.schedules.create(API, { description: 'Rails zone', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Berlin' });
    expect(s.cron_timezone).toBe('Berlin');
    expect(s.next_run_at).toBe('2026-11-21T01:00:00.000Z');
  });

  it('active=false at creation makes it inactive', async () => {
    const s = await rig.gl.schedules.create(API, { description: 'Paused', ref: 'main', cron: '0 5 * * *', active: false });
    expect(s.active).toBe(false);
    const inactive = await rig.gl.schedules.list(API, { scope: 'inactive' }).all();
    expect(inactive.map((x) => x.id)).toContain(s.id);
  });

  it('an invalid cron is 400 with fields {cron: ["syntax is invalid"]}', async () => {
    const before = (await rig.gl.schedules.list(API).all()).length;
    const err = await apiError(rig.gl.schedules.create(API, { description: 'bad', ref: 'main', cron: '61 * * * *' }));
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({ cron: ['syntax is invalid'] });
    expect(err.reason).toBe('cron syntax is invalid');
    expect(JSON.parse(err.body!)).toEqual({ message: { cron: ['syntax is invalid'] } });
    expect((await rig.gl.schedules.list(API).all()).length).toBe(before);
  });

  it('an invalid time zone is 400 with fields.cron_timezone', async () => {
    const err = await apiError(rig.gl.schedules.create(API, { description: 'bad', ref: 'main', cron: '0 1 * * *', cron_timezone: 'Mars/Olympus_Mons' }));
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({ cron_timezone: ['syntax is invalid'] });
  });

  it.each([
    ['description', { ref: 'main', cron: '0 1 * * *' }],
    ['ref', { description: 'x', cron: '0 1 * * *' }],
    ['cron', { description: 'x', ref: 'main' }],
  ] as const)('a missing %s is 400 "%s is missing"', async (field, form) => {
    const err = await apiError(rig.gl.client.request('POST', schedulesPath(API), { form }));
    expect(err.status).toBe(400);
    expect(err.reason).toBe(`${field} is missing`);
    expect(JSON.parse(err.body!)).toEqual({ error: `${field} is missing` });
  });

  it('several missing parameters are named together', async () => {
    const err = await apiError(rig.gl.client.request('POST', schedulesPath(API), { form: { cron: '0 1 * * *' } }));
    expect(err.status).toBe(400);
    expect(err.reason).toBe('description is missing, ref is missing');
  });
});

/** Minutes Europe/Berlin is ahead of UTC at `ms`, from Intl (independent of the simulator's cron code). */
function berlinOffsetMinutes(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' }).formatToParts(new Date(ms));
  const name = parts.find((p) => p.type === 'timeZoneName')!.value; // "GMT+01:00"
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

describe('edit, take ownership, delete', () => {
  let id: number;

  // alice's own schedule, made for each test.
  beforeEach(async () => {
    const s = await rig.gl.schedules.create(API, { description: 'Mine', ref: 'main', cron: '0 1 * * *' });
    id = s.id;
  });

  it('the owner edits: 200, fields change, updated_at moves with the clock, next_run_at is recomputed', async () => {
    const before = await rig.gl.schedules.get(API, id);
    rig.advance(2 * MINUTE);
    const now = rig.sim.clock.now();
    const res = await rig.gl.client.request<PipelineSchedule>('PUT', `${schedulesPath(API)}/${id}`, {
      form: { description: 'Mine, renamed', cron: '30 3 * * *' },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id, description: 'Mine, renamed', cron: '30 3 * * *', cron_timezone: 'UTC', active: true });
    expect(res.data.updated_at).toBe(new Date(now).toISOString());
    expect(res.data.updated_at).not.toBe(before.updated_at);
    expect(res.data.created_at).toBe(before.created_at);
    expect(before.next_run_at).toBe('2026-11-21T01:00:00.000Z');
    expect(res.data.next_run_at).toBe('2026-11-21T03:30:00.000Z');

    // Through the resource method: change zone and deactivate.
    const edited = await rig.gl.schedules.edit(API, id, { cron_timezone: 'America/New_York', active: false });
    expect(edited).toMatchObject({ id, cron_timezone: 'America/New_York', active: false, description: 'Mine, renamed' });
    // 03:30 EST (UTC-5) on 2026-11-21 is 08:30Z.
    expect(edited.next_run_at).toBe('2026-11-21T08:30:00.000Z');
    const got = await rig.gl.schedules.get(API, id);
    expect(got).toMatchObject({ active: false, cron_timezone: 'America/New_York', next_run_at: '2026-11-21T08:30:00.000Z' });
  });

  it('an invalid cron on edit is 400 with fields and changes nothing', async () => {
    const before = await rig.gl.schedules.get(API, id);
    const err = await apiError(rig.gl.schedules.edit(API, id, { cron: 'every day' }));
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({ cron: ['syntax is invalid'] });
    expect(await rig.gl.schedules.get(API, id)).toEqual(before);
  });

  it('a maintainer who is not the owner cannot edit: 403', async () => {
    const err = await apiError(rig.other.schedules.edit(API, id, { description: 'bob was here' }));
    expect(err.status).toBe(403);
    expect(err.reason).toBe('403 Forbidden');
    expect((await rig.gl.schedules.get(API, id)).description).toBe('Mine');
  });

  it('bob takes ownership (201), again (200); then alice can no longer edit it', async () => {
    const first = await rig.other.client.request<PipelineSchedule>('POST', `${schedulesPath(API)}/${id}/take_ownership`);
    expect(first.status).toBe(201);
    expect(first.data.id).toBe(id);
    expectCompactUser(first.data.owner, 'bob');
    expect(first.data.description).toBe('Mine');

    const again = await rig.other.client.request<PipelineSchedule>('POST', `${schedulesPath(API)}/${id}/take_ownership`);
    expect(again.status).toBe(200);
    expectCompactUser(again.data.owner, 'bob');

    // And through the resource method (still the owner: fine).
    const viaApi = await rig.other.schedules.takeOwnership(API, id);
    expect(viaApi.owner.username).toBe('bob');

    expect((await rig.gl.schedules.get(API, id)).owner.username).toBe('bob');
    const err = await apiError(rig.gl.schedules.edit(API, id, { description: 'alice again' }));
    expect(err.status).toBe(403);
    // The new owner may edit.
    const edited = await rig.other.schedules.edit(API, id, { description: "Bob's now" });
    expect(edited.description).toBe("Bob's now");
  });

  it('delete answers 204 (resolves null); the schedule is gone afterwards', async () => {
    // bob deletes it as its owner.
    await rig.other.schedules.takeOwnership(API, id);
    const removed = await rig.other.schedules.remove(API, id);
    expect(removed).toBeNull();
    const deleteLog = rig.sim.requests.filter((r) => r.method === 'DELETE' && r.path === `${schedulesPath(API)}/${id}`);
    expect(deleteLog).toHaveLength(1);
    expect(await loggedStatus(deleteLog[0]!)).toBe(204);

    const err = await apiError(rig.gl.schedules.get(API, id));
    expect(err.status).toBe(404);
    expect(err.reason).toBe('404 Pipeline Schedule Not Found');
    expect(JSON.parse(err.body!)).toEqual({ message: '404 Pipeline Schedule Not Found' });
    expect((await rig.gl.schedules.list(API).all()).map((s) => s.id)).not.toContain(id);

    const again = await apiError(rig.other.schedules.remove(API, id));
    expect(again.status).toBe(404);

    // On the wire: 204 with no body.
    const spare = await rig.gl.schedules.create(API, { description: 'spare', ref: 'main', cron: '0 1 * * *' });
    const res = await rig.gl.client.request('DELETE', `${schedulesPath(API)}/${spare.id}`);
    expect(res.status).toBe(204);
    expect(res.data).toBeNull();
    expect(res.headers['content-type']).toBeUndefined();
  });
});

describe('firing', () => {
  const PROJECT = 'ops/runbooks';

  it('an active schedule fires on its cron; an inactive one does not', async () => {
    const now = rig.sim.clock.now();
    const seen = new Set((await rig.gl.pipelines.list(PROJECT, { perPage: 100 }).all()).map((p) => p.id));
    const active = await rig.gl.schedules.create(PROJECT, { description: 'every five', ref: 'master', cron: '*/5 * * * *' });
    const inactive = await rig.gl.schedules.create(PROJECT, { description: 'every five, off', ref: 'master', cron: '*/5 * * * *', active: false });
    const firstRun = Math.ceil((now + 1) / (5 * MINUTE)) * 5 * MINUTE;
    expect(active.next_run_at).toBe(new Date(firstRun).toISOString());
    expect(inactive.next_run_at).toBe(new Date(firstRun).toISOString());
    expect(firstRun - now).toBeLessThanOrEqual(5 * MINUTE);

    rig.advance(6 * MINUTE);

    // Bounded wait on the condition (the world is brought up to date by each request).
    let fresh: { id: number; source?: string; ref: string }[] = [];
    for (let attempt = 0; attempt < 20 && fresh.length === 0; attempt++) {
      const list = await rig.gl.pipelines.list(PROJECT, { perPage: 100 }).all();
      fresh = list.filter((p) => !seen.has(p.id) && p.source === 'schedule');
    }
    // Exactly one: the inactive schedule did not fire.
    expect(fresh).toHaveLength(1);
    const pipeline = fresh[0]!;
    expect(pipeline.ref).toBe('master');

    const firedOne = await rig.gl.schedules.get(PROJECT, active.id);
    expect(firedOne.last_pipeline).toMatchObject({ id: pipeline.id, ref: 'master' });
    expect(firedOne.next_run_at).toBe(new Date(firstRun + 5 * MINUTE).toISOString());

    const full = await rig.gl.pipelines.get(PROJECT, pipeline.id);
    expect(full.source).toBe('schedule');
    expect(full.user.username).toBe('alice');
    expect(full.created_at).toBe(new Date(firstRun).toISOString());
    expect(full.sha).toBe(firedOne.last_pipeline!.sha);

    const idle = await rig.gl.schedules.get(PROJECT, inactive.id);
    expect(idle.last_pipeline).toBeNull();
    expect(idle.active).toBe(false);
  });
});
