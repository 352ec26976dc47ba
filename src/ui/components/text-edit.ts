// The editing rules of a one-line text field, as a pure function: (state, key) → state. Kept apart
// from Ink so every key is applied to the latest state, never to a stale render (which is how
// ink-text-input drops characters when keys arrive faster than React re-renders).
import { printable } from '../../text/printable.js';
import type { InkKey } from '../../keymap/matcher.js';

export interface EditState {
  value: string;
  /** Cursor position in code units, 0..value.length. */
  cursor: number;
}

export type EditResult = EditState | { submit: string } | { cancel: true } | null;

const MAX_LENGTH = 2000;

export function edit(state: EditState, input: string, key: InkKey): EditResult {
  const { value, cursor } = state;
  if (key.return) return { submit: value };
  if (key.escape) return { cancel: true };
  if (key.leftArrow) return { value, cursor: Math.max(0, cursor - 1) };
  if (key.rightArrow) return { value, cursor: Math.min(value.length, cursor + 1) };
  if (key.home || (key.ctrl && input === 'a')) return { value, cursor: 0 };
  if (key.end || (key.ctrl && input === 'e')) return { value, cursor: value.length };
  // Terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`: both erase backwards.
  if (key.backspace || key.delete) {
    if (cursor === 0) return null;
    return { value: value.slice(0, cursor - 1) + value.slice(cursor), cursor: cursor - 1 };
  }
  if (key.ctrl && input === 'u') return { value: value.slice(cursor), cursor: 0 };
  if (key.ctrl && input === 'k') return { value: value.slice(0, cursor), cursor };
  if (key.ctrl && input === 'w') {
    const before = value.slice(0, cursor).replace(/\S+\s*$/, '');
    return { value: before + value.slice(cursor), cursor: before.length };
  }
  if (key.ctrl || key.meta || key.upArrow || key.downArrow || key.tab || key.pageUp || key.pageDown) return null;
  // Printable text only (a paste arrives as one chunk); control characters never enter the value.
  const text = printable(input);
  if (!text) return null;
  const next = (value.slice(0, cursor) + text + value.slice(cursor)).slice(0, MAX_LENGTH);
  return { value: next, cursor: Math.min(next.length, cursor + text.length) };
}
