// Reading `:jobs`: the jobs of every project the pulse watches, at a bounded cost. Per project,
// first GET /projects/:id/pipelines?order_by=updated_at&updated_after=<newest seen> (one page): an
// unchanged project answers the same page (a 304 through the client's ETags); only a project with a
// pipeline new or changed since, or one still running (its jobs move while its pipeline's updated_at
// stands still), has its jobs read again — GET /projects/:id/jobs?scope[]=…, one page, newest first
// (docs/gitlab-api.md "Jobs across projects"). A read the user asks for (opening, R, after an
// action) asks every project; the timer asks those not asked for ALL_JOBS_CHECK_MS, within
// ALL_JOBS_REQUESTS_PER_MINUTE (src/lib/budgets.ts). What it remembers belongs to one poller.
import { writeAllJobs } from './slice.js';
import type { Job, JobScope, PipelineBasic, Project } from '../../api/index.js';
import { ALL_JOBS_CHECK_MS, ALL_JOBS_MAX_PROJECTS, ALL_JOBS_PER_PROJECT, ALL_JOBS_REQUESTS_PER_MINUTE } from '../../lib/budgets.js';
import { isActiveStatus } from '../../lib/status.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { refreshList } from '../../store/lists.js';
import { firstPage } from '../../store/sources.js';
import { listOf, patchList } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import { isPlaceholder, pulseSourceProjects } from '../pulse/index.js';
import { filterText, matchesFilter } from './filter.js';
import type { FleetJob } from './slice.js';
import { listKeys } from '../../domain/list-keys.js';
import { oneRunAtATime } from '../../lib/one-run.js';

export const allJobsKey = () => ({ kind: 'allJobs' }) as const;

/** Rows kept, at most (newest first): a screen or two of the newest is what the view is for. */
export const MAX_ROWS = 500;
/** Pipelines a check asks for: those updated since the newest one seen. */
const CHECK_DEPTH = 20;
const MINUTE = 60_000;

interface ProjectRead {
  checkedAt: number;
  /** The newest updated_at seen: the next check asks from there (inclusive, as GitLab does). */
  watermark: string | null;
  /** Pipeline id → `status|updated_at` as last seen: tells a changed pipeline from one seen already. */
  seen: Map<number, string>;
  /** Pipelines seen running or waiting: their jobs move with no change to the pipeline. */
  active: Set<number>;
  /** The statuses the jobs were read with (`failed,manual`): another filter reads them again. */
  scopes: string;
  jobs: Job[];
  error: string | null;
}

export interface AllJobsReader {
  sync(full: boolean): Promise<void>;
}

/** The projects `:jobs` reads: the pulse's (its config file list, else the user's projects). */
async function fleetProjects(ctx: Ctx, lookups: Map<string, Project | null>): Promise<Project[]> {
  let state = ctx.store.getState();
  if (!state.config.pulse && listOf(state, listKeys.projects()).loadedAt === null) {
    await refreshList(ctx, listKeys.projects());
    state = ctx.store.getState();
    const list = listOf(state, listKeys.projects());
    if (list.loadedAt === null) throw new Error(list.error ?? 'the projects list could not be read');
  }
  const projects = pulseSourceProjects(state).slice(0, ALL_JOBS_MAX_PROJECTS);
  // The config file's entries the pulse has not read yet (it reads them as their rows come on screen).
  return (
    await Promise.all(
      projects.map(async (p) => {
        if (!isPlaceholder(p.id)) return p;
        const entry = p.path_with_namespace;
        if (!lookups.has(entry)) {
          try {
            lookups.set(entry, await ctx.gl.projects.get(/^\d+$/.test(entry) ? Number(entry) : entry));
          } catch {
            lookups.set(entry, null);
          }
        }
        return lookups.get(entry) ?? null;
      }),
    )
  ).filter((p): p is Project => p !== null);
}

export function createAllJobsReader(ctx: Ctx): AllJobsReader {
  const reads = new Map<number, ProjectRead>();
  const lookups = new Map<string, Project | null>();
  /** When each request of the timer's reads was sent, over the last minute. */
  let sends: number[] = [];

  async function readProject(project: Project, scopes: string, count: (n: number) => void): Promise<void> {
    const before = reads.get(project.id);
    const read: ProjectRead = before ?? { checkedAt: 0, watermark: null, seen: new Map(), active: new Set(), scopes: '', jobs: [], error: null };
    read.checkedAt = ctx.now();
    try {
      count(1);
      const page = await firstPage<PipelineBasic>(
        ctx.gl.pipelines
          .list(project.id, { order_by: 'updated_at', sort: 'desc', perPage: CHECK_DEPTH, ...(read.watermark ? { updated_after: read.watermark } : {}) })
          .pages(),
      );
      let changed = !before || before.error !== null;
      for (const p of page.items) {
        const mark = `${p.status}|${p.updated_at ?? ''}`;
        if (read.seen.get(p.id) !== mark) changed = true;
        read.seen.set(p.id, mark);
        if (isActiveStatus(p.status)) read.active.add(p.id);
        else read.active.delete(p.id);
        if (p.updated_at && (!read.watermark || Date.parse(p.updated_at) > Date.parse(read.watermark))) read.watermark = p.updated_at;
      }
      // Only what the next checks can return matters: the page's pipelines (the rest are older).
      if (read.seen.size > CHECK_DEPTH * 4) read.seen = new Map(page.items.map((p) => [p.id, `${p.status}|${p.updated_at ?? ''}`]));
      if (changed || read.scopes !== scopes || read.active.size > 0) {
        count(1);
        const scope = scopes ? (scopes.split(',') as JobScope[]) : undefined;
        const jobs = await firstPage<Job>(ctx.gl.jobs.list(project.id, { ...(scope ? { scope } : {}), perPage: ALL_JOBS_PER_PROJECT }).pages());
        read.jobs = jobs.items;
        read.scopes = scopes;
      }
      read.error = null;
      ctx.connectionOk();
    } catch (error) {
      read.error = describeError(error);
    }
    reads.set(project.id, read);
  }

  async function run(full: boolean): Promise<void> {
    const key = allJobsKey();
    const { filter } = ctx.store.getState().allJobs;
    const scopes = filter.scopes.join(',');
    if (listOf(ctx.store.getState(), key).loadedAt === null) patchList(ctx.store, key, { loading: true });
    let projects: Project[];
    try {
      projects = await fleetProjects(ctx, lookups);
    } catch (error) {
      patchList(ctx.store, key, { loading: false, error: `Cannot list the projects: ${describeError(error)}` });
      return;
    }
    const now = ctx.now();
    sends = sends.filter((t) => t > now - MINUTE);
    // Asked for, or never read with this filter: every such project now. Else the stalest due ones, in budget.
    const must = projects.filter((p) => full || reads.get(p.id)?.scopes !== scopes);
    const due = projects
      .filter((p) => !must.includes(p) && now - (reads.get(p.id)?.checkedAt ?? 0) >= ALL_JOBS_CHECK_MS)
      .sort((a, b) => (reads.get(a.id)?.checkedAt ?? 0) - (reads.get(b.id)?.checkedAt ?? 0));
    const chosen = [...must];
    let room = ALL_JOBS_REQUESTS_PER_MINUTE - sends.length;
    for (const p of due) {
      // A check, and the jobs when it says they changed (or still run).
      const cost = (reads.get(p.id)?.active.size ?? 0) > 0 ? 2 : 1;
      if (room < cost + 1) break;
      room -= cost;
      chosen.push(p);
    }
    let sent = 0;
    const timed = !full;
    await Promise.all(
      chosen.map((p) =>
        readProject(p, scopes, (n) => {
          sent += n;
          if (timed && !must.includes(p)) for (let i = 0; i < n; i++) sends.push(now);
        }),
      ),
    );
    const rows: FleetJob[] = [];
    for (const p of projects) {
      for (const job of reads.get(p.id)?.jobs ?? []) if (matchesFilter(job, filter)) rows.push({ job, projectId: p.id, path: p.path_with_namespace });
    }
    rows.sort((a, b) => Date.parse(b.job.created_at ?? '') - Date.parse(a.job.created_at ?? '') || b.job.id - a.job.id);
    const failed = projects.filter((p) => reads.get(p.id)?.error).map((p) => `${safeText(p.path_with_namespace, 40)} (${reads.get(p.id)!.error})`);
    // Another filter came while this read ran: its own read follows (lib/one-run.ts), not these rows.
    if (filterText(ctx.store.getState().allJobs.filter) !== filterText(filter)) return;
    writeAllJobs(ctx.store, (s) => ({ allJobs: { ...s.allJobs, projects: projects.length, failed, lastSent: sent, reads: s.allJobs.reads + 1 } }));
    patchList<FleetJob>(ctx.store, key, { items: rows.slice(0, MAX_ROWS), loading: false, loadedAt: ctx.now(), error: null, nextPage: null });
  }

  return { sync: oneRunAtATime(run) };
}
