// What a newcomer reads must be true: the footer ranks the key that matters in a pane
// first, labels say what the key does there, `r` is the object under the cursor, and `?` names
// places in words and wraps its entries at word boundaries.
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import type { SimJob, SimPipeline } from '../../src/sim/model.js';
import type { Pane } from '../../src/store/types.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const footer = (rig: AppRig) => rig.frame().split('\n').at(-1) ?? '';

async function apiProject(rig: AppRig): Promise<number> {
  await rig.waitFor('acme/api');
  return [...rig.sim.world.projects.values()].find((p) => p.path === 'api')!.id;
}

function failedPipeline(rig: AppRig, projectId: number): { pipeline: SimPipeline; job: SimJob } {
  for (const p of rig.sim.world.pipelines.values()) {
    if (p.projectId !== projectId || p.status !== 'failed' || p.yamlErrors) continue;
    const job = p.jobIds.map((id) => rig.sim.world.jobs.get(id)!).find((j) => j.status === 'failed' && !j.retried && !j.trigger);
    if (job) return { pipeline: p, job };
  }
  throw new Error('no failed pipeline in the seed');
}

describe('footer hints rank the key that matters in the pane', () => {
  it('a failed job’s log at 80 columns starts with F failure, r retry job, / search', async () => {
    app = await startApp({ columns: 80 });
    const projectId = await apiProject(app);
    const { job } = failedPipeline(app, projectId);
    const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, job.id)) as Job;
    app.store.setState((s) => ({
      jobs: { ...s.jobs, [apiJob.id]: apiJob },
      stack: [...s.stack, { kind: 'job', projectId, path: 'acme/api', jobId: job.id } as Pane],
    }));
    await app.waitFor(new RegExp(`#${job.id} ${job.name}`));
    expect(footer(app)).toMatch(/^F failure {2}r retry job {2}\/ search {2}/);
    expect(footer(app)).toContain('? help');
  });

  it('a running job’s log starts with f follow', async () => {
    app = await startApp({ columns: 80 });
    const projectId = await apiProject(app);
    const running = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.status === 'running' && !j.trigger)!;
    const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, running.id)) as Job;
    app.store.setState((s) => ({
      jobs: { ...s.jobs, [apiJob.id]: apiJob },
      stack: [...s.stack, { kind: 'job', projectId, path: 'acme/api', jobId: running.id } as Pane],
    }));
    await app.waitFor(new RegExp(`#${running.id} ${running.name}`));
    expect(footer(app)).toMatch(/^f follow {2}\/ search {2}c cancel/);
  });
});

describe('labels say what the key does here', () => {
  it('the first pane says q quit and no esc back; a pane above it says q back and esc back', async () => {
    app = await startApp({ columns: 200, first: { kind: 'pulse' } });
    await app.waitFor('acme/api');
    expect(footer(app)).toContain('q quit');
    expect(footer(app)).not.toContain('esc back');
    await app.press(':');
    await app.type('events');
    await app.press('\r');
    await app.waitFor('pulse › ');
    await app.until(() => footer(app!).includes('f filters'), 'the events pane’s footer');
    expect(footer(app)).toContain('q back');
    expect(footer(app)).toContain('esc back');
    expect(footer(app)).not.toContain('q quit');
  });

  it('help names other panes in words, never the keymap’s scope ids', async () => {
    app = await startApp({ columns: 100, rows: 30, first: { kind: 'pulse' } });
    await app.waitFor('acme/api');
    await app.press('?');
    await app.waitFor('Here: the pulse');
    const seen: string[] = [];
    for (let page = 0; page < 20; page++) {
      seen.push(app.frame());
      if (!/↓ more|↑↓ more/.test(app.frame())) break;
      await app.press('\u001B[6~'); // PgDn
    }
    const all = seen.join('\n');
    expect(all).toContain('(in the run form)');
    expect(all).toContain('(in the schedule form)');
    expect(all).not.toMatch(/\((runForm|scheduleForm|tests|pipeline|list|mergeRequest)[,)]/);
  });

  it('help wraps long entries at word boundaries instead of cutting them mid-word (80×24)', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    const projectId = await apiProject(app);
    app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    await app.waitFor('f filters');
    await app.press('?');
    await app.waitFor('Here: pipelines list');
    const frame = app.frame();
    // "Filter the list (type to narrow, enter to keep, esc to clear)" was cut "esc to cl…".
    expect(frame).not.toMatch(/\p{L}…/u);
    expect(frame).toMatch(/esc to\s+│\n│\s+clear\)/);
  });
});

describe('r is the object under the cursor', () => {
  it('the pipelines list says r retry pipeline; inside a pipeline r retry job and ^r retry pipeline', async () => {
    app = await startApp({ columns: 80 });
    const projectId = await apiProject(app);
    app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    await app.waitFor('f filters');
    expect(footer(app)).toContain('r retry pipeline');
    const { pipeline } = failedPipeline(app, projectId);
    app.store.setState((s) => ({
      stack: [...s.stack, { kind: 'pipeline', projectId, path: 'acme/api', pipelineId: pipeline.id, view: 'list' } as Pane],
    }));
    await app.waitFor(/\d+ jobs ·/);
    expect(footer(app)).toMatch(/r retry job .*\^r retry pipeline/);
  });

  it('r in the pipelines list says it retries the pipeline’s failed and canceled jobs', async () => {
    app = await startApp({ columns: 100 });
    const projectId = await apiProject(app);
    app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    await app.waitFor(/✖ failed +#\d+/);
    const rows = app.controller.rowsOf<{ id: number; status: string }>({ kind: 'pipelines', projectId });
    const index = rows.findIndex((p) => p.status === 'failed');
    const pipeline = rows[index]!;
    app.store.setState((s) => ({ lists: { ...s.lists, [`pipelines:${projectId}`]: { ...s.lists[`pipelines:${projectId}`]!, selected: index } } }));
    await app.press('r');
    // A pipeline retry asks first, naming what will run; its answer says what was retried.
    const rig = app;
    await rig.until(() => rig.store.getState().confirm !== null && !rig.store.getState().confirm!.checking, 'the retry question');
    expect(app.store.getState().confirm!.message).toContain(`#${pipeline.id}`);
    await app.press('y');
    await app.waitFor(new RegExp(`Retried pipeline #${pipeline.id} \\(.*\\): now \\w+ \\(its failed and canceled jobs run again\\)`));
  });
});
