// Keys while something modal is in front: a `[y/N]` confirm, the help screen, the `/` filter being
// typed, the schedule form. Each is a whole block the controller's one entry point (handleKey)
// routes to before the keymap sees the key.
import { printable } from '../text/printable.js';
import type { Ctx } from './ctx.js';
import { moveSelection } from './lists.js';
import { listOf, patchList, toast } from './store.js';
import type { ConfirmAction } from './commands.js';
import type { ListKey } from './types.js';

/** `y` runs the confirm's command; any other key says nothing was changed. */
export function confirmKey(ctx: Ctx, name: string | null, run: (action: ConfirmAction) => void): void {
  const { store } = ctx;
  const confirm = store.getState().confirm;
  if (!confirm) return;
  store.setState({ confirm: null });
  if (name === 'y' || name === 'Y') run(confirm.yes);
  else toast(store, 'info', 'Nothing was changed');
}

export function helpKey(ctx: Ctx, name: string | null): void {
  const { store } = ctx;
  const help = store.getState().help;
  if (!help) return;
  if (name === 'escape' || name === 'q' || name === '?') store.setState({ help: null });
  else if (name === 'j' || name === 'down') store.setState({ help: { offset: help.offset + 1 } });
  else if (name === 'k' || name === 'up') store.setState({ help: { offset: Math.max(0, help.offset - 1) } });
}

/** Typing the `/` filter of a list: Enter keeps it, Esc clears it, arrows move the cursor. */
export function filterKey(ctx: Ctx, key: ListKey, name: string | null, input: string): void {
  const { store } = ctx;
  const list = listOf(store.getState(), key);
  if (name === 'enter') return store.setState({ filtering: null });
  if (name === 'escape') {
    patchList(store, key, { filter: '', selected: 0 });
    return store.setState({ filtering: null });
  }
  if (name === 'down' || name === 'up') return moveSelection(ctx, key, (i) => i + (name === 'down' ? 1 : -1));
  if (name === 'backspace') return patchList(store, key, { filter: list.filter.slice(0, -1), selected: 0 });
  // Printable text only: a pasted escape sequence must not end up in the filter.
  const text = printable(input);
  if (text) patchList(store, key, { filter: (list.filter + text).slice(0, 200), selected: 0 });
}
