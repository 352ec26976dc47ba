// A list as a pane shows it: the state (loading, error, selection, filter) and the rows after `/`.
import { useEffect, useMemo } from 'react';
import { EMPTY_LIST } from '../store/store.js';
import { prepareFilter, shownRows, sourceFor, type ListSource } from '../store/sources.js';
import { listKeyText, type ListKey, type ListState } from '../store/types.js';
import { useApp, useAppState } from './context.js';

/** What an empty table says: still loading, or really empty (maybe because of a filter). */
export function emptyText(list: ListState<unknown>, noun: string): string {
  if (list.loadedAt === null) return list.error ? `Could not load ${noun}.` : `Loading ${noun}…`;
  return list.filter ? `No ${noun} match "${list.filter.slice(0, 40)}".` : `No ${noun}.`;
}

export function useList<T>(key: ListKey): { list: ListState<T>; rows: T[] } {
  const { controller } = useApp();
  const text = listKeyText(key);
  const list = useAppState((s) => (s.lists[text] as ListState<T> | undefined) ?? (EMPTY_LIST as ListState<T>));
  // Keyed by the key's text: panes build a fresh key object every render.
  const source = useMemo(() => sourceFor(key, controller.ctx) as ListSource<T>, [text, controller]);
  const rows = useMemo(() => shownRows(source, list.items, list.filter), [list.items, list.filter, source]);
  // A source that presents its rows differently (a pipeline's jobs: one row out of every attempt) is counted
  // as shown, not as read.
  const shown = useMemo(() => (source.present ? { ...list, items: source.present(list.items) as T[] } : list), [list, source]);
  // While `/` is open on this list, the rows' texts are made after the frame, not on the first character.
  const filtering = useAppState((s) => s.filtering !== null && listKeyText(s.filtering) === text);
  useEffect(() => {
    if (!filtering) return;
    const timer = setTimeout(() => prepareFilter(shown.items, source.textOf), 0);
    return () => clearTimeout(timer);
  }, [filtering, shown.items, source]);
  return { list: shown, rows };
}
