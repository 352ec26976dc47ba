// acme/ml: a project whose jobs lean on runners of its own (world/runner-seeds.ts), so the demo world
// has what an on-call engineer asks "why isn't it running?" about: a training job whose only runner
// went offline three hours ago (stuck; a runner with a near tag is online), a TPU job whose runner
// never contacted GitLab, review deploys that only a ref_protected runner could take, and tests on a
// runner whose second machine loses jobs (runner_system_failure).
//
// Like world/extras.ts it keeps out of the older projects' way: its own random stream and id ranges,
// no activity feed, last active before the other projects' newest pipelines.
import { hashSeed, Rng } from '../rng.js';
import type { JobTemplate, SimProject } from '../model.js';
import { newCommit, ZERO_SHA } from './commits.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
const MEMBERS: Record<string, number> = { alice: 40, bob: 40, carol: 30, dmitri: 30, erin: 30 };
const BRANCHES = ['main', 'feature/quantize', 'exp/lr-sweep'];

function job(name: string, stage: string, typicalSec: number, failRate: number, tags: string[], extra: Partial<JobTemplate> = {}): JobTemplate {
  return { name, stage, typicalSec, failRate, when: 'on_success', allowFailure: false, tags, logSize: 'small', ...extra };
}

// Training comes before the tests that evaluate it, so the newest pipeline (built by jobs that never
// fail) reaches train:h100 for every seed and is held there when the world opens.
const JOBS: JobTemplate[] = [
  job('lint', 'build', 30, 0, []),
  job('build:image', 'build', 90, 0, ['docker', 'linux']),
  job('train:a100', 'train', 600, 0.05, ['cuda', 'gpu-a100']),
  job('train:h100', 'train', 900, 0.05, ['cuda', 'gpu-h100']),
  job('benchmark:tpu', 'train', 300, 0, ['tpu'], { allowFailure: true }),
  job('test:unit', 'test', 120, 0.06, ['docker', 'linux', 'ml']),
  job('test:data', 'test', 200, 0.04, ['docker', 'linux', 'ml']),
  job('test:eval', 'test', 160, 0.04, ['docker', 'linux', 'ml']),
  job('deploy:model', 'deploy', 60, 0.02, ['deploy'], { only: ['main'] }),
  job('deploy:review', 'deploy', 60, 0.02, ['deploy'], { only: BRANCHES.slice(1) }),
];

/** Ids of their own, apart from world/extras.ts's and far above the demo world's and `scale`'s. */
const ID_BASE = { project: 20_301, pipeline: 800_000, job: 8_000_000, deployment: 80_000 };

export function addMlProject(world: World, startTime: number): void {
  const rng = new Rng(hashSeed(world.seed, 0x31));
  const members = new Map<number, number>();
  for (const [name, level] of Object.entries(MEMBERS)) members.set(world.usersByName.get(name)!.id, level);
  const project: SimProject = {
    id: ID_BASE.project + (world.seed % 3),
    name: 'ml',
    path: 'ml',
    namespace: 'acme',
    description: 'Model training and serving: GPU runners of its own.',
    defaultBranch: 'main',
    branches: [...BRANCHES],
    tags: [],
    heads: new Map(),
    commits: [],
    stages: ['build', 'train', 'test', 'deploy'],
    jobs: JOBS,
    createdAt: startTime - 60 * 24 * HOUR,
    lastActivityAt: startTime - 72 * HOUR,
    members,
    visibility: 'internal',
    nextPipelineIid: 1 + rng.int(0, 40),
    nextDeploymentIid: 1,
    environments: new Map(),
    ids: { pipeline: ID_BASE.pipeline, job: ID_BASE.job, deployment: ID_BASE.deployment },
    buildTimeout: 7200,
  };
  for (const branch of BRANCHES) project.heads.set(branch, newCommit(world, project, rng, project.createdAt + rng.int(0, 20) * 24 * HOUR, null));
  world.projects.set(project.id, project);
  world.projectsByPath.set('acme/ml', project);

  // Pushes over three days; the newest, 25 minutes before the world opens, is held by train:h100,
  // whose only runner went offline three hours ago.
  const pushes: [number, string][] = [
    ...[140, 130, 118, 110, 97, 90, 75, 70, 64, 60, 52, 49, 44, 38, 30, 26, 22, 16, 12, 9, 7, 5].map((h, k): [number, string] => [h, BRANCHES[k % 3]!]),
    [2.2, 'main'],
    [1.4, 'feature/quantize'],
    [25 / 60, 'main'],
  ];
  pushes.forEach(([hoursAgo, ref], k) => {
    world.at(startTime - hoursAgo * HOUR, (at) => {
      const userId = world.usersByName.get(k % 2 ? 'bob' : 'alice')!.id;
      const before = project.heads.get(ref)!;
      const commit = newCommit(world, project, rng, at - rng.int(30, 300) * 1000, userId);
      project.heads.set(ref, commit);
      world.createPipeline({ project, ref, tag: false, commit, beforeSha: before?.sha ?? ZERO_SHA, source: 'push', userId, at });
    });
  });
}
