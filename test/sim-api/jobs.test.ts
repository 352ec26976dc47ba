// Jobs (docs/gitlab-api.md §4.1) through the API module against the simulator: lists, shapes, every action and its
// transition, artifacts (real zips) and the trace with offsets in both simulator modes.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitLabApiError, type Job, type TraceResult } from '../../src/api/index.js';
import { MINUTE, startRig, type Rig } from '../helpers/sim.js';

const API = 'acme/api';
let rig: Rig;
let dir: string;

// Each test its own world (and download directory): what one cancels, retries, plays, erases or
// advances, no other sees.
beforeEach(async () => {
  rig = await startRig();
  dir = await mkdtemp(join(tmpdir(), 'pipetop-jobs-'));
});
afterEach(async () => {
  await rig.close();
  await rm(dir, { recursive: true, force: true });
});

async function firstJob(scope: Parameters<Rig['gl']['jobs']['list']>[1], pick: (j: Job) => boolean = () => true, project = API): Promise<Job> {
  for await (const job of rig.gl.jobs.list(project, { ...scope, perPage: 100 })) if (pick(job)) return job;
  throw new Error('no such job in the world');
}

/** The bytes a whole read (offset 0) returned: an append onto nothing. */
function whole(result: TraceResult): Buffer {
  if (result.kind === 'unchanged') throw new Error('expected a log');
  return result.chunk;
}

async function expectApiError(promise: Promise<unknown>, status: number, message: string | RegExp): Promise<GitLabApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GitLabApiError);
  const e = error as GitLabApiError;
  expect(e.status).toBe(status);
  expect(e.message).toMatch(message);
  return e;
}

describe('job lists', () => {
  it('lists project jobs newest first, paginating past the first page, with no X-Total (as GitLab)', async () => {
    const pages = [];
    for await (const page of rig.gl.jobs.list(API, { perPage: 100 }).pages()) {
      pages.push(page);
      if (pages.length === 3) break;
    }
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pages.every((p) => p.items.length === 100 && p.total === undefined)).toBe(true);
    const ids = pages.flatMap((p) => p.items.map((j) => j.id));
    expect(new Set(ids).size).toBe(300);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('filters by one scope and by several (scope[]=...)', async () => {
    const failed = await rig.gl.jobs.list(API, { scope: 'failed', perPage: 50 }).all(50);
    expect(failed.length).toBe(50);
    expect(new Set(failed.map((j) => j.status))).toEqual(new Set(['failed']));
    const mixed = await rig.gl.jobs.list(API, { scope: ['running', 'manual'], perPage: 100 }).all(100);
    expect(new Set(mixed.map((j) => j.status))).toEqual(new Set(['running', 'manual']));
    const sent = rig.sim.requests.filter((r) => r.path.includes('scope%5B%5D=running') || r.path.includes('scope[]=running'));
    expect(sent.length).toBeGreaterThan(0);
  });

  it("rejects an unknown scope with GitLab's 400", async () => {
    await expectApiError(rig.gl.client.get('/projects/acme%2Fapi/jobs?scope=bogus'), 400, /scope does not have a valid value/);
  });

  it('lists a 300+ job pipeline across pages, ordered by id', async () => {
    const pipeline = (await rig.gl.pipelines.list('acme/monorepo', { perPage: 1 }).all(1))[0]!;
    const pages = [];
    for await (const page of rig.gl.jobs.listForPipeline('acme/monorepo', pipeline.id, { perPage: 100 }).pages()) pages.push(page);
    const jobs = pages.flatMap((p) => p.items);
    expect(pages.length).toBe(4);
    expect(pages[0]!.total).toBe(jobs.length);
    expect(jobs.length).toBeGreaterThanOrEqual(322);
    expect(new Set(jobs.map((j) => j.stage))).toEqual(new Set(['prepare', 'build', 'test', 'package', 'deploy']));
    expect(jobs.every((j) => j.pipeline?.id === pipeline.id)).toBe(true);
  });

  it('gives every field of gitlab-api.md §2.1 with the right types', async () => {
    const job = await firstJob({ scope: 'success' }, (j) => j.artifacts_file != null);
    const full = await rig.gl.jobs.get(API, job.id);
    for (const key of [
      'id',
      'name',
      'stage',
      'status',
      'ref',
      'tag',
      'coverage',
      'created_at',
      'started_at',
      'finished_at',
      'artifacts_file',
      'runner',
      'pipeline',
      'commit',
      'user',
    ]) {
      expect(full).toHaveProperty(key);
    }
    expect(full.artifacts_file).toEqual({ filename: 'artifacts.zip', size: expect.any(Number) });
    expect(Object.keys(full.pipeline!)).toEqual(expect.arrayContaining(['id', 'ref', 'sha', 'status']));
    expect(full.commit.short_id).toBe(full.commit.id.slice(0, 8));
    expect(full.commit.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    expect(full.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Object.keys(full.user!)).toEqual(
      expect.arrayContaining(['id', 'name', 'username', 'state', 'avatar_url', 'web_url', 'created_at', 'bio', 'skype', 'linkedin', 'twitter', 'website_url']),
    );
    expect(full.user).not.toHaveProperty('location');
  });

  it('answers 404 "404 Not found" for an unknown job and 400 for a non-integer id', async () => {
    await expectApiError(rig.gl.jobs.get(API, 999_999_999), 404, /404 Not found/);
    await expectApiError(rig.gl.client.get('/projects/acme%2Fapi/jobs/abc'), 400, /job_id is invalid/);
  });
});

describe('job actions', () => {
  it('cancels a running job: 201, canceled, action form (no pipeline, null user); a finished job comes back unchanged', async () => {
    const running = await firstJob({ scope: 'running' });
    const res = await rig.gl.client.request<Job>('POST', `/projects/acme%2Fapi/jobs/${running.id}/cancel`);
    expect(res.status).toBe(201);
    expect(res.data.status).toBe('canceled');
    expect(res.data.finished_at).not.toBeNull();
    expect(res.data).not.toHaveProperty('pipeline');
    expect(res.data.user).toBeNull();
    expect((await rig.gl.jobs.get(API, running.id)).status).toBe('canceled');
    const again = await rig.gl.client.request<Job>('POST', `/projects/acme%2Fapi/jobs/${running.id}/cancel`);
    expect(again.status).toBe(201);
    expect(again.data.finished_at).toBe(res.data.finished_at);
  });

  it('retries a failed job: a new job, pending, no times; it then runs to an end as the clock moves', async () => {
    const failed = await firstJob({ scope: 'failed' });
    const fresh = await rig.gl.jobs.retry(API, failed.id);
    expect(fresh.id).toBeGreaterThan(failed.id);
    expect(fresh.name).toBe(failed.name);
    expect(fresh.status).toBe('pending');
    expect(fresh.started_at).toBeNull();
    expect(fresh.finished_at).toBeNull();
    expect(fresh).not.toHaveProperty('pipeline');
    expect(fresh.user).toBeNull();
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const now = await rig.gl.jobs.get(API, fresh.id);
      seen.add(now.status);
      if (now.status === 'success' || now.status === 'failed') break;
      rig.advance(15_000);
    }
    expect(seen.has('running')).toBe(true);
    expect(seen.has('success') || seen.has('failed')).toBe(true);
    // The retried job disappears from its pipeline's list (GitLab hides retried jobs).
    const listed = await rig.gl.jobs.listForPipeline(API, failed.pipeline!.id, { perPage: 100 }).all();
    expect(listed.some((j) => j.id === failed.id)).toBe(false);
    expect(listed.some((j) => j.id === fresh.id)).toBe(true);
  });

  it('refuses to retry a job that is not finished: 403 "Job is not retryable"', async () => {
    const running = await firstJob({ scope: ['running', 'pending', 'created'] }, () => true, 'acme/monorepo');
    const error = await expectApiError(rig.gl.jobs.retry('acme/monorepo', running.id), 403, /Job is not retryable/);
    expect(error.method).toBe('POST');
    expect(rig.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/jobs/${running.id}/retry`))).toHaveLength(1);
  });

  it('plays a manual job (200, `started` in the response) and the job then queues and runs', async () => {
    const manual = await firstJob({ scope: 'manual' });
    const res = await rig.gl.client.request<Job>('POST', `/projects/acme%2Fapi/jobs/${manual.id}/play`);
    expect(res.status).toBe(200);
    expect(res.data.status).toBe('started');
    expect(res.data.user).toBeNull();
    expect((await rig.gl.jobs.get(API, manual.id)).status).toBe('pending');
    rig.advance(30_000);
    expect(['running', 'success', 'failed']).toContain((await rig.gl.jobs.get(API, manual.id)).status);
  });

  it('refuses to play a deploy job whose deployment waits for an approval: 403', async () => {
    // acme/platform/infra/terraform's production needs an approval (docs/development.md "Environments").
    const TF = 'acme/platform/infra/terraform';
    const waiting = (await rig.gl.deployments.list(TF, { environment: 'production', status: 'blocked' }).all(100))[0]!;
    expect(waiting.deployable!.status).toBe('manual');
    await expectApiError(rig.gl.jobs.play(TF, waiting.deployable!.id), 403, / 403: 403 Forbidden$/);
  });

  it('refuses to play a job that is not manual: 400 "Unplayable Job"', async () => {
    const done = await firstJob({ scope: 'success' });
    await expectApiError(rig.gl.jobs.play(API, done.id), 400, /400 Bad request - Unplayable Job/);
  });

  it('erases a finished job: trace and artifacts removed, erased_at set, download_url in the response', async () => {
    // Not `build`: the download-by-ref test needs the latest build's artifacts.
    const job = await firstJob({ scope: 'success' }, (j) => j.artifacts_file != null && j.name === 'test:unit');
    expect(whole(await rig.gl.jobs.trace(API, job.id)).length).toBeGreaterThan(0);
    const res = await rig.gl.client.request<Job>('POST', `/projects/acme%2Fapi/jobs/${job.id}/erase`);
    expect(res.status).toBe(201);
    expect(res.data.status).toBe('success');
    expect(res.data.erased_at).not.toBeNull();
    expect(res.data.download_url).toBeNull();
    expect(res.data).not.toHaveProperty('artifacts_file');
    expect(res.data).not.toHaveProperty('pipeline');
    expect(res.data.user).toBeNull();
    const after = await rig.gl.jobs.get(API, job.id);
    expect(after.artifacts_file).toBeNull();
    await expectApiError(rig.gl.jobs.downloadArtifacts(API, job.id, join(dir, 'erased.zip')), 404, /404 Not found/);
    await expectApiError(rig.gl.jobs.trace(API, job.id), 404, /404 Not found/);
    await expectApiError(rig.gl.jobs.erase(API, job.id), 403, /Job is not erasable!/);
  });

  it('keeps artifacts that would expire: 200, artifacts_expire_at becomes null; no artifacts → 404', async () => {
    const job = await firstJob({ scope: 'success' }, (j) => j.artifacts_file != null && j.artifacts_expire_at != null && j.name !== 'build');
    const res = await rig.gl.client.request<Job>('POST', `/projects/acme%2Fapi/jobs/${job.id}/artifacts/keep`);
    expect(res.status).toBe(200);
    expect(res.data.download_url).toBeNull();
    expect(res.data).not.toHaveProperty('pipeline');
    expect((await rig.gl.jobs.get(API, job.id)).artifacts_expire_at).toBeNull();
    const bare = await firstJob({ scope: 'success' }, (j) => j.artifacts_file == null);
    await expectApiError(rig.gl.jobs.keepArtifacts(API, bare.id), 404, /404/);
  });

  it('refuses every action on a job of another project as not found', async () => {
    const job = await firstJob({ scope: 'failed' });
    await expectApiError(rig.gl.jobs.retry('acme/web', job.id), 404, /404 Not found/);
  });
});

describe('artifacts', () => {
  it('downloads a real zip whose size is the one the job reports, with progress', async () => {
    const job = await firstJob({ scope: 'success' }, (j) => j.artifacts_file != null);
    const progress: number[] = [];
    const dest = join(dir, `job-${job.id}.zip`);
    const result = await rig.gl.jobs.downloadArtifacts(API, job.id, dest, { onProgress: (p) => progress.push(p.received) });
    const bytes = await readFile(dest);
    expect(result.bytes).toBe(bytes.length);
    expect(bytes.length).toBe(job.artifacts_file!.size);
    expect(progress[progress.length - 1]).toBe(bytes.length);
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files).length).toBeGreaterThan(0);
    expect((await readdir(dir)).filter((f) => f.includes('.tmp') || f.startsWith('.'))).toEqual([]);
  });

  it('downloads by ref and job name: the latest successful job of that name', async () => {
    const dest = join(dir, 'by-ref.zip');
    const result = await rig.gl.jobs.downloadArtifactsByRef(API, 'main', 'build', dest);
    const files = unzipSync(new Uint8Array(await readFile(dest)));
    expect(Object.keys(files).sort()).toEqual(['dist/server.js', 'dist/server.js.map']);
    expect(result.bytes).toBeGreaterThan(100);
    await expectApiError(rig.gl.jobs.downloadArtifactsByRef(API, 'main', 'no-such-job', join(dir, 'none.zip')), 404, /404/);
    await expect(readFile(join(dir, 'none.zip'))).rejects.toThrow();
  });

  it('follows a 302 to object storage without sending the token there', async () => {
    const redirecting = await startRig({ artifactsRedirect: true });
    try {
      let job: Job | undefined;
      for await (const j of redirecting.gl.jobs.list(API, { scope: 'success', perPage: 100 })) {
        if (j.artifacts_file) {
          job = j;
          break;
        }
      }
      const dest = join(dir, 'redirected.zip');
      const result = await redirecting.gl.jobs.downloadArtifacts(API, job!.id, dest);
      expect(result.bytes).toBe(job!.artifacts_file!.size);
      const storage = redirecting.sim.storage!.requests;
      expect(storage).toHaveLength(1);
      expect(storage[0]!.headers['private-token']).toBeUndefined();
      expect(storage[0]!.headers.authorization).toBeUndefined();
      const api = redirecting.sim.requests.filter((r) => r.path.endsWith(`/jobs/${job!.id}/artifacts`));
      expect(api[0]!.headers['private-token']).toBe('demo-user-token');
    } finally {
      await redirecting.close();
    }
  });
});

describe('trace', () => {
  it("reads a running job's log incrementally with Range (206 → append) as it grows", async () => {
    // A pipeline of its own, so its first job has just started: the seed's running jobs may be
    // seconds from their end.
    const pipeline = await rig.gl.pipelines.create('acme/web', 'main');
    let job: Job | undefined;
    for (let i = 0; i < 30 && !job; i++) {
      rig.advance(5_000);
      job = (await rig.gl.jobs.listForPipeline('acme/web', pipeline.id).all()).find((j) => j.status === 'running' && j.name !== 'lint');
    }
    if (!job) throw new Error('no job of the new pipeline started');
    let held = whole(await rig.gl.jobs.trace('acme/web', job.id));
    expect(held.toString()).toContain('Running with gitlab-runner');
    let appended = 0;
    for (let i = 0; i < 30 && appended < 2; i++) {
      rig.advance(20_000);
      const next = await rig.gl.jobs.trace('acme/web', job.id, { offset: held.length });
      if (next.kind === 'append') {
        appended++;
        held = Buffer.concat([held, next.chunk]);
        expect(next.size).toBe(held.length);
      } else expect(next.kind).toBe('unchanged');
    }
    expect(appended).toBe(2);
    const ranged = rig.sim.requests.filter((r) => r.path.endsWith(`/jobs/${job.id}/trace`) && r.headers.range);
    expect(ranged.some((r) => r.status === 206)).toBe(true);
    // What we assembled is exactly the log as one whole read returns it.
    expect(
      whole(await rig.gl.jobs.trace('acme/web', job.id))
        .subarray(0, held.length)
        .equals(held),
    ).toBe(true);
  });

  it('with --gitlab-strict the whole log comes back (200) and the client keeps only the new part', async () => {
    const strict = await startRig({ gitlabStrict: true });
    try {
      let job: Job | undefined;
      for await (const j of strict.gl.jobs.list('acme/web', { scope: 'running', perPage: 100 })) {
        job = j;
        break;
      }
      let held = whole(await strict.gl.jobs.trace('acme/web', job!.id));
      let grew = false;
      for (let i = 0; i < 30 && !grew; i++) {
        strict.advance(20_000);
        const next = await strict.gl.jobs.trace('acme/web', job!.id, { offset: held.length });
        if (next.kind === 'append') {
          held = Buffer.concat([held, next.chunk]);
          grew = true;
        }
      }
      expect(grew).toBe(true);
      const traced = strict.sim.requests.filter((r) => r.path.endsWith(`/jobs/${job!.id}/trace`));
      expect(traced.every((r) => r.status === 200 || r.status === 304)).toBe(true);
      expect(traced.some((r) => r.headers.range)).toBe(true);
      expect(
        whole(await strict.gl.jobs.trace('acme/web', job!.id))
          .subarray(0, held.length)
          .equals(held),
      ).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('starts over when the log got shorter (the job was retried and the new log is read at an old offset)', async () => {
    const job = await firstJob({ scope: 'success' }, (j) => j.name === 'lint');
    const size = whole(await rig.gl.jobs.trace(API, job.id)).length;
    const next = await rig.gl.jobs.trace(API, job.id, { offset: size + 5000 });
    expect(next.kind).toBe('reset');
    expect(next.kind === 'reset' && next.size).toBe(size);
  });

  it('a job that never started has an empty log (200, empty body)', async () => {
    const created = await firstJob({ scope: ['created', 'manual'] });
    const res = await rig.gl.client.request('GET', `/projects/acme%2Fapi/jobs/${created.id}/trace`, { raw: true });
    expect(res.status).toBe(200);
    expect(Buffer.isBuffer(res.data) ? res.data.length : String(res.data).length).toBe(0);
  });

  it("a finished job's log reads like a runner's: sections, colours, final line", async () => {
    const job = await firstJob({ scope: 'failed' }, (j) => j.name === 'test:unit');
    const text = whole(await rig.gl.jobs.trace(API, job.id)).toString('utf8');
    expect(text).toMatch(/section_start:\d+:prepare_executor/);
    expect(text).toMatch(/section_end:\d+:step_script/);
    expect(text).toContain('\x1b[32;1m$ ');
    expect(text.trimEnd()).toMatch(/ERROR: Job failed: exit code \d+\x1b\[0;m$/);
    void MINUTE;
  });
});
