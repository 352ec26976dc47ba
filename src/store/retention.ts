// What the app keeps of panes the user has left: without this the store remembers every job,
// pipeline, job list and log view ever opened, and a session that opens a new pipeline a minute
// grows by ~50 kB a minute for as long as it runs (bench/leak.mjs). On each navigation, the lists
// that multiply with browsing and that no pane in the stack shows (nor a feature keeps) are
// dropped, then every record entry that nothing pins. Going back finds every pane still in the
// stack exactly as it was left; opening a dropped one again loads it afresh, as the first time.
//
// What is forgettable, kept and pinned, each feature says (Feature.retain): this pass names no pane
// and no record. One pass over every slice's records (not a forget per slice), because what one
// keeps depends on what another kept: a kept list's rows pin jobs, kept jobs pin their pipelines,
// marks pin pipelines. Pins are asked again until none grows, so the features' order changes nothing.
import type { RecordName, RetainAt, Retention } from './feature.js';
import { listKeyOf } from './sources.js';
import { listKeyText, type AppState, type ListKeyText, type ListKind, type ListState } from './types.js';

/** The changes that forget what the stack no longer shows, or null when there is nothing to drop. */
export function forgetOffStack(state: AppState, retention: readonly Retention[]): Partial<AppState> | null {
  const inStack = new Set<ListKeyText>();
  for (const pane of state.stack) {
    const key = listKeyOf(pane);
    if (key) inStack.add(listKeyText(key));
  }
  const forgettable = new Set<ListKind>(retention.flatMap((r) => r.lists ?? []));
  for (const r of retention) for (const key of r.keep?.(state.stack) ?? []) inStack.add(listKeyText(key));

  const lists: AppState['lists'] = {};
  const kept: ListState<unknown>[] = [];
  let droppedLists = 0;
  for (const [key, list] of Object.entries(state.lists)) {
    // An entry set to undefined (a list reset by hand) is no list: dropped like one left behind.
    if (!list || (list.key && forgettable.has(list.key.kind) && !inStack.has(key))) {
      droppedLists++;
      continue;
    }
    lists[key] = list;
    kept.push(list);
  }

  const pins = pinsOf(state, kept, retention);
  const changes: Partial<Record<RecordName, unknown>> = {};
  for (const record of new Set(retention.flatMap((r) => r.records ?? []))) {
    const thinned = keep(state[record] as Record<number, unknown>, pins.get(record) ?? new Set());
    if (thinned) changes[record] = thinned;
  }
  if (!droppedLists && Object.keys(changes).length === 0) return null;
  return { ...(droppedLists ? { lists } : {}), ...(changes as Partial<AppState>) };
}

/** Every feature's pins, asked again while one grows (at most once per feature and once more). */
function pinsOf(state: AppState, lists: readonly ListState<unknown>[], retention: readonly Retention[]): Map<RecordName, Set<number>> {
  const pins = new Map<RecordName, Set<number>>();
  const at: RetainAt = { state, lists, pinned: (record) => pins.get(record) ?? new Set() };
  const pinners = retention.filter((r) => r.pin);
  for (let round = 0; round <= pinners.length; round++) {
    let grew = false;
    for (const r of pinners) {
      for (const [record, ids] of Object.entries(r.pin!(at)) as [RecordName, Iterable<number>][]) {
        const set = pins.get(record) ?? new Set<number>();
        pins.set(record, set);
        for (const id of ids) {
          if (set.has(id)) continue;
          set.add(id);
          grew = true;
        }
      }
    }
    if (!grew) break;
  }
  return pins;
}

/** `map` with only the `ids` entries, or null when nothing would go. */
function keep<T>(map: Record<number, T>, ids: ReadonlySet<number>): Record<number, T> | null {
  const keys = Object.keys(map);
  if (keys.every((k) => ids.has(Number(k)))) return null;
  const out: Record<number, T> = {};
  for (const k of keys) if (ids.has(Number(k))) out[Number(k)] = map[Number(k)]!;
  return out;
}
