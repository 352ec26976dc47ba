// After an erase, GitLab has removed the job's log: the pane says the job was erased, when, and
// by whom when it was us (GitLab's job entity sends only `erased_at`), and the trace is not read
// again — not by the tail, not by R. A job known erased when opened is not read at all.
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';
import { rememberJob } from '../../src/domain/jobs.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const traces = (rig: AppRig, jobId: number) => rig.sim.requests.filter((r) => r.path.split('?')[0]!.endsWith(`/jobs/${jobId}/trace`)).length;

function pickJob(rig: AppRig) {
  const project = simProject(rig.sim, 'acme/api');
  const job = [...rig.sim.world.jobs.values()].find(
    (j) => j.projectId === project.id && !j.trigger && !j.retried && j.status === 'failed' && j.erasedAt === null && j.startedAt !== null,
  )!;
  return { project, job };
}

it('E y on a job whose log is on screen: the log goes, the pane says when and by whom, no more reads', async () => {
  app = await startApp({ columns: 160 });
  const rig = app;
  const { project, job } = pickJob(rig);
  rig.open({ kind: 'job', projectId: project.id, path: 'acme/api', jobId: job.id });
  await rig.until(() => (rig.store.getState().logViews[job.id]?.lines ?? 0) > 10, 'the log on screen');
  await rig.waitFor(/\d+ lines/);
  await rig.press('E');
  await rig.waitFor(`Erase job #${job.id}`);
  await rig.press('y');
  await rig.waitFor(`Erased job #${job.id}`);
  const frame = await rig.waitFor(/This job was erased \d{4}-\d\d-\d\d[^\n]* by Alice Nakamura \(@alice\): GitLab removed its log and artifacts\./);
  expect(frame).not.toMatch(/\d+ lines/);
  const after = traces(rig, job.id);
  await rig.press('R');
  // R re-reads the job: wait for that read, then see the trace was not asked for.
  const jobReads = () => rig.sim.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0]!.endsWith(`/jobs/${job.id}`)).length;
  const reads = jobReads();
  await rig.press('R');
  await rig.until(() => jobReads() > reads, 'the job read again');
  expect(traces(rig, job.id)).toBe(after);
  expect(rig.frame()).toContain('This job was erased');
});

it('a job listed as erased: says when (not by whom) and never reads its trace', async () => {
  app = await startApp({ columns: 160 });
  const rig = app;
  const { project, job } = pickJob(rig);
  await rig.controller.ctx.gl.jobs.erase(project.id, job.id);
  // Opened from a list, as usual: the job (with its erased_at) is known before its pane opens.
  const read = await rig.controller.ctx.gl.jobs.get(project.id, job.id);
  rememberJob(rig.store, read);
  rig.open({ kind: 'job', projectId: project.id, path: 'acme/api', jobId: job.id });
  const frame = await rig.waitFor(/This job was erased \d{4}-\d\d-\d\d[^\n]*: GitLab removed its log and artifacts\./);
  expect(frame).not.toContain(' by Alice');
  await rig.press('R');
  await rig.waitFor('This job was erased');
  expect(traces(rig, job.id)).toBe(0);
});
