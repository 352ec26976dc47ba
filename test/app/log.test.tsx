// The job log pane through the keyboard, against the simulator: a finished log with folded
// sections and durations, F to the failure, search with n/N, fold all, save, timestamps, follow on
// a running job as it grows, and a job that has not started.
import type { SimJob } from '../../src/sim/model.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig;
const project = (path: string) => simProject(app.sim, path);

// Each test its own app and world (following a log moves the world's clock).
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

async function openJob(path: string, pick: (j: SimJob) => boolean): Promise<number> {
  const p = project(path);
  const ids = app.sim.world.projectJobs.get(p.id)!;
  let job;
  for (let i = ids.length - 1; i >= 0; i--) {
    const j = app.sim.world.jobs.get(ids[i]!)!;
    if (!j.retried && j.erasedAt === null && pick(j)) {
      job = j;
      break;
    }
  }
  app.open({ kind: 'job', projectId: p.id, path, jobId: job!.id });
  return job!.id;
}

describe('a finished failed job', () => {
  let jobId: number;
  beforeEach(async () => {
    jobId = await openJob('acme/api', (j) => j.status === 'failed' && j.name === 'test:unit');
    await app.waitFor(/ERROR: Job failed: exit code 1/);
  });

  it('shows the whole log at its end, with section headers instead of markers, never raw escapes', async () => {
    const frame = app.frame();
    expect(frame).toMatch(/[\d,]+ lines · [\d.]+ KiB/);
    expect(frame).toMatch(/▾ Cleaning up project directory/);
    expect(frame).not.toMatch(/section_(start|end):/);
    expect(frame).not.toContain('\u001b[0K');
  });

  it('F jumps to the first failure line, pausing follow', async () => {
    await app.press('F');
    const frame = await app.waitFor('the job ended (G: the end)');
    const cursorLine = frame.split('\n').find((l) => l.startsWith('▶') || l.startsWith('›'))!;
    expect(cursorLine).toMatch(/FAIL|Error|ERROR|✖|exit code/);
    expect(cursorLine).not.toMatch(/Job failed/);
  });

  it('Z folds every section to an overview with durations, and unfolds them again', async () => {
    await app.press('g', 'Z');
    const folded = await app.waitFor(/▸ Executing "step_script" stage of the job script (\d+m )?\d+s/);
    expect(folded).toMatch(/▸ Preparing the "docker" executor/);
    expect(folded).toMatch(/▸ Getting source from Git repository/);
    await app.press('Z');
    await app.waitFor(/▾ Preparing the "docker" executor/);
  });

  it('z folds the section under the cursor', async () => {
    await app.press('g', 'j', 'j');
    // The runner marks this section collapsed=true: it opens folded.
    await app.waitFor(/› +▸ Preparing the "docker" executor/);
    await app.press('z');
    await app.waitFor(/› +▾ Preparing the "docker" executor/);
    await app.press('z');
    await app.waitFor(/› +▸ Preparing the "docker" executor/);
  });

  it('/ searches the whole log with a match count; n and N move between matches', async () => {
    await app.press('/');
    await app.waitFor('Search the log:');
    await app.type('passed');
    await app.press(KEY.enter);
    const frame = await app.waitFor(/"passed" 1\/\d+/);
    const total = Number(/"passed" 1\/(\d+)/.exec(frame)![1]);
    expect(total).toBeGreaterThan(0);
    if (total > 1) {
      await app.press('n');
      await app.waitFor(`"passed" 2/${total}`);
      await app.press('N');
      await app.waitFor(`"passed" 1/${total}`);
    }
    await app.press('N');
    await app.waitFor(`"passed" ${total}/${total}`);
  });

  it('a bad regular expression keeps the prompt with a message', async () => {
    await app.press('/');
    await app.waitFor('Search the log:');
    await app.press(...Array(10).fill(KEY.backspace));
    await app.type('/(unclosed/');
    await app.press(KEY.enter);
    await app.waitFor('Not a valid regular expression');
    expect(app.frame()).toContain('/(unclosed/');
    await app.press(KEY.escape);
  });

  it('w saves the log as plain text', async () => {
    await app.press('w');
    await app.waitFor('Save the log to:');
    await app.press(KEY.enter);
    await app.waitFor(/Saved the log \([\d,]+ bytes\)/);
    const text = await readFile(
      join(
        app.downloadDir,
        (await import('node:fs')).readdirSync(app.downloadDir).find((f) => f.startsWith(`job-${jobId}-`))!,
      ),
      'utf8',
    );
    expect(text).toContain('ERROR: Job failed: exit code 1');
    expect(text).not.toContain('\u001b');
    expect(text).not.toMatch(/section_start:/);
  });
});

it('t shows the FF_TIMESTAMPS times of a log that has them', async () => {
  await openJob('acme/platform/infra/terraform', (j) => j.status === 'success' && j.name === 'plan');
  await app.waitFor(/Job succeeded/);
  expect(app.frame()).not.toMatch(/^\S+ \d\d:\d\d:\d\d\.\d{3} /m);
  await app.press('t');
  await app.waitFor('timestamps');
  expect(app.frame()).toMatch(/\d\d:\d\d:\d\d\.\d{3} /);
  // The 32-character prefix itself never shows.
  expect(app.frame()).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z 0\d[OE]/);
});

it('follows a running job as its log grows; scrolling up pauses, G resumes', async () => {
  // A job with minutes still to run: the world moves on 30 s at a time below, and jobs started by
  // `needs:` may be near their end when the test opens them.
  const jobId = await openJob('acme/web', (j) => j.status === 'running' && j.startedAt !== null && j.startedAt + j.plan.runMs - app.sim.clock.now() > 180_000);
  await app.waitFor(/following/);
  const lines = () => app.store.getState().logViews[jobId]?.lines ?? 0;
  const before = lines();
  for (let i = 0; i < 20 && lines() === before; i++) {
    app.advance(30_000);
    await app.controller.refresh();
  }
  expect(lines()).toBeGreaterThan(before);
  const view = app.store.getState().logViews[jobId]!;
  expect(view.follow).toBe(true);
  await app.press('k');
  await app.waitFor('paused (G/f follow)');
  await app.press('G');
  await app.waitFor('following');
  // Only the new bytes came over the wire: every read after the first asked for a range.
  const traces = app.sim.requests.filter((r) => r.path.endsWith(`/jobs/${jobId}/trace`));
  expect(traces.slice(1).every((r) => typeof r.headers.range === 'string')).toBe(true);
});

it('says a job that has not started is waiting', async () => {
  await openJob('acme/monorepo', (j) => j.status === 'created' || j.status === 'pending');
  await app.waitFor(/Waiting for a runner \(pending|Created: waiting for the jobs it depends on/);
});
