// What each list shows and how to load it: the list key names its source. One place maps a key to
// its API call, its row identity, the text `/` filters on, and which rows count as "still moving".
import type { GitLab, Job, Page, PipelineBasic, Project } from '../api/index.js';
import type { AppState, ListKey, Pane } from './types.js';
import { activityKeys, activitySource, isActivityListKey } from '../features/activity/sources.js';

/** A pipeline's jobs are read whole, 100 (GitLab's most) a page. */
export const PIPELINE_JOBS_PER_PAGE = 100;

export interface ListSource<T> {
  fetch(page: number, signal?: AbortSignal): Promise<Page<T>>;
  idOf(item: T): number;
  textOf(item: T): string;
  /** Load every page on refresh (a pipeline's jobs), rather than only the first. */
  complete: boolean;
  perPage: number;
}

const ACTIVE = new Set(['running', 'pending', 'created', 'preparing', 'waiting_for_resource', 'canceling', 'scheduled']);
export const isActiveStatus = (status: string | undefined): boolean => status !== undefined && ACTIVE.has(status);

async function firstPage<T>(pages: AsyncIterable<Page<T>>): Promise<Page<T>> {
  for await (const page of pages) return page;
  return { items: [], page: 1, nextPage: null };
}

export const listKeys = {
  projects: (): ListKey => 'projects',
  pipelines: (projectId: number): ListKey => `pipelines:${projectId}`,
  projectJobs: (projectId: number): ListKey => `projectJobs:${projectId}`,
  pipelineJobs: (projectId: number, pipelineId: number): ListKey => `pipelineJobs:${projectId}:${pipelineId}`,
  ...activityKeys,
};

/** The list the pane shows (and the cursor moves in), if any. */
export function listKeyOf(pane: Pane): ListKey | null {
  switch (pane.kind) {
    case 'projects':
      return listKeys.projects();
    case 'project':
      if (pane.tab === 'pipelines') return listKeys.pipelines(pane.projectId);
      if (pane.tab === 'jobs') return listKeys.projectJobs(pane.projectId);
      if (pane.tab === 'schedules') return listKeys.schedules(pane.projectId);
      if (pane.tab === 'deployments') return listKeys.deployments(pane.projectId);
      if (pane.tab === 'events') return listKeys.projectEvents(pane.projectId);
      return null;
    case 'pipeline':
      return listKeys.pipelineJobs(pane.projectId, pane.pipelineId);
    case 'job':
      return null;
    case 'events':
      return pane.who === 'me' ? listKeys.myEvents() : listKeys.userEvents(pane.who.user);
    case 'schedule':
    case 'scheduleForm':
    case 'deployment':
    case 'key':
      return null;
  }
}

export function sourceFor(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> {
  if (isActivityListKey(key)) return activitySource(key, gl, state);
  const [kind, a, b] = key.split(':');
  const projectId = Number(a);
  switch (kind) {
    case 'projects':
      return {
        perPage: 50,
        complete: false,
        fetch: (page, signal) =>
          firstPage(gl.projects.list({ membership: true, simple: true, order_by: 'last_activity_at', sort: 'desc', perPage: 50, startPage: page, signal }).pages()),
        idOf: (p) => (p as Project).id,
        textOf: (p) => `${(p as Project).path_with_namespace} ${(p as Project).name}`,
      } satisfies ListSource<Project> as ListSource<unknown>;
    case 'pipelines':
      return {
        perPage: 50,
        complete: false,
        fetch: (page, signal) => firstPage(gl.pipelines.list(projectId, { ...state().pipelineFilters[projectId], perPage: 50, startPage: page, signal }).pages()),
        idOf: (p) => (p as PipelineBasic).id,
        textOf: (p) => {
          const x = p as PipelineBasic;
          return `#${x.id} ${x.status} ${x.ref} ${x.sha.slice(0, 8)} ${x.source ?? ''}`;
        },
      } satisfies ListSource<PipelineBasic> as ListSource<unknown>;
    case 'projectJobs':
    case 'pipelineJobs': {
      const scope = state().jobScopes[key];
      const pipelineId = Number(b);
      const perPage = kind === 'pipelineJobs' ? PIPELINE_JOBS_PER_PAGE : 50;
      return {
        perPage,
        complete: kind === 'pipelineJobs',
        fetch: (page, signal) =>
          firstPage(
            (kind === 'pipelineJobs'
              ? gl.jobs.listForPipeline(projectId, pipelineId, { scope, perPage, startPage: page, signal })
              : gl.jobs.list(projectId, { scope, perPage, startPage: page, signal })
            ).pages(),
          ),
        idOf: (j) => (j as Job).id,
        textOf: (j) => {
          const x = j as Job;
          return `#${x.id} ${x.name} ${x.stage} ${x.status} ${x.ref} ${x.user?.username ?? ''}`;
        },
      } satisfies ListSource<Job> as ListSource<unknown>;
    }
    default:
      throw new Error(`unknown list ${key}`);
  }
}

/** Rows after the `/` filter (case-insensitive, every word must match). */
export function visibleRows<T>(items: T[], filter: string, textOf: (item: T) => string): T[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return items;
  return items.filter((item) => {
    const text = textOf(item).toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
