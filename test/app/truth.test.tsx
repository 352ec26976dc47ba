// The screen tells the truth at once: after an action the pane is re-read within one
// round trip (not at the finished-pipeline interval), no-op actions say what really happened, and
// GitLab's bare 404/403 answers are said as what they mean.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import type { SimJob, SimPipeline } from '../../src/sim/model.js';
import type { Pane } from '../../src/store/types.js';
import { osc52Notice } from '../../src/platform/osc52.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
let projectId: number;
const used = new Set<number>();

// Each test its own app and world: what one retries or erases, no other sees.
beforeEach(async () => {
  used.clear();
  // Idle polls never come during a test (600 s): only an action's own re-read can update the screen.
  app = await startApp({ timing: { activeMs: 50, idleMs: 600_000, maxBackoffMs: 600_000 } });
  await app.waitFor('acme/api');
  projectId = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!.id;
});
afterEach(() => app.close());

/** `y` to a pipeline retry's question, once it has checked for newer pipelines (store/confirm-run.ts). */
async function answerYes(): Promise<void> {
  await app.until(() => app.store.getState().confirm !== null && !app.store.getState().confirm!.checking, 'the checked question');
  await app.press('y');
}

const posts = (suffix: string) => app.sim.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0]!.endsWith(suffix));
const simJobs = (p: SimPipeline) => p.jobIds.map((id) => app.sim.world.jobs.get(id)!);

/** A finished pipeline of acme/api matching `test`, not picked before in this test. */
function pipelineWhere(test: (p: SimPipeline, jobs: SimJob[]) => boolean): SimPipeline {
  const found = [...app.sim.world.pipelines.values()].find((p) => p.projectId === projectId && !used.has(p.id) && test(p, simJobs(p)));
  if (!found) throw new Error('no such pipeline in the seed');
  used.add(found.id);
  return found;
}

async function openPipeline(p: SimPipeline): Promise<void> {
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId, path: 'acme/api', pipelineId: p.id, view: 'list' } as Pane] }));
  await app.waitFor(new RegExp(`#${p.id} on `));
  await app.waitFor(/\d+ jobs ·/);
}

async function openJob(job: SimJob): Promise<void> {
  const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, job.id)) as Job;
  app.store.setState((s) => ({
    jobs: { ...s.jobs, [apiJob.id]: apiJob },
    stack: [...s.stack.slice(0, 1), { kind: 'job', projectId, path: 'acme/api', jobId: job.id } as Pane],
  }));
  await app.waitFor(new RegExp(`#${job.id} ${job.name}`));
}

describe('after an action, the screen is true within one round trip', () => {
  it('r on a failed pipeline shows the new attempts running in its job list at once, not at the idle interval', async () => {
    const p = pipelineWhere((p, jobs) => p.status === 'failed' && !p.yamlErrors && jobs.some((j) => j.status === 'failed' && !j.retried && !j.trigger));
    await openPipeline(p);
    await app.waitFor(/failed/);
    await app.press(KEY.ctrlR);
    await answerYes();
    await app.waitFor(new RegExp(`Retried pipeline #${p.id}`));
    const fresh = simJobs(p).filter((j) => !j.retried && !j.trigger && (j.status === 'pending' || j.status === 'running'));
    expect(fresh.length).toBeGreaterThan(0);
    // The new attempts (new ids) are in the list without any idle poll or R.
    for (const j of fresh) await app.waitFor(`#${j.id}`);
  });

  it('r on a failed job in a pipeline brings the pipeline header to running at once', async () => {
    const p = pipelineWhere(
      (p, jobs) => p.status === 'failed' && !p.yamlErrors && jobs.some((j) => j.status === 'failed' && !j.retried && !j.trigger && !j.allowFailure),
    );
    await openPipeline(p);
    const failed = simJobs(p).find((j) => j.status === 'failed' && !j.retried && !j.trigger && !j.allowFailure)!;
    await app.waitFor(`#${failed.id}`);
    const shown = app.controller.rowsOf<Job>({ kind: 'pipelineJobs', projectId, pipelineId: p.id });
    const index = shown.findIndex((j) => j.id === failed.id);
    expect(index).toBeGreaterThanOrEqual(0);
    app.store.setState((s) => ({
      lists: { ...s.lists, [`pipelineJobs:${projectId}:${p.id}`]: { ...s.lists[`pipelineJobs:${projectId}:${p.id}`]!, selected: index } },
    }));
    await app.press('r');
    await app.waitFor(/Retried .*: new job #\d+/);
    expect(['running', 'pending']).toContain(app.sim.world.pipelines.get(p.id)!.status);
    // The header's status badge follows the pipeline GitLab now reports.
    await app.until(() => ['running', 'pending'].includes(app.store.getState().pipelines[p.id]!.status), 'the pipeline re-read as running');
    await app.waitFor(new RegExp(`(running|pending)\\s+#${p.id} on`));
  });
});

describe("retried jobs keep GitLab's stage order", () => {
  it('r on a failed job: the new attempt takes its place in its stage, marked ↻2, also after a re-read', async () => {
    const stageOf = (j: SimJob) => j.stageIndex;
    const p = pipelineWhere(
      (p, jobs) =>
        p.status === 'failed' &&
        !p.yamlErrors &&
        jobs.some((j) => j.status === 'failed' && !j.retried && !j.trigger && !j.allowFailure && jobs.some((k) => !k.trigger && stageOf(k) > stageOf(j))),
    );
    const jobs = simJobs(p).filter((j) => !j.trigger);
    const failed = jobs.find((j) => j.status === 'failed' && !j.retried && !j.allowFailure && jobs.some((k) => stageOf(k) > stageOf(j)))!;
    const later = jobs.filter((k) => stageOf(k) > stageOf(failed) && !k.retried);
    await openPipeline(p);
    await app.waitFor(`#${failed.id}`);
    const index = app.controller.rowsOf<Job>({ kind: 'pipelineJobs', projectId, pipelineId: p.id }).findIndex((j) => j.id === failed.id);
    app.store.setState((s) => ({
      lists: { ...s.lists, [`pipelineJobs:${projectId}:${p.id}`]: { ...s.lists[`pipelineJobs:${projectId}:${p.id}`]!, selected: index } },
    }));
    await app.press('r');
    const toast = await app.waitFor(/Retried .*: new job #\d+/);
    const fresh = Number(/new job #(\d+)/.exec(toast)![1]);
    const order = () => {
      const rows = app.frame().split('\n');
      const rowOf = (id: number) => rows.findIndex((r) => r.includes(`#${id} `));
      return { fresh: rowOf(fresh), later: later.map((k) => rowOf(k.id)).filter((i) => i >= 0), text: rows[rowOf(fresh)] ?? '' };
    };
    await app.waitFor(new RegExp(`#${fresh}\\s+${failed.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ↻2`));
    expect(order().later.length).toBeGreaterThan(0);
    expect(Math.max(...order().later.map((i) => i - order().fresh))).toBeGreaterThan(0);
    expect(order().later.every((i) => i > order().fresh)).toBe(true);
    // The old attempt has no row of its own (the toast above the footer names it: "Retried job #…").
    expect(app.frame().split('\n').slice(0, -3).join('\n')).not.toContain(`#${failed.id} `);
    // Read again from GitLab (include_retried): still in place, still ↻2.
    await app.press('R');
    await app.until(
      () => app.sim.requests.some((r) => r.path.includes(`/pipelines/${p.id}/jobs?`) && r.path.includes('include_retried=true')),
      'the jobs read with every attempt',
    );
    await app.controller.refresh();
    expect(order().text).toContain('↻2');
    expect(order().later.every((i) => i > order().fresh)).toBe(true);
  });
});

describe('no-op actions say what really happened', () => {
  it('c on a passed job says it already finished and asks nothing, sends nothing', async () => {
    const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.status === 'success' && !j.retried && !j.trigger)!;
    await openJob(job);
    await app.press('c');
    await app.waitFor(`Job #${job.id} ${job.name} already finished (success): nothing to cancel`);
    expect(app.store.getState().confirm).toBeNull();
    expect(posts(`/jobs/${job.id}/cancel`)).toHaveLength(0);
  });

  it('^x on a finished pipeline does not ask to cancel it', async () => {
    const p = pipelineWhere((p) => p.status === 'success');
    await openPipeline(p);
    await app.press(KEY.ctrlX);
    await app.waitFor(`Pipeline #${p.id} (${p.ref}) already finished (success): nothing to cancel`);
    expect(app.store.getState().confirm).toBeNull();
    expect(posts(`/pipelines/${p.id}/cancel`)).toHaveLength(0);
  });

  it('^r on a passed pipeline with nothing failed says there is nothing to retry', async () => {
    const p = pipelineWhere(
      (p, jobs) => p.status === 'success' && jobs.every((j) => j.status === 'success' || j.status === 'skipped' || j.status === 'manual'),
    );
    await openPipeline(p);
    await app.press(KEY.ctrlR);
    await answerYes();
    await app.waitFor(`Nothing to retry in pipeline #${p.id} (${p.ref}): no failed or canceled jobs (still success)`);
    expect(app.frame()).not.toMatch(/Retried pipeline/);
  });
});

describe("GitLab's 404s and 403s, said as what they mean", () => {
  it('K on a job without artifacts says it has none, without a raw 404', async () => {
    const job = [...app.sim.world.jobs.values()].find(
      (j) => j.projectId === projectId && j.status === 'success' && !j.artifacts && !j.trigger && j.erasedAt === null,
    )!;
    await openJob(job);
    await app.press('K');
    await app.waitFor(`Job #${job.id} ${job.name} has no artifacts to keep`);
    expect(app.frame()).not.toContain('404');
  });

  it('K on a job whose artifacts went since it was read says so, not 404 Not found', async () => {
    const job = [...app.sim.world.jobs.values()].find(
      (j) => j.projectId === projectId && j.status === 'success' && j.artifacts && !j.trigger && j.erasedAt === null && !j.retried,
    )!;
    await openJob(job);
    app.sim.world.jobs.get(job.id)!.artifacts = null;
    await app.press('K');
    await app.waitFor(`Job #${job.id} ${job.name} has no artifacts to keep (expired or erased)`);
    expect(app.frame()).not.toContain('404');
  });

  it('the log of an erased job says it was erased, not 404 Not found', async () => {
    const erased = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.status === 'failed' && !j.trigger && j.erasedAt === null)!;
    await app.controller.ctx.gl.jobs.erase(projectId, erased.id);
    await openJob(erased);
    await app.waitFor('This job was erased');
    expect(app.frame()).not.toContain('404');
  });
});

describe("times are counted on the server's clock", () => {
  it('with the server 3 minutes ahead, a pipeline created now reads "just now", not "in 3m"', async () => {
    // A frozen world 3 minutes ahead of this machine: its Date headers say so.
    const ahead = await startApp({ sim: { startTime: Date.now() + 3 * 60_000 }, serverClock: true });
    try {
      const id = [...ahead.sim.world.projects.values()].find((p) => p.path === 'api')!.id;
      const created = await ahead.controller.ctx.gl.pipelines.create(id, 'main');
      ahead.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: id, path: 'acme/api', tab: 'pipelines' } as Pane] }));
      const frame = await ahead.waitFor(`#${created.id}`);
      const row = frame.split('\n').find((l) => l.includes(`#${created.id}`))!;
      expect(row).toContain('just now');
      expect(frame).not.toMatch(/in [23]m/);
    } finally {
      await ahead.close();
    }
  });
});

describe('y says what it did', () => {
  it('says the link was sent to the terminal, and under tmux which setting lets it through', async () => {
    const p = pipelineWhere((p) => p.status === 'success');
    await openPipeline(p);
    await app.press('y');
    await app.waitFor(new RegExp(`Link http\\S+/pipelines/${p.id} sent to the terminal`));
    expect(app.frame()).not.toContain('Copied');
    app.controller.ctx.platform.copyNotice = osc52Notice({ TMUX: '/tmp/tmux-1000/default,1,0' });
    try {
      await app.press('y');
      // (The toast wraps onto the footer's second row at 100 columns.)
      await app.until(
        () => /^Link http\S+ sent to the terminal \(tmux: needs set-clipboard on\)$/.test(app.store.getState().toast?.message ?? ''),
        'the tmux hint',
      );
      await app.waitFor('set-clipboard on)');
    } finally {
      delete app.controller.ctx.platform.copyNotice;
    }
  });
});

describe('relative dates in the activity filter', () => {
  it('f after=7d before=today asks GitLab for the days those name, on the clock of the app', async () => {
    const id = projectId;
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId: id, path: 'acme/api', tab: 'events' } as Pane] }));
    await app.waitFor(/events · f filters/);
    await app.press('f');
    await app.waitFor('Filter activity:');
    await app.press('\u0015');
    await app.type('after=7d before=today');
    await app.press(KEY.enter);
    // The rig's clock is the simulator's: 2026-11-20 12:00 UTC.
    const day = (offset: number) => new Date(app.sim.clock.now() + offset * 86_400_000).toLocaleDateString('sv-SE');
    await app.waitFor(`filters: before=${day(0)} after=${day(-7)}`);
    await app.until(
      () =>
        app.sim.requests.some(
          (r) => r.path.startsWith(`/projects/${id}/events?`) && r.path.includes(`after=${day(-7)}`) && r.path.includes(`before=${day(0)}`),
        ),
      'the events asked with those dates',
    );
  });
});

describe('the status filter takes the words on screen', () => {
  it('s passed shows the passed jobs (GitLab\'s "success")', async () => {
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'jobs' } as Pane] }));
    await app.waitFor(/jobs · s status filter/);
    await app.press('s');
    await app.waitFor('Show jobs with status:');
    expect(app.frame()).toContain('failed passed canceled');
    await app.press('\u0015');
    await app.type('passed');
    await app.press(KEY.enter);
    await app.waitFor(/[1-9]\d*\+? jobs · status: success/);
    expect(app.store.getState().prompt).toBeNull();
    const rows = app
      .frame()
      .split('\n')
      .filter((l) => /#\d+/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('✔ passed');
  });
});
