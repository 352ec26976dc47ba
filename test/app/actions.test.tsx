// One-key actions through the real app against the simulator: each one's request, its effect on
// the screen and the store, the confirmations, read-only mode, GitLab's refusals shown inline, and
// that a repeated key never sends an action twice.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '../../src/api/index.js';
import type { Pane } from '../../src/store/types.js';
import { targetJob } from '../../src/features/jobs/index.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
let projectId: number;

// Each test its own app and world: what one retries, cancels or erases, no other sees.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  projectId = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!.id;
});
afterEach(() => app.close());

const posts = (suffix: string) => app.sim.requests.filter((r) => r.method === 'POST' && r.path.split('?')[0]!.endsWith(suffix));

/** Opens acme/api's jobs tab filtered to `scope`, with the first matching job selected. */
async function jobsTab(scope: string): Promise<Job> {
  app.store.setState((s) => ({
    stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'jobs' } as Pane],
    jobScopes: { ...s.jobScopes, [`projectJobs:${projectId}`]: scope.split(' ') as Job['status'][] as never },
    lists: { ...s.lists, [`projectJobs:${projectId}`]: undefined as never },
  }));
  await app.waitFor(new RegExp(`[1-9]\\d*\\+? jobs? · status: ${scope.replace(' ', ', ')}`));
  return targetJob(app.controller.ctx, topPane(app.store.getState()))!;
}

/** Opens a job's own pane. */
async function jobPane(job: Job): Promise<void> {
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'job', projectId, path: 'acme/api', jobId: job.id } as Pane] }));
  await app.waitFor(new RegExp(`#${job.id} ${job.name}`));
}

describe('job actions', () => {
  it('r retries a failed job at once: a toast, and the job pane shows the new job', async () => {
    const job = await jobsTab('failed');
    await jobPane(job);
    await app.press('r');
    const frame = await app.waitFor(/Retried .*: new job #\d+ is pending/);
    const fresh = Number(/new job #(\d+)/.exec(frame)![1]);
    expect(fresh).toBeGreaterThan(job.id);
    expect(posts(`/jobs/${job.id}/retry`)).toHaveLength(1);
    await app.until(() => (topPane(app.store.getState()) as { jobId?: number }).jobId === fresh, 'the new job pane');
    await app.waitFor(new RegExp(`#${fresh} `));
  });

  it('a repeated key does not fire an action twice while it is in flight', async () => {
    await jobsTab('failed');
    // The project's job list keeps retried jobs (as GitLab's does): walk to one not retried yet.
    for (let i = 0; i < 20 && app.sim.world.jobs.get(targetJob(app.controller.ctx, topPane(app.store.getState()))!.id)!.retried; i++) await app.press('j');
    const job = targetJob(app.controller.ctx, topPane(app.store.getState()))!;
    expect(app.sim.world.jobs.get(job.id)!.retried).toBe(false);
    app.sim.faults.add({ kind: 'delay', method: 'POST', path: new RegExp(`/jobs/${job.id}/retry$`), delayMs: 300 });
    await app.press('r', 'r', 'r');
    await app.waitFor(/Retried/);
    expect(posts(`/jobs/${job.id}/retry`)).toHaveLength(1);
  });

  it('p plays a manual job and reports it; the row shows it pending', async () => {
    const job = await jobsTab('manual');
    // From the job's own pane: going back there after the form re-reads the job, not the jobs tab's
    // list.
    await jobPane(job);
    // p offers the job's variables, none by default: Enter plays at once.
    await app.press('p');
    await app.waitFor(`Play ${job.name} (job #${job.id})`);
    await app.press(KEY.enter);
    // acme/api's manual job is a deploy: it asks first.
    if (/deploy/.test(job.stage)) {
      await app.waitFor('[y/N]');
      // The question names what will run and checks for newer pipelines first (store/confirm-run.ts).
      await app.until(() => !app.store.getState().confirm?.checking, 'the check for newer pipelines');
      await app.press('y');
    }
    await app.waitFor(new RegExp(`Started job #${job.id} .* \\(pending\\)`));
    expect(posts(`/jobs/${job.id}/play`)).toHaveLength(1);
    expect(app.store.getState().jobs[job.id]!.status).toBe('pending');
  });

  it('c asks before canceling, names the job and the consequence; n changes nothing, y cancels', async () => {
    const job = await jobsTab('running');
    await app.press('c');
    await app.waitFor(`Cancel job #${job.id}`);
    expect(app.frame()).toMatch(/It stops now and is marked canceled\. \[y\/N\]/);
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(posts(`/jobs/${job.id}/cancel`)).toHaveLength(0);
    await app.press('c');
    await app.waitFor('[y/N]');
    await app.press('y');
    await app.waitFor(new RegExp(`Canceled job #${job.id} .*\\(canceled\\)`));
    expect(posts(`/jobs/${job.id}/cancel`)).toHaveLength(1);
    expect(app.store.getState().jobs[job.id]!.status).toBe('canceled');
  });

  it('a confirm and a prompt are data in the store: a command and its arguments, no closure', async () => {
    const job = await jobsTab('running');
    await app.press('c');
    await app.waitFor(`Cancel job #${job.id}`);
    const confirm = app.store.getState().confirm!;
    // structuredClone throws on a function: the question survives a copy whole.
    expect(structuredClone(confirm)).toEqual(confirm);
    expect(confirm.yes).toMatchObject({ command: 'job.confirmed', args: { verb: 'cancel', projectId, job: { id: job.id } } });
    await app.press('n');
    await app.waitFor('Nothing was changed');
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    await app.waitFor(/#\d+\s+main/);
    await app.press('N');
    await app.waitFor('New pipeline in acme/api');
    const form = app.store.getState().runForm!;
    expect(structuredClone(form)).toEqual(form);
    expect(form).toMatchObject({ projectId, path: 'acme/api', ref: 'main', target: { kind: 'pipeline' } });
    await app.press(KEY.escape);
    await app.until(() => app.store.getState().runForm === null, 'form closed');
  });

  it('E asks before erasing and says the log and artifacts go; y erases', async () => {
    const job = await jobsTab('success');
    await app.press('E');
    await app.waitFor(`Erase job #${job.id}`);
    expect(app.frame()).toContain('Its log and artifacts are deleted. [y/N]');
    await app.press('y');
    await app.waitFor(`Erased job #${job.id}`);
    expect(posts(`/jobs/${job.id}/erase`)).toHaveLength(1);
    expect(app.sim.world.jobs.get(job.id)!.erasedAt).not.toBeNull();
  });

  it('E on an erased job says so at once and sends nothing', async () => {
    // A job erased before it was read (here through the API).
    const done = [...app.sim.world.jobs.values()].find((j) => j.erasedAt === null && j.projectId === projectId && j.status === 'success' && !j.trigger)!;
    await app.controller.ctx.gl.jobs.erase(projectId, done.id);
    const job = (await app.controller.ctx.gl.jobs.get(projectId, done.id)) as Job;
    expect(job.erased_at).toBeTruthy();
    app.store.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
    await jobPane(job);
    const before = posts(`/jobs/${job.id}/erase`).length;
    await app.press('E');
    await app.waitFor(`Job #${job.id} ${job.name} was already erased`);
    expect(posts(`/jobs/${job.id}/erase`)).toHaveLength(before);
  });

  it("shows GitLab's refusal as what it means and keeps running (erasing a job erased elsewhere)", async () => {
    const target = [...app.sim.world.jobs.values()].find((j) => j.erasedAt === null && j.projectId === projectId && j.status === 'failed' && !j.trigger)!;
    const job = (await app.controller.ctx.gl.jobs.get(projectId, target.id)) as Job;
    app.store.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
    await jobPane(job);
    // Someone else erases it after it was read.
    await app.controller.ctx.gl.jobs.erase(projectId, job.id);
    await app.press('E');
    await app.waitFor('[y/N]');
    await app.press('y');
    await app.waitFor(`Job #${job.id} ${job.name} has nothing to erase (no log or artifacts, or already erased)`);
    await app.press('j');
    expect(topPane(app.store.getState()).kind).toBe('job');
  });

  it('K keeps artifacts from expiring', async () => {
    const job = await jobsTab('success');
    const target = [...app.sim.world.jobs.values()].find(
      (j) => j.projectId === projectId && j.artifacts?.expireAt && j.status === 'success' && j.erasedAt === null && j.name !== 'build',
    )!;
    const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, target.id)) as Job;
    app.store.setState((s) => ({ jobs: { ...s.jobs, [apiJob.id]: apiJob } }));
    await jobPane(apiJob);
    await app.press('K');
    await app.waitFor(`Kept artifacts of job #${target.id}`);
    expect(app.sim.world.jobs.get(target.id)!.artifacts!.expireAt).toBeNull();
    void job;
  });

  it('d downloads artifacts to the file named in the prompt (default filled in)', async () => {
    const target = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.artifacts && j.erasedAt === null && j.status === 'success')!;
    const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, target.id)) as Job;
    app.store.setState((s) => ({ jobs: { ...s.jobs, [apiJob.id]: apiJob } }));
    await jobPane(apiJob);
    await app.press('d');
    await app.waitFor('Save artifacts to:');
    expect(app.frame()).toContain(`artifacts-${target.id}-`);
    await app.press(KEY.enter);
    await app.waitFor(/Saved artifacts of job #\d+/);
    // The toast line is cut to the terminal's width; the whole message is in the store.
    const message = app.store.getState().toast!.message;
    expect(message).toMatch(/Saved artifacts of job #\d+ .* to .*\(\d[\d,]* bytes\)/);
    const file = (await readdir(app.downloadDir)).find((f) => f.startsWith(`artifacts-${target.id}-`))!;
    const bytes = await readFile(join(app.downloadDir, file));
    expect(bytes.length).toBe(apiJob.artifacts_file!.size);
    expect(Object.keys(unzipSync(new Uint8Array(bytes))).length).toBeGreaterThan(0);
    expect(message).toContain(`${bytes.length.toLocaleString('en')} bytes`);
  });

  it(":artifacts <ref> <job> downloads the latest successful job's artifacts, with a progress bar", async () => {
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    // Slow the download so the progress bar is on screen long enough to read.
    app.sim.faults.add({ kind: 'delay', method: 'GET', path: /\/jobs\/artifacts\/main\/download$/, delayMs: 400 });
    await app.press(':');
    await app.type('artifacts main build');
    await app.press(KEY.enter);
    // It asks where, as d does (the downloads directory's path filled in).
    await app.waitFor('Save artifacts to:');
    await app.press(KEY.enter);
    await app.waitFor(/Downloading artifacts of build on main…|artifacts of build on main/);
    await app.waitFor(/Saved artifacts of build on main/);
    const file = join(app.downloadDir, 'artifacts-main-build.zip');
    expect(Object.keys(unzipSync(new Uint8Array(await readFile(file)))).sort()).toEqual(['dist/server.js', 'dist/server.js.map']);
  });

  it('d on a job without artifacts says so instead of asking', async () => {
    const target = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && !j.artifactPaths && j.status === 'success')!;
    const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, target.id)) as Job;
    app.store.setState((s) => ({ jobs: { ...s.jobs, [apiJob.id]: apiJob } }));
    await jobPane(apiJob);
    await app.press('d');
    await app.waitFor('has no artifacts to download');
    expect(app.store.getState().prompt).toBeNull();
  });
});

describe('pipelines', () => {
  it('N creates a pipeline for the default branch (prefilled) and opens it', async () => {
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    await app.waitFor(/#\d+\s+main/);
    const before = posts('/pipeline').length;
    await app.press('N');
    await app.waitFor('New pipeline in acme/api');
    expect(app.frame()).toMatch(/Ref\s+main/);
    await app.press(KEY.enter);
    const frame = await app.waitFor(/Created pipeline #\d+ for main \(pending\)/);
    const id = Number(/Created pipeline #(\d+)/.exec(frame)![1]);
    expect(posts('/pipeline').length).toBe(before + 1);
    expect(topPane(app.store.getState())).toMatchObject({ kind: 'pipeline', pipelineId: id });
    await app.waitFor(/◔ pending\s+#\d+\s+build/);
  });

  it('a ref GitLab does not know keeps the form open with its message and what was typed', async () => {
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
    await app.waitFor(/#\d+\s+main/);
    await app.press('N');
    await app.waitFor(/Ref\s+main/);
    await app.press(...Array(4).fill(KEY.backspace));
    await app.type('no-such-branch');
    await app.press(KEY.enter);
    await app.waitFor(/no-such-branch\s+✖ GitLab: Reference not found/);
    await app.press(KEY.escape);
    await app.until(() => app.store.getState().runForm === null, 'form closed');
  });

  it('^x asks, then cancels the pipeline on screen; ^r retries it', async () => {
    const pipeline = await app.controller.ctx.gl.pipelines.create(projectId, 'fix/timeouts');
    app.store.setState((s) => ({
      stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId, path: 'acme/api', pipelineId: pipeline.id, view: 'list' } as Pane],
    }));
    await app.waitFor(/build\s+build/);
    await app.waitFor(new RegExp(`#${pipeline.id} on fix/timeouts`));
    await app.press(KEY.ctrlX);
    await app.waitFor(`Cancel pipeline #${pipeline.id} (fix/timeouts)? Its running and pending jobs stop. [y/N]`);
    await app.press('y');
    await app.waitFor(`Canceled pipeline #${pipeline.id} (fix/timeouts): now canceled`);
    await app.press(KEY.ctrlR);
    // A retry asks too, naming what runs again; nothing on fix/timeouts is newer.
    await app.waitFor(`Retry pipeline #${pipeline.id} (fix/timeouts)? [y/N]`);
    await app.waitFor(new RegExp(`pipeline #${pipeline.id} · fix/timeouts · ${pipeline.sha.slice(0, 8)} “.+” · created`));
    await app.until(() => !app.store.getState().confirm?.checking, 'the check for newer pipelines');
    expect(app.store.getState().confirm?.warning).toBeUndefined();
    await app.press('y');
    await app.waitFor(new RegExp(`Retried pipeline #${pipeline.id} \\(fix/timeouts\\): now (pending|running)`));
    expect(posts(`/pipelines/${pipeline.id}/retry`)).toHaveLength(1);
  });
});

describe('read-only mode', () => {
  it('refuses every mutation with a message, sends nothing, and hides the mutating hints', async () => {
    const ro = await startApp({ simulator: app.sim, readOnly: true });
    try {
      ro.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab: 'jobs' } as Pane] }));
      const frame = await ro.waitFor(/[1-9]\d*\+? jobs · s status filter/);
      expect(frame).not.toMatch(/r retry/);
      const before = app.sim.requests.filter((r) => r.method !== 'GET').length;
      for (const key of ['r', 'p', 'K']) {
        await ro.press(key);
        await ro.waitFor(/Read-only mode: .* is disabled/);
      }
      await ro.press('c');
      await ro.waitFor('Read-only mode');
      ro.store.setState((s) => ({ stack: [...s.stack.slice(0, -1), { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
      await ro.press('N');
      await ro.waitFor('Read-only mode: creating pipelines is disabled');
      expect(ro.frame()).toContain('read-only');
      // `?` lists no key that changes GitLab (as k9s hides them), and keeps the rest.
      await ro.press('?');
      const help = await ro.waitFor('Here: pipelines list');
      // The pane's own keys come first, `f` then `N` then ^r: only `f` is left.
      expect(help).toContain('Pipeline filters');
      expect(help).not.toMatch(/New pipeline:|Retry the selected pipeline|Cancel the pipeline/);
      await ro.press('\u001B');
      await vi.waitFor(() => expect(ro.store.getState().help).toBeNull());
      expect(app.sim.requests.filter((r) => r.method !== 'GET').length).toBe(before);
    } finally {
      await ro.close();
    }
  });
});
