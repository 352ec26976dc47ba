// Keys in the one-line field in front (a prompt, the `/` filter), given to ink-text-input through
// the feed (src/input/ink-feed.ts) when it does exactly what src/text/text-edit.ts says, and done
// here on the store's value when it cannot: ink-text-input has no Home, End, Delete (its Delete is
// a Backspace), Ctrl-U/K/W or cap, and its cursor is its own state. The store stays the truth:
// every key ends with the value and cursor text-edit.ts gives, so a burst builds on itself and the
// app edits the same without a field on screen (a terminal too small to draw one, a test of the
// controller alone).
import type { CommandId } from '../keymap/bindings.js';
import type { InkFeed, InkKeyName } from '../input/ink-feed.js';
import { edit, insert, isEditCommand, type EditState } from '../text/text-edit.js';

export interface FieldHost {
  feed: InkFeed | undefined;
  /** What the field holds now (the store's value and cursor). */
  read(): EditState;
  /**
   * Stores the value and cursor. `afresh`: made here, not by ink-text-input, so the field is
   * remounted (its cursor at the end) before Left keys bring its cursor to this one.
   */
  write(next: EditState, afresh: boolean): void;
}

export type FieldOutcome = { submit: string } | { cancel: true } | null;

/** One key in the field: `command` as the keymap resolved it (scope 'edit'), else the key's text. */
export function fieldKey(host: FieldHost, command: CommandId | null, text: string | undefined): FieldOutcome {
  const state = host.read();
  if (command === 'edit.submit' && host.feed?.key('field', 'enter')) return null;
  const result = isEditCommand(command) ? edit(state, command) : text !== undefined ? insert(state, text) : null;
  if (!result || 'submit' in result || 'cancel' in result) return result;
  apply(host, state, result, viaInk(state, result, command));
  return null;
}

/** Text (a paste's first line) at the cursor, as typing it would put it. */
export function fieldText(host: FieldHost, text: string): void {
  const state = host.read();
  const result = insert(state, text);
  if (result) apply(host, state, result, viaInk(state, result, null));
}

/** A value set from outside (Tab completion): the field starts afresh with the cursor given. */
export function fieldSet(host: FieldHost, next: EditState): void {
  host.write(next, true);
  placeCursor(host, next);
}

function apply(host: FieldHost, before: EditState, result: EditState, via: { key: InkKeyName } | { text: string } | null): void {
  const sent = via !== null && host.feed !== undefined && ('key' in via ? host.feed.key('field', via.key) : host.feed.text('field', via.text));
  // ink-text-input's onChange has stored its value (src/ui/Footer.tsx); the cursor is the store's.
  if (sent && host.read().value === result.value) return host.write(result, false);
  if (sent || result.value !== before.value || result.cursor !== before.cursor) fieldSet(host, result);
}

/**
 * The key (or text) with which ink-text-input turns `before` into `after` exactly, or null. Its
 * rules (node_modules/ink-text-input/build/index.js): text goes in at its cursor, which moves past
 * it; Backspace erases the code unit before the cursor; Left and Right move by one — but Left at the
 * start takes its cursor to -1, so it is never sent there, nor Right at the end.
 */
function viaInk(before: EditState, after: EditState, command: CommandId | null): { key: InkKeyName } | { text: string } | null {
  const { value, cursor } = before;
  switch (command) {
    case 'edit.backspace':
      return cursor > 0 ? { key: 'backspace' } : null;
    case 'edit.left':
      return cursor > 0 ? { key: 'left' } : null;
    case 'edit.right':
      return cursor < value.length ? { key: 'right' } : null;
    case null: {
      // Typed text, unless the field's cap cut it (then the value is set here).
      const text = after.value.slice(cursor, after.cursor);
      const whole = after.value === value.slice(0, cursor) + text + value.slice(cursor);
      return whole && text.length > 0 ? { text } : null;
    }
    default:
      return null;
  }
}

/** After a remount ink-text-input's cursor is at the end: Left keys bring it to the store's. */
function placeCursor(host: FieldHost, next: EditState): void {
  if (!host.feed) return;
  for (let left = next.value.length - next.cursor; left > 0; left--) if (!host.feed.key('field', 'left')) return;
}
