// A one-line text prompt (new pipeline ref, filter, command palette). The typed value lives in a
// ref that every key updates at once (text-edit.ts), mirrored into state for rendering: keys that
// arrive faster than React re-renders are all kept, and a re-render with a validation error never
// loses a keystroke. `initial` only seeds it on mount.
import { useRef, useState, type ReactNode } from 'react';
import { Box, Text, useInput } from 'ink';
import { safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';
import { edit, type EditState } from './text-edit.js';

export interface PromptProps {
  label: string;
  initial: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  error?: string;
  hint?: string;
}

export function Prompt({ label, initial, onSubmit, onCancel, error, hint }: PromptProps): ReactNode {
  const theme = useTheme();
  const state = useRef<EditState>({ value: initial, cursor: initial.length });
  const [shown, setShown] = useState<EditState>(state.current);
  useInput((input, key) => {
    const result = edit(state.current, input, key);
    if (!result) return;
    if ('submit' in result) return onSubmit(result.submit);
    if ('cancel' in result) return onCancel();
    state.current = result;
    setShown(result);
  });
  const before = shown.value.slice(0, shown.cursor);
  const at = shown.value.slice(shown.cursor, shown.cursor + 1) || ' ';
  const after = shown.value.slice(shown.cursor + 1);
  return (
    <Box flexDirection="column">
      <Box flexDirection="row">
        <Box flexShrink={0}>
          <Text color={theme.accent} bold>
            {safeText(label, 60)}{' '}
          </Text>
        </Box>
        <Text wrap="truncate-start">
          {before}
          <Text inverse>{at}</Text>
          {after}
        </Text>
      </Box>
      {error ? (
        <Text color={theme.error} wrap="truncate">
          ✖ {safeText(error, 500)}
        </Text>
      ) : hint ? (
        <Text color={theme.muted} wrap="truncate">
          {safeText(hint, 500)}
        </Text>
      ) : null}
    </Box>
  );
}
