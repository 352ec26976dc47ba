// A one-line text prompt (new pipeline ref, filter, command palette). It only draws: the typed
// value and its cursor live in the store, edited by the controller key by key (src/text/text-edit.ts),
// so keys that arrive faster than React re-renders are all kept.
import type { ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from './Text.js';
import { safeText } from '../../text/safe.js';
import { cutAtWord } from '../../text/words.js';
import { useTheme } from '../theme.js';

export interface PromptProps {
  label: string;
  value: string;
  cursor: number;
  error?: string;
  hint?: string;
  /** Cells for the hint line: a longer hint is cut at a word (or ' · ') boundary, never mid-word. */
  width?: number;
}

export function Prompt({ label, value, cursor, error, hint, width }: PromptProps): ReactNode {
  const theme = useTheme();
  const before = value.slice(0, cursor);
  const at = value.slice(cursor, cursor + 1) || ' ';
  const after = value.slice(cursor + 1);
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
          {width ? cutAtWord(safeText(hint, 500), width) : safeText(hint, 500)}
        </Text>
      ) : null}
    </Box>
  );
}
