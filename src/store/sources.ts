// What each list shows and how to load it: the list key names its source. The features own the
// sources (their API call, row identity, the text `/` filters on); this maps a key to one.
import type { Page } from '../api/index.js';
import type { Ctx } from './ctx.js';
import { listKeyText, type ListKey, type Pane } from './types.js';

type SourceCtx = Pick<Ctx, 'gl' | 'store' | 'features'>;

/** A pipeline's jobs are read whole, 100 (GitLab's most) a page. */
export const PIPELINE_JOBS_PER_PAGE = 100;

export interface ListSource<T> {
  fetch(page: number, signal?: AbortSignal): Promise<Page<T>>;
  idOf(item: T): number;
  textOf(item: T): string;
  /** Load every page on refresh (a pipeline's jobs), rather than only the first. */
  complete: boolean;
  /**
   * The rows shown for the rows read, when they differ (a pipeline's jobs: one row per job out of
   * all its attempts). Must return the same array for the same `items` (it runs on every render).
   * Applied when rows are shown; `arrange` below changes the rows kept.
   */
  present?(items: unknown[]): unknown[];
  perPage: number;
  /** A complete list's rows once every page is in (a pipeline's jobs take its trigger jobs in among them). */
  arrange?(items: T[]): T[];
}

export { isActiveStatus } from '../lib/status.js';

/** The first page of a lazily paginated list (api/paginate.ts). */
export async function firstPage<T>(pages: AsyncIterable<Page<T>>): Promise<Page<T>> {
  for await (const page of pages) return page;
  return { items: [], page: 1, nextPage: null };
}

export const listKeys = {
  projects: (): ListKey => ({ kind: 'projects' }),
  pipelines: (projectId: number): ListKey => ({ kind: 'pipelines', projectId }),
  projectJobs: (projectId: number): ListKey => ({ kind: 'projectJobs', projectId }),
  pipelineJobs: (projectId: number, pipelineId: number): ListKey => ({ kind: 'pipelineJobs', projectId, pipelineId }),
  schedules: (projectId: number): ListKey => ({ kind: 'schedules', projectId }),
  deployments: (projectId: number): ListKey => ({ kind: 'deployments', projectId }),
  projectEvents: (projectId: number): ListKey => ({ kind: 'events', of: 'project', projectId }),
  myEvents: (): ListKey => ({ kind: 'events', of: 'me' }),
  userEvents: (user: string): ListKey => ({ kind: 'events', of: 'user', user }),
  mrPipelines: (projectId: number, iid: number): ListKey => ({ kind: 'mrPipelines', projectId, iid }),
  testCases: (projectId: number, pipelineId: number): ListKey => ({ kind: 'testCases', projectId, pipelineId }),
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
    case 'mergeRequest':
      return listKeys.mrPipelines(pane.projectId, pane.iid);
    case 'schedule':
    case 'scheduleForm':
    case 'deployment':
    case 'key':
    case 'runForm':
    case 'projectLookup':
    case 'pulse':
    case 'failures':
    case 'compare':
    case 'browse':
      return null;
    case 'requests':
      return { kind: 'requests' };
    case 'tests':
      return listKeys.testCases(pane.projectId, pane.pipelineId);
  }
}

/** The source behind a list key: the first feature that knows the key (store/feature.ts). */
export function sourceFor(key: ListKey, ctx: SourceCtx): ListSource<unknown> {
  for (const feature of ctx.features) {
    const source = feature.source?.(key, ctx.gl, ctx.store.getState);
    if (source) return source;
  }
  throw new Error(`unknown list ${listKeyText(key)}`);
}

/** The rows a list shows: as its source presents them, then the `/` filter. */
export function shownRows<T>(source: Pick<ListSource<T>, 'present' | 'textOf'>, items: T[], filter: string): T[] {
  return visibleRows(source.present ? (source.present(items) as T[]) : items, filter, source.textOf);
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
