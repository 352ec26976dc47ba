// A job/pipeline status as icon + label. The icon alone must be enough (compact columns, NO_COLOR),
// so every status has a distinct glyph; colour only reinforces it.
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { useTheme, type Theme } from '../theme.js';

export interface StatusBadgeProps {
  status: string;
  /** Icon only, for narrow columns. */
  compact?: boolean;
}

export function StatusBadge({ status, compact = false }: StatusBadgeProps): ReactNode {
  const theme = useTheme();
  // theme.status never throws and sanitizes unknown values, so a raw API value is fine here.
  const { icon, label, color } = theme.status(status);
  return (
    <Text color={color} wrap="truncate">
      {compact ? icon : `${icon} ${label}`}
    </Text>
  );
}

/** The same badge as a table cell (Column.display): text and colour, no element. */
export function statusCell(theme: Theme, status: string): { text: string; color: string | undefined } {
  const { icon, label, color } = theme.status(status);
  return { text: `${icon} ${label}`, color };
}
