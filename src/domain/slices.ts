// The domain's records, as slices of the one store (zustand's slices pattern): the app shell
// composes them with the core's and each feature's (src/app/create.tsx), whichever features are
// registered, since every feature may show them.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from '../store/types.js';
import { createJobsSlice } from './jobs.js';
import { createPipelineRecords } from './pipelines.js';
import { createProjectsSlice } from './projects.js';

export const DOMAIN_SLICES: readonly [string, StateCreator<AppState, [], [], object>][] = [
  ['projects', createProjectsSlice],
  ['pipeline records', createPipelineRecords],
  ['jobs', createJobsSlice],
];
