// The tail against the real simulator, in Range mode and as real GitLab (--gitlab-strict: Range
// ignored, the whole log every time). World time is frozen and moved by the test.
import { afterEach, describe, expect, it } from 'vitest';
import { createGitLab, type GitLab } from '../../api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../sim/index.js';
import { traceBytes } from '../../sim/trace.js';
import type { LogModel } from '../../log/index.js';
import { backoffDelay, logSaysJobEnded, quietDelay, startTail, type Tail, type TailRead } from './tail.js';
import { disposeModels, modelOf, newModel, snapshot } from '../../log/test-support.js';
import { until } from '../../../test/helpers/until.js';

const START = Date.UTC(2026, 10, 20, 12, 0, 0);
const PROJECT = 'acme/web';

let sim: Simulator | undefined;
const tails: Tail[] = [];
afterEach(async () => {
  for (const t of tails.splice(0)) t.stop();
  await sim?.close();
  sim = undefined;
  await disposeModels();
});

/** Waits for a condition (checked every few ms), failing after a bounded time. */
const waitFor = (check: () => boolean, what: string) => until(check, what, { timeoutMs: 15_000, everyMs: 2 });

async function setup(gitlabStrict: boolean) {
  sim = await startSimulator({ speed: 0, startTime: START, seed: 7, gitlabStrict });
  const gl: GitLab = createGitLab({ baseUrl: sim.url, token: DEMO_TOKENS.user, timeoutMs: 10_000, sleep: async () => {} });
  // A running job, picked through the API; of those, the one with the most run time left (world knowledge).
  const s = sim;
  const left = (id: number) => {
    const j = s.world.jobs.get(id)!;
    return j.startedAt! + j.plan.runMs - s.clock.now();
  };
  let jobId: number | undefined;
  for await (const j of gl.jobs.list(PROJECT, { scope: 'running', perPage: 100 })) {
    if (jobId === undefined || left(j.id) > left(jobId)) jobId = j.id;
  }
  if (jobId === undefined) throw new Error('no running job in the simulated world');
  expect(left(jobId)).toBeGreaterThan(10_000);
  const job = () => s.world.jobs.get(jobId)!;
  return {
    sim: s,
    gl,
    jobId,
    isRunning: () => job().status === 'running',
    /** What a whole read would return right now. */
    size: () => traceBytes(s.world, job()).length,
    traceRequests: () => s.requests.filter((r) => r.path === `/projects/acme%2Fweb/jobs/${jobId}/trace`),
  };
}

function tail(opts: Parameters<typeof startTail>[0]): Tail {
  const t = startTail(opts);
  tails.push(t);
  return t;
}

/** Moves world time until the job finishes, letting the tail catch up after every step. */
async function followToTheEnd(w: Awaited<ReturnType<typeof setup>>, model: LogModel, t: Tail): Promise<number> {
  let steps = 0;
  for (; steps < 400 && w.isRunning(); steps++) {
    await waitFor(() => model.byteSize === w.size(), `the tail to catch up at step ${steps}`);
    w.sim.clock.advance(1_000);
    w.sim.sync();
  }
  expect(w.isRunning()).toBe(false);
  await waitFor(() => t.state === 'finished', 'the tail to finish');
  return steps;
}

describe.each([
  ['Range (206 → append)', false],
  ['--gitlab-strict (200, whole log every time)', true],
])('startTail, %s', (_name, strict) => {
  it('assembles exactly the log a fresh whole read returns, then stops polling', async () => {
    const w = await setup(strict);
    const model = await newModel();
    const errors: unknown[] = [];
    let reported = 0;
    const t = tail({
      gl: w.gl,
      projectId: PROJECT,
      jobId: w.jobId,
      model,
      isRunning: w.isRunning,
      intervalMs: 5,
      onError: (e) => errors.push(e),
      onBytes: (n) => (reported += n),
    });
    const steps = await followToTheEnd(w, model, t);
    expect(steps).toBeGreaterThan(3);
    expect(errors).toEqual([]);

    const whole = await w.gl.jobs.trace(PROJECT, w.jobId);
    if (whole.kind === 'unchanged') throw new Error('expected a log');
    expect(model.byteSize).toBe(whole.size);
    expect(snapshot(model)).toEqual(snapshot(await modelOf(whole.chunk)));
    expect(model.lineCount).toBeGreaterThan(50);

    const size = whole.size;
    expect(reported).toBe(t.fetchedBytes);
    await waitFor(() => w.traceRequests().every((r) => r.status !== 0), 'the responses to be logged');
    const statuses = new Set(w.traceRequests().map((r) => r.status));
    if (strict) {
      // Every poll downloads the whole log again: the cost the Range mode saves.
      expect([...statuses].every((s) => s === 200 || s === 304)).toBe(true);
      expect(t.fetchedBytes).toBeGreaterThan(size * 2);
    } else {
      expect(statuses.has(206)).toBe(true);
      expect(t.fetchedBytes).toBe(size); // each byte fetched once
    }

    // Finished: no timer is left. A negative check needs a window: 20 poll intervals pass without a request.
    const requests = w.traceRequests().length;
    const windowEnd = Date.now() + 100;
    await waitFor(() => Date.now() >= windowEnd, 'the observation window');
    expect(w.traceRequests().length).toBe(requests);
    expect(t.state).toBe('finished');

    // refresh() still reads on demand (nothing new: the model is unchanged).
    await t.refresh();
    expect(w.traceRequests().length).toBe(requests + 1);
    expect(model.byteSize).toBe(size);
  });

  it('starts over when the log is shorter than what the model holds (erased or retried job)', async () => {
    const w = await setup(strict);
    const model = await newModel();
    model.append(Buffer.alloc(w.size() + 5000, 'stale log of an earlier attempt\n'));
    const t = tail({ gl: w.gl, projectId: PROJECT, jobId: w.jobId, model, isRunning: w.isRunning, intervalMs: 5 });
    await waitFor(() => model.byteSize === w.size(), 'the reset');
    const whole = await w.gl.jobs.trace(PROJECT, w.jobId);
    if (whole.kind === 'unchanged') throw new Error('expected a log');
    expect(snapshot(model)).toEqual(
      snapshot(
        await (async () => {
          const m = await newModel();
          m.append(whole.chunk);
          return m;
        })(),
      ),
    );
    t.stop();
    expect(t.state).toBe('stopped');
  });
});

describe('startTail errors and control', () => {
  it('reports errors, backs off, and recovers', async () => {
    const w = await setup(false);
    w.sim.faults.add({ kind: 'respond', status: 500, path: /\/trace$/, times: 3, body: { message: '500 Internal Server Error' } });
    const model = await newModel();
    const errors: unknown[] = [];
    tail({ gl: w.gl, projectId: PROJECT, jobId: w.jobId, model, isRunning: w.isRunning, intervalMs: 2, maxBackoffMs: 20, onError: (e) => errors.push(e) });
    await waitFor(() => model.byteSize === w.size() && model.byteSize > 0, 'recovery after the errors');
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ status: 500 });
    await waitFor(() => w.traceRequests()[3]?.status === 200, 'the fourth response');
    expect(
      w
        .traceRequests()
        .slice(0, 4)
        .map((r) => r.status),
    ).toEqual([500, 500, 500, 200]);
  });

  it('stop() ends polling at once, even with a request in flight', async () => {
    const w = await setup(false);
    const model = await newModel();
    const t = tail({ gl: w.gl, projectId: PROJECT, jobId: w.jobId, model, isRunning: () => true, intervalMs: 2 });
    await waitFor(() => w.traceRequests().length >= 3, 'a few polls');
    t.stop();
    const after = w.traceRequests().length;
    await t.refresh(); // a stopped tail does nothing
    expect(t.state).toBe('stopped');
    const windowEnd = Date.now() + 50;
    await waitFor(() => Date.now() >= windowEnd, 'the observation window');
    expect(w.traceRequests().length).toBeLessThanOrEqual(after + 1); // at most the one already sent
  });

  it('a finished job is read once and not polled', async () => {
    const w = await setup(false);
    let finished: number | undefined;
    for await (const j of w.gl.jobs.list(PROJECT, { scope: 'success', perPage: 100 })) {
      finished = j.id;
      break;
    }
    const model = await newModel();
    const t = tail({ gl: w.gl, projectId: PROJECT, jobId: finished!, model, isRunning: () => false, intervalMs: 2 });
    await waitFor(() => t.state === 'finished', 'the single read');
    expect(model.lineCount).toBeGreaterThan(10);
    expect(w.sim.requests.filter((r) => r.path.includes(`/jobs/${finished}/trace`))).toHaveLength(1);
  });

  it("reports every read: bytes appended, quiet streaks, and the runner's last line", async () => {
    const w = await setup(false);
    const model = await newModel();
    const reads: TailRead[] = [];
    const t = tail({ gl: w.gl, projectId: PROJECT, jobId: w.jobId, model, isRunning: w.isRunning, intervalMs: 2, quietMaxMs: 8, onRead: (r) => reads.push(r) });
    // Frozen world: after the first read, nothing new; the quiet streak grows read by read.
    await waitFor(() => reads.length >= 4, 'a few reads');
    expect(reads[0]).toMatchObject({ appended: model.byteSize, reset: false, quietReads: 0, jobEnded: false });
    expect(reads.slice(1, 4).map((r) => r.quietReads)).toEqual([1, 2, 3]);
    // New bytes end the streak; the read that brings the runner's last line says so.
    await followToTheEnd(w, model, t);
    const growing = reads.filter((r) => r.appended > 0);
    expect(growing.length).toBeGreaterThan(2);
    expect(growing.every((r) => r.quietReads === 0)).toBe(true);
    expect(growing.at(-1)!.jobEnded).toBe(true);
    expect(growing.slice(0, -1).some((r) => r.jobEnded)).toBe(false);
  });

  it('quietDelay doubles from the interval up to the quiet cap', () => {
    expect([0, 1, 2, 3, 4, 30].map((n) => quietDelay(3000, n, 10_000))).toEqual([3000, 6000, 10_000, 10_000, 10_000, 10_000]);
    expect(quietDelay(3000, 5, 1000)).toBe(3000); // the cap never undercuts the interval
  });

  it("logSaysJobEnded looks for the runner's last line at the end only", () => {
    expect(logSaysJobEnded(Buffer.from('section_end:1:cleanup\r\u001b[0K\u001b[32;1mJob succeeded\u001b[0;m\n'))).toBe(true);
    expect(logSaysJobEnded(Buffer.from('\u001b[31;1mERROR: Job failed: exit code 1\u001b[0;m\n'))).toBe(true);
    expect(logSaysJobEnded(Buffer.from('$ npm test\n'))).toBe(false);
    expect(logSaysJobEnded(Buffer.alloc(0))).toBe(false);
    // Far from the end it is some other line quoting it, not the runner's verdict.
    expect(logSaysJobEnded(Buffer.concat([Buffer.from('echo "Job succeeded"\n'), Buffer.alloc(4096, 'x')]))).toBe(false);
  });

  it('backoffDelay doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 10].map((f) => backoffDelay(2000, f, 30_000))).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect(backoffDelay(2000, 3, 1000)).toBe(2000); // the cap never undercuts the normal interval
  });
});
