// What each list shows and how to load it: the list key names its source. The features own the
// sources (their API call, row identity, the text `/` filters on); this maps a key to one.
import type { Page } from '../api/index.js';
import type { Ctx } from './ctx.js';
import type { Feature, ListSource } from './feature.js';
import { registryOf } from './registry.js';

export type { ListSource } from './feature.js';
import { listKeyText, type ListKey, type Pane, type PaneKind } from './types.js';
import { visibleRows } from './row-filter.js';

export { prepareFilter, visibleRows } from './row-filter.js';

type SourceCtx = Pick<Ctx, 'gl' | 'store' | 'features'>;

/** A pipeline's jobs are read whole, 100 (GitLab's most) a page. */
export const PIPELINE_JOBS_PER_PAGE = 100;

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

/**
 * The list each pane kind shows, as its feature says (Feature.lists): registered by the app shell
 * when it composes the features (src/app/create.ts), looked up by kind. One table for the process:
 * a pane kind is declared once (store/types.ts PaneKinds), so every app in it agrees on its list.
 */
const paneLists = new Map<PaneKind, (pane: Pane) => ListKey | null>();

/** Registers the features' pane lists (the app shell does, once per feature set). */
export function registerPaneLists(features: readonly Pick<Feature, 'lists'>[]): void {
  for (const feature of features) {
    for (const [kind, list] of Object.entries(feature.lists ?? {})) paneLists.set(kind as PaneKind, list as (pane: Pane) => ListKey | null);
  }
}

/** The list the pane shows (and the cursor moves in), if any. */
export function listKeyOf(pane: Pane): ListKey | null {
  return paneLists.get(pane.kind)?.(pane) ?? null;
}

/** The source behind a list key: its kind's owner's (Feature.listKinds, store/registry.ts). */
export function sourceFor(key: ListKey, ctx: SourceCtx): ListSource<unknown> {
  const source = registryOf(ctx.features).listOwner(key)?.source?.(key, ctx.gl, ctx.store.getState);
  if (!source) throw new Error(`unknown list ${listKeyText(key)}`);
  return source;
}

/** The rows a list shows: as its source presents them, then the `/` filter. */
export function shownRows<T>(source: Pick<ListSource<T>, 'present' | 'textOf'>, items: T[], filter: string): T[] {
  return visibleRows(source.present ? (source.present(items) as T[]) : items, filter, source.textOf);
}
