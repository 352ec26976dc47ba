// One-line outcome of an action ("Retried job #8812"). Icons differ in shape so the kind reads
// without colour.
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { safeText } from '../../text/safe.js';
import { useTheme, type Theme } from '../theme.js';

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastProps {
  kind: ToastKind;
  message: string;
}

const ICONS: Record<ToastKind, string> = { info: 'ℹ', success: '✔', error: '✖' };

function colourOf(theme: Theme, kind: ToastKind): string | undefined {
  if (kind === 'error') return theme.error;
  if (kind === 'success') return theme.success;
  return theme.accent;
}

export function Toast({ kind, message }: ToastProps): ReactNode {
  const theme = useTheme();
  const color = colourOf(theme, kind);
  // Error messages often quote API error bodies: server text, so sanitized. A long one wraps onto
  // the footer's second row (the footer clips anything beyond).
  return (
    <Text wrap="wrap">
      <Text color={color} bold>
        {ICONS[kind] ?? ICONS.info}
      </Text>{' '}
      <Text color={kind === 'error' ? color : undefined}>{safeText(message, 500)}</Text>
    </Text>
  );
}
