// Environments (lib/api/environments.rb), deployment approvals (EE's lib/api deployments approval
// route and ee/app/services/deployments/approval_service.rb) and repository compare
// (lib/api/repositories.rb), as docs/gitlab-api.md "Environments" describes them.
import { DEVELOPER, errors, HttpError, intParam, listReply, one, oneOf, projectFor, type RequestContext } from '../http.js';
import type { SimCommit, SimEnvironment, SimProject } from '../model.js';
import { approval, compare, environment, pendingApprovalCount } from '../present-env.js';
import type { Route } from './route.js';

const STATES = ['available', 'stopping', 'stopped'] as const;
/** lib/api/environments.rb's MIN_SEARCH_LENGTH. */
const MIN_SEARCH = 3;
/** A review app's stop job runs this long, while the environment is `stopping`. */
const STOP_JOB_MS = 20_000;
/** Commits a compare walks back from `to` at most (GitLab caps a compare too). */
const COMPARE_LIMIT = 5_000;

function environmentOf(ctx: RequestContext, project: SimProject): SimEnvironment {
  const id = intParam(ctx.params.environment_id, 'environment_id');
  for (const env of project.environments.values()) if (env.id === id) return env;
  throw errors.notFound();
}

/** `message` errors of the approval service: GitLab answers them with 400 (render_api_error!). */
const refused = (message: string) => new HttpError(400, { message });

/** A branch, tag or commit sha (full or a prefix of 7 or more) of the project, as Git resolves it. */
function resolveRef(ctx: RequestContext, project: SimProject, ref: string): SimCommit | undefined {
  const head = project.heads.get(ref);
  if (head) return head;
  const exact = ctx.world.findCommit(project.id, ref);
  if (exact || !/^[0-9a-f]{7,40}$/.test(ref)) return exact;
  return project.commits.find((c) => c.sha.startsWith(ref));
}

function ancestors(ctx: RequestContext, project: SimProject, commit: SimCommit): SimCommit[] {
  const out: SimCommit[] = [];
  for (let c: SimCommit | undefined = commit; c && out.length < COMPARE_LIMIT; c = c.parentSha ? ctx.world.findCommit(project.id, c.parentSha) : undefined) {
    out.push(c);
  }
  return out;
}

export const environmentRoutes: Route[] = [
  {
    method: 'GET',
    path: '/projects/:id/environments',
    handler(ctx) {
      const project = projectFor(ctx);
      const name = one(ctx, 'name');
      const search = one(ctx, 'search');
      if (name !== undefined && search !== undefined) throw errors.param('name, search cannot be used together');
      if (search !== undefined && search.length > 0 && search.length < MIN_SEARCH) {
        throw new HttpError(400, { message: `400 Bad request - Search query is less than ${MIN_SEARCH} characters` });
      }
      const states = oneOf(one(ctx, 'states'), STATES, 'states');
      // EnvironmentsFinder: `name` exact, `search` a case-insensitive prefix (for_name_like), in id order.
      const list = [...project.environments.values()]
        .filter((e) => (name === undefined || e.name === name) && (!search || e.name.toLowerCase().startsWith(search.toLowerCase())))
        .filter((e) => states === undefined || e.state === states)
        .sort((a, b) => a.id - b.id);
      return listReply(ctx, list, (e) => environment(ctx.present, project, e, false), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/environments/:environment_id',
    handler(ctx) {
      const project = projectFor(ctx);
      return { status: 200, body: environment(ctx.present, project, environmentOf(ctx, project), true), etag: true };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/environments/:environment_id/stop',
    handler(ctx) {
      const project = projectFor(ctx, DEVELOPER);
      const env = environmentOf(ctx, project);
      const now = ctx.world.now;
      // Environments::StopService: a review app runs its stop job (`stopping` until it ends); an
      // environment without one stops at once. A stopped one stays as it is; the answer is 200 either way.
      if (env.state === 'available') {
        env.updatedAt = now;
        env.autoStopAt = null;
        if (env.name.startsWith('review/')) {
          env.state = 'stopping';
          ctx.world.at(now + STOP_JOB_MS, (t) => {
            if (env.state !== 'stopping') return;
            env.state = 'stopped';
            env.updatedAt = t;
          });
        } else env.state = 'stopped';
      }
      return { status: 200, body: environment(ctx.present, project, env, false) };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/deployments/:deployment_id/approval',
    handler(ctx) {
      const project = projectFor(ctx);
      const d = ctx.world.deployments.get(intParam(ctx.params.deployment_id, 'deployment_id'));
      if (!d || d.projectId !== project.id) throw errors.notFound();
      const raw = one(ctx, 'status');
      if (raw === undefined) throw errors.param('status is missing');
      const status = oneOf(raw, ['approved', 'rejected'] as const, 'status')!;
      const comment = one(ctx, 'comment') ?? null;
      const representedAs = one(ctx, 'represented_as');
      const { user, world } = ctx;
      const rule = project.environments.get(d.environment)?.approval;
      // The checks of Deployments::ApprovalService#validate, in its order.
      if (!rule) throw refused('This environment is not protected.');
      if (d.userId === user.id && status === 'approved') {
        throw refused('You cannot approve your own deployment. This configuration can be adjusted in the protected environment settings.');
      }
      if (d.status !== 'blocked') throw refused('This deployment is not waiting for approvals.');
      if (!user.isAdmin && (project.members.get(user.id) ?? 0) < rule.minLevel) {
        throw refused("You don't have permission to approve this deployment. Contact the project or group owner for help.");
      }
      if (representedAs !== undefined && representedAs !== 'Maintainers') {
        throw refused('There are no approval rules for the given `represent_as` parameter. Use a valid User/Group/Role name instead.');
      }
      d.approvals ??= [];
      let mine = d.approvals.find((a) => a.userId === user.id);
      if (!mine) d.approvals.push((mine = { userId: user.id, status, comment, createdAt: world.now }));
      else if (mine.status !== status) Object.assign(mine, { status, comment });
      d.updatedAt = world.now;
      const job = d.jobId === null ? undefined : world.jobs.get(d.jobId);
      if (status === 'rejected') {
        // The deploy job is dropped (failure reason deployment_rejected), and its deployment with it.
        if (job && job.status === 'manual') {
          job.finishedAt = world.now;
          job.failureReason = 'deployment_rejected';
          world.setStatus(job, 'failed', world.now);
          world.process(world.pipelines.get(job.pipelineId)!, world.now);
        }
        d.status = 'failed';
      } else if (pendingApprovalCount(ctx.present, d) <= 0) {
        // Approved by the rules: the deployment is unblocked and its manual job waits to be run.
        d.status = 'created';
      }
      return { status: 201, body: approval(ctx.present, mine) };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/repository/compare',
    handler(ctx) {
      const project = projectFor(ctx);
      const from = one(ctx, 'from');
      const to = one(ctx, 'to');
      if (from === undefined) throw errors.param('from is missing');
      if (to === undefined) throw errors.param('to is missing');
      const a = resolveRef(ctx, project, from);
      const b = resolveRef(ctx, project, to);
      if (!a || !b) throw errors.notFound('Ref');
      // `from...to` (the default, straight=false): what `to` has beyond their merge base, oldest first.
      const base = new Set(ancestors(ctx, project, a).map((c) => c.sha));
      const commits = ancestors(ctx, project, b)
        .filter((c) => !base.has(c.sha))
        .reverse();
      return { status: 200, body: compare(ctx.present, project, from, to, commits), etag: true };
    },
  },
];
