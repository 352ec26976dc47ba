// The store as the composition of slices (create.ts): the same state as before the split into
// slices, each key owned by exactly one slice, and nothing shared between two stores.
import { describe, expect, it } from 'vitest';
import type { StateCreator } from 'zustand/vanilla';
import { FEATURES } from '../app/features.js';
import { DOMAIN_SLICES } from '../domain/slices.js';
import { createCoreSlice } from './create.js';
import { createAppStore } from '../app/create.js';
import type { AppState } from './types.js';

const config = () => ({ host: 'h', demo: true, readOnly: false });

/** The core's own keys: the shell's and the controller's state (types.ts CoreSlice). */
const CORE_KEYS = [
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
];

/** Every slice create.ts composes: the core's, the domain's records and each registered feature's (Feature.slice), by name. */
const SLICES: [string, StateCreator<AppState, [], [], object>][] = [
  ['core', createCoreSlice(config(), { kind: 'projects' })],
  ...DOMAIN_SLICES,
  ...FEATURES.flatMap((feature): [string, StateCreator<AppState, [], [], object>][] => (feature.slice ? [[feature.name, feature.slice]] : [])),
];

/** The keys a slice creator gives, run against a real store's set/get/api. */
function keysOf(creator: StateCreator<AppState, [], [], object>): string[] {
  const store = createAppStore(config());
  return Object.keys(creator(store.setState, store.getState, store)).sort();
}

describe('createAppStore', () => {
  it('starts with the state it had as one object before the slices', () => {
    // Every key, with its value to start with (toEqual: no key more, none less).
    expect(createAppStore(config()).getState()).toEqual({
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
      detailRead: {},
      pipelineGraphs: {},
      revealed: {},
      environments: {},
      rollbacks: {},
      runnerInfo: {},
      runnerLists: {},
      runnerViews: {},
      queuedSince: {},
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
      pulse: { pipelines: {}, fetch: {}, selectedId: null, offset: 0, listed: {}, lookups: {}, error: null, pinAt: null },
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

  it('is the slices together: each key is owned by exactly one slice, the core owning its own', () => {
    const owners = new Map<string, string[]>();
    for (const [name, creator] of SLICES) {
      const keys = keysOf(creator);
      if (name === 'core') expect(keys).toEqual([...CORE_KEYS].sort());
      else expect(keys.length, `${name} gives its slice no key`).toBeGreaterThan(0);
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
    // The walk reaches every record, down to the pulse's and the first pane (51 objects).
    expect(a.size).toBe(51);
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
