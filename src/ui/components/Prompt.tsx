// A one-line text prompt (new pipeline ref, filter, command palette). The typed value lives in
// this component's state, so the app can re-render it with a validation error without losing a
// keystroke; `initial` only seeds it on mount.
import { useState, type ReactNode } from 'react';
import { Box, Text, useInput } from 'ink';
import TextInput from 'ink-text-input';
import { safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';

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
  const [value, setValue] = useState(initial);
  // ink-text-input ignores Escape, so cancelling is the one key handled here.
  useInput((_input, key) => {
    if (key.escape) onCancel();
  });
  return (
    <Box flexDirection="column">
      <Box flexDirection="row">
        <Box flexShrink={0}>
          <Text color={theme.accent} bold>
            {safeText(label, 60)}{' '}
          </Text>
        </Box>
        <TextInput value={value} onChange={setValue} onSubmit={onSubmit} focus />
      </Box>
      {error ? (
        <Text color={theme.error} wrap="truncate">
          ✖ {safeText(error, 500)}
        </Text>
      ) : null}
      {hint ? (
        <Text color={theme.muted} wrap="truncate">
          {safeText(hint, 500)}
        </Text>
      ) : null}
    </Box>
  );
}
