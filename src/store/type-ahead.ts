// Type-ahead: keys that arrive while the pane in front is still loading wait for it. `⏎⏎` typed fast
// (or delivered in one read by a laggy SSH link) opens the pipeline, then — once its jobs are in —
// the job under the cursor, as it would have typed slowly; without this the second Enter met an
// empty list and did nothing. Held keys apply to the pane they were typed on: if another pane comes
// to the front they are dropped, and after HOLD_MS they are dropped with no effect (a toast says so).
// The controller decides which keys start a hold (store/controller.ts); once one is held, every key
// after it waits behind it, so order is kept — but a key that leaves the pane (Esc, q) runs at once.
import type { Key } from '../input/key.js';
import type { AppStore } from './store.js';
import { toast, topPane } from './store.js';
import type { AppState, Pane } from './types.js';

/** How long keys wait for a loading pane before they are dropped. */
export const HOLD_MS = 2000;

export interface TypeAheadDeps {
  store: AppStore;
  /**
   * Whether the pane shows what its keys act on (its rows loaded, or its error shown); 'drop' when
   * what it now shows makes the held keys void (a confirm's warning they were typed without).
   */
  ready(pane: Pane, state: AppState): boolean | 'drop';
  /** Applies a held key, as if it had just been typed. */
  replay(key: Key): void;
  holdMs?: number;
}

/** The pane as typed on: the stack's depth and the pane's data (a new object for the same pane is the same pane). */
const paneId = (state: AppState): string => `${state.stack.length}:${JSON.stringify(topPane(state))}`;

export class TypeAhead {
  private held: { pane: string; keys: Key[]; timer: ReturnType<typeof setTimeout> } | null = null;
  private replaying = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TypeAheadDeps) {
    this.unsubscribe = deps.store.subscribe((state) => this.check(state));
  }

  /** Keys are waiting: every key typed now joins them. */
  get holding(): boolean {
    return this.held !== null;
  }

  /** Holds `key` for the pane in front (starting a hold, or joining one). */
  hold(key: Key): void {
    if (this.held) {
      this.held.keys.push(key);
      return;
    }
    const timer = setTimeout(() => this.expire(), this.deps.holdMs ?? HOLD_MS);
    timer.unref?.();
    this.held = { pane: paneId(this.deps.store.getState()), keys: [key], timer };
  }

  /** Forgets the held keys (the user left the pane). */
  drop(): void {
    if (!this.held) return;
    clearTimeout(this.held.timer);
    this.held = null;
  }

  stop(): void {
    this.drop();
    this.unsubscribe();
  }

  private expire(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    const n = held.keys.length;
    toast(this.deps.store, 'info', `${n} key${n === 1 ? '' : 's'} typed ahead dropped: the pane took over ${(this.deps.holdMs ?? HOLD_MS) / 1000} s`);
  }

  private check(state: AppState): void {
    if (!this.held || this.replaying) return;
    if (paneId(state) !== this.held.pane) return this.drop();
    const ready = this.deps.ready(topPane(state), state);
    if (ready === 'drop') {
      const n = this.held.keys.length;
      this.drop();
      return toast(this.deps.store, 'info', `${n} key${n === 1 ? '' : 's'} typed before the warning dropped: answer the question again`);
    }
    if (!ready) return;
    // After this change has reached every listener: the pane's own watchers (a pipeline's cursor on
    // its first failed job) act first, as they would have before a slow typist's next key.
    const held = this.held;
    queueMicrotask(() => {
      if (this.held !== held) return;
      clearTimeout(held.timer);
      this.held = null;
      this.replaying = true;
      try {
        // A replayed key may start a new hold (⏎⏎⏎: the job's pane loads too); the rest join it.
        for (const key of held.keys) this.deps.replay(key);
      } finally {
        this.replaying = false;
      }
      if (this.held) this.check(this.deps.store.getState());
    });
  }
}
