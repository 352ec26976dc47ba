// Keys while something modal is in front: a `[y/N]` confirm, the help screen, the `/` filter being
// typed, a prompt. The keymap has resolved the key already (each has scopes of its own: 'confirm',
// 'help', 'filter' + 'edit', 'edit'), so these see a command, or null and the key's text. The
// controller's one entry point (handleKey) routes here before the pane's keymap sees the key.
import { setConfirm, setFiltering, setHelp, setPrompt } from './writers.js';
import type { CommandId } from '../keymap/bindings.js';
import { firstLine, type EditState } from '../text/text-edit.js';
import type { Ctx } from './ctx.js';
import { fieldKey, fieldText, type FieldHost } from './field-keys.js';
import { moveSelection } from './lists.js';
import { registryOf } from './registry.js';
import { listOf, patchList, toast } from './store.js';
import type { ConfirmAction } from './continuations.js';
import type { ListKey, PromptState } from './types.js';

/** `y` (confirm.yes) runs the confirm's command; any other key says nothing was changed. */
export function confirmKey(ctx: Ctx, command: CommandId | null, run: (action: ConfirmAction) => void): void {
  const { store } = ctx;
  const confirm = store.getState().confirm;
  if (!confirm) return;
  setConfirm(store, null);
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
  const to = (offset: number) => setHelp(store, { ...help, offset: Math.max(0, Math.min(max, offset)) });
  switch (command) {
    case 'help.close':
    case 'app.help':
    case 'app.quit':
    case 'nav.back':
      return setHelp(store, null);
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
  if (command === 'filter.down' || command === 'filter.up') {
    const by = command === 'filter.down' ? 1 : -1;
    // A list whose cursor its owner keeps itself (the pulse's) is moved by its owner.
    if (registryOf(ctx.features).listOwner(key)?.moveInFilter?.(ctx, key, by)) return;
    return moveSelection(ctx, key, (i) => i + by);
  }
  // The filter is edited at its end (no cursor of its own): moving keys do nothing.
  if (command === 'edit.left' || command === 'edit.right' || command === 'edit.home' || command === 'edit.end') return;
  const result = fieldKey(filterField(ctx, key), command, text);
  if (!result) return;
  if ('submit' in result) return setFiltering(store, null);
  patchList(store, key, { filter: '', selected: 0 });
  setFiltering(store, null);
}

/** The `/` filter as a field: its text is the list's, its cursor always at the end, 200 characters at most. */
function filterField(ctx: Ctx, key: ListKey): FieldHost {
  const { store } = ctx;
  return {
    feed: ctx.ink,
    read: () => {
      const value = listOf(store.getState(), key).filter;
      return { value, cursor: value.length };
    },
    write: (next) => setFilter(ctx, key, next.value),
  };
}

function setFilter(ctx: Ctx, key: ListKey, value: string): void {
  const filter = value.slice(0, 200);
  if (filter !== listOf(ctx.store.getState(), key).filter) patchList(ctx.store, key, { filter, selected: 0 });
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
  if (!ctx.store.getState().prompt) return;
  const result = fieldKey(promptField(ctx), command, text);
  if (!result) return;
  if ('submit' in result) return done.submit(result.submit);
  return done.cancel();
}

/** The prompt in front as a field (src/store/field-keys.ts). */
export function promptField(ctx: Ctx): FieldHost {
  const { store } = ctx;
  return {
    feed: ctx.ink,
    read: () => {
      const prompt = store.getState().prompt;
      return prompt ? promptText(prompt) : { value: '', cursor: 0 };
    },
    write: (next, afresh) => {
      const prompt = store.getState().prompt;
      if (!prompt) return;
      setPrompt(store, { ...prompt, value: next.value, cursor: next.cursor, ...(afresh ? { epoch: (prompt.epoch ?? 0) + 1 } : {}) });
    },
  };
}

/**
 * ink-text-input's onChange (src/ui/Footer.tsx): the value it made, stored in the field in front.
 * The cursor is the controller's to set (field-keys.ts), right after.
 */
export function fieldChanged(ctx: Ctx, value: string): void {
  const state = ctx.store.getState();
  if (state.prompt) setPrompt(ctx.store, { ...state.prompt, value });
  else if (state.filtering) setFilter(ctx, state.filtering, value);
}

/** What the user is told when a paste into a one-line field kept its first line only; null when it had one. */
export function droppedNotice(droppedLines: number): string | null {
  return droppedLines > 0 ? `Pasted the first line; ${droppedLines} more ${droppedLines === 1 ? 'line was' : 'lines were'} left out (one-line field)` : null;
}

/**
 * A bracketed paste no pane took (the `paste` of the pane's spec is asked first): its first line goes whole into the
 * prompt or the `/` filter in front; it never runs commands.
 */
export function pasteInto(ctx: Ctx, paste: string): void {
  const { store } = ctx;
  const state = store.getState();
  const { text, droppedLines } = firstLine(paste);
  const dropped = droppedNotice(droppedLines);
  if (state.prompt) {
    fieldText(promptField(ctx), text);
    const prompt = store.getState().prompt;
    if (dropped && prompt) setPrompt(store, { ...prompt, hint: dropped });
    return;
  }
  if (state.confirm) return;
  if (state.filtering) {
    fieldText(filterField(ctx, state.filtering), text);
    if (dropped) toast(store, 'info', dropped);
    return;
  }
  toast(store, 'info', 'Paste ignored: no text field is open (a paste never runs commands)');
}
