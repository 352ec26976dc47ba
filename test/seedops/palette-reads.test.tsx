// Opening by the palette reads what it opens once (`:key`, `:job`: the poll that follows the
// navigation does not read it again; R does); an expired SSH key says so; `:pipeline` from the
// SSH key pane works on the project pipetop was started on (`--project`).
import { afterEach, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { topPane } from '../../src/store/store.js';
import { requestsSettled, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const gets = (rig: AppRig, path: string) => rig.sim.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0] === path).length;

it('an expired SSH key is marked expired', async () => {
  app = await startApp({ token: DEMO_TOKENS.admin, columns: 140 });
  const rig = app;
  await rig.waitFor('secret/payroll');
  const key = rig.sim.world.keys.get(1)!;
  (key as { expiresAt: number | null }).expiresAt = rig.sim.clock.now() - 86_400_000;
  await rig.palette('key 1');
  await rig.waitFor(/Expires\s+EXPIRED \d{4}-\d\d-\d\d[^\n]*GitLab no longer accepts it/);
});

it(':key reads the key once (R reads it again)', async () => {
  app = await startApp({ token: DEMO_TOKENS.admin, columns: 140 });
  const rig = app;
  await rig.waitFor('secret/payroll');
  await rig.palette('key 1');
  await rig.waitFor('Fingerprint');
  await requestsSettled(rig);
  expect(gets(rig, '/keys/1')).toBe(1);
  await rig.press('R');
  await rig.until(() => gets(rig, '/keys/1') >= 2, 'R reading the key');
  await requestsSettled(rig);
  expect(gets(rig, '/keys/1')).toBe(2);
});

it(':job reads the job once (R reads it again)', async () => {
  app = await startApp({ columns: 140 });
  const rig = app;
  await rig.waitFor('acme/api');
  const project = simProject(rig.sim, 'acme/api');
  const job = [...rig.sim.world.jobs.values()].find((j) => j.projectId === project.id && !j.trigger && !j.retried && j.status === 'success')!;
  await rig.palette('project acme/api');
  await rig.waitFor('1 Pipelines');
  await rig.palette(`job ${job.id}`);
  await rig.until(() => (rig.store.getState().logViews[job.id]?.lines ?? 0) > 0, 'the job with its log');
  const path = `/projects/${project.id}/jobs/${job.id}`;
  await requestsSettled(rig);
  expect(gets(rig, path)).toBe(1);
  await rig.press('R');
  await rig.until(() => gets(rig, path) >= 2, 'R reading the job');
  await requestsSettled(rig);
  expect(gets(rig, path)).toBe(2);
});

it(":pipeline from the SSH key pane opens the --project project's pipeline", async () => {
  app = await startApp({ token: DEMO_TOKENS.admin, project: 'acme/api', columns: 140 });
  const rig = app;
  const project = simProject(rig.sim, 'acme/api');
  await rig.until(() => topPane(rig.store.getState()).kind === 'project', 'the --project project');
  await rig.palette('key 1');
  await rig.waitFor('Fingerprint');
  const pipelineId = rig.sim.world.projectPipelines.get(project.id)![0]!;
  await rig.palette(`pipeline ${pipelineId}`);
  await rig.until(() => {
    const pane = topPane(rig.store.getState());
    return pane.kind === 'pipeline' && pane.pipelineId === pipelineId && pane.projectId === project.id;
  }, 'the pipeline pane');
  expect(rig.frame()).not.toContain('Open a project first');
});
