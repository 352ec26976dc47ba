// Keys while something modal is in front: a `[y/N]` confirm, the help screen, the `/` filter being
// typed, a prompt. The keymap has resolved the key already (each has scopes of its own: 'confirm',
// 'help', 'filter' + 'edit', 'edit'), so these see a command, or null and the key's text. The
// controller's one entry point (handleKey) routes here before the pane's keymap sees the key.
import type { CommandId } from '../keymap/bindings.js';
import { edit, firstLine, insert, isEditCommand, type EditState } from '../text/text-edit.js';
import type { Ctx } from './ctx.js';
import { moveSelection } from './lists.js';
import { listOf, patchList, toast } from './store.js';
import type { ConfirmAction } from './commands.js';
import type { ListKey, PromptState } from './types.js';

/** `y` (confirm.yes) runs the confirm's command; any other key says nothing was changed. */
export function confirmKey(ctx: Ctx, command: CommandId | null, run: (action: ConfirmAction) => void): void {
  const { store } = ctx;
  const confirm = store.getState().confirm;
  if (!confirm) return;
  store.setState({ confirm: null });
  if (command === 'confirm.yes') run(confirm.yes);
  else toast(store, 'info', 'Nothing was changed');
}

/** The help screen: help.close (and `?`, `q`, Esc) closes it; the moving keys scroll it. */
export function helpKey(ctx: Ctx, command: CommandId | null): void {
  const { store } = ctx;
  const help = store.getState().help;
  if (!help) return;
  const max = help.max ?? Number.MAX_SAFE_INTEGER;
  const page = Math.max(1, store.getState().viewport.height - 4);
  const to = (offset: number) => store.setState({ help: { ...help, offset: Math.max(0, Math.min(max, offset)) } });
  switch (command) {
    case 'help.close':
    case 'app.help':
    case 'app.quit':
    case 'nav.back':
      return store.setState({ help: null });
    case 'nav.down':
      return to(help.offset + 1);
    case 'nav.up':
      return to(help.offset - 1);
    case 'nav.pageDown':
      return to(help.offset + page);
    case 'nav.pageUp':
      return to(help.offset - page);
    case 'nav.top':
      return to(0);
    case 'nav.bottom':
      return to(max);
  }
}

/** Typing the `/` filter of a list: Enter keeps it, Esc clears it, arrows move the cursor. */
export function filterKey(ctx: Ctx, key: ListKey, command: CommandId | null, text: string | undefined): void {
  const { store } = ctx;
  const list = listOf(store.getState(), key);
  if (command === 'filter.down' || command === 'filter.up') {
    const by = command === 'filter.down' ? 1 : -1;
    if (ctx.features.some((feature) => feature.moveInFilter?.(ctx, key, by))) return;
    return moveSelection(ctx, key, (i) => i + by);
  }
  // The filter is edited at its end (no cursor of its own): moving keys do nothing.
  const state: EditState = { value: list.filter, cursor: list.filter.length };
  const result = isEditCommand(command) ? edit(state, command) : text !== undefined ? insert(state, text) : null;
  if (!result) return;
  if ('submit' in result) return store.setState({ filtering: null });
  if ('cancel' in result) {
    patchList(store, key, { filter: '', selected: 0 });
    return store.setState({ filtering: null });
  }
  if (result.value !== list.filter) patchList(store, key, { filter: result.value.slice(0, 200), selected: 0 });
}

/** What a prompt holds now: what was typed, or its initial text before any key. */
export function promptText(prompt: PromptState): EditState {
  const value = prompt.value ?? prompt.initial;
  return { value, cursor: Math.min(value.length, prompt.cursor ?? value.length) };
}

/**
 * A key in the prompt: its text lives in the store (not in React state), so every key of a burst
 * applies to what the previous one left. Enter and Esc go back to the controller.
 */
export function promptKey(ctx: Ctx, command: CommandId | null, text: string | undefined, done: { submit(value: string): void; cancel(): void }): void {
  const { store } = ctx;
  const prompt = store.getState().prompt;
  if (!prompt) return;
  const result = isEditCommand(command) ? edit(promptText(prompt), command) : text !== undefined ? insert(promptText(prompt), text) : null;
  if (!result) return;
  if ('submit' in result) return done.submit(result.submit);
  if ('cancel' in result) return done.cancel();
  store.setState({ prompt: { ...prompt, value: result.value, cursor: result.cursor } });
}

/** What the user is told when a paste into a one-line field kept its first line only; null when it had one. */
export function droppedNotice(droppedLines: number): string | null {
  return droppedLines > 0 ? `Pasted the first line; ${droppedLines} more ${droppedLines === 1 ? 'line was' : 'lines were'} left out (one-line field)` : null;
}

/**
 * A bracketed paste no pane took (Feature.paste is asked first): its first line goes whole into the
 * prompt or the `/` filter in front; it never runs commands.
 */
export function pasteInto(ctx: Ctx, paste: string): void {
  const { store } = ctx;
  const state = store.getState();
  const { text, droppedLines } = firstLine(paste);
  const dropped = droppedNotice(droppedLines);
  if (state.prompt) {
    const next = insert(promptText(state.prompt), text);
    const prompt = next ? { ...state.prompt, value: next.value, cursor: next.cursor } : state.prompt;
    store.setState({ prompt: dropped ? { ...prompt, hint: dropped } : prompt });
    return;
  }
  if (state.confirm) return;
  if (state.filtering) {
    filterKey(ctx, state.filtering, null, text);
    if (dropped) toast(store, 'info', dropped);
    return;
  }
  toast(store, 'info', 'Paste ignored: no text field is open (a paste never runs commands)');
}
