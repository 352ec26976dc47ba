// The worlds tests and `pipetop sim` serve (seeds 7 and 42) hold what GitLab users meet: a parent
// pipeline that failed only through its `strategy: depend` child, whose failed job is a pytest job
// (its log's real failure line an `E   …` line after `FAILED [ n%]` progress lines).
import { describe, expect, it } from 'vitest';
import { logOf } from '../../src/sim/trace.js';
import { buildWorld } from '../../src/sim/world/build.js';
import { firstFailureLine } from '../../src/watch/failure-line.js';
import { START } from '../helpers/sim.js';

describe('a parent that failed only through its child', () => {
  for (const seed of [7, 42]) {
    it(`is in the world of seed ${seed}`, () => {
      const world = buildWorld(seed, START);
      const deployer = world.projectsByPath.get('acme/platform/deployer')!;
      const found = world.projectPipelines
        .get(deployer.id)!
        .map((id) => world.pipelines.get(id)!)
        .filter((p) => p.status === 'failed' && p.source === 'push')
        .map((p) => world.pipelineJobs(p))
        .filter((jobs) => !jobs.some((j) => !j.trigger && j.status === 'failed'))
        .map((jobs) => jobs.find((j) => j.trigger?.strategy === 'depend' && j.status === 'failed' && j.downstreamPipelineId !== null))
        .filter((b) => b !== undefined);
      expect(found.length).toBeGreaterThan(0);
      const child = world.pipelineJobs(world.pipelines.get(found[0]!.downstreamPipelineId!)!).find((j) => j.status === 'failed')!;
      expect(child.tool).toBe('pytest');
      const text = logOf(world, child).text;
      expect(text.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/ FAILED +\[ *\d+%\]/);
      expect(firstFailureLine(Buffer.from(text))).toMatch(/^E {2,}\S/);
    });
  }
});
