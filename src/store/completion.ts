// Tab completion in a prompt: Tab completes the word before the cursor from the prompt's choices
// (the palette's: its commands, the projects read so far, the branches of the project in front).
// One choice goes in at once; several open a menu under the field (ink-select-input, src/ui/
// Footer.tsx) with the first in the field, and Tab / Shift-Tab go to the next or the previous one:
// the keys go to the menu through the feed (src/input/ink-feed.ts), whose onHighlight puts the
// choice in the field. Esc puts back what was typed; any other key keeps the choice and acts.
import { setPrompt } from './writers.js';
import type { CommandId } from '../keymap/bindings.js';
import { printable } from '../text/printable.js';
import type { Ctx } from './ctx.js';
import { fieldSet } from './field-keys.js';
import { promptField, promptText } from './modal-keys.js';
import type { Completion, PromptState } from './types.js';

/** The choices for a prompt, given what is typed before the cursor: a list, or one being read. */
export type Candidates = (prompt: PromptState, head: string) => readonly string[] | Promise<readonly string[]>;

/** Rows the menu takes at most (the footer grows by as many). */
export const MENU_ROWS = 5;

/** The word before the cursor: from the last space (or the start) to the cursor. */
export function wordAt(value: string, cursor: number): { start: number; word: string } {
  const head = value.slice(0, cursor);
  const start = head.search(/\S*$/);
  return { start, word: head.slice(start) };
}

/** The choices that begin with `word` (case aside), each once, in their order. */
export function matching(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  return [...new Set(candidates.map((c) => printable(c)).filter((c) => c.length > 0 && c.toLowerCase().startsWith(lower)))];
}

/**
 * A key while a prompt is open, before the field sees it: true when completion took it. `command`
 * as the keymap resolved it in the 'edit' scope.
 */
export function completionKey(ctx: Ctx, command: CommandId | null, candidates: Candidates): boolean {
  const prompt = ctx.store.getState().prompt;
  if (!prompt) return false;
  const menu = prompt.completion;
  if (menu) {
    if (command === 'complete.next' || command === 'complete.prev') {
      move(ctx, command === 'complete.next' ? 1 : -1);
      return true;
    }
    // Esc closes the menu with the word as it was typed; any other key keeps the choice and acts.
    close(ctx, command === 'edit.cancel' ? menu.word : null);
    return command === 'edit.cancel';
  }
  if (command !== 'complete.next' && command !== 'complete.prev') return false;
  complete(ctx, candidates);
  return true;
}

/** ink-select-input's onHighlight: the choice the menu moved to goes in the field. */
export function completionPicked(ctx: Ctx, choice: string): void {
  const prompt = ctx.store.getState().prompt;
  const menu = prompt?.completion;
  if (!prompt || !menu) return;
  const index = menu.items.indexOf(choice);
  if (index < 0) return;
  setPrompt(ctx.store, { ...prompt, ...fill(menu, choice), completion: { ...menu, index } });
}

function fill(menu: Pick<Completion, 'before' | 'after'>, choice: string): { value: string; cursor: number } {
  return { value: menu.before + choice + menu.after, cursor: menu.before.length + choice.length };
}

function complete(ctx: Ctx, candidates: Candidates): void {
  const { store } = ctx;
  const prompt = store.getState().prompt!;
  const { value, cursor } = promptText(prompt);
  const { start, word } = wordAt(value, cursor);
  const source = candidates(prompt, value.slice(0, cursor));
  if (source instanceof Promise) {
    setPrompt(store, { ...prompt, hint: 'Reading the branches…' });
    void source.then(() => {
      // Completed once they came, if nothing was typed meanwhile.
      const now = store.getState().prompt;
      if (now?.id === prompt.id && promptText(now).value === value && promptText(now).cursor === cursor) complete(ctx, candidates);
    });
    return;
  }
  const items = matching(word, source);
  const before = value.slice(0, start);
  const after = value.slice(cursor);
  if (items.length === 0) {
    setPrompt(store, { ...prompt, hint: word ? `Nothing to complete for "${word}"` : 'Nothing to complete here' });
    return;
  }
  if (items.length === 1) {
    // A whole word gets its space (not a `key=`, whose value follows).
    const choice = items[0]! + (items[0]!.endsWith('=') || after.startsWith(' ') ? '' : ' ');
    return fieldSet(promptField(ctx), fill({ before, after }, choice));
  }
  const menu: Completion = { items, index: 0, before, after, word };
  setPrompt(store, { ...prompt, ...fill(menu, items[0]!), completion: menu });
}

function move(ctx: Ctx, step: 1 | -1): void {
  if (ctx.ink?.key('menu', step > 0 ? 'down' : 'up')) return;
  // No menu on screen (a terminal too small for it): the same cycle, kept here.
  const menu = ctx.store.getState().prompt?.completion;
  if (!menu) return;
  completionPicked(ctx, menu.items[(menu.index + step + menu.items.length) % menu.items.length]!);
}

/** Closes the menu, with `word` back in the field (Esc) or the choice kept; the field takes keys again. */
function close(ctx: Ctx, word: string | null): void {
  const prompt = ctx.store.getState().prompt;
  const menu = prompt?.completion;
  if (!prompt || !menu) return;
  const { completion: _closed, ...rest } = prompt;
  const next = word === null ? promptText(prompt) : fill(menu, word);
  setPrompt(ctx.store, rest);
  fieldSet(promptField(ctx), next);
}
