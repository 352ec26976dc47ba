// Deployments (4.4), SSH keys (4.5), events (4.6), projects and the current user.
import { GITLAB_EVENT_ACTIONS, GITLAB_EVENT_TARGET_TYPES } from '../gitlab-values.js';
import { type RequestContext, errors, intParam, listReply, one, oneOf, projectFor, boolParam } from '../http.js';
import type { SimDeployment, SimEvent, SimProject } from '../model.js';
import * as present from '../present.js';
import { deployment } from '../present-env.js';
import type { Route } from './route.js';

/** Deployment statuses GitLab filters on (lib/api/deployments.rb). */
const DEPLOYMENT_STATUSES = ['created', 'running', 'success', 'failed', 'canceled', 'skipped', 'blocked'] as const;

function dateParam(ctx: RequestContext, name: string): number | undefined {
  const value = one(ctx, name);
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw errors.param(`${name} is invalid`);
  return ms;
}

/** Filters and sorts events as GitLab's EventsFinder: before → earlier than that day, after → later than that day. */
function filterEvents(ctx: RequestContext, events: SimEvent[]): SimEvent[] {
  const action = oneOf(one(ctx, 'action'), GITLAB_EVENT_ACTIONS, 'action');
  const targetType = oneOf(one(ctx, 'target_type'), Object.keys(GITLAB_EVENT_TARGET_TYPES), 'target_type');
  const before = dateParam(ctx, 'before');
  const after = dateParam(ctx, 'after');
  const sort = oneOf(one(ctx, 'sort'), ['asc', 'desc'] as const, 'sort') ?? 'desc';
  const types = targetType ? GITLAB_EVENT_TARGET_TYPES[targetType]! : null;
  const out = events.filter(
    (e) =>
      e.createdAt <= ctx.world.now &&
      (!action || e.action === action) &&
      (!types || (e.targetType !== null && types.includes(e.targetType))) &&
      (before === undefined || e.createdAt < before) &&
      (after === undefined || e.createdAt >= after + 86_400_000),
  );
  out.sort((a, b) => (a.createdAt - b.createdAt || a.id - b.id) * (sort === 'asc' ? 1 : -1));
  return out;
}

function visibleProjects(ctx: RequestContext): Set<number> {
  const ids = new Set<number>();
  for (const p of ctx.world.projects.values()) if (canSee(ctx, p)) ids.add(p.id);
  return ids;
}

function matchesSearch(name: string, search: string | undefined): boolean {
  if (!search) return true;
  const start = search.startsWith('^');
  const end = search.endsWith('$') && search.length > (start ? 1 : 0);
  const term = search.slice(start ? 1 : 0, end ? -1 : undefined).toLowerCase();
  const lower = name.toLowerCase();
  return start && end ? lower === term : start ? lower.startsWith(term) : end ? lower.endsWith(term) : lower.includes(term);
}

function canSee(ctx: RequestContext, p: SimProject): boolean {
  return ctx.user.isAdmin || p.members.has(ctx.user.id) || p.visibility !== 'private';
}

export const miscRoutes: Route[] = [
  {
    method: 'GET',
    path: '/projects/:id/repository/branches',
    handler(ctx) {
      const project = projectFor(ctx);
      // lib/api/branches.rb: sorted by name; `search` keeps names containing it, `^term` those that
      // begin and `term$` those that end with it (doc/api/branches.md).
      const search = one(ctx, 'search');
      const names = [...project.branches].sort().filter((name) => matchesSearch(name, search));
      const canPush = (project.members.get(ctx.user.id) ?? 0) >= 30 || ctx.user.isAdmin;
      return listReply(ctx, names, (name) => present.branch(ctx.present, project, name, canPush), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/deployments',
    handler(ctx) {
      const project = projectFor(ctx);
      // lib/api/deployments.rb: `environment` and `status` filter, `order_by` (default id) and
      // `sort` (default asc) order; an unknown status or order is a 400 (doc/api/deployments.md).
      const environment = one(ctx, 'environment');
      const status = oneOf(one(ctx, 'status'), DEPLOYMENT_STATUSES, 'status');
      const orderBy = oneOf(one(ctx, 'order_by'), ['id', 'iid', 'created_at', 'updated_at', 'finished_at', 'ref'] as const, 'order_by') ?? 'id';
      const sort = oneOf(one(ctx, 'sort'), ['asc', 'desc'] as const, 'sort') ?? 'asc';
      const list = (ctx.world.projectDeployments.get(project.id) ?? [])
        .map((id) => ctx.world.deployments.get(id)!)
        .filter((d) => (environment === undefined || d.environment === environment) && (status === undefined || d.status === status));
      const key = (d: SimDeployment): string | number =>
        orderBy === 'ref'
          ? d.ref
          : orderBy === 'created_at'
            ? d.createdAt
            : orderBy === 'updated_at' || orderBy === 'finished_at'
              ? d.updatedAt
              : orderBy === 'iid'
                ? d.iid
                : d.id;
      list.sort((a, b) => {
        const c = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id;
        return sort === 'asc' ? c : -c;
      });
      return listReply(ctx, list, (d) => deployment(ctx.present, d), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/deployments/:deployment_id',
    handler(ctx) {
      const project = projectFor(ctx);
      const d = ctx.world.deployments.get(intParam(ctx.params.deployment_id, 'deployment_id'));
      if (!d || d.projectId !== project.id) throw errors.notFound();
      // lib/api/deployments.rb presents one deployment as DeploymentExtended (EE adds its approvals).
      return { status: 200, body: deployment(ctx.present, d, { extended: true }), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/keys/:key_id',
    handler(ctx) {
      if (!ctx.user.isAdmin) throw errors.forbidden();
      const key = ctx.world.keys.get(intParam(ctx.params.key_id, 'id'));
      if (!key) throw errors.notFound();
      return { status: 200, body: present.sshKey(ctx.present, key), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/events',
    handler(ctx) {
      const visible = visibleProjects(ctx);
      const mine = ctx.world.events.filter((e) => e.authorId === ctx.user.id && visible.has(e.projectId));
      return listReply(ctx, filterEvents(ctx, mine), (e) => present.event(ctx.present, e, false), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/users/:user_id/events',
    handler(ctx) {
      const raw = ctx.params.user_id!;
      const user = /^\d+$/.test(raw) ? ctx.world.users.get(Number(raw)) : ctx.world.usersByName.get(raw);
      if (!user) throw errors.notFound('User');
      const visible = visibleProjects(ctx);
      const theirs = ctx.world.events.filter((e) => e.authorId === user.id && visible.has(e.projectId));
      return listReply(ctx, filterEvents(ctx, theirs), (e) => present.event(ctx.present, e, false), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/events',
    handler(ctx) {
      const project = projectFor(ctx);
      const events = ctx.world.events.filter((e) => e.projectId === project.id);
      return listReply(ctx, filterEvents(ctx, events), (e) => present.event(ctx.present, e, true), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects',
    handler(ctx) {
      const membership = boolParam(one(ctx, 'membership'), 'membership') ?? false;
      const simple = boolParam(one(ctx, 'simple'), 'simple') ?? false;
      const search = one(ctx, 'search')?.toLowerCase();
      const orderBy =
        oneOf(one(ctx, 'order_by'), ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'similarity'] as const, 'order_by') ?? 'created_at';
      const sort = oneOf(one(ctx, 'sort'), ['asc', 'desc'] as const, 'sort') ?? 'desc';
      let list = [...ctx.world.projects.values()].filter((p) => (membership ? p.members.has(ctx.user.id) : canSee(ctx, p)));
      if (search) {
        list = list.filter((p) => `${p.name} ${p.path} ${p.namespace}/${p.path} ${p.description}`.toLowerCase().includes(search));
      }
      const key = (p: SimProject): string | number => {
        switch (orderBy) {
          case 'name':
            return p.name.toLowerCase();
          case 'path':
            return p.path;
          case 'created_at':
            return p.createdAt;
          case 'updated_at':
          case 'last_activity_at':
            return p.lastActivityAt;
          default:
            return p.id;
        }
      };
      list.sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const c = ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
        return sort === 'asc' ? c : -c;
      });
      return listReply(ctx, list, (p) => present.project(ctx.present, p, simple), { totals: true, offsetLimit: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id',
    handler(ctx) {
      return { status: 200, body: present.project(ctx.present, projectFor(ctx), false), etag: true };
    },
  },
  {
    // lib/api/commits.rb: one commit by sha (its title for the pipelines list on a wide terminal).
    method: 'GET',
    path: '/projects/:id/repository/commits/:sha',
    handler(ctx) {
      const project = projectFor(ctx);
      const commit = ctx.world.findCommit(project.id, ctx.params.sha ?? '');
      if (!commit) throw errors.notFound('Commit');
      return { status: 200, body: present.commitEntity(ctx.present, project, commit), etag: true };
    },
  },
  {
    method: 'GET',
    path: '/user',
    handler(ctx) {
      return { status: 200, body: present.currentUser(ctx.present, ctx.user), etag: true };
    },
  },
];
