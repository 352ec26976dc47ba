// A one-line text field: ink-text-input, fed its keys by the controller (src/input/ink-feed.ts),
// its value controlled by the store. What ink-text-input does exactly as src/text/text-edit.ts
// (typing, pasting, Backspace, Left, Right, Enter) it does; what it lacks (Home, End, Delete,
// Ctrl-U/K/W, Tab completion, the 200-character cap of a filter) the controller does on the value
// and then puts the field's own cursor where the store's is (src/store/field-keys.ts): a new `epoch`
// remounts it with the cursor at the end, from where Left keys bring it back.
import TextInput from 'ink-text-input';
import { Box } from 'ink';
import { useEffect, type ReactNode } from 'react';
import type { InkFeed } from '../../input/index.js';
import { displayWidth } from '../../text/safe.js';

export interface LineFieldProps {
  value: string;
  /** Whether it takes keys (its `useInput` listens); a field with a choice menu open does not. */
  focus?: boolean;
  /** Bumped by the controller when it changed the value or cursor itself: the field starts afresh. */
  epoch?: number | string;
  /** Cells it may take: a longer value shows its end, where one types (as the shell does). */
  width?: number;
  /** The feed that brings its keys; absent in a component test that only draws it. */
  feed?: InkFeed;
  onChange?(value: string): void;
  onSubmit?(value: string): void;
}

export function LineField({ value, focus = true, epoch = 0, width, feed, onChange, onSubmit }: LineFieldProps): ReactNode {
  // Tells the feed a field listens, while it does (the controller edits without Ink otherwise).
  useEffect(() => (focus && feed ? feed.listen('field') : undefined), [focus, feed]);
  // The value and its cursor cell; wider than the room, the end stays in view: the field is moved
  // left by what overflows, and its box clips the start (as the shell does).
  const overflow = width === undefined ? 0 : Math.max(0, displayWidth(value) + 1 - width);
  return (
    <Box flexGrow={1} height={1} overflow="hidden" {...(width !== undefined ? { width } : {})}>
      <Box flexShrink={0} marginLeft={-overflow}>
        <TextInput key={epoch} value={value} focus={focus} onChange={onChange ?? noop} {...(onSubmit ? { onSubmit } : {})} />
      </Box>
    </Box>
  );
}

function noop(): void {}
