// The simulated GitLab's runners and how they take jobs, after GitLab's Ci::Runner,
// Gitlab::Ci::Matching::RunnerMatcher and Ci::StuckBuilds::DropPendingService (docs/gitlab-api.md
// "Runners"): a runner takes a pending job when it is polling, not paused, usable by the job's
// project (its own, a group above it, or an instance runner), accepts the job's tags, and is not
// ref_protected for a job on an unprotected ref. A job no online runner can take is stuck, and is
// dropped with stuck_or_timeout_failure an hour after it was queued.
import { hashFloat } from '../rng.js';
import type { JobState, SimJob, SimPipeline, SimProject } from '../model.js';

/** What matching needs of the world (world.ts's World; an interface, so world.ts and this file do not import each other). */
export interface RunnerYard {
  readonly seed: number;
  readonly projects: Map<number, SimProject>;
  readonly pipelines: Map<number, SimPipeline>;
  readonly jobs: Map<number, SimJob>;
  readonly runners: Map<number, SimRunner>;
  readonly waiting: Set<number>;
  at(time: number, run: (at: number) => void): void;
  setStatus(job: SimJob, status: JobState, at: number): void;
  process(pipeline: SimPipeline, at: number): void;
  start(job: SimJob, at: number): void;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Ci::Runner::ONLINE_CONTACT_TIMEOUT and STALE_TIMEOUT. */
export const ONLINE_CONTACT_TIMEOUT = 2 * HOUR;
export const STALE_TIMEOUT = 7 * DAY;
/** Ci::StuckBuilds::DropPendingService::BUILD_PENDING_STUCK_TIMEOUT. */
export const PENDING_STUCK_TIMEOUT = HOUR;

export type RunnerType = 'instance_type' | 'group_type' | 'project_type';

export interface SimRunnerManager {
  id: number;
  systemId: string;
  version: string;
  revision: string;
  platform: string;
  architecture: string;
  ipAddress: string;
  createdAt: number;
  /** Polls GitLab until this time; null while it still does. */
  until: number | null;
  /** Share of the jobs it takes that fail with runner_system_failure. */
  systemFailureRate: number;
}

export interface SimRunner {
  id: number;
  description: string;
  type: RunnerType;
  tags: string[];
  runUntagged: boolean;
  locked: boolean;
  accessLevel: 'not_protected' | 'ref_protected';
  /** Seconds; null: the project's timeout applies. */
  maximumTimeout: number | null;
  paused: boolean;
  createdAt: number;
  /** A runner registered that never asked for a job (contacted_at null). */
  neverContacted: boolean;
  maintenanceNote: string;
  /** group_type: the group's full path. */
  groupPath: string | null;
  /** project_type: the projects it is assigned to. */
  projectIds: number[];
  managers: SimRunnerManager[];
}

export interface SimGroup {
  id: number;
  path: string;
  name: string;
  parentId: number | null;
  /** user id → access level. */
  members: Map<number, number>;
}

// ---- state as GitLab derives it (Ci::HasRunnerStatus, Ci::Runner#deprecated_rest_status) -----------------

/** The newest contact of a manager at `now` (a polling one asks every few seconds). */
export function managerContactedAt(m: SimRunnerManager, runner: SimRunner, now: number): number | null {
  if (runner.neverContacted || now < m.createdAt) return null;
  if (m.until !== null && now > m.until) return m.until;
  return Math.max(m.createdAt, now - ((Math.floor(now / 1000) + m.id * 7) % 9) * 1000);
}

export function contactedAt(runner: SimRunner, now: number): number | null {
  let best: number | null = null;
  for (const m of runner.managers) {
    const at = managerContactedAt(m, runner, now);
    if (at !== null && (best === null || at > best)) best = at;
  }
  return best;
}

export function isOnline(contacted: number | null, now: number): boolean {
  return contacted !== null && contacted > now - ONLINE_CONTACT_TIMEOUT;
}

export function isStale(createdAt: number, contacted: number | null, now: number): boolean {
  return Math.max(createdAt, contacted ?? 0) <= now - STALE_TIMEOUT;
}

/** `status` of the REST entity: stale, never_contacted, then paused, online or offline. */
export function restStatus(runner: SimRunner, now: number): 'online' | 'offline' | 'stale' | 'never_contacted' | 'paused' {
  const contacted = contactedAt(runner, now);
  if (isStale(runner.createdAt, contacted, now)) return 'stale';
  if (contacted === null) return 'never_contacted';
  if (runner.paused) return 'paused';
  return isOnline(contacted, now) ? 'online' : 'offline';
}

/** The status filter's meaning (Ci::Runner scopes): online/offline by contact, regardless of paused. */
export function hasStatus(runner: SimRunner, status: string, now: number): boolean {
  const contacted = contactedAt(runner, now);
  switch (status) {
    case 'online':
      return isOnline(contacted, now);
    case 'offline':
      return contacted !== null && !isOnline(contacted, now);
    case 'never_contacted':
      return contacted === null;
    case 'stale':
      return isStale(runner.createdAt, contacted, now);
    case 'active':
      return !runner.paused;
    case 'paused':
      return runner.paused;
    default:
      return true;
  }
}

// ---- which runners a project may use, and which take a job ---------------------------------------------

/** The group paths a project sits in, nearest first (acme/platform/infra → acme/platform → acme). */
export function ancestorPaths(namespace: string): string[] {
  const parts = namespace.split('/');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('/'));
}

/** Ci::Runner.owned_or_instance_wide: the project's runners, its groups' and the instance's. */
export function usableBy(runner: SimRunner, project: SimProject): boolean {
  if (runner.type === 'project_type') return runner.projectIds.includes(project.id);
  if (runner.type === 'group_type') return project.groupRunnersEnabled !== false && ancestorPaths(project.namespace).includes(runner.groupPath!);
  return project.sharedRunnersEnabled !== false;
}

/** GitLab protects the default branch unless told otherwise; tags and other branches are not. */
export function isProtectedRef(project: SimProject, job: SimJob): boolean {
  return !job.tag && job.ref === project.defaultBranch;
}

/** RunnerMatcher#matches?: ref_protected runners take protected refs only; tags ⊆ runner's tags; untagged needs run_untagged. */
export function matches(runner: SimRunner, job: SimJob, project: SimProject): boolean {
  if (runner.accessLevel === 'ref_protected' && !isProtectedRef(project, job)) return false;
  if (!runner.runUntagged && job.tagList.length === 0) return false;
  return job.tagList.every((t) => runner.tags.includes(t));
}

function polling(m: SimRunnerManager, runner: SimRunner, at: number): boolean {
  return !runner.neverContacted && at >= m.createdAt && (m.until === null || at <= m.until);
}

/** The runner and manager that take `job` at `at`, or null when none can (deterministic for the seed). */
export function pickRunner(world: RunnerYard, job: SimJob, at: number): { runner: SimRunner; manager: SimRunnerManager } | null {
  const project = world.projects.get(job.projectId)!;
  const offers: { runner: SimRunner; manager: SimRunnerManager }[] = [];
  for (const runner of world.runners.values()) {
    if (runner.paused || at < runner.createdAt || !usableBy(runner, project) || !matches(runner, job, project)) continue;
    const managers = runner.managers.filter((m) => polling(m, runner, at));
    if (managers.length === 0) continue;
    offers.push({ runner, manager: managers[Math.floor(hashFloat(world.seed, job.id, 10) * managers.length)]! });
  }
  if (offers.length === 0) return null;
  return offers[Math.floor(hashFloat(world.seed, job.id, 6) * offers.length)]!;
}

/** Ci::Build#stuck?: pending with no online, unpaused runner that could take it. */
export function isStuck(world: RunnerYard, job: SimJob, at: number): boolean {
  const project = world.projects.get(job.projectId)!;
  for (const runner of world.runners.values()) {
    if (runner.paused || !usableBy(runner, project) || !matches(runner, job, project)) continue;
    if (isOnline(contactedAt(runner, at), at)) return false;
  }
  return true;
}

/**
 * No runner takes the job now: it waits (World.waiting) until one does — a runner resumed — or until
 * GitLab's hourly stuck-jobs worker drops it: once it has waited an hour with no online runner that
 * could take it (a runner that stopped asking still counts as online for two hours), or after a day
 * whatever the runners (BUILD_PENDING_OUTDATED_TIMEOUT).
 */
export function waitForRunner(world: RunnerYard, job: SimJob): void {
  world.waiting.add(job.id);
  const version = job.version;
  const check = (hours: number) =>
    world.at(job.queuedAt! + hours * PENDING_STUCK_TIMEOUT, (t) => {
      if (job.version !== version || job.status !== 'pending') return;
      if (hours < 24 && !isStuck(world, job, t)) return check(hours + 1);
      world.waiting.delete(job.id);
      job.failureReason = 'stuck_or_timeout_failure';
      job.finishedAt = t;
      world.setStatus(job, 'failed', t);
      const pipeline = world.pipelines.get(job.pipelineId)!;
      if (pipeline.activeJobs > 0) pipeline.updatedAt = t;
      else world.process(pipeline, t);
    });
  check(1);
}

/** A resumed runner asks for jobs at once: the waiting jobs it can take start on it, oldest first. */
export function offerWaiting(world: RunnerYard, at: number): void {
  const ids = [...world.waiting].sort((a, b) => a - b);
  for (const id of ids) {
    const job = world.jobs.get(id);
    if (!job || job.status !== 'pending' || job.runnerId !== null) {
      world.waiting.delete(id);
      continue;
    }
    if (pickRunner(world, job, at)) {
      world.waiting.delete(id);
      world.start(job, at);
    }
  }
}

/**
 * How a job runs on a manager: its plan, unless the machine is flaky (a full disk, a lost VM) and
 * loses it early with runner_system_failure, whatever its script would have done.
 */
export function runOn(world: RunnerYard, job: SimJob, manager: SimRunnerManager): { ms: number; outcome: 'success' | 'failed'; reason: string | null } {
  if (manager.systemFailureRate > 0 && hashFloat(world.seed, job.id, 11) < manager.systemFailureRate) {
    return { ms: 4000 + Math.round(hashFloat(world.seed, job.id, 12) * 20_000), outcome: 'failed', reason: 'runner_system_failure' };
  }
  return { ms: job.plan.runMs, outcome: job.plan.outcome, reason: null };
}
