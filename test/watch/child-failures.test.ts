// `pipetop watch` on a parent pipeline that failed only through its child (a `strategy: depend`
// trigger job): the parent has no failed job of its own, so the summary reads the child's failed
// jobs and their logs — and a pytest log's first failure line is its `E   AssertionError`, not the
// `… FAILED [ 50%]` progress line before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRig, type Rig } from '../helpers/sim.js';
import { watchOn } from './helpers.js';

const DEPLOYER = 'acme/platform/deployer';
let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

/** A finished deployer pipeline whose own jobs passed and whose child pipeline failed. */
function failedThroughChild(): { id: number; childJob: string } {
  const world = rig.sim.world;
  const project = world.projectsByPath.get(DEPLOYER)!;
  for (const id of world.projectPipelines.get(project.id)!) {
    const pipeline = world.pipelines.get(id)!;
    if (pipeline.status !== 'failed' || pipeline.source === 'parent_pipeline') continue;
    const jobs = world.pipelineJobs(pipeline);
    if (jobs.some((j) => !j.trigger && j.status === 'failed')) continue;
    const bridge = jobs.find((j) => j.trigger && j.status === 'failed' && j.downstreamPipelineId !== null);
    if (!bridge) continue;
    const child = world.pipelineJobs(world.pipelines.get(bridge.downstreamPipelineId!)!).find((j) => j.status === 'failed');
    if (child) return { id, childJob: child.name };
  }
  throw new Error('no deployer pipeline that failed only through its child');
}

describe('watch on a parent that failed through its child', () => {
  it('names the child’s failed jobs with the first real failure line of their logs (--json)', async () => {
    const { id, childJob } = failedThroughChild();
    const run = await watchOn(rig, [String(id), '--project', DEPLOYER, '--json']);
    expect(run.code).toBe(1);
    const end = run.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((o) => o.type === 'end')!;
    const failed = end.failed_jobs as { name: string; via: string[]; pipeline: number; failure_line: string | null }[];
    expect(failed.length).toBeGreaterThan(0);
    const child = failed.find((f) => f.name === childJob)!;
    expect(child.via).toEqual(['integration']);
    expect(child.pipeline).not.toBe(id);
    // pytest: the E line, not `tests/…::test_x FAILED [ 50%]`.
    expect(child.failure_line).toMatch(/^E {2,}\S/);
  });

  it('says it in the plain summary: bridge › job, then the failure line', async () => {
    const { id, childJob } = failedThroughChild();
    const run = await watchOn(rig, [String(id), '--project', DEPLOYER]);
    expect(run.code).toBe(1);
    const at = run.lines.findIndex((l) => l.includes(`integration › ${childJob} [test]`));
    expect(at).toBeGreaterThan(0);
    expect(run.lines[at + 1]).toMatch(/^ {6}> E {2,}\S/);
  });
});
