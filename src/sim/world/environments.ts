// The demo world's environments: every project deploys to staging and production, acme/api and
// acme/web start a review app per branch (stopped a week after their last deployment), and
// ops/runbooks' production waits for an approval. Deploy jobs a project's configuration lacks are
// added as manual jobs with ids of their own range, played by a hash of their id: nothing here
// draws from the world's random stream, so every other id, status and log is the same for a seed.
import { hashFloat } from '../rng.js';
import type { JobTemplate, SimPipeline, SimProject } from '../model.js';
import { DEMO_TOKENS } from './catalog.js';
import { blockDeployment, ENV_JOB_BASE, newEnvironment } from './deployments.js';
import type { World } from './world.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The project whose production needs an approval, and since when (jobs that waited before ran). */
export const APPROVAL_PROJECT = 'ops/runbooks';
const APPROVAL_SINCE = 3 * DAY;

/** How likely a history pipeline's added deploy job was played, by environment. */
const PLAYED: Record<string, number> = { staging: 0.75, production: 0.5, review: 0.6 };

const URLS: Record<string, string> = { staging: 'https://staging.{p}.acme.example', production: 'https://{p}.acme.example' };

function deployJob(name: string, stage: string, environment: string, extra: Partial<JobTemplate>): JobTemplate {
  return { name, stage, typicalSec: 50, failRate: 0.05, when: 'manual', allowFailure: true, environment, ownIds: true, ...extra };
}

function addDeployJobs(world: World, project: SimProject): void {
  const added: JobTemplate[] = [];
  const has = (env: string) => project.jobs.some((t) => t.environment === env);
  const stage = project.stages.includes('deploy') ? 'deploy' : project.stages.includes('apply') ? 'apply' : 'deploy';
  for (const env of ['staging', 'production']) {
    if (!project.environments.has(env)) {
      project.environments.set(env, newEnvironment(++world.counters.environment, env, URLS[env]!.replace('{p}', project.path), project.createdAt));
    }
    if (!has(env)) added.push(deployJob(`deploy:${env}`, stage, env, { only: [project.defaultBranch] }));
  }
  if (project.path === 'api' || project.path === 'web') {
    const reviewStage = project.stages.includes('review') ? 'review' : stage;
    added.push(
      deployJob('deploy:review', reviewStage, 'review/$CI_COMMIT_REF_SLUG', { except: [project.defaultBranch, 'tags'], autoStopInMs: 7 * DAY, failRate: 0.04 }),
    );
  }
  if (!added.length) return;
  // New arrays: the catalog's are shared by every world built in this process.
  if (!project.stages.includes(stage)) project.stages = [...project.stages, stage];
  project.jobs = [...project.jobs, ...added];
}

/** Runs before the history: sets up environments and deploy jobs, and the hooks that play and block them. */
export function seedEnvironments(world: World, startTime: number): void {
  world.counters.environment = Math.max(world.counters.environment, 200);
  for (const project of world.projects.values()) {
    if (project.namespace === 'fleet' || project.namespace.startsWith('fleet/')) continue;
    addDeployJobs(world, project);
  }
  const approvalProject = world.projectsByPath.get(APPROVAL_PROJECT);
  const production = approvalProject?.environments.get('production');
  if (production) production.approval = { required: 1, minLevel: 40, since: startTime - APPROVAL_SINCE };
  // A developer's token, for the approval GitLab refuses to someone not allowed to deploy.
  const carol = world.usersByName.get('carol');
  if (carol) world.tokens.set(DEMO_TOKENS.developer, { userId: carol.id, scopes: 'api', expired: false });

  world.onJobChange = (job, at) => {
    if (job.status === 'manual' && job.environment) blockDeployment(world, job, at);
  };
  world.onPipelineCreated = (pipeline, at) => {
    if (at > startTime - 2 * HOUR) return;
    for (const job of world.pipelineJobs(pipeline)) {
      if (job.id <= ENV_JOB_BASE || !job.environment) continue;
      const kind = job.environment.startsWith('review/') ? 'review' : job.environment;
      const chance = PLAYED[kind] ?? 0;
      const delay = 40 * MINUTE + Math.round(hashFloat(world.seed, job.id, 31) * 50 * MINUTE);
      if (hashFloat(world.seed, job.id, 32) >= chance) continue;
      world.at(at + delay, (t) => playIfWaiting(world, pipeline, job.id, t));
    }
  };
}

function playIfWaiting(world: World, pipeline: SimPipeline, jobId: number, at: number): void {
  const job = world.jobs.get(jobId);
  if (!job || job.status !== 'manual' || job.retried) return;
  const project = world.projects.get(job.projectId)!;
  const approval = project.environments.get(job.environment!)?.approval;
  // A job waiting for an approval cannot be played (GitLab's play_job policy).
  if (approval && at >= approval.since) return;
  world.playJob(job, pipeline.userId, at);
}
