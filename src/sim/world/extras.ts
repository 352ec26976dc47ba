// Projects that show what real GitLab projects lean on beyond plain pipelines: trigger jobs with a
// child pipeline and a multi-project downstream pipeline (acme/platform/deployer → acme/mobile),
// declared `spec:inputs`, pipeline and job variables, JUnit test reports, and merge requests with
// detached and merged-results pipelines (acme/mobile).
//
// They stay out of the way of the rest of the world, which tests count on: their own random stream,
// their own id ranges (the other projects' ids, statuses and logs are the same for a seed with or
// without them), no activity feed, and last activity hours before the world opens (the project
// list, newest activity first, keeps its order).
import { hashSeed, Rng } from '../rng.js';
import type { JobTemplate, PipelineConfig, SimMergeRequest, SimProject } from '../model.js';
import { newCommit, ZERO_SHA } from './commits.js';
import { newEnvironment } from './deployments.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
const MAINTAINERS: Record<string, number> = { alice: 40, bob: 40, carol: 30, dmitri: 30, erin: 30 };

function job(name: string, stage: string, typicalSec: number, failRate: number, extra: Partial<JobTemplate> = {}): JobTemplate {
  return { name, stage, typicalSec, failRate, when: 'on_success', allowFailure: false, ...extra };
}

const junit = (file: string) => ({ artifacts: { paths: [file], expireInDays: 30 } });

const INTEGRATION: PipelineConfig = {
  stages: ['test'],
  jobs: [
    job('test:api 1/2', 'test', 120, 0.2, { ...junit('junit-api-1.xml'), logSize: 'small', tool: 'pytest' }),
    job('test:api 2/2', 'test', 110, 0.2, { ...junit('junit-api-2.xml'), logSize: 'small', tool: 'pytest' }),
    // Long enough that the newest parent pipeline is still running, child and all, when the world opens.
    job('test:e2e', 'test', 3600, 0, { logSize: 'small' }),
  ],
};

const DOCS: PipelineConfig = {
  stages: ['build'],
  jobs: [job('docs:build', 'build', 40, 0.02, { logSize: 'small' })],
};

const DEPLOYER_STAGES = ['build', 'test', 'downstream', 'deploy'];
const DEPLOYER_JOBS: JobTemplate[] = [
  job('build', 'build', 60, 0.02, { logSize: 'small' }),
  job('test:unit', 'test', 90, 0.15, { ...junit('junit.xml'), logSize: 'normal' }),
  job('integration', 'downstream', 0, 0, { trigger: { include: 'ci/integration.yml', strategy: 'depend' } }),
  job('docs', 'downstream', 0, 0, { trigger: { include: 'ci/docs.yml' } }),
  job('mobile:release', 'deploy', 0, 0, { trigger: { project: 'acme/mobile', strategy: 'depend' } }),
  job('deploy:production', 'deploy', 45, 0.03, { when: 'manual', allowFailure: true, environment: 'production', echoes: ['Deploying $DEPLOY_TARGET'] }),
];

const MOBILE_STAGES = ['build', 'test'];
const MOBILE_JOBS: JobTemplate[] = [
  job('build:android', 'build', 150, 0.03, { logSize: 'small' }),
  job('build:ios', 'build', 180, 0.04, { logSize: 'small' }),
  job('test:unit', 'test', 80, 0.12, { ...junit('junit.xml'), logSize: 'small', tool: 'jest' }),
];

interface ExtraSeed {
  namespace: string;
  path: string;
  description: string;
  branches: string[];
  stages: string[];
  jobs: JobTemplate[];
  childConfigs?: Record<string, PipelineConfig>;
  inputs?: SimProject['inputs'];
  environments?: { name: string; url: string }[];
}

const EXTRAS: ExtraSeed[] = [
  {
    namespace: 'acme/platform',
    path: 'deployer',
    description: 'Release orchestration: child pipelines and a downstream pipeline in acme/mobile.',
    branches: ['main', 'feature/canary'],
    stages: DEPLOYER_STAGES,
    jobs: DEPLOYER_JOBS,
    childConfigs: { 'ci/integration.yml': INTEGRATION, 'ci/docs.yml': DOCS },
    inputs: {
      environment: { type: 'string', default: 'staging' },
      replicas: { type: 'number', default: 2 },
      dry_run: { type: 'boolean', default: false },
      regions: { type: 'array', default: ['eu-west-1'] },
    },
    environments: [{ name: 'production', url: 'https://deployer.acme.example' }],
  },
  {
    namespace: 'acme',
    path: 'mobile',
    description: 'The mobile apps: merge-request pipelines (detached and merged results).',
    branches: ['main', 'feature/biometrics', 'fix/rotation', 'feat/dark-settings'],
    stages: MOBILE_STAGES,
    jobs: MOBILE_JOBS,
  },
];

export const EXTRA_PROJECT_COUNT = EXTRAS.length;

/** Ids of their own, far above what the demo world and `scale` reach. */
const ID_BASE = { project: 20_101, pipeline: 700_000, job: 7_000_000, deployment: 70_000 };

export function addExtraProjects(world: World, startTime: number): void {
  const rng = new Rng(hashSeed(world.seed, 0xe13));
  const ids = { pipeline: ID_BASE.pipeline, job: ID_BASE.job, deployment: ID_BASE.deployment };
  const projects = EXTRAS.map((seed, i) => {
    const members = new Map<number, number>();
    for (const [username, level] of Object.entries(MAINTAINERS)) members.set(world.usersByName.get(username)!.id, level);
    const project: SimProject = {
      id: ID_BASE.project + i * 7 + (world.seed % 3),
      name: seed.path,
      path: seed.path,
      namespace: seed.namespace,
      description: seed.description,
      defaultBranch: 'main',
      branches: [...seed.branches],
      tags: [],
      heads: new Map(),
      commits: [],
      stages: seed.stages,
      jobs: seed.jobs,
      createdAt: startTime - (90 + i * 20) * 24 * HOUR,
      lastActivityAt: startTime - 72 * HOUR,
      members,
      visibility: 'internal',
      nextPipelineIid: 1 + rng.int(0, 60),
      nextDeploymentIid: 1,
      environments: new Map(),
      ...(seed.childConfigs ? { childConfigs: seed.childConfigs } : {}),
      ...(seed.inputs ? { inputs: seed.inputs } : {}),
      mergeRequests: new Map(),
      // One range shared by both projects: a downstream pipeline in acme/mobile draws from it too.
      ids,
    };
    for (const env of seed.environments ?? []) {
      project.environments.set(env.name, newEnvironment(world.counters.environment + 100 + i, env.name, env.url, project.createdAt));
    }
    for (const branch of project.branches) project.heads.set(branch, newCommit(world, project, rng, project.createdAt + rng.int(0, 40) * 24 * HOUR, null));
    world.projects.set(project.id, project);
    world.projectsByPath.set(`${project.namespace}/${project.path}`, project);
    return project;
  });
  const [deployer, mobile] = projects as [SimProject, SimProject];
  const alice = world.usersByName.get('alice')!.id;
  const bob = world.usersByName.get('bob')!.id;

  // acme/platform/deployer: pushes to main over three days. The newest, 40 minutes before the world
  // opens, is still running: its child pipeline's long e2e job holds the depend bridge (and so the
  // parent) until after the start, while its last activity stays older than the other projects'.
  const pushes = [70, 48, 30, 20, 7, 2.5, 40 / 60];
  pushes.forEach((hoursAgo, k) => {
    world.at(startTime - hoursAgo * HOUR, (at) => {
      const before = deployer.heads.get('main')!;
      const commit = newCommit(world, deployer, rng, at - rng.int(30, 300) * 1000, k % 2 ? bob : alice, before);
      deployer.heads.set('main', commit);
      const pipeline = world.createPipeline({
        project: deployer,
        ref: 'main',
        tag: false,
        commit,
        beforeSha: before.sha,
        source: 'push',
        userId: k % 2 ? bob : alice,
        at,
      });
      // Two manual deploys were played, naming their target (job_variables_attributes).
      if (k === 2 || k === 4) {
        world.at(at + 3 * HOUR, (t) => {
          const deploy = world.pipelineJobs(pipeline).find((j) => j.name === 'deploy:production' && j.status === 'manual');
          if (deploy) world.playJob(deploy, alice, t, [{ key: 'DEPLOY_TARGET', value: k === 2 ? 'eu-west-1' : 'us-east-1' }]);
        });
      }
    });
  });
  // One pipeline run by hand with variables and inputs, as `POST /projects/:id/pipeline` would.
  world.at(startTime - 5 * HOUR, (at) => {
    world.createPipeline({
      project: deployer,
      ref: 'feature/canary',
      tag: false,
      commit: deployer.heads.get('feature/canary')!,
      beforeSha: ZERO_SHA,
      source: 'api',
      userId: alice,
      at,
      variables: [
        { key: 'DEPLOY_TARGET', value: 'canary', variable_type: 'env_var' },
        { key: 'ROLLOUT_PLAN', value: 'steps:\n  - 10%\n  - 100%\n', variable_type: 'file' },
      ],
      inputs: { environment: 'canary', replicas: 1, dry_run: true, regions: ['eu-west-1'] },
    });
  });

  // acme/mobile: merge requests with detached (…/head) and merged-results (…/merge) pipelines.
  const mrs: Omit<SimMergeRequest, 'id' | 'projectId' | 'updatedAt' | 'mergedAt'>[] = [
    {
      iid: 11,
      title: 'Fix crash on rotation',
      state: 'merged',
      sourceBranch: 'fix/rotation',
      targetBranch: 'main',
      authorId: bob,
      createdAt: startTime - 60 * HOUR,
    },
    {
      iid: 12,
      title: 'Add biometric login',
      state: 'opened',
      sourceBranch: 'feature/biometrics',
      targetBranch: 'main',
      authorId: alice,
      createdAt: startTime - 30 * HOUR,
    },
    {
      iid: 13,
      title: 'Draft: Dark mode for the settings screen',
      state: 'opened',
      sourceBranch: 'feat/dark-settings',
      targetBranch: 'main',
      authorId: bob,
      reviewerIds: [alice],
      createdAt: startTime - 9 * HOUR,
    },
  ];
  for (const m of mrs) {
    const mr: SimMergeRequest = { ...m, id: 4000 + m.iid, projectId: mobile.id, updatedAt: m.createdAt, mergedAt: null };
    mobile.mergeRequests!.set(mr.iid, mr);
    const runs = mr.iid === 13 ? [1] : [1, 5];
    for (const after of runs) {
      world.at(mr.createdAt + after * HOUR, (at) => {
        mergeRequestPipeline(world, rng, mobile, mr, at, mr.iid !== 13 && after > 1);
        mr.updatedAt = at;
      });
    }
    if (mr.state === 'merged') {
      world.at(mr.createdAt + 8 * HOUR, (at) => {
        mr.mergedAt = at;
        mr.updatedAt = at;
        const before = mobile.heads.get('main')!;
        const merge = newCommit(world, mobile, rng, at, mr.authorId, before);
        mobile.heads.set('main', merge);
        world.createPipeline({ project: mobile, ref: 'main', tag: false, commit: merge, beforeSha: before.sha, source: 'push', userId: mr.authorId, at });
      });
    }
  }
}

/**
 * Merge requests beyond acme/mobile's, for `:mrs` (alice's across projects): one of hers in acme/api
 * on a branch its pushes run pipelines on (the head pipeline is the branch's), one of bob's in the
 * deployer that she reviews. No random draws: every other project stays as it was for a seed.
 */
export function addDemoMergeRequests(world: World, startTime: number): void {
  const alice = world.usersByName.get('alice')!.id;
  const bob = world.usersByName.get('bob')!.id;
  const api = world.projectsByPath.get('acme/api');
  const deployer = world.projectsByPath.get('acme/platform/deployer');
  if (api?.branches.includes('feature/rate-limits')) {
    api.mergeRequests ??= new Map();
    const createdAt = startTime - 20 * HOUR;
    api.mergeRequests.set(31, {
      id: 4231,
      iid: 31,
      projectId: api.id,
      title: 'Rate-limit webhook retries',
      state: 'opened',
      sourceBranch: 'feature/rate-limits',
      targetBranch: api.defaultBranch,
      authorId: alice,
      assigneeIds: [alice],
      reviewerIds: [bob],
      createdAt,
      updatedAt: createdAt,
      mergedAt: null,
    });
  }
  if (deployer?.branches.includes('feature/canary')) {
    deployer.mergeRequests ??= new Map();
    const createdAt = startTime - 5 * HOUR;
    deployer.mergeRequests.set(4, {
      id: 4304,
      iid: 4,
      projectId: deployer.id,
      title: 'Draft: Canary before every regional rollout',
      state: 'opened',
      sourceBranch: 'feature/canary',
      targetBranch: deployer.defaultBranch,
      authorId: bob,
      assigneeIds: [bob],
      reviewerIds: [alice],
      createdAt,
      updatedAt: createdAt,
      mergedAt: null,
    });
  }
}

/**
 * A pipeline for a merge request: on its source branch's head (detached, `refs/merge-requests/N/head`)
 * or on a merge commit of it into the target (merged results, `refs/merge-requests/N/merge`).
 */
export function mergeRequestPipeline(
  world: World,
  rng: Rng,
  project: SimProject,
  mr: SimMergeRequest,
  at: number,
  mergedResults: boolean,
  userId = mr.authorId,
) {
  const head = project.heads.get(mr.sourceBranch) ?? project.heads.get(project.defaultBranch)!;
  const commit = mergedResults ? newCommit(world, project, rng, at, userId) : head;
  if (mergedResults) {
    commit.title = `Merge branch '${mr.sourceBranch}' into '${mr.targetBranch}'`;
    commit.message = `${commit.title}\n\n${mr.title}\n\nSee merge request !${mr.iid}\n`;
  }
  return world.createPipeline({
    project,
    ref: `refs/merge-requests/${mr.iid}/${mergedResults ? 'merge' : 'head'}`,
    tag: false,
    commit,
    beforeSha: ZERO_SHA,
    source: 'merge_request_event',
    userId,
    at,
    mergeRequestIid: mr.iid,
  });
}
