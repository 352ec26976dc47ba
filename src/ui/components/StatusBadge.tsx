// A job/pipeline status as icon + label. The icon alone must be enough (compact columns, NO_COLOR),
// so every status has a distinct glyph; colour only reinforces it.
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { statusLook } from '../../lib/status.js';
import { useTheme, type Theme } from '../theme.js';

export interface StatusBadgeProps {
  status: string;
  /** Icon only, for narrow columns. */
  compact?: boolean;
  /**
   * GitLab's own word for a known status (`success`), not the pipeline page's (`passed`): GitLab's
   * deployments page says `success`, and so must a deployment here.
   */
  gitlabWord?: boolean;
}

export function StatusBadge({ status, compact = false, gitlabWord = false }: StatusBadgeProps): ReactNode {
  const theme = useTheme();
  const { text, color } = statusCell(theme, status, { gitlabWord });
  return (
    <Text color={color} wrap="truncate">
      {compact ? text.split(' ')[0] : text}
    </Text>
  );
}

/** The same badge as a table cell (Column.display): text and colour, no element. */
export function statusCell(theme: Theme, status: string, opts: { gitlabWord?: boolean } = {}): { text: string; color: string | undefined } {
  // theme.status never throws and sanitizes unknown values, so a raw API value is fine here; the
  // raw word itself is shown only for a status the table knows.
  const { icon, label, color } = theme.status(status);
  return { text: `${icon} ${opts.gitlabWord && statusLook(status) ? status : label}`, color };
}
