// Labels that say what GitLab says: a deployment's status in GitLab's word (`success`, as
// its deployments page), and a trigger job that will never make a pipeline does not say "yet".
import { afterEach, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

it('deployments show GitLab’s status words: success, never passed', async () => {
  app = await startApp({ columns: 100 });
  await app.waitFor('acme/api');
  const project = [...app.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!;
  app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: project.id, path: 'acme/api', tab: 'deployments' } as Pane] }));
  const frame = await app.waitFor(/[1-9]\d*\+? deployments · ⏎ details/);
  const rows = frame.split('\n').filter((l) => /\s#\d+\s+(staging|production)\s/.test(l));
  expect(rows.some((r) => r.startsWith('✔ success'))).toBe(true);
  expect(rows.some((r) => r.includes('passed'))).toBe(false);
  // The detail pane says the same word.
  const index = rows.findIndex((r) => r.startsWith('✔ success'));
  await app.press(...Array(index).fill('j'), '\r');
  await app.waitFor(/Status\s+✔ success/);
});

it('a skipped trigger job says it made no pipeline, not "no pipeline yet"', async () => {
  app = await startApp({ columns: 100 });
  await app.waitFor('acme/api');
  const bridge = [...app.sim.world.jobs.values()].find((j) => j.trigger && j.status === 'skipped' && !j.downstreamPipelineId)!;
  const project = app.sim.world.projects.get(bridge.projectId)!;
  const path = `${project.namespace}/${project.path}`;
  app.store.setState((s) => ({
    stack: [...s.stack, { kind: 'pipeline', projectId: project.id, path, pipelineId: bridge.pipelineId, view: 'list' } as Pane],
  }));
  await app.waitFor(`⇲ ${bridge.name} (not run)`);
  expect(app.frame()).not.toContain('no pipeline yet');
  // With the cursor on it, the line under the jobs says why.
  const rows = app.controller.rowsOf<{ id: number }>({ kind: 'pipelineJobs', projectId: project.id, pipelineId: bridge.pipelineId });
  const index = rows.findIndex((r) => r.id === bridge.id);
  app.store.setState((s) => {
    const key = `pipelineJobs:${project.id}:${bridge.pipelineId}`;
    return { lists: { ...s.lists, [key]: { ...s.lists[key]!, selected: index } } };
  });
  await app.waitFor(`⇲ ${bridge.name}: skipped: it never ran, so no pipeline`);
});

it('the pulse says loading… until the first answers are in, never 0 red · 0 running', async () => {
  // The world is built on the first request (~0.5 s): the first frames are drawn while it loads.
  app = await startApp({ renderFirst: true, sim: { deferWorld: true }, first: { kind: 'pulse' }, columns: 100 });
  const frames: string[] = [];
  const rig = app;
  await rig.until(() => {
    frames.push(rig.frame());
    return /\d+ projects · [1-9]\d* red · \d+ running/.test(rig.frame());
  }, 'the pulse counts');
  expect(frames.some((f) => /^loading…|projects · loading…/m.test(f))).toBe(true);
  for (const frame of frames) expect(frame).not.toMatch(/\b0 projects · 0 red/);
});
