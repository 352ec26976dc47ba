// Builds the demo world for a seed: people, projects, a month of pipeline history (run through the
// same engine as live pipelines, so every timestamp and status is consistent), schedules, deployments,
// activity and SSH keys. The last pipelines of each project are still running at the start time.
import { Rng } from '../rng.js';
import type { SimProject, SimUser } from '../model.js';
import { DEMO_TOKENS, PROJECTS, TOKEN_OWNER, USERS } from './catalog.js';
import { startActivity, addHistoryActivity } from './activity.js';
import { seedSchedules } from './schedules.js';
import { seedKeys } from './keys.js';
import { addDemoMergeRequests, addExtraProjects, EXTRA_PROJECT_COUNT } from './extras.js';
import { scaleProjects, type WorldScale } from './scale.js';
import { seedEnvironments } from './environments.js';
import { World } from './world.js';
import { addMlProject } from './ml.js';
import { seedGroups, seedRunners } from './runner-seeds.js';
import { newCommit, ZERO_SHA } from './commits.js';
import { newEnvironment, waitsForApproval } from './deployments.js';

const DAY = 86_400_000;
const HISTORY_DAYS = 30;

export function buildWorld(seed: number, startTime: number, scale?: WorldScale): World {
  const seeds = [...PROJECTS, ...scaleProjects(scale, PROJECTS.length + EXTRA_PROJECT_COUNT)];
  const history0 = startTime - HISTORY_DAYS * DAY;
  const world = new World(seed, history0);
  const rng = new Rng(seed);

  USERS.forEach((u, i) => {
    const user: SimUser = {
      id: i + 1,
      username: u.username,
      name: u.name,
      email: `${u.username}@acme.example`,
      state: 'active',
      isAdmin: u.isAdmin ?? false,
      createdAt: history0 - (400 + i * 37) * DAY,
      bio: u.bio ?? null,
      location: u.location ?? null,
      twoFactor: i % 3 !== 2,
      lastSignInAt: startTime - (2 + i) * DAY,
      currentSignInAt: u.token ? startTime - (i + 1) * 3_600_000 : null,
      identities: u.username === 'alice' ? [{ provider: 'ldapmain', extern_uid: 'uid=alice,ou=people,dc=acme,dc=example', saml_provider_id: null }] : [],
    };
    world.users.set(user.id, user);
    world.usersByName.set(user.username, user);
    if (u.token) world.tokens.set(u.token, { userId: user.id, scopes: 'api', expired: false });
  });
  const alice = world.usersByName.get(TOKEN_OWNER[DEMO_TOKENS.readOnly])!;
  world.tokens.set(DEMO_TOKENS.readOnly, { userId: alice.id, scopes: 'read_api', expired: false });
  world.tokens.set(DEMO_TOKENS.expired, { userId: alice.id, scopes: 'api', expired: true });

  // Projects, with ids in GitLab's style (not 1, 2, 3).
  seeds.forEach((seedProject, i) => {
    const members = new Map<number, number>();
    for (const [username, level] of Object.entries(seedProject.members)) {
      const user = world.usersByName.get(username);
      if (user) members.set(user.id, level);
    }
    const project: SimProject = {
      id: 101 + i * 7 + (seed % 3),
      name: seedProject.name,
      path: seedProject.path,
      namespace: seedProject.namespace,
      description: seedProject.description,
      defaultBranch: seedProject.defaultBranch,
      branches: [...seedProject.branches],
      tags: [],
      heads: new Map(),
      commits: [],
      stages: seedProject.stages,
      jobs: seedProject.jobs,
      createdAt: history0 - (200 + i * 30) * DAY,
      lastActivityAt: history0,
      members,
      visibility: seedProject.visibility,
      nextPipelineIid: 1 + rng.int(0, 400),
      nextDeploymentIid: 1,
      environments: new Map(),
    };
    for (const env of seedProject.environments ?? []) {
      project.environments.set(env.name, newEnvironment(world.counters.environment++, env.name, env.url, project.createdAt));
    }
    for (const branch of project.branches) {
      project.heads.set(branch, newCommit(world, project, rng, project.createdAt + rng.int(0, 100) * DAY, null));
    }
    world.projects.set(project.id, project);
    world.projectsByPath.set(`${project.namespace}/${project.path}`, project);
  });

  // A month of pipelines, created in global time order so ids grow with time as in GitLab.
  const plans: { at: number; project: SimProject; index: number; count: number }[] = [];
  for (const seedProject of seeds) {
    const project = world.projectsByPath.get(`${seedProject.namespace}/${seedProject.path}`)!;
    const span = HISTORY_DAYS * DAY;
    for (let i = 0; i < seedProject.history; i++) {
      // The newest two start minutes before startTime, so they are running when the world opens.
      const fromEnd = seedProject.history - 1 - i;
      const at =
        fromEnd < 2
          ? startTime - (fromEnd * 7 + 3) * 60_000 - rng.int(0, 60_000)
          : history0 + Math.floor((i / seedProject.history) * (span - 3_600_000)) + rng.int(0, 40 * 60_000);
      plans.push({ at, project, index: i, count: seedProject.history });
    }
  }
  plans.sort((a, b) => a.at - b.at);
  for (const plan of plans) world.at(plan.at, (at) => historyPipeline(world, rng, plan.project, at, plan.count - 1 - plan.index));

  addHistoryActivity(world, rng, history0, startTime);
  seedSchedules(world, rng, startTime);
  seedKeys(world, rng, history0);
  // After everything that draws from `rng`, so the other projects' worlds stay as they were.
  addExtraProjects(world, startTime);
  addDemoMergeRequests(world, startTime);
  addMlProject(world, startTime);
  seedGroups(world);
  seedRunners(world, startTime);
  seedEnvironments(world, startTime);
  world.advanceTo(startTime);
  startActivity(world, startTime);
  return world;
}

/** One pipeline of history: mostly pushes on the default branch, with the odd failure, cancel and retry. */
function historyPipeline(world: World, rng: Rng, project: SimProject, at: number, fromEnd: number): void {
  const users = [...project.members.keys()].filter((id) => world.user(id).username !== 'root');
  const userId = users.length ? rng.pick(users) : [...project.members.keys()][0]!;
  const roll = rng.next();
  let ref = rng.chance(0.6) ? project.defaultBranch : rng.pick(project.branches);
  let tag = false;
  if (fromEnd > 2 && roll < 0.04) {
    // A release: tag the default branch's head.
    ref = `v1.${Math.floor(project.nextPipelineIid / 25)}.${project.nextPipelineIid % 25}`;
    if (!project.tags.includes(ref)) project.tags.push(ref);
    tag = true;
  }
  const source =
    fromEnd < 2
      ? 'push'
      : rng.weighted([
          ['push', 70],
          ['web', 8],
          ['merge_request_event', 12],
          ['api', 4],
          ['trigger', 3],
          ['schedule', 3],
        ] as const);
  const before = project.heads.get(tag ? project.defaultBranch : ref) ?? project.heads.get(project.defaultBranch)!;
  const commit = source === 'push' || source === 'merge_request_event' ? newCommit(world, project, rng, at - rng.int(30, 600) * 1000, userId, before) : before;
  project.heads.set(ref, commit);
  if (!tag && source === 'push') {
    world.addEvent({
      projectId: project.id,
      action: 'pushed',
      targetType: null,
      targetId: null,
      targetIid: null,
      targetTitle: null,
      authorId: userId,
      createdAt: at - 1000,
      push: { commitCount: rng.int(1, 4), action: 'pushed', refType: 'branch', commitFrom: before.sha, commitTo: commit.sha, ref, commitTitle: commit.title },
    });
  }
  const yamlErrors = fromEnd > 2 && rng.chance(0.015) ? 'jobs:test:unit config contains unknown keys: scirpt' : null;
  const skip = fromEnd > 2 && !yamlErrors && rng.chance(0.02);
  const pipeline = world.createPipeline({
    project,
    ref,
    tag,
    commit: skip ? { ...commit, title: `${commit.title} [ci skip]` } : commit,
    beforeSha: source === 'push' ? before.sha : ZERO_SHA,
    source,
    userId,
    at,
    yamlErrors,
    skip,
  });
  if (fromEnd < 2) return;
  // Some pipelines are canceled by someone watching them; some failures are retried; some manual
  // deploys are played. Each is a timer, so it happens in the world's time order.
  if (rng.chance(0.06)) {
    world.at(at + rng.int(60, 400) * 1000, (t) => cancelPipeline(world, pipeline.id, t));
  } else {
    world.at(at + rng.int(40, 90) * 60_000, (t) => {
      for (const job of world.pipelineJobs(pipeline)) {
        if (job.status === 'failed' && rng.chance(0.35)) world.retryJob(job, userId, t);
        // A job waiting for an approval is not played, but the draw is made all the same, so the
        // rest of the world stays what it was for the seed.
        else if (job.status === 'manual' && rng.chance(job.allowFailure ? 0.5 : 0.8) && !waitsForApproval(world, job)) world.playJob(job, userId, t);
      }
    });
  }
}

export function cancelPipeline(world: World, pipelineId: number, at: number): boolean {
  const pipeline = world.pipelines.get(pipelineId)!;
  let any = false;
  for (const job of world.pipelineJobs(pipeline)) any = world.cancelJob(job, at) || any;
  if (any) world.process(pipeline, at);
  return any;
}
