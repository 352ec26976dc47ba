// The store factory: the core's slice and each feature's (src/features/<name>/slice.ts), composed
// as zustand's slices pattern composes them. A factory, so every test (and every app instance) gets
// a fresh store. Apart from store.ts because the features import store.ts at run time (listOf,
// patchList, toast): this file imports the features, and nothing inside them imports it.
import { createStore, type StateCreator } from 'zustand/vanilla';
import { createDeploymentsSlice } from '../features/deployments/index.js';
import { createJobsSlice } from '../features/jobs/index.js';
import { createKeysSlice } from '../features/keys/index.js';
import { createLogSlice } from '../features/log/index.js';
import { createMarksSlice } from '../features/marks/index.js';
import { createPipelinesSlice } from '../features/pipelines/index.js';
import { createProjectsSlice } from '../features/projects/index.js';
import { createPulseSlice } from '../features/pulse/index.js';
import { createRequestsSlice } from '../features/requests/index.js';
import { createFailuresSlice } from '../features/failures/index.js';
import { createCompareSlice } from '../features/compare/index.js';
import { createBrowseSlice } from '../features/browse/index.js';
import { createSchedulesSlice } from '../features/schedules/index.js';
import type { AppStore } from './store.js';
import type { AppConfigView, AppState, CoreSlice, Pane } from './types.js';

/** The core's slice: the shell's and the controller's state, starting on `first`. */
export function createCoreSlice(config: AppConfigView, first: Pane = { kind: 'projects' }): StateCreator<AppState, [], [], CoreSlice> {
  return () => ({
    config,
    // Until App measures the terminal: a page key moves 10 rows, as on a 24-row terminal.
    viewport: { width: 80, height: 14 },
    user: null,
    connection: { kind: 'connecting' },
    stack: [first],
    lists: {},
    listFilters: {},
    inflight: {},
    toast: null,
    confirm: null,
    prompt: null,
    filtering: null,
    help: null,
    download: null,
    loadErrors: {},
    fatal: null,
    quit: false,
  });
}

export function createAppStore(config: AppConfigView, first?: Pane): AppStore {
  // Typed as AppState: a slice left out here is a type error (its keys would be missing).
  return createStore<AppState>()((...a) => ({
    ...createCoreSlice(config, first)(...a),
    ...createProjectsSlice(...a),
    ...createPipelinesSlice(...a),
    ...createJobsSlice(...a),
    ...createLogSlice(...a),
    ...createSchedulesSlice(...a),
    ...createDeploymentsSlice(...a),
    ...createKeysSlice(...a),
    ...createPulseSlice(...a),
    ...createRequestsSlice(...a),
    ...createFailuresSlice(...a),
    ...createCompareSlice(...a),
    ...createBrowseSlice(...a),
    ...createMarksSlice(...a),
  }));
}

/** A fresh store's state, for tests that build states by hand. */
export function initialState(config: AppConfigView, first?: Pane): AppState {
  return createAppStore(config, first).getState();
}
