// Start-up reads the project list once, even when keys arrive before the first poll (the app
// renders while it still asks GitLab who the user is, as src/tui.tsx does).
import { afterEach, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { START } from '../helpers/sim.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | undefined;
let sim: Simulator | undefined;
afterEach(async () => {
  await app?.close();
  await sim?.close();
  app = sim = undefined;
});

const isProjectsPage1 = (path: string) => path.startsWith('/projects?') && new URLSearchParams(path.split('?')[1]).get('page') === '1';

/**
 * Page-1 reads of the project list before the poller moved on: opening a project makes the poller
 * read its pipelines, which waits for the poll in progress, so every read start-up made is logged
 * before that request.
 */
async function projectListReadsAtStart(rig: AppRig): Promise<number> {
  await rig.started;
  await rig.until(() => rig.store.getState().lists.projects?.loadedAt != null, 'the project list');
  const project = [...rig.sim.world.projects.values()].find((p) => p.path === 'api')!;
  rig.push({ kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' });
  const barrier = () => rig.sim.requests.findIndex((r) => r.path.startsWith(`/projects/${project.id}/pipelines?`));
  await rig.until(() => barrier() >= 0, "the project's pipelines to be asked for");
  return rig.sim.requests.slice(0, barrier()).filter((r) => r.method === 'GET' && isProjectsPage1(r.path)).length;
}

for (const keys of [[], ['j'], ['j', 'G']]) {
  it(`asks for the project list's page 1 once${keys.length ? ` with ${keys.join(', ')} pressed before the first poll` : ''}`, async () => {
    sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
    // Who-am-I answers late, so the keys land before the poller starts.
    sim.faults.add({ kind: 'delay', method: 'GET', path: '/user', delayMs: 300 });
    app = await startApp({ simulator: sim, renderFirst: true });
    await app.press(...keys);
    expect(await projectListReadsAtStart(app)).toBe(1);
  });
}
