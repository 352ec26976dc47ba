// A schedule's `inputs` (GitLab 17.11+: Entities::Ci::PipelineSchedule exposes name/value pairs)
// show on its pane, each value as CI configuration types it.
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('the schedule pane lists its inputs with their values', async () => {
  app = await startApp({ columns: 160, rows: 40 });
  const rig = app;
  const project = simProject(rig.sim, 'acme/api');
  const schedule = [...rig.sim.world.schedules.values()].find((s) => s.projectId === project.id)!;
  // As GitLab answers for a schedule created with inputs.
  schedule.inputs = [
    { name: 'environment', value: 'staging' },
    { name: 'replicas', value: 3 },
    { name: 'regions', value: ['eu-west-1', 'us-east-1'] },
  ];
  rig.open({ kind: 'schedule', projectId: project.id, path: 'acme/api', scheduleId: schedule.id });
  const frame = await rig.waitFor(/Inputs\s+environment=staging, replicas=3, regions=\["eu-west-1","us-east-1"\]/);
  expect(frame).toContain(`Schedule #${schedule.id}`);
});
