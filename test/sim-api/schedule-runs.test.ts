// A schedule run now, its pipelines and its variables (docs/gitlab-api.md
// "Schedule play and variables") through the typed client against the simulator over real HTTP:
// play's 201 message and the pipeline its worker makes a moment later (source schedule, as the caller, inactive or not, the
// next run unmoved); the schedule's pipelines newest first; variables added, changed and deleted with
// GitLab's 400s, 403s and 404s; the detail's variables only for whom may read them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { SimSchedule } from '../../src/sim/model.js';
import { simProject, startRig, type Rig } from '../helpers/sim.js';
import { apiError } from '../helpers/expect.js';

let rig: Rig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig?.close();
});

const API = 'acme/api';
const scheduleOf = (description: string): SimSchedule => [...rig.sim.world.schedules.values()].find((s) => s.description === description)!;
const userId = (name: string) => rig.sim.world.usersByName.get(name)!.id;
/** bob as a developer of acme/api (the demo makes him a maintainer). */
const bobDeveloper = () => simProject(rig.sim, API).members.set(userId('bob'), 30);

describe('play', () => {
  it('answers 201 with a message; the worker makes a schedule pipeline as the caller a moment later', async () => {
    const hourly = scheduleOf('Hourly smoke test against staging');
    const before = rig.sim.world.pipelines.size;
    const nextRun = hourly.nextRunAt;
    // bob owns it; alice runs it.
    expect(hourly.ownerId).toBe(userId('bob'));
    expect(await rig.gl.schedules.play(API, hourly.id)).toEqual({ message: '201 Created' });
    expect(rig.sim.requests.at(-1)).toMatchObject({ method: 'POST', status: 201 });
    expect(rig.sim.world.pipelines.size).toBe(before);
    rig.advance(3_000);
    const made = [...rig.sim.world.pipelines.values()].filter((p) => p.scheduleId === hourly.id).at(-1)!;
    expect(rig.sim.world.pipelines.size).toBe(before + 1);
    expect(made).toMatchObject({ source: 'schedule', ref: 'main', userId: userId('alice') });
    expect(hourly.lastPipelineId).toBe(made.id);
    expect(hourly.nextRunAt).toBe(nextRun);
    const detail = await rig.gl.schedules.get(API, hourly.id);
    expect(detail.last_pipeline?.id).toBe(made.id);
  });

  it('runs an inactive schedule too (GitLab checks no active flag), and it stays inactive', async () => {
    const weekly = scheduleOf('Weekly dependency audit');
    expect(weekly.active).toBe(false);
    await rig.gl.schedules.play(API, weekly.id);
    rig.advance(3_000);
    const made = rig.sim.world.pipelines.get(weekly.lastPipelineId!)!;
    expect(made).toMatchObject({ source: 'schedule', scheduleId: weekly.id });
    expect(weekly.active).toBe(false);
  });

  it('refuses whom may not create pipelines: 403; an unknown schedule: 404 Pipeline Schedule Not Found', async () => {
    const nightly = scheduleOf('Nightly full test run');
    simProject(rig.sim, API).members.set(userId('bob'), 20);
    const refused = await apiError(rig.other.schedules.play(API, nightly.id));
    expect(refused).toMatchObject({ status: 403, reason: '403 Forbidden' });
    const missing = await apiError(rig.gl.schedules.play(API, 999_999));
    expect(missing).toMatchObject({ status: 404, reason: '404 Pipeline Schedule Not Found' });
    const scoped = await apiError(rig.client(DEMO_TOKENS.readOnly).schedules.play(API, nightly.id));
    expect(scoped.status).toBe(403);
    rig.advance(5_000);
    expect([...rig.sim.world.pipelines.values()].filter((p) => p.scheduleId === nightly.id && p.createdAt > rig.sim.clock.now() - 10_000)).toEqual([]);
  });

  it("lists the schedule's pipelines by id, ascending unless sort=desc", async () => {
    const nightly = scheduleOf('Nightly full test run');
    const asc = await rig.gl.schedules.pipelines(API, nightly.id).all();
    expect(asc.length).toBeGreaterThan(1);
    expect(asc.map((p) => p.id)).toEqual([...asc.map((p) => p.id)].sort((a, b) => a - b));
    expect(asc.every((p) => p.source === 'schedule')).toBe(true);
    let newest: number | undefined;
    for await (const page of rig.gl.schedules.pipelines(API, nightly.id, { sort: 'desc', perPage: 1 }).pages()) {
      newest = page.items[0]?.id;
      break;
    }
    expect(newest).toBe(nightly.lastPipelineId);
    expect(await apiError(rig.gl.schedules.pipelines(API, nightly.id, { sort: 'up' as 'asc' }).all())).toMatchObject({ status: 400 });
  });
});

describe('variables', () => {
  it('adds one (201, env_var by default, the key stripped), changes its value and type, deletes it (202)', async () => {
    const nightly = scheduleOf('Nightly full test run');
    const made = await rig.gl.schedules.createVariable(API, nightly.id, { key: ' TARGET ', value: 'prod' });
    expect(made).toEqual({ variable_type: 'env_var', key: 'TARGET', value: 'prod', raw: false });
    expect(rig.sim.requests.at(-1)).toMatchObject({ method: 'POST', status: 201 });
    const changed = await rig.gl.schedules.editVariable(API, nightly.id, 'TARGET', { value: 'KEY=1', variable_type: 'file' });
    expect(changed).toEqual({ variable_type: 'file', key: 'TARGET', value: 'KEY=1', raw: false });
    expect((await rig.gl.schedules.get(API, nightly.id)).variables).toEqual([changed]);
    expect(await rig.gl.schedules.removeVariable(API, nightly.id, 'TARGET')).toEqual(changed);
    expect(rig.sim.requests.at(-1)).toMatchObject({ method: 'DELETE', status: 202 });
    expect(nightly.variables).toEqual([]);
  });

  it("answers GitLab's 400s: missing parameters, an unknown type, the key's format, length and uniqueness", async () => {
    const hourly = scheduleOf('Hourly smoke test against staging');
    const bob = rig.other.schedules;
    const path = `/projects/${encodeURIComponent(API)}/pipeline_schedules/${hourly.id}/variables`;
    const raw = await fetch(`${rig.sim.apiUrl}${path}`, { method: 'POST', headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.other } });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'key is missing, value is missing' });
    expect(await apiError(bob.createVariable(API, hourly.id, { key: 'A', value: 'b', variable_type: 'secret' as 'file' }))).toMatchObject({
      status: 400,
      reason: 'variable_type does not have a valid value',
    });
    const format = await apiError(bob.createVariable(API, hourly.id, { key: 'MY-KEY', value: 'x' }));
    expect(format).toMatchObject({ status: 400, fields: { key: ["can contain only letters, digits and '_'."] } });
    const blank = await apiError(bob.createVariable(API, hourly.id, { key: '  ', value: 'x' }));
    expect(blank.fields).toEqual({ key: ["can't be blank", "can contain only letters, digits and '_'."] });
    const long = await apiError(bob.createVariable(API, hourly.id, { key: 'K'.repeat(256), value: 'x' }));
    expect(long.fields).toEqual({ key: ['is too long (maximum is 255 characters)'] });
    const taken = await apiError(bob.createVariable(API, hourly.id, { key: 'SMOKE_TARGET', value: 'prod' }));
    expect(taken.fields).toEqual({ key: ['has already been taken'] });
    expect(hourly.variables.map((v) => v.key)).toEqual(['SMOKE_TARGET']);
  });

  it('lets only the owner add or change them (a maintainer gets 403); deleting takes a maintainer or the owner; 404 for an unknown key', async () => {
    const hourly = scheduleOf('Hourly smoke test against staging');
    // alice is a maintainer, not its owner (bob).
    expect(await apiError(rig.gl.schedules.createVariable(API, hourly.id, { key: 'X', value: 'y' }))).toMatchObject({ status: 403 });
    expect(await apiError(rig.gl.schedules.editVariable(API, hourly.id, 'SMOKE_TARGET', { value: 'prod' }))).toMatchObject({ status: 403 });
    expect(hourly.variables[0]!.value).toBe('staging');
    const unknown = await apiError(rig.other.schedules.editVariable(API, hourly.id, 'NOPE', { value: 'x' }));
    expect(unknown).toMatchObject({ status: 404, reason: '404 Pipeline Schedule Variable Not Found' });
    expect(await rig.gl.schedules.removeVariable(API, hourly.id, 'SMOKE_TARGET')).toMatchObject({ key: 'SMOKE_TARGET' });
    expect(hourly.variables).toEqual([]);
  });

  it('the detail has them for the owner and maintainers, and leaves them out for a developer who does not own it', async () => {
    const hourly = scheduleOf('Hourly smoke test against staging');
    const nightly = scheduleOf('Nightly full test run');
    expect((await rig.gl.schedules.get(API, hourly.id)).variables).toEqual([{ variable_type: 'env_var', key: 'SMOKE_TARGET', value: 'staging', raw: false }]);
    bobDeveloper();
    // bob, a developer now, still owns the hourly one; the nightly is alice's.
    expect((await rig.other.schedules.get(API, hourly.id)).variables).toHaveLength(1);
    const theirs = await rig.other.schedules.get(API, nightly.id);
    expect(Object.keys(theirs)).not.toContain('variables');
    expect(await apiError(rig.other.schedules.removeVariable(API, nightly.id, 'ANY'))).toMatchObject({ status: 403 });
  });
});
