// The editing rules of a one-line text field, as pure functions: (state, command) → state. The
// keys are not named here: the keymap resolves them to `edit.*` commands (scope 'edit', see
// src/keymap/bindings.ts), so a user's keymap rebinds text editing too. Kept apart from React so
// every key is applied to the latest state, never to a stale render (which is how ink-text-input
// drops characters when keys arrive faster than React re-renders; see README).
import { printable } from './printable.js';

export interface EditState {
  value: string;
  /** Cursor position in code units, 0..value.length. */
  cursor: number;
}

export type EditResult = EditState | { submit: string } | { cancel: true } | null;

/** The `edit.*` commands of the keymap. */
export type EditCommand =
  | 'edit.submit'
  | 'edit.cancel'
  | 'edit.left'
  | 'edit.right'
  | 'edit.home'
  | 'edit.end'
  | 'edit.backspace'
  | 'edit.delete'
  | 'edit.clearBefore'
  | 'edit.clearAfter'
  | 'edit.deleteWord';

/** Longer than any ref, path or search; a paste of a few KB still fits whole. */
export const MAX_FIELD_LENGTH = 8192;

export function isEditCommand(command: string | null | undefined): command is EditCommand {
  return typeof command === 'string' && command.startsWith('edit.');
}

/** One editing command; null when it changes nothing. */
export function edit(state: EditState, command: EditCommand): EditResult {
  const { value, cursor } = state;
  switch (command) {
    case 'edit.submit':
      return { submit: value };
    case 'edit.cancel':
      return { cancel: true };
    case 'edit.left':
      return { value, cursor: Math.max(0, cursor - 1) };
    case 'edit.right':
      return { value, cursor: Math.min(value.length, cursor + 1) };
    case 'edit.home':
      return { value, cursor: 0 };
    case 'edit.end':
      return { value, cursor: value.length };
    case 'edit.backspace':
      if (cursor === 0) return null;
      return { value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
    case 'edit.delete':
      if (cursor >= value.length) return null;
      return { value: value.slice(0, cursor) + value.slice(cursor + 1), cursor };
    case 'edit.clearBefore':
      return { value: value.slice(cursor), cursor: 0 };
    case 'edit.clearAfter':
      return { value: value.slice(0, cursor), cursor };
    case 'edit.deleteWord': {
      const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
      return { value: before + value.slice(cursor), cursor: before.length };
    }
  }
}

/** Typed or pasted text at the cursor. Control characters never enter the value. */
export function insert(state: EditState, input: string): EditState | null {
  const text = printable(input);
  if (!text) return null;
  const { value, cursor } = state;
  const next = (value.slice(0, cursor) + text + value.slice(cursor)).slice(0, MAX_FIELD_LENGTH);
  return { value: next, cursor: Math.min(next.length, cursor + text.length) };
}

/**
 * A paste into a one-line field keeps its first line: the rest of a multi-line paste is most
 * likely not meant for a ref, a filter or a command (and must never run as one). Returns the text
 * to insert and how many lines were left out.
 */
export function firstLine(paste: string): { text: string; droppedLines: number } {
  const lines = paste.replace(/^[\r\n]+/, '').split(/\r\n|\r|\n/);
  const rest = lines.slice(1).filter((line) => line.trim() !== '').length;
  return { text: lines[0] ?? '', droppedLines: rest };
}
