// What each list shows and how to load it: the list key names its source. The features own the
// sources (their API call, row identity, the text `/` filters on); this maps a key to one.
import type { Page } from '../api/index.js';
import type { Ctx } from './ctx.js';
import type { ListSource } from './feature.js';
import { registryOf, runningRegistry } from './registry.js';

export type { ListSource } from './feature.js';
import { listKeyText, type ListKey, type Pane } from './types.js';
import { visibleRows } from './row-filter.js';

export { prepareFilter, visibleRows } from './row-filter.js';

type SourceCtx = Pick<Ctx, 'gl' | 'store' | 'features'>;

export { isActiveStatus } from '../lib/status.js';

/** The first page of a lazily paginated list (api/paginate.ts). */
export async function firstPage<T>(pages: AsyncIterable<Page<T>>): Promise<Page<T>> {
  for await (const page of pages) return page;
  return { items: [], page: 1, nextPage: null };
}

/**
 * The list the pane shows (and the cursor moves in), if any: as the registry of the app being run
 * says (store/registry.ts listOf: a tab's list, else the one its pane kind's spec says).
 */
export function listKeyOf(pane: Pane): ListKey | null {
  return runningRegistry()?.listOf(pane) ?? null;
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
