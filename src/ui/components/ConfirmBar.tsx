// The footer question before a destructive action. Keys (y / anything else) go through the app's
// input dispatcher; this only draws the question.
import type { ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from './Text.js';
import { safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';

export interface ConfirmBarProps {
  message: string;
  /** A second line: what it means (the consequence), when the question alone can't say it. */
  detail?: string;
}

export function ConfirmBar({ message, detail }: ConfirmBarProps): ReactNode {
  const theme = useTheme();
  // The message names server objects (job names, refs), hence safeText. The answer hint sits in
  // its own non-shrinking box so a long message is cut, never the "[y/N]" the user must read.
  const question = (
    <Box flexDirection="row">
      <Box flexShrink={1}>
        <Text color={theme.warning} wrap="truncate-end">
          {safeText(message, 500)}
        </Text>
      </Box>
      <Box flexShrink={0}>
        <Text color={theme.warning} bold>
          {' [y/N]'}
        </Text>
      </Box>
    </Box>
  );
  if (!detail) return question;
  return (
    <Box flexDirection="column">
      {question}
      <Text color={theme.warning} wrap="truncate-end">
        {safeText(detail, 500)}
      </Text>
    </Box>
  );
}
