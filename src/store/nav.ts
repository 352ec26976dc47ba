// The navigation trail's writers: the only code that changes `stack` (every write has an owner:
// scripts/check-source.mjs). Enter pushes, Esc goes back, a tab or view switch replaces the pane in front, a jump or a
// lookup lays a new trail. Features call these instead of spreading the stack by hand; eslint.config.js
// refuses a `stack` written through setState anywhere else. They take the store (a factory makes
// one per app and per test), as zustand's actions kept outside the store do.
import type { AppStore } from './store.js';
import type { Pane } from './types.js';

/** The trail a new store starts with (create.ts). */
export function firstTrail(first: Pane): Pane[] {
  return [first];
}

/** Opens `pane` above the one in front. */
export function push(store: AppStore, pane: Pane): void {
  store.setState((s) => ({ stack: [...s.stack, pane] }));
}

/** Puts `pane` in place of the one in front (a tab, a view, a scroll kept in the pane). */
export function replaceTop(store: AppStore, pane: Pane): void {
  store.setState((s) => ({ stack: [...s.stack.slice(0, -1), pane] }));
}

/**
 * Closes the pane in front, when there is one beneath it and `only` (if given) accepts it. Whether
 * it did: the first pane is never closed (q quits there instead).
 */
export function back(store: AppStore, only?: (top: Pane) => boolean): boolean {
  const { stack } = store.getState();
  if (stack.length <= 1 || (only && !only(stack[stack.length - 1]!))) return false;
  store.setState((s) => ({ stack: s.stack.slice(0, -1) }));
  return true;
}

/** Lays a whole new trail (a jump's, a lookup's result, back to the root); it must hold a pane. */
export function setTrail(store: AppStore, panes: readonly Pane[]): void {
  if (panes.length === 0) throw new Error('The trail needs a pane');
  store.setState({ stack: [...panes] });
}
