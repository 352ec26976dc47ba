// The store factory: the core's slice and the slices it is handed (each feature's, Feature.slice),
// composed as zustand's slices pattern composes them. A factory, so every test (and every app
// instance) gets a fresh store. It names no feature: the app shell (src/app/create.ts) hands in the
// registered features' slices.
import { createStore, type StateCreator } from 'zustand/vanilla';
import { firstTrail } from './nav.js';
import type { AppStore } from './store.js';
import type { AppConfigView, AppState, CoreSlice, Pane } from './types.js';

/** The core's slice: the shell's and the controller's state, starting on `first` (the app shell's choice: Feature.first). */
export function createCoreSlice(config: AppConfigView, first: Pane): StateCreator<AppState, [], [], CoreSlice> {
  return () => ({
    config,
    // Until the app shell measures the terminal: a page key moves 10 rows, as on a 24-row terminal.
    viewport: { width: 80, height: 14 },
    user: null,
    connection: { kind: 'connecting' },
    stack: firstTrail(first),
    lists: {},
    listFilters: {},
    inflight: {},
    toast: null,
    confirm: null,
    prompt: null,
    filtering: null,
    help: null,
    requestRate: null,
    download: null,
    loadErrors: {},
    fatal: null,
    quit: false,
  });
}

/** A slice's creator, as a feature gives it (Feature.slice). */
export type SliceCreator = StateCreator<AppState, [], [], object>;

/**
 * The core's slice and `slices`, in one store. AppState's type is the core's and every declared
 * feature's (store/types.ts); src/store/create.test.ts checks that the registered slices fill it.
 */
export function composeStore(config: AppConfigView, first: Pane, slices: readonly SliceCreator[]): AppStore {
  return createStore<AppState>()((...a) => Object.assign(createCoreSlice(config, first)(...a), ...slices.map((slice) => slice(...a))) as AppState);
}
