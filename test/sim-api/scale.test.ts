// The simulator's `scale` option (benchmarks' big world): more projects, a pipeline of many jobs and
// a very long log, served through the same routes and pagination as the demo world.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGitLab, type GitLab } from '../../src/api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';
import { START } from '../helpers/sim.js';

let sim: Simulator;
let gl: GitLab;

beforeAll(async () => {
  sim = await startSimulator({ seed: 3, speed: 0, startTime: START, scale: { projects: 40, pipelineJobs: 250, logLines: 5000 } });
  gl = createGitLab({ baseUrl: sim.url, token: DEMO_TOKENS.user, sleep: async () => {} });
});
afterAll(async () => {
  await sim?.close();
});

it('has the asked number of projects, the demo ones unchanged', async () => {
  const projects = await gl.projects.list({ perPage: 100 }).all();
  // alice sees every project but the admin-only one.
  expect(projects).toHaveLength(40);
  expect(projects.map((p) => p.path_with_namespace)).toEqual(expect.arrayContaining(['acme/api', 'acme/web', 'fleet/monolith']));
  expect(new Set(projects.map((p) => p.id)).size).toBe(40);
});

it('runs a pipeline with the asked number of jobs, paginated like any other', async () => {
  const [pipeline] = await gl.pipelines.list('fleet/monolith').all();
  expect(pipeline).toBeDefined();
  let total: number | undefined;
  for await (const page of gl.jobs.listForPipeline('fleet/monolith', pipeline!.id, { perPage: 100 }).pages()) {
    total = page.total;
    break;
  }
  expect(total).toBe(250);
  const jobs = await gl.jobs.listForPipeline('fleet/monolith', pipeline!.id, { perPage: 100 }).all();
  expect(jobs).toHaveLength(250);
  expect(new Set(jobs.map((j) => j.stage)).size).toBe(10);
});

it('serves a log of at least the asked number of lines, in collapsed sections', async () => {
  const [pipeline] = await gl.pipelines.list('fleet/monolith').all();
  const jobs = await gl.jobs.listForPipeline('fleet/monolith', pipeline!.id, { perPage: 100 }).all();
  const verbose = jobs.find((j) => j.name === 'test:verbose')!;
  expect(verbose.status).toBe('success');
  const result = await gl.jobs.trace('fleet/monolith', verbose.id);
  const trace = result.kind === 'unchanged' ? '' : result.chunk.toString('utf8');
  const lines = trace.split('\n');
  expect(lines.length).toBeGreaterThanOrEqual(5000);
  expect(lines.length).toBeLessThan(6000);
  expect(trace).toMatch(/section_start:\d+:verbose_1\[collapsed=true\]/);
  expect(trace).toContain('Job succeeded');
});
