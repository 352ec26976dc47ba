// `pipetop watch` end to end on the simulator, in-process with a fast clock: the exit status of each
// outcome, the plain and JSON outputs, the live view, and the errors (not found, unreachable, usage).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRig, type Rig } from '../helpers/sim.js';
import { planOutcome, watchOn } from './helpers.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';

const API = 'acme/api';
let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

/** A new pipeline on fix/timeouts (no manual deploy jobs there) whose jobs end as planned. */
async function newPipeline(failing: string[] = []): Promise<number> {
  const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
  planOutcome(rig, p.id, failing);
  return p.id;
}

describe('exit status per outcome', () => {
  it('0 when the pipeline succeeds, after following it from pending', async () => {
    const id = await newPipeline();
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.lines[0]).toMatch(new RegExp(`^watching pipeline #${id} of acme/api on fix/timeouts: (pending|running), \\d+ jobs — http`));
    expect(run.lines.at(-1)).toMatch(new RegExp(`^✔ pipeline #${id} success after \\d+m \\d\\ds — http://127\\.0\\.0\\.1:\\d+/acme/api/-/pipelines/${id}$`));
    expect(run.lines.at(-2)).toBe(`pipeline #${id} success (was running)`);
  });

  it('1 when a job fails: the summary names it with its URL and the first failure line of its log', async () => {
    const id = await newPipeline(['lint']);
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10']);
    expect(run.code).toBe(1);
    const end = run.lines.findIndex((l) => l.startsWith(`✖ pipeline #${id} failed after`));
    expect(end).toBeGreaterThan(0);
    expect(run.lines[end + 1]).toMatch(/^ {2}✖ lint \[test\] — script_failure http:\/\/127\.0\.0\.1:\d+\/acme\/api\/-\/jobs\/\d+$/);
    expect(run.lines[end + 2]).toMatch(/^ {6}> \S/);
    expect(run.lines.length).toBe(end + 3);
  });

  it('1 when the pipeline is canceled while watched', async () => {
    const id = await newPipeline();
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10'], {
      onSleep: async (n) => {
        if (n === 3) await rig.gl.pipelines.cancel(API, id);
      },
    });
    expect(run.code).toBe(1);
    expect(run.lines).toContain(`pipeline #${id} canceled (was running)`);
    expect(run.lines.at(-1)).toMatch(new RegExp(`^⊘ pipeline #${id} canceled`));
  });

  it('1 for a skipped pipeline, at once', async () => {
    const [skipped] = await rig.gl.pipelines.list(API, { status: 'skipped', perPage: 1 }).all(1);
    const run = await watchOn(rig, [String(skipped!.id), '--project', API]);
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([
      expect.stringMatching(/^watching pipeline #\d+ .*: skipped, 0 jobs/),
      expect.stringMatching(new RegExp(`^» pipeline #${skipped!.id} skipped`)),
    ]);
  });

  it('without an id, watches the newest pipeline of --ref', async () => {
    const id = await newPipeline();
    const run = await watchOn(rig, ['--ref', 'fix/timeouts', '--project', API, '--interval', '10']);
    expect(run.code).toBe(0);
    expect(run.lines[0]).toMatch(new RegExp(`^watching pipeline #${id} `));
  });
});

describe('polling', () => {
  it('over REST: the pipeline every round, mostly 304; the jobs only when it changed or every 3 rounds', async () => {
    const id = await newPipeline();
    const pid = (await rig.gl.projects.get(API)).id;
    const from = rig.sim.requests.length;
    // A GitLab without GraphQL (the GraphQL path: test/watch/graphql.test.ts).
    rig.sim.setGraphQL('off');
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '3']).finally(() => rig.sim.setGraphQL('on'));
    expect(run.code).toBe(0);
    const mine = rig.sim.requests.slice(from).filter((r) => String(r.headers['user-agent']).includes('watch'));
    const pipelineReads = mine.filter((r) => r.path.split('?')[0] === `/projects/${pid}/pipelines/${id}`);
    const jobReads = mine.filter((r) => r.path.split('?')[0] === `/projects/${pid}/pipelines/${id}/jobs`);
    const changed = pipelineReads.filter((r) => r.status === 200).length;
    expect(pipelineReads.length).toBeGreaterThan(50);
    expect(pipelineReads.filter((r) => r.status === 304).length).toBeGreaterThan(pipelineReads.length * 0.8);
    expect(jobReads.length).toBeLessThanOrEqual(Math.ceil(pipelineReads.length / 3) + changed);
    // No trigger jobs here: the bridges are read when the pipeline changed (and every 5 minutes), as
    // the pipeline pane reads them — not with every jobs read.
    const bridgeReads = mine.filter((r) => r.path.split('?')[0] === `/projects/${pid}/pipelines/${id}/bridges`);
    const minutes = (pipelineReads.length * 3_000) / 60_000;
    expect(bridgeReads.length).toBeGreaterThan(0);
    expect(bridgeReads.length).toBeLessThanOrEqual(changed + Math.ceil(minutes / 5));
    expect(bridgeReads.length).toBeLessThan(jobReads.length);
  });

  it('rides out a GitLab that fails for a while: says it is trying again, then carries on to the end', async () => {
    const id = await newPipeline();
    const pid = (await rig.gl.projects.get(API)).id;
    rig.sim.faults.add({ kind: 'respond', status: 503, path: `/projects/${pid}/pipelines/${id}`, times: 12 });
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10', '--give-up', '600']);
    rig.sim.faults.clear();
    expect(run.code).toBe(0);
    expect(run.err).toMatch(new RegExp(`^pipetop: GET /projects/${pid}/pipelines/${id} → 503: .*; trying again in 10s\n`));
    expect(run.lines.at(-1)).toMatch(new RegExp(`^✔ pipeline #${id} success`));
  });
});

describe('plain output', () => {
  it('one line per job status change, each job going forward, the pipeline line last before the summary', async () => {
    const id = await newPipeline(['test:integration']);
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '5']);
    expect(run.code).toBe(1);
    const body = run.lines.slice(
      1,
      run.lines.findIndex((l) => l.startsWith('✖ pipeline')),
    );
    expect(body.length).toBeGreaterThan(8);
    const seen = new Map<string, string[]>();
    for (const line of body) {
      const m = /^job #\d+ (\S+) \[(\w+)\] (\w+)(?: — (\w+))? \((?:was (\w+)|new)\)$/.exec(line) ?? /^pipeline #\d+ (\w+) \(was (\w+)\)$/.exec(line);
      expect(m, line).not.toBeNull();
      if (line.startsWith('job')) {
        const [, name, , status, , was] = m!;
        const history = seen.get(name!) ?? [];
        if (history.length) expect(was).toBe(history.at(-1));
        seen.set(name!, [...history, status!]);
      }
    }
    expect(seen.get('test:integration')).toEqual(expect.arrayContaining(['running', 'failed']));
    expect(body.at(-1)).toBe(`pipeline #${id} failed (was running)`);
    expect(body.some((l) => /^job #\d+ test:integration \[test\] failed — script_failure \(was running\)$/.test(l))).toBe(true);
  });
});

describe('--json', () => {
  it('one object per line: start, job and pipeline changes, end with the exit code and the failed jobs', async () => {
    const id = await newPipeline(['lint']);
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10', '--json']);
    expect(run.code).toBe(1);
    const objects = run.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects[0]).toMatchObject({ type: 'start', project: API, pipeline: id, ref: 'fix/timeouts' });
    expect((objects[0]!.jobs as unknown[]).length).toBeGreaterThan(3);
    const end = objects.at(-1)!;
    expect(end).toMatchObject({ type: 'end', pipeline: id, status: 'failed', outcome: 'failed', exit_code: 1 });
    const failed = end.failed_jobs as Record<string, unknown>[];
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ name: 'lint', stage: 'test', status: 'failed', failure_reason: 'script_failure' });
    expect(failed[0]!.web_url).toMatch(/\/acme\/api\/-\/jobs\/\d+$/);
    expect(typeof failed[0]!.failure_line).toBe('string');
    for (const o of objects.slice(1, -1)) {
      expect(['job', 'pipeline']).toContain(o.type);
      expect(typeof o.at).toBe('string');
      if (o.type === 'job')
        expect(Object.keys(o)).toEqual(expect.arrayContaining(['job', 'name', 'stage', 'status', 'previous', 'web_url', 'failure_reason', 'allow_failure']));
    }
    expect(objects.at(-2)).toMatchObject({ type: 'pipeline', pipeline: id, status: 'failed', previous: 'running' });
  });
});

describe('live view on a terminal', () => {
  it('redraws a few lines in place, each within the width; NO_COLOR means no colour', async () => {
    const id = await newPipeline();
    const run = await watchOn(rig, [String(id), '--project', API, '--interval', '10'], { tty: true, columns: 40, env: { NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/\r\x1b\[\d+A/);
    expect(run.out).not.toMatch(/\x1b\[3\dm/);
    const frames = run.out.split(/\r\x1b\[\d+A/);
    for (const frame of frames.slice(0, -1)) {
      const lines = frame
        .split('\n')
        .filter(Boolean)
        .map((l) => l.replace(/\x1b\[K|\x1b\[J/g, ''));
      expect(lines.length).toBeLessThanOrEqual(10);
      for (const l of lines) expect([...l].length).toBeLessThanOrEqual(39);
    }
    expect(run.out).toMatch(new RegExp(`✔ pipeline #${id} success after`));
  });

  it('colours the status glyphs when allowed', async () => {
    const [skipped] = await rig.gl.pipelines.list(API, { status: 'success', perPage: 1 }).all(1);
    const run = await watchOn(rig, [String(skipped!.id), '--project', API], { tty: true });
    expect(run.code).toBe(0);
    expect(run.out).toContain('\x1b[32m✔\x1b[0m');
  });
});

describe('errors', () => {
  it('exit 3 for an unknown pipeline, saying so', async () => {
    const run = await watchOn(rig, ['999999', '--project', API]);
    expect(run.code).toBe(3);
    expect(run.err).toBe('pipetop watch: pipeline #999999 not found in acme/api.\n');
  });

  it('exit 3 for an unknown project, and for a ref with no pipeline', async () => {
    const project = await watchOn(rig, ['1', '--project', 'nope/nope']);
    expect(project.code).toBe(3);
    expect(project.err).toMatch(/^pipetop watch: project nope\/nope not found on 127\.0\.0\.1:\d+/);
    const ref = await watchOn(rig, ['--ref', 'no-such-branch', '--project', API]);
    expect(ref.code).toBe(3);
    expect(ref.err).toBe('pipetop watch: no pipeline on ref no-such-branch in acme/api.\n');
  });

  it('exit 3 when GitLab stays unreachable for --give-up seconds, retrying with growing waits until then', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    let t = 0;
    const waits: number[] = [];
    const run = await watchOn(rig, ['--host', `http://127.0.0.1:${port}`, '1', '--project', API, '--give-up', '20', '--interval', '2'], {
      hooks: {
        now: () => t,
        sleep: async (ms) => {
          waits.push(ms);
          t += ms;
        },
      },
    });
    expect(run.code).toBe(3);
    expect(run.err).toMatch(
      new RegExp(`pipetop watch: GitLab at 127\\.0\\.0\\.1:${port} unreachable for 20s; giving up \\(--give-up\\)\\. Last error: .*ECONNREFUSED`),
    );
    expect(waits).toEqual([2000, 4000, 8000, 6000]);
  });

  it('exit 2 when the token is refused', async () => {
    const run = await watchOn(rig, ['1', '--project', API, '--token', 'glpat-wrong']);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/refused the request \(401\)/);
    expect(run.err).not.toContain('glpat-wrong');
  });

  it('an expired token: GitLab’s own sentence, then ours, one full stop between them', async () => {
    const run = await watchOn(rig, ['1', '--project', API, '--token', DEMO_TOKENS.expired]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/token refresh\. Check the token/);
    expect(run.err).not.toMatch(/\.\./);
  });

  it.each([
    [['abc'], /the pipeline id must be a number, got "abc"/],
    [['12', '--ref', 'main'], /give a pipeline id or --ref, not both/],
    [['--interval', '0'], /--interval must be a number of seconds between 0\.5 and 3600, got "0"/],
    [['--bogus'], /unknown option --bogus/],
    [['1', '2'], /watch takes one pipeline id/],
  ])('exit 2 for bad usage: %j', async (argv, message) => {
    const run = await watchOn(rig, [...argv, '--project', API]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.out).toBe('');
  });

  it('exit 2 with no project anywhere (no --project, no git remote)', async () => {
    const run = await watchOn(rig, []);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/no project\. Pass --project/);
  });
});
