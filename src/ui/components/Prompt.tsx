// A one-line text prompt (new pipeline ref, filter, command palette): its label, the field
// (ink-text-input in LineField, fed by the controller), and a hint or an error under it. The typed
// value and cursor live in the store, so keys that arrive faster than React re-renders are all kept
// (src/store/field-keys.ts).
import type { ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from './Text.js';
import { LineField, type LineFieldProps } from './LineField.js';
import { safeText } from '../../text/safe.js';
import { cutAtWord } from '../../text/words.js';
import { useTheme } from '../theme.js';

export interface PromptProps extends Pick<LineFieldProps, 'focus' | 'epoch' | 'feed' | 'onChange' | 'onSubmit'> {
  label: string;
  value: string;
  /** The store's cursor; the field draws its own, which the controller keeps at the same place. */
  cursor: number;
  error?: string;
  hint?: string;
  /** Cells for the hint line: a longer hint is cut at a word (or ' · ') boundary, never mid-word. */
  width?: number;
  /** Under the field: a choice menu (Tab completion). */
  children?: ReactNode;
}

export function Prompt({ label, value, error, hint, width, children, ...field }: PromptProps): ReactNode {
  const theme = useTheme();
  const shownLabel = `${safeText(label, 60)} `;
  return (
    <Box flexDirection="column">
      <Box flexDirection="row">
        <Box flexShrink={0}>
          <Text color={theme.accent} bold>
            {shownLabel}
          </Text>
        </Box>
        <LineField value={value} {...field} {...(width !== undefined ? { width: Math.max(1, width - shownLabel.length) } : {})} />
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
      {children}
    </Box>
  );
}
