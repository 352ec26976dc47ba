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
  detail?: string | undefined;
  /** What will run (pipeline, ref, sha, commit, age): a line of its own. */
  about?: string | undefined;
  /** Something newer than what will run: a line of its own, in the error colour. */
  warning?: string | undefined;
  /** More lines, after the detail (a roll back's deployments and the commits it takes off). */
  lines?: readonly string[] | undefined;
}

/**
 * A question of one or two lines (no `about`, no warning): a form may draw it under its own fields
 * (PaneSpec.ownConfirm). One that names what will run or warns goes in the footer, which makes
 * room for every line of it at any size; under a form's fields it could be cut off.
 */
export function shortConfirm(c: { about?: string | undefined; warning?: string | undefined }): boolean {
  return !c.about && !c.warning;
}

/** The lines a confirm takes: its question, then each of about, warning and detail it has. */
export function confirmLines(c: {
  detail?: string | undefined;
  about?: string | undefined;
  warning?: string | undefined;
  lines?: readonly string[] | undefined;
}): number {
  return 1 + (c.about ? 1 : 0) + (c.warning ? 1 : 0) + (c.detail ? 1 : 0) + (c.lines?.length ?? 0);
}

export function ConfirmBar({ message, detail, about, warning, lines }: ConfirmBarProps): ReactNode {
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
  if (!detail && !about && !warning && !lines?.length) return question;
  return (
    <Box flexDirection="column">
      {question}
      {/* The warning right under the question: on a short terminal the lines after it are cut first. */}
      {warning ? (
        <Text color={theme.error} bold wrap="truncate-end">
          {safeText(warning, 500)}
        </Text>
      ) : null}
      {about ? <Text wrap="truncate-end">{safeText(about, 500)}</Text> : null}
      {detail ? (
        <Text color={theme.warning} wrap="truncate-end">
          {safeText(detail, 500)}
        </Text>
      ) : null}
      {lines?.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {safeText(line, 500)}
        </Text>
      ))}
    </Box>
  );
}
