// `pipetop watch` on the simulator's real trigger jobs: acme/platform/deployer's 700019
// (finished: two child pipelines and a multi-project one in acme/mobile) and 700027 (running, held
// by its `integration` child), read through GET …/pipelines/:id/bridges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRig, type Rig } from '../helpers/sim.js';
import { watchOn } from './helpers.js';

const DEPLOYER = 'acme/platform/deployer';
let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

interface DownstreamJson {
  name: string;
  status: string;
  downstream_pipeline: number | null;
  downstream_status: string | null;
  web_url: string | null;
}
const events = (lines: string[]) =>
  lines.map((l) => JSON.parse(l) as { type: string; downstream?: DownstreamJson[] | DownstreamJson; previous?: string | null });

describe('watch counts real bridges', () => {
  it('lists every downstream pipeline of a finished parent, the multi-project one included', async () => {
    const run = await watchOn(rig, ['700019', '--project', DEPLOYER, '--json']);
    expect(run.code).toBe(0);
    const [start, end] = events(run.lines);
    for (const e of [start!, end!]) {
      const down = e.downstream as DownstreamJson[];
      expect(down.map((d) => [d.name, d.downstream_pipeline, d.downstream_status])).toEqual([
        ['integration', 700020, 'success'],
        ['docs', 700021, 'success'],
        ['mobile:release', 700022, 'success'],
      ]);
      expect(down[2]!.web_url).toMatch(/\/acme\/mobile\/-\/pipelines\/700022$/);
    }
  });

  it("over REST: follows a running parent's child to its end and sees the multi-project pipeline start", async () => {
    const from = rig.sim.requests.length;
    // A GitLab without GraphQL (the GraphQL path: test/watch/graphql.test.ts).
    rig.sim.setGraphQL('off');
    const run = await watchOn(rig, ['700027', '--project', DEPLOYER, '--json', '--interval', '10'], {
      onSleep: (n) => {
        if (n > 5_000) throw new Error('the pipeline did not end');
      },
    }).finally(() => rig.sim.setGraphQL('on'));
    const all = events(run.lines);
    // The integration child runs while the parent stands still: its bridge is read every
    // BRIDGES_ACTIVE_MS (15 s, every other 10 s round), not every round.
    const mine = rig.sim.requests.slice(from).filter((r) => String(r.headers['user-agent']).includes('watch'));
    const rounds = mine.filter((r) => /\/pipelines\/700027$/.test(r.path.split('?')[0]!)).length;
    const bridgeReads = mine.filter((r) => /\/pipelines\/700027\/bridges$/.test(r.path.split('?')[0]!)).length;
    expect(rounds).toBeGreaterThan(6);
    expect(bridgeReads).toBeGreaterThanOrEqual(Math.floor(rounds / 2));
    expect(bridgeReads).toBeLessThan(rounds);
    expectDeployerStory(all);
  });
});

describe('watch counts real bridges over GraphQL', () => {
  // A world of its own: 700027 runs once, and the tests run in any order.
  let own: Rig;
  beforeAll(async () => {
    own = await startRig();
  });
  afterAll(() => own.close());

  it("follows a running parent's child to its end from the tree; the bridges over REST only when one started a pipeline", async () => {
    const from = own.sim.requests.length;
    const run = await watchOn(own, ['700027', '--project', DEPLOYER, '--json', '--interval', '10'], {
      onSleep: (n) => {
        if (n > 5_000) throw new Error('the pipeline did not end');
      },
    });
    expect(run.err).toBe('');
    const all = events(run.lines);
    const mine = own.sim.requests.slice(from).filter((r) => String(r.headers['user-agent']).includes('watch'));
    const trees = mine.filter((r) => r.path === '/api/graphql');
    const bridgeReads = mine.filter((r) => /\/pipelines\/700027\/bridges$/.test(r.path.split('?')[0]!)).length;
    expect(trees.length).toBeGreaterThan(6);
    expect(trees.filter((r) => r.status === 304).length).toBeGreaterThan(0);
    // The first round's read, and one for mobile:release starting its pipeline: not every 15 s.
    expect(bridgeReads).toBeGreaterThanOrEqual(2);
    expect(bridgeReads).toBeLessThanOrEqual(3);
    // What the REST path says (above).
    expectDeployerStory(all);
  });
});

/** What watch says of the deployer's running parent, over REST or GraphQL alike. */
function expectDeployerStory(all: ReturnType<typeof events>): void {
  const start = all[0]!.downstream as DownstreamJson[];
  expect(start.map((d) => [d.name, d.status])).toEqual([
    ['integration', 'running'],
    ['docs', 'success'],
    ['mobile:release', 'created'],
  ]);
  // A change is one line: the bridge's fields beside `previous`.
  const changes = all.filter((e) => e.type === 'downstream') as unknown as (DownstreamJson & { previous: string | null })[];
  expect(changes.find((d) => d.name === 'integration')).toMatchObject({ downstream_pipeline: 700028, downstream_status: 'success', previous: 'running' });
  const mobile = changes.filter((d) => d.name === 'mobile:release' && d.downstream_pipeline !== null);
  expect(mobile.length).toBeGreaterThan(0);
  expect(mobile[0]!.web_url).toMatch(/\/acme\/mobile\/-\/pipelines\/\d+$/);
  expect(all.at(-1)!.type).toBe('end');
}
