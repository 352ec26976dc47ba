// The store as the composition of slices (create.ts): the same state as before the split into
// slices, each key owned by exactly one slice, and nothing shared between two stores.
import { describe, expect, it } from 'vitest';
import type { StateCreator } from 'zustand/vanilla';
import { createAllJobsSlice } from '../features/alljobs/index.js';
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
import { createCoreSlice } from './create.js';
import { createAppStore } from '../app/create.js';
import type { AppState } from './types.js';

const config = () => ({ host: 'h', demo: true, readOnly: false });

/** Every slice and the keys it owns: what create.ts must compose, each key once. */
const SLICES: [string, StateCreator<AppState, [], [], object>, string[]][] = [
  [
    'core',
    createCoreSlice(config()),
    [
      'config',
      'viewport',
      'user',
      'connection',
      'stack',
      'lists',
      'listFilters',
      'inflight',
      'toast',
      'confirm',
      'prompt',
      'filtering',
      'help',
      'requestRate',
      'download',
      'loadErrors',
      'fatal',
      'quit',
    ],
  ],
  ['projects', createProjectsSlice, ['projects', 'homeProject']],
  [
    'pipelines',
    createPipelinesSlice,
    ['pipelines', 'bridges', 'mergeRequests', 'pipelineFilters', 'runForm', 'pipelineExtras', 'testReports', 'jobHistory', 'testHistory'],
  ],
  ['jobs', createJobsSlice, ['jobs', 'jobScopes', 'erasedBy']],
  ['log', createLogSlice, ['logViews', 'logHandles']],
  ['schedules', createSchedulesSlice, ['schedules', 'scheduleForm']],
  ['deployments', createDeploymentsSlice, ['deployments']],
  ['keys', createKeysSlice, ['sshKeys']],
  ['pulse', createPulseSlice, ['pulse']],
  ['marks', createMarksSlice, ['marks']],
  ['requests', createRequestsSlice, ['requestLog']],
  ['failures', createFailuresSlice, ['failures']],
  ['compare', createCompareSlice, ['comparisons']],
  ['alljobs', createAllJobsSlice, ['allJobs']],
  ['browse', createBrowseSlice, ['archives', 'previews']],
];

/** The keys a slice creator gives, run against a real store's set/get/api. */
function keysOf(creator: StateCreator<AppState, [], [], object>): string[] {
  const store = createAppStore(config());
  return Object.keys(creator(store.setState, store.getState, store)).sort();
}

describe('createAppStore', () => {
  it('has exactly the state it had as one object before the slices', () => {
    // The keys of the one initialState() object the state was before it was split into slices.
    const before = [
      'config',
      'viewport',
      'user',
      'connection',
      'stack',
      'lists',
      'projects',
      'pipelines',
      'jobs',
      'bridges',
      'mergeRequests',
      'pipelineFilters',
      'jobScopes',
      'erasedBy',
      'homeProject',
      'logViews',
      'schedules',
      'deployments',
      'sshKeys',
      'listFilters',
      'scheduleForm',
      'runForm',
      'pipelineExtras',
      'testReports',
      'marks',
      'jobHistory',
      'pulse',
      'inflight',
      'toast',
      'confirm',
      'prompt',
      'filtering',
      'help',
      'download',
      'loadErrors',
      'fatal',
      'quit',
      // Added since the split, by features of their own.
      'requestLog',
      'failures',
      'comparisons',
      'allJobs',
      'archives',
      'previews',
      'testHistory',
      'requestRate',
      'logHandles',
    ];
    const state = createAppStore(config()).getState();
    expect(Object.keys(state).sort()).toEqual([...before].sort());
    // And the same values to start with.
    expect(state).toEqual({
      config: config(),
      viewport: { width: 80, height: 14 },
      user: null,
      connection: { kind: 'connecting' },
      stack: [{ kind: 'projects' }],
      lists: {},
      projects: {},
      pipelines: {},
      jobs: {},
      bridges: {},
      mergeRequests: {},
      pipelineFilters: {},
      jobScopes: {},
      erasedBy: {},
      homeProject: null,
      logViews: {},
      logHandles: {},
      schedules: {},
      deployments: {},
      sshKeys: {},
      listFilters: {},
      pipelineExtras: {},
      testReports: {},
      marks: {},
      jobHistory: {},
      inflight: {},
      loadErrors: {},
      scheduleForm: null,
      runForm: null,
      pulse: { pipelines: {}, fetch: {}, selectedId: null, offset: 0, listed: {}, lookups: {}, error: null },
      toast: null,
      confirm: null,
      prompt: null,
      filtering: null,
      help: null,
      requestRate: null,
      download: null,
      fatal: null,
      quit: false,
      requestLog: [],
      failures: {},
      comparisons: {},
      allJobs: { filter: { scopes: [], name: null, ref: null, stage: null }, projects: 0, failed: [], lastSent: 0, reads: 0 },
      archives: {},
      previews: {},
      testHistory: {},
    });
  });

  it('starts on the pane it is given', () => {
    const first = { kind: 'pulse' } as const;
    expect(createAppStore(config(), first).getState().stack).toEqual([first]);
  });

  it('is the slices together: each key is owned by exactly one slice, and each slice owns what it says', () => {
    const owners = new Map<string, string[]>();
    for (const [name, creator, keys] of SLICES) {
      expect(keysOf(creator), name).toEqual([...keys].sort());
      for (const key of keys) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    const claimedTwice = [...owners].filter(([, names]) => names.length > 1);
    expect(claimedTwice).toEqual([]);
    // No slice left out of the composition, and none composed that is not listed here.
    expect(Object.keys(createAppStore(config()).getState()).sort()).toEqual([...owners.keys()].sort());
  });

  it('gives each store its own objects: nothing one store holds is shared with another', () => {
    const objects = (value: unknown, seen = new Set<object>()): Set<object> => {
      if (value === null || typeof value !== 'object' || seen.has(value)) return seen;
      seen.add(value);
      for (const child of Object.values(value)) objects(child, seen);
      return seen;
    };
    const first = createAppStore(config()).getState();
    const a = objects(first);
    const b = objects(createAppStore(config()).getState());
    // The walk reaches every record, down to the pulse's and the first pane (42 objects).
    expect(a.size).toBe(42);
    expect(a.has(first.pulse.fetch) && a.has(first.stack[0]!)).toBe(true);
    expect([...a].filter((o) => b.has(o))).toEqual([]);
    // And a change in one store is not seen in the other.
    const one = createAppStore(config());
    const two = createAppStore(config());
    one.getState().pulse.fetch[1] = { sentAt: 1 };
    one.getState().lists['x'] = { items: [], loading: false, error: null, nextPage: null, selected: 0, filter: '', loadedAt: null };
    expect(two.getState().pulse.fetch).toEqual({});
    expect(two.getState().lists).toEqual({});
  });
});
