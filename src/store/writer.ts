// A slice's writer (every write has an owner: scripts/check-source.mjs): each feature's slice.ts makes one for the
// keys it owns, and the feature's code changes its records through it, never through setState. The
// change may name only those keys: TypeScript refuses another (it must be `never`), and the writer
// throws on one that slipped past the types, so a feature cannot write another's records or the
// core's (it calls their writers: store/nav.ts for the trail, store/writers.ts for the core's).
import type { AppStore } from './store.js';
import type { AppState } from './types.js';

/** A change to the keys `K` of the state, and to no other. */
export type OwnChange<K extends keyof AppState> = Partial<Pick<AppState, K>> & { [P in Exclude<keyof AppState, K>]?: never };

/** Writes `change` (or what it returns for the state now) to the keys `K` its slice owns. */
export type SliceWriter<K extends keyof AppState> = (store: AppStore, change: OwnChange<K> | ((state: AppState) => OwnChange<K>)) => void;

/** The writer of the slice `owner`, which owns `keys`. */
export function sliceWriter<K extends keyof AppState>(owner: string, keys: readonly K[]): SliceWriter<K> {
  const owned = new Set<string>(keys);
  const check = (change: object): object => {
    for (const key of Object.keys(change)) {
      if (!owned.has(key)) throw new Error(`The ${owner} slice does not own "${key}": write it through its owner's writer`);
    }
    return change;
  };
  // A change that names no key leaves the state object as it is: zustand would otherwise make a new
  // one and wake every subscriber (a poll clearing an error that is not there, on every tick).
  const apply = (state: AppState, change: object): AppState | Partial<AppState> =>
    Object.keys(check(change)).length === 0 ? state : (change as Partial<AppState>);
  return (store, change) => {
    store.setState((s) => apply(s, typeof change === 'function' ? change(s) : change));
  };
}
