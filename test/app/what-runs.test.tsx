// Confirms that name what will run (store/confirm-run.ts), through the app against the
// simulator: `p ⏎` on the newest manual deploy of acme/api's jobs (`s manual`) names its pipeline,
// ref, short sha, commit title and age, and — a newer pipeline on main exists — says this deploys an
// older commit. A `y` typed before that warning showed is dropped: nothing is played until the user
// answers the question they can now read.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { listOf } from '../../src/store/store.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';

let app: AppRig;
let projectId: number;
beforeEach(async () => {
  app = await startApp({ rows: 40, columns: 160 });
  projectId = app.sim.world.projectsByPath.get('acme/api')!.id;
  await app.type(':project acme/api\r');
  await app.waitFor('1 Pipelines');
  await app.press('2');
  await app.until(() => listOf(app.store.getState(), listKeys.projectJobs(projectId)).loadedAt !== null, 'the jobs tab');
  await app.press('s');
  await app.type('manual\r');
  await app.until(() => {
    const items = listOf<Job>(app.store.getState(), listKeys.projectJobs(projectId)).items;
    return items.length > 0 && items.every((j) => j.status === 'manual');
  }, 'the manual jobs');
});
afterEach(() => app.close());

const plays = () => app.sim.requests.filter((r) => r.method === 'POST' && /\/play$/.test(r.path.split('?')[0]!));
const confirm = () => app.store.getState().confirm;

it('names the pipeline, ref, sha, commit and age, and warns that a newer pipeline on main exists', async () => {
  const job = listOf<Job>(app.store.getState(), listKeys.projectJobs(projectId)).items[0]!;
  const [newest] = await app.controller.ctx.gl.pipelines.list(projectId, { ref: 'main', perPage: 1 }).all();
  expect(newest!.id).toBeGreaterThan(job.pipeline!.id);
  await app.press('p');
  await app.waitFor(`Play ${job.name}`);
  await app.press('\r');
  await app.until(() => confirm() !== null && !confirm()!.checking, 'the checked question');
  expect(confirm()!.about).toMatch(
    new RegExp(
      `^pipeline #${job.pipeline!.id} · main · ${job.commit.short_id} “${job.commit.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*” · created \\S+ ago$`,
    ),
  );
  expect(confirm()!.warning).toBe(`⚠ #${newest!.id} on main is newer (${newest!.status}): this deploys an older commit`);
  const frame = app.frame();
  expect(frame).toContain(`Play ${job.name} → production? [y/N]`);
  expect(frame).toContain(`⚠ #${newest!.id} on main is newer`);
  expect(frame).toContain(`pipeline #${job.pipeline!.id} · main · ${job.commit.short_id}`);
  // The user reads it and answers: played.
  await app.press('y');
  await app.until(() => plays().length === 1, 'the play');
});

it('drops a `y` typed before the warning showed (`p ⏎ y` in one write): nothing is played', async () => {
  await app.type('p\ry');
  await app.until(() => confirm() !== null && !confirm()!.checking, 'the checked question');
  expect(confirm()!.warning).toMatch(/is newer .*: this deploys an older commit/);
  expect(plays()).toHaveLength(0);
  await app.press('n');
  await app.waitFor('Nothing was changed');
  expect(plays()).toHaveLength(0);
});

it('r on a deploy job asks, naming what will run again', async () => {
  // The deploy jobs that ran (not manual): `s success`, then the `/` filter to the deploy rows.
  await app.press('s');
  await app.press('\x15');
  await app.type('success\r');
  const key = listKeys.projectJobs(projectId);
  await app.until(() => {
    const items = listOf<Job>(app.store.getState(), key).items;
    return items.length > 0 && items.every((j) => j.status === 'success');
  }, 'the successful jobs');
  await app.type('/deploy:\r');
  const job = app.controller.rowsOf<Job>(key)[0]!;
  expect(job.name).toMatch(/^deploy:/);
  await app.press('r');
  await app.until(() => confirm() !== null && !confirm()!.checking, 'the checked question');
  expect(confirm()!.message).toMatch(new RegExp(`^Retry ${job.name} → \\S+\\?$`));
  expect(confirm()!.about).toContain(`pipeline #${job.pipeline!.id} · ${job.pipeline!.ref} · ${job.commit.short_id}`);
  expect(confirm()!.yes).toMatchObject({ command: 'job.confirmed', args: { verb: 'retry', job: { id: job.id } } });
  await app.press('n');
  await app.waitFor('Nothing was changed');
  expect(app.sim.requests.filter((r) => r.method === 'POST' && r.path.includes(`/jobs/${job.id}/retry`))).toHaveLength(0);
});

it('on the smallest terminal (40×10) the question and its warning still show, within the screen', async () => {
  await app.press('p');
  await app.press('\r');
  await app.until(() => confirm() !== null && !confirm()!.checking, 'the checked question');
  app.resize(40, 10);
  await app.until(() => app.frame().split('\n').length <= 10 && app.frame().includes('⚠ #'), 'the small frame with the warning');
  const lines = app.frame().split('\n');
  expect(lines.some((l) => l.includes('[y/N]'))).toBe(true);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(40);
});
