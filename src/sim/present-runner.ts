// Runners as GitLab's API shows them (lib/api/entities/ci/runner.rb, runner_details.rb,
// runner_manager.rb, job_basic_with_project.rb; docs/gitlab-api.md "Runners").
import type { SimJob, SimProject } from './model.js';
import { contactedAt, isOnline, managerContactedAt, restStatus, isStale, type SimGroup, type SimRunner, type SimRunnerManager } from './world/runners.js';

/** What these presenters read (present.ts's PresentContext has it; not imported, so the two files stay apart). */
interface PresentContext {
  webBase: string;
  world: { readonly now: number; readonly running: Set<SimJob>; readonly groups: Map<string, SimGroup>; readonly projects: Map<number, SimProject> };
}

type Json = Record<string, unknown>;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function executing(ctx: PresentContext, runnerId: number, managerId?: number): boolean {
  for (const job of ctx.world.running) {
    if (job.status === 'running' && job.runnerId === runnerId && (managerId === undefined || job.runnerManagerId === managerId)) return true;
  }
  return false;
}

/** Entities::Ci::Runner: the list entity, and a job's `runner`. */
export function runner(ctx: PresentContext, r: SimRunner): Json {
  const now = ctx.world.now;
  return {
    id: r.id,
    description: r.description,
    ip_address: null,
    active: !r.paused,
    paused: r.paused,
    is_shared: r.type === 'instance_type',
    runner_type: r.type,
    name: 'gitlab-runner',
    online: isOnline(contactedAt(r, now), now),
    created_at: iso(r.createdAt),
    status: restStatus(r, now),
    job_execution_status: executing(ctx, r.id) ? 'active' : 'idle',
  };
}

/** Entities::Ci::RunnerDetails: the runner, its matching rules, its newest manager's version, groups. */
export function runnerDetails(ctx: PresentContext, r: SimRunner, canUpdate: boolean): Json {
  const now = ctx.world.now;
  const newest = [...r.managers].sort((a, b) => (managerContactedAt(b, r, now) ?? 0) - (managerContactedAt(a, r, now) ?? 0))[0];
  const group = r.groupPath ? ctx.world.groups.get(r.groupPath) : undefined;
  return {
    ...runner(ctx, r),
    tag_list: r.tags,
    run_untagged: r.runUntagged,
    locked: r.locked,
    maximum_timeout: r.maximumTimeout,
    access_level: r.accessLevel,
    version: newest?.version ?? null,
    revision: newest?.revision ?? null,
    platform: newest?.platform ?? null,
    architecture: newest?.architecture ?? null,
    contacted_at: iso(contactedAt(r, now)),
    maintenance_note: canUpdate ? r.maintenanceNote : null,
    groups: group ? [{ id: group.id, name: group.name, web_url: `${ctx.webBase}/groups/${group.path}` }] : [],
  };
}

/** Entities::Ci::RunnerManager: one machine (system_id) of a runner. */
export function runnerManager(ctx: PresentContext, m: SimRunnerManager, r: SimRunner): Json {
  const now = ctx.world.now;
  const contacted = managerContactedAt(m, r, now);
  const status = isStale(m.createdAt, contacted, now) ? 'stale' : contacted === null ? 'never_contacted' : isOnline(contacted, now) ? 'online' : 'offline';
  return {
    id: m.id,
    system_id: m.systemId,
    version: m.version,
    revision: m.revision,
    platform: m.platform,
    architecture: m.architecture,
    created_at: iso(m.createdAt),
    contacted_at: iso(contacted),
    ip_address: m.ipAddress,
    status,
    job_execution_status: executing(ctx, r.id, m.id) ? 'active' : 'idle',
  };
}
