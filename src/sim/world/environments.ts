// The demo world's environments: every project has staging and production with several successful
// deployments at different commits, acme/api and acme/web have review apps (stopped a week after
// their last deployment), and acme/platform/infra/terraform's production (its manual `apply`) waits
// for an approval since the day before the world opens. Where a project's CI configuration has no deploy job for an environment, a deploy tool
// outside CI records its deployments through the API (no job to re-run, as in GitLab). Nothing here
// draws from the world's random stream and no job is added, so every job, pipeline and log stays
// what it was for a seed.
import { hashFloat } from '../rng.js';
import type { SimEnvironment, SimProject } from '../model.js';
import { DEMO_TOKENS } from './catalog.js';
import { apiDeployment, autoStop, blockDeployment, environmentFor, newEnvironment } from './deployments.js';
import type { World } from './world.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HISTORY = 30 * DAY;

/** The project whose production needs an approval, and since how long before the world opens. */
export const APPROVAL_PROJECT = 'acme/platform/infra/terraform';
const APPROVAL_SINCE = DAY;
/** How often the deploy tool deploys each environment, and a review app's `auto_stop_in`. */
const EVERY: Record<string, number> = { staging: 2 * DAY, production: 4 * DAY, review: 3 * DAY };
const REVIEW_STOPS_AFTER = 7 * DAY;

const URLS: Record<string, string> = { staging: 'https://staging.{p}.acme.example', production: 'https://{p}.acme.example' };

/** Deploys the head of `ref` to `env` every `every` ms over the history, skipping a commit already there. */
function deployFromOutside(world: World, project: SimProject, env: SimEnvironment, ref: string, every: number, startTime: number, autoStopMs?: number): void {
  const people = [...project.members.keys()].filter((id) => world.user(id).username !== 'root');
  const pool = people.length ? people : [...project.members.keys()];
  let last: string | null = null;
  for (let k = 0, at = startTime - HISTORY + every / 2; at < startTime - 3 * HOUR; k++, at += every) {
    world.at(at, (t) => {
      const head = project.heads.get(ref);
      if (!head || head.sha === last) return;
      last = head.sha;
      const userId = pool[Math.floor(hashFloat(world.seed, project.id, env.id, k) * pool.length)]!;
      apiDeployment(world, project, env, { ref, sha: head.sha, userId, at: t });
      if (autoStopMs !== undefined) autoStop(world, env, t + autoStopMs);
    });
  }
}

/** Runs before the history: sets up the environments, their deployments and the approval rule. */
export function seedEnvironments(world: World, startTime: number): void {
  world.counters.environment = Math.max(world.counters.environment, 200);
  for (const project of world.projects.values()) {
    if (project.namespace === 'fleet') continue;
    for (const name of ['staging', 'production']) {
      let env = project.environments.get(name);
      if (!env) {
        env = newEnvironment(++world.counters.environment, name, URLS[name]!.replace('{p}', project.path), project.createdAt);
        project.environments.set(name, env);
      }
      if (project.jobs.some((t) => t.environment === name)) continue;
      deployFromOutside(world, project, env, project.defaultBranch, EVERY[name]!, startTime);
    }
    if (project.namespace !== 'acme' || (project.path !== 'api' && project.path !== 'web')) continue;
    for (const branch of project.branches) {
      if (branch === project.defaultBranch) continue;
      const env = environmentFor(world, project, `review/${branch}`, project.createdAt);
      deployFromOutside(world, project, env, branch, EVERY.review!, startTime, REVIEW_STOPS_AFTER);
    }
  }
  const production = world.projectsByPath.get(APPROVAL_PROJECT)?.environments.get('production');
  if (production) production.approval = { required: 1, minLevel: 40, since: startTime - APPROVAL_SINCE };
  // A developer's token, for the approval GitLab refuses to someone not allowed to deploy.
  const carol = world.usersByName.get('carol');
  if (carol) world.tokens.set(DEMO_TOKENS.developer, { userId: carol.id, scopes: 'api', expired: false });
  world.onJobChange = (job, at) => {
    if (job.status === 'manual' && job.environment) blockDeployment(world, job, at);
  };
}
