// The vanilla zustand store's type and the small, pure helpers that read and patch it. The store is
// built in create.ts (from the features' slices): features import these helpers at run time, so this
// file imports no feature back.
import type { StoreApi } from 'zustand/vanilla';
import { listKeyText, type AppState, type ListKey, type ListState, type Pane } from './types.js';

export type AppStore = StoreApi<AppState>;

export const EMPTY_LIST: ListState<never> = Object.freeze({
  items: [],
  loading: false,
  error: null,
  nextPage: 1,
  selected: 0,
  filter: '',
  loadedAt: null,
}) as ListState<never>;

export function listOf<T>(state: AppState, key: ListKey): ListState<T> {
  return (state.lists[listKeyText(key)] as ListState<T> | undefined) ?? (EMPTY_LIST as ListState<T>);
}

export function patchList<T>(store: AppStore, key: ListKey, patch: Partial<ListState<T>> | ((list: ListState<T>) => Partial<ListState<T>>)): void {
  store.setState((s) => {
    const list = listOf<T>(s, key);
    const changes = typeof patch === 'function' ? patch(list) : patch;
    return { lists: { ...s.lists, [listKeyText(key)]: { ...list, ...changes, key } as ListState<unknown> } };
  });
}

export function topPane(state: AppState): Pane {
  return state.stack[state.stack.length - 1]!;
}

let toastId = 0;
export function toast(store: AppStore, kind: 'info' | 'success' | 'error', message: string): void {
  store.setState({ toast: { kind, message, id: ++toastId } });
}
