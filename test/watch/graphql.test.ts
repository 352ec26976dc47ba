// `pipetop watch` over GraphQL on the simulator, in-process with a fast clock: the tree each round,
// answered 304 while nothing changed, REST's job list only when the graph cannot say it all (the
// start, a failed job's reason); the revoked token noticed by the REST read a minute; and the fall
// back to REST on a GitLab without GraphQL or with polling disabled, said once on stderr. The
// outputs and exit codes are the REST path's (test/watch/watch.test.ts pins those).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { LoggedRequest } from '../../src/sim/server.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { planOutcome, watchOn, type Run } from './helpers.js';

const API = 'acme/api';
let rig: Rig;
let pid: number;

beforeAll(async () => {
  rig = await startRig();
  pid = (await rig.gl.projects.get(API)).id;
});
afterAll(() => rig.close());
afterEach(() => {
  rig.sim.setGraphQL('on');
  rig.sim.world.tokens.get(DEMO_TOKENS.user)!.expired = false;
});

async function newPipeline(failing: string[] = []): Promise<number> {
  const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
  planOutcome(rig, p.id, failing);
  return p.id;
}

/** The requests of the watch run between `from` and now, by kind. */
function requestsOf(from: number, id: number) {
  const mine = rig.sim.requests.slice(from).filter((r) => String(r.headers['user-agent']).includes('watch'));
  const path = (r: LoggedRequest) => r.path.split('?')[0]!;
  return {
    graph: mine.filter((r) => path(r) === '/api/graphql'),
    pipeline: mine.filter((r) => path(r) === `/projects/${pid}/pipelines/${id}`),
    jobLists: mine.filter((r) => path(r) === `/projects/${pid}/pipelines/${id}/jobs`),
    bridges: mine.filter((r) => path(r) === `/projects/${pid}/pipelines/${id}/bridges`),
  };
}

/** A run's lines with the numbers (ids, times) and URLs' ports taken out: what two runs must share. */
const shape = (lines: readonly string[]) => lines.map((l) => l.replace(/\d+/g, 'N'));

describe('over GraphQL', () => {
  it('one query a round, 304 while nothing changed; the jobs listed over REST once, the pipeline once a minute', async () => {
    const id = await newPipeline();
    const from = rig.sim.requests.length;
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '3']);
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
    const seen = requestsOf(from, id);
    const rounds = seen.graph.length;
    expect(rounds).toBeGreaterThan(40);
    expect(seen.graph.every((r) => r.method === 'POST' && r.headers['x-gitlab-graphql-resource-etag'] === `pipelines/id/${id}`)).toBe(true);
    const fresh = seen.graph.filter((r) => r.status === 200).length;
    expect(seen.graph.filter((r) => r.status === 304).length).toBe(rounds - fresh);
    expect(fresh).toBeLessThan(rounds / 2);
    // The first round's list only: every status since came in the graph.
    expect(seen.jobLists.length).toBe(1);
    // The first round, one a minute (the token still valid), and the end told from REST.
    const minutes = (rounds * 3_000) / 60_000;
    expect(seen.pipeline.length).toBeGreaterThanOrEqual(2);
    expect(seen.pipeline.length).toBeLessThanOrEqual(2 + Math.ceil(minutes));
    // No trigger jobs: the bridges are read once, at the start.
    expect(seen.bridges.length).toBe(1);
    // What the REST path says (test/watch/watch.test.ts).
    expect(run.lines[0]).toMatch(new RegExp(`^watching pipeline #${id} of acme/api on fix/timeouts: (pending|running|created), \\d+ jobs — http`));
    expect(run.lines.at(-2)).toBe(`pipeline #${id} success (was running)`);
    expect(run.lines.at(-1)).toMatch(new RegExp(`^✔ pipeline #${id} success after \\d+m \\d\\ds — http://127\\.0\\.0\\.1:\\d+/acme/api/-/pipelines/${id}$`));
    // Each job seen going forward, as over REST.
    const body = run.lines.slice(1, -1);
    expect(body.some((l) => /^job #\d+ lint \[test\] running \(was (pending|created)\)$/.test(l))).toBe(true);
    expect(body.some((l) => /^job #\d+ lint \[test\] success \(was running\)$/.test(l))).toBe(true);
  });

  it('a job that failed: one more REST list brings its failure_reason, which every output names', async () => {
    const id = await newPipeline(['lint']);
    const from = rig.sim.requests.length;
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '3']);
    expect(run.code).toBe(1);
    expect(run.err).toBe('');
    expect(run.lines.some((l) => /^job #\d+ lint \[test\] failed — script_failure \(was running\)$/.test(l))).toBe(true);
    const end = run.lines.findIndex((l) => l.startsWith(`✖ pipeline #${id} failed after`));
    expect(run.lines[end + 1]).toMatch(/^ {2}✖ lint \[test\] — script_failure http:\/\/127\.0\.0\.1:\d+\/acme\/api\/-\/jobs\/\d+$/);
    expect(run.lines[end + 2]).toMatch(/^ {6}> \S/);
    expect(requestsOf(from, id).jobLists.length).toBe(2);
  });

  it('the same outputs and exit codes as over REST, plain and --json', async () => {
    const runs: Record<string, Run> = {};
    for (const mode of ['on', 'off'] as const) {
      for (const json of [false, true]) {
        const id = await newPipeline(['test:integration']);
        rig.sim.setGraphQL(mode);
        runs[`${mode}${json ? ' json' : ''}`] = await watchOn(rig, [String(id), '--project', API, '--interval', '5', ...(json ? ['--json'] : [])]);
        rig.sim.setGraphQL('on');
      }
    }
    const [graph, rest, graphJson, restJson] = [runs['on']!, runs['off']!, runs['on json']!, runs['off json']!];
    expect([graph.code, rest.code, graphJson.code, restJson.code]).toEqual([1, 1, 1, 1]);
    // The start and the summary, word for word but for the numbers.
    // (The log's failure line is the simulator's, drawn at random: its place only.)
    const summary = (r: Run) => r.lines.slice(r.lines.findIndex((l) => l.startsWith('✖ pipeline'))).map((l) => l.replace(/^ {6}> .*/, '      > …'));
    expect(shape([graph.lines[0]!])).toEqual(shape([rest.lines[0]!]));
    expect(shape(summary(graph))).toEqual(shape(summary(rest)));
    // Where each job ended.
    const ends = (r: Run) => {
      const last = new Map<string, string>();
      for (const l of r.lines) {
        const m = /^job #\d+ (\S+) \[\w+\] (\w+)/.exec(l);
        if (m) last.set(m[1]!, m[2]!);
      }
      return Object.fromEntries([...last].sort());
    };
    expect(ends(graph)).toEqual(ends(rest));
    expect(ends(graph)['test:integration']).toBe('failed');
    // JSON: the same objects, key for key, and the same end.
    const objects = (r: Run) => r.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const keys = (r: Run) => [...new Set(objects(r).map((o) => `${String(o.type)}: ${Object.keys(o).join(' ')}`))].sort();
    expect(keys(graphJson)).toEqual(keys(restJson));
    const end = (r: Run) => {
      const { at: _at, pipeline: _p, duration: _d, web_url: _w, failed_jobs, ...rest } = objects(r).at(-1)!;
      return { ...rest, failed: (failed_jobs as Record<string, unknown>[]).map((f) => [f.name, f.stage, f.status, f.failure_reason]) };
    };
    expect(end(graphJson)).toEqual(end(restJson));
    expect(end(graphJson)).toMatchObject({ type: 'end', outcome: 'failed', exit_code: 1, failed: [['test:integration', 'test', 'failed', 'script_failure']] });
    // Times keep REST's shape whichever API brought them.
    for (const o of objects(graphJson).filter((x) => x.type === 'job'))
      for (const t of [o.started_at, o.finished_at]) if (t !== null) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }, 30_000);

  it('a pipeline of more than 100 jobs: the tree paged past 100 on each change, the jobs listed over REST once', async () => {
    const path = 'acme/monorepo';
    const project = await rig.gl.projects.get(path);
    const p = await rig.gl.pipelines.create(path, project.default_branch!);
    planOutcome(rig, p.id);
    const jobs = rig.sim.world.pipelineJobs(rig.sim.world.pipelines.get(p.id)!).length;
    expect(jobs).toBeGreaterThan(300);
    const from = rig.sim.requests.length;
    const run = await watchOn(rig, [String(p.id), '--project', path, '--interval', '10']);
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
    expect(run.lines[0]).toContain(`, ${jobs} jobs — `);
    const mine = rig.sim.requests.slice(from).filter((r) => String(r.headers['user-agent']).includes('watch'));
    const trees = mine.filter((r) => r.path === '/api/graphql');
    const pages = Math.ceil(jobs / 100);
    // A fresh tree is its first page (asked with the ETag) and the pages after it (never 304).
    const fresh = trees.filter((r) => r.status === 200);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.length % pages).toBe(0);
    expect(trees.filter((r) => r.status === 304).length).toBeGreaterThan(0);
    // One REST list of the jobs, at the start: its pages of 100.
    expect(mine.filter((r) => r.path.split('?')[0] === `/projects/${project.id}/pipelines/${p.id}/jobs`).length).toBe(pages);
  });

  it('notices a revoked token by its REST read a minute, though the tree keeps answering 304 before authentication', async () => {
    const id = await newPipeline();
    const from = rig.sim.requests.length;
    // The world stands still once the token is revoked (nothing touches the tag), while the
    // watch's own clock goes on.
    let t = rig.sim.clock.now();
    let sleeps = 0;
    let expiredAt = Infinity;
    let graphAtExpiry = 0;
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '3'], {
      hooks: {
        now: () => t,
        sleep: async (ms) => {
          if (++sleeps === 3) {
            rig.sim.world.tokens.get(DEMO_TOKENS.user)!.expired = true;
            expiredAt = t;
            graphAtExpiry = requestsOf(from, id).graph.length;
          }
          if (t < expiredAt) rig.advance(ms);
          t += ms;
        },
      },
    });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/refused the request \(401\)/);
    const seen = requestsOf(from, id);
    const after = seen.graph.slice(graphAtExpiry);
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((r) => r.status === 304)).toBe(true);
    // Refused by the REST read, within a minute and a round of the token's end.
    expect(seen.pipeline.at(-1)!.status).toBe(401);
    expect(t - expiredAt).toBeLessThanOrEqual(60_000 + 3_000);
  });
});

describe('falls back to REST, said once', () => {
  it('a GitLab without GraphQL (404): one POST, one line on stderr, then the REST rounds to the end', async () => {
    rig.sim.setGraphQL('off');
    const id = await newPipeline();
    const from = rig.sim.requests.length;
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '3']);
    expect(run.code).toBe(0);
    expect(run.err).toBe('pipetop: GitLab answered 404 to POST /api/graphql; the pipeline is read over REST from now on\n');
    const seen = requestsOf(from, id);
    expect(seen.graph.length).toBe(1);
    expect(seen.pipeline.length).toBeGreaterThan(40);
    expect(seen.jobLists.length).toBeGreaterThan(5);
    expect(run.lines.at(-1)).toMatch(new RegExp(`^✔ pipeline #${id} success after`));
  });

  it('polling disabled (429 on a cache hit): --json stays JSON on stdout, the notice goes to stderr', async () => {
    rig.sim.setGraphQL('no-polling');
    const id = await newPipeline(['lint']);
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '3', '--json']);
    expect(run.code).toBe(1);
    expect(run.err).toBe('pipetop: GitLab answered 429: polling is disabled; the pipeline is read over REST from now on\n');
    const objects = run.lines.map((l) => JSON.parse(l) as { type: string });
    expect(objects[0]!.type).toBe('start');
    expect(objects.at(-1)).toMatchObject({ type: 'end', outcome: 'failed', exit_code: 1 });
  });

  it('the live view: the notice above the block, which is drawn again below it', async () => {
    rig.sim.setGraphQL('off');
    const id = await newPipeline();
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10'], { tty: true, columns: 60, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/^pipetop: GitLab answered 404 to POST \/api\/graphql; .*REST from now on\n$/);
    // The block was taken away once (cursor up, erase below) before it was drawn again.
    expect(run.out.match(/\r\x1b\[\d+A\x1b\[J/g)).toHaveLength(1);
    expect(run.out).toMatch(new RegExp(`✔ pipeline #${id} success after`));
  });
});

describe('a big pipeline over GraphQL', () => {
  // A world of its own: fleet/monolith's pipelines of 2,500 jobs (25 pages of 100).
  let big: Rig;
  beforeAll(async () => {
    big = await startRig({ scale: { pipelineJobs: 2_500 } });
  });
  afterAll(() => big.close());

  it('keeps the page budget: a fresh tree is 25 pages, asked again only after 7.5 s (10 pages a 3 s round)', async () => {
    const path = 'fleet/monolith';
    const project = await big.gl.projects.get(path);
    const p = await big.gl.pipelines.create(path, 'main');
    const from = big.sim.requests.length;
    const stop = new AbortController();
    const rounds = 24;
    const run = await watchOn(big, [String(p.id), '--project', path, '--interval', '3'], {
      hooks: { signal: stop.signal },
      onSleep: (n) => {
        if (n === rounds) stop.abort();
      },
    });
    expect(run.code).toBe(130);
    // Stopped by the test, and nothing else said: no fall back to REST.
    expect(run.err).toBe('pipetop watch: interrupted\n');
    const mine = big.sim.requests.slice(from).filter((r) => String(r.headers['user-agent']).includes('watch'));
    const trees = mine.filter((r) => r.path === '/api/graphql');
    // The pipeline ran all along: its tree changed from one ask to the next.
    expect(trees.filter((r) => r.status === 200).length).toBeGreaterThan(3 * 25);
    // At most 10 pages a round, as REST's job list keeps (src/lib/budgets.ts), and the first fresh tree.
    expect(trees.length).toBeLessThanOrEqual(rounds * 10 + 25);
    // The jobs listed over REST once, at the start: no job was added and none failed.
    expect(mine.filter((r) => r.path.split('?')[0] === `/projects/${project.id}/pipelines/${p.id}/jobs`).length).toBe(25);
  }, 60_000);
});
