// Load: 50 API clients poll one live simulator at once (projects → pipelines → jobs → a trace) for
// a bounded time. With fault injection off there is no 5xx and no error at all, and what the lists
// say holds when the items are fetched one by one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGitLab, JOB_STATUSES, PIPELINE_STATUSES, type GitLab } from '../../src/api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';
import { START } from '../helpers/sim.js';

const CLIENTS = 50;
const DURATION_MS = 60_000;

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ seed: 7, speed: 60, startTime: START });
});
afterAll(() => sim.close());

it('50 concurrent polling clients: no 5xx, no errors, consistent state', async () => {
  const statuses = new Map<number, number>();
  let exchanges = 0;
  const errors: string[] = [];
  const inconsistencies: string[] = [];
  const jobStatuses = new Set<string>(JOB_STATUSES);
  const pipelineStatuses = new Set<string>(PIPELINE_STATUSES);
  const tokens = [DEMO_TOKENS.user, DEMO_TOKENS.other, DEMO_TOKENS.admin];
  const clients: GitLab[] = Array.from({ length: CLIENTS }, (_, i) =>
    createGitLab({
      baseUrl: sim.url,
      token: tokens[i % tokens.length],
      timeoutMs: 20_000,
      // Any 5xx or 429 surfaces as an error instead of being retried away.
      maxRetries: 0,
      onExchange: (e) => {
        exchanges++;
        if (e.status !== undefined) statuses.set(e.status, (statuses.get(e.status) ?? 0) + 1);
      },
    }),
  );
  const started = Date.now();
  const deadline = started + DURATION_MS;
  let rounds = 0;

  const poll = async (gl: GitLab, n: number) => {
    let round = 0;
    while (Date.now() < deadline) {
      round++;
      try {
        const projects = await gl.projects.list({ membership: true, perPage: 20 }).all(20);
        if (!projects.length) throw new Error('no projects listed');
        const project = projects[(n + round) % projects.length]!;
        const pipelines = await gl.pipelines.list(project.id, { perPage: 10 }).all(10);
        for (const p of pipelines) if (!pipelineStatuses.has(p.status)) inconsistencies.push(`pipeline #${p.id} status ${p.status}`);
        if (!pipelines.length) continue;
        const pipeline = pipelines[round % pipelines.length]!;
        const full = await gl.pipelines.get(project.id, pipeline.id);
        if (full.id !== pipeline.id || (full.project_id !== undefined && full.project_id !== project.id))
          inconsistencies.push(`pipeline #${pipeline.id} fetched as #${full.id} of project ${full.project_id}`);
        const jobs = await gl.jobs.listForPipeline(project.id, pipeline.id, { perPage: 100 }).all(100);
        for (const job of jobs) {
          if (!jobStatuses.has(job.status)) inconsistencies.push(`job #${job.id} status ${job.status}`);
          if (job.pipeline && job.pipeline.id !== pipeline.id) inconsistencies.push(`job #${job.id} listed under #${pipeline.id} but says #${job.pipeline.id}`);
        }
        // Every listed job exists when fetched (a few per round, to keep the mix realistic).
        for (const job of jobs.slice(0, 3)) {
          const fetched = await gl.jobs.get(project.id, job.id);
          if (fetched.id !== job.id || fetched.pipeline?.id !== pipeline.id)
            inconsistencies.push(`job #${job.id} fetched as #${fetched.id} of pipeline #${fetched.pipeline?.id}`);
          if (!jobStatuses.has(fetched.status)) inconsistencies.push(`job #${job.id} fetched status ${fetched.status}`);
        }
        const withLog = jobs.find((j) => j.status !== 'created' && j.status !== 'manual' && j.status !== 'skipped');
        if (withLog) await gl.jobs.trace(project.id, withLog.id);
      } catch (error) {
        errors.push(String((error as Error).message ?? error).slice(0, 200));
      }
      rounds++;
    }
  };
  await Promise.all(clients.map((gl, i) => poll(gl, i)));
  const seconds = (Date.now() - started) / 1000;
  const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  const figures = {
    clients: CLIENTS,
    seconds: Number(seconds.toFixed(1)),
    rounds,
    requests: exchanges,
    requestsPerSecond: Math.round(exchanges / seconds),
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
    fiveXX,
    errors: errors.length,
    inconsistencies: inconsistencies.length,
    faultsInjected: sim.faultStats.total,
  };
  console.log(`load figures:\n${JSON.stringify(figures, null, 2)}`);
  if (errors.length) console.log('first errors:', errors.slice(0, 5));
  if (inconsistencies.length) console.log('first inconsistencies:', inconsistencies.slice(0, 5));

  expect(sim.faultStats.total).toBe(0);
  expect(fiveXX).toBe(0);
  expect(errors).toEqual([]);
  expect(inconsistencies).toEqual([]);
  expect(rounds).toBeGreaterThan(CLIENTS);
}, 120_000);
