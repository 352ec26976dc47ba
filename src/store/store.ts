// The vanilla zustand store and the small, pure helpers that read and patch it. A factory, so every
// test (and every app instance) gets a fresh store.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { listKeyText, type AppConfigView, type AppState, type ListKey, type ListState, type Pane } from './types.js';

export type AppStore = StoreApi<AppState>;

export function initialState(config: AppConfigView, first: Pane = { kind: 'projects' }): AppState {
  return {
    config,
    // Until App measures the terminal: a page key moves 10 rows, as on a 24-row terminal.
    viewport: { width: 80, height: 14 },
    user: null,
    connection: { kind: 'connecting' },
    stack: [first],
    lists: {},
    projects: {},
    pipelines: {},
    jobs: {},
    bridges: {},
    mergeRequests: {},
    pipelineFilters: {},
    jobScopes: {},
    logViews: {},
    schedules: {},
    deployments: {},
    sshKeys: {},
    listFilters: {},
    scheduleForm: null,
    inflight: {},
    toast: null,
    confirm: null,
    prompt: null,
    filtering: null,
    help: null,
    download: null,
    fatal: null,
    quit: false,
  };
}

export function createAppStore(config: AppConfigView, first?: Pane): AppStore {
  return createStore<AppState>()(() => initialState(config, first));
}

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
