// The project of a pipeline or job is always in the header at 80 columns, whichever way it was
// reached: the pulse's `f` (no project pane in the trail), `:failures`, `:compare`, `:mr N`, a
// downstream pipeline of another project, and the job pane from each. A long group path is cut in
// the middle (`acme/…/terraform`), keeping the project's own name.
import { afterEach, expect, it } from 'vitest';
import { pulseRows } from '../../src/features/pulse/index.js';
import type { Job } from '../../src/api/index.js';
import { listKeyOf } from '../../src/store/sources.js';
import { listOf, topPane } from '../../src/store/store.js';
import { pathShortenings } from '../../src/ui/Header.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
afterEach(() => app.close());

const header = () => app.frame().split('\n')[0]!;
const pane = () => topPane(app.store.getState());

/** The header names `path`, whole or shortened in the middle (never without the project's name). */
async function namesProject(path: string, what: string): Promise<void> {
  const forms = pathShortenings(path);
  await app.until(() => forms.some((form) => header().includes(`${form} › `) || header().includes(` ${form} `)), `${path} in the header of ${what}`);
  expect(header().length).toBeLessThanOrEqual(80);
}

/** On the pulse, the cursor on `path`'s row, then `f`: its newest failed pipeline. */
async function pulseFailure(path: string): Promise<void> {
  const rows = () => pulseRows(app.store.getState());
  // Rows move as they load (attention order): the cursor is moved once they all are in.
  await app.until(() => rows().length > 0 && rows().every((r) => r.loaded), 'every pulse row read');
  const id = rows().find((r) => r.path === path)!.projectId;
  for (let i = 0; i < rows().length && app.store.getState().pulse.selectedId !== id; i++) await app.press('j');
  expect(app.store.getState().pulse.selectedId).toBe(id);
  await app.press('f');
  await app.until(() => pane().kind === 'pipeline', 'the failed pipeline');
}

it("after the pulse's f, the pipeline, its failures, its comparison and a job name the nested project", async () => {
  app = await startApp({ first: { kind: 'pulse' }, columns: 80, rows: 24 });
  const path = 'acme/platform/infra/terraform';
  await pulseFailure(path);
  await namesProject(path, 'the pipeline');
  // The trail keeps the project and the pipeline at 80 columns: `… › acme/…/terraform › #N`.
  const id = (pane() as { pipelineId: number }).pipelineId;
  expect(header()).toContain(`/terraform › #${id}`);

  await app.press('X');
  await app.until(() => pane().kind === 'failures', 'the failures');
  await namesProject(path, 'the failures');
  await app.waitFor(/\d+ logs? read/);
  await app.press(KEY.enter);
  await app.until(() => pane().kind === 'job', 'a failed job from the failures');
  await namesProject(path, 'a job from the failures');
  await app.press(KEY.escape);
  await app.until(() => pane().kind === 'failures', 'back on the failures');
  await app.press(KEY.escape);
  await app.until(() => pane().kind === 'pipeline', 'back on the pipeline');

  await app.press('C');
  await app.until(() => pane().kind === 'compare', 'the comparison');
  await namesProject(path, 'the comparison');
  await app.press(KEY.escape);

  await app.until(() => pane().kind === 'pipeline', 'back on the pipeline');
  await app.waitFor(/\d+ jobs/);
  await app.press(KEY.enter);
  await app.until(() => pane().kind === 'job', 'a job of the pipeline');
  await namesProject(path, 'the job pane');
  // Its name too: the place the user is in.
  const job = app.store.getState().jobs[(pane() as { jobId: number }).jobId]!;
  expect(header()).toContain(job.name.slice(0, 6));
});

it(':mr N from the pulse, its pipeline and a job name the project', async () => {
  app = await startApp({ first: { kind: 'pulse' }, columns: 80, rows: 24 });
  await app.palette('project acme/mobile', { closes: true });
  await app.palette('mr 12', { closes: true });
  await app.until(() => pane().kind === 'mergeRequest', 'the merge request');
  await namesProject('acme/mobile', 'the merge request');
  await app.waitFor('#700013');
  await app.press(KEY.enter);
  await app.until(() => pane().kind === 'pipeline', 'its pipeline');
  await namesProject('acme/mobile', 'the merge request pipeline');
  await app.waitFor(/\d+ jobs/);
  await app.press(KEY.enter);
  await app.until(() => pane().kind === 'job', 'a job');
  await namesProject('acme/mobile', 'its job');
});

it('a job of the Jobs tab, and a downstream pipeline of another project, name theirs', async () => {
  app = await startApp({ columns: 80, rows: 24 });
  await app.palette('project acme/platform/deployer', { closes: true });
  await app.waitFor(/#\d+\s+main/);
  await app.press('2');
  await app.waitFor(/\d+ jobs/);
  await app.press(KEY.enter);
  await app.until(() => pane().kind === 'job', 'a job from the Jobs tab');
  await namesProject('acme/platform/deployer', 'a job from the Jobs tab');
  await app.press(KEY.escape);
  // Pipeline #700019 of the deployer triggered acme/mobile's #700022 (src/sim's deployer world).
  await app.palette('pipeline 700019', { closes: true });
  await app.until(() => pane().kind === 'pipeline' && app.store.getState().bridges[700019] !== undefined, 'the deployer pipeline');
  await app.waitFor('⇲ mobile:relea');
  const key = listKeyOf(pane())!;
  const at = app.controller.rowsOf<Job>(key).findIndex((j) => j.name === 'mobile:release');
  await app.press('j'.repeat(at - listOf(app.store.getState(), key).selected));
  await app.waitFor('⏎ opens acme/mobile #700022');
  await app.press(KEY.enter);
  await app.until(() => pane().kind === 'pipeline' && (pane() as { path: string }).path === 'acme/mobile', 'the downstream pipeline');
  await namesProject('acme/mobile', 'the downstream pipeline');
  // The trail: `… › acme/platform/deployer › #700019 › acme/mobile › #700022`, cut from the left.
  expect(header()).toMatch(/acme\/mobile › #700022/);
});
