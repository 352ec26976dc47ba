// Download progress. When the server sends no Content-Length the ratio is NaN and only the label
// (a byte count) is shown: a made-up animation would suggest progress we can't measure.
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../theme.js';

export interface ProgressBarProps {
  /** 0..1, or NaN when the total is unknown. */
  ratio: number;
  width: number;
  label?: string;
}

const MIN_BAR = 4;

export function ProgressBar({ ratio, width, label }: ProgressBarProps): ReactNode {
  const theme = useTheme();
  const text = label === undefined ? '' : safeText(label, 200);
  if (!Number.isFinite(ratio)) {
    return <Text wrap="truncate">{truncateToWidth(text, width)}</Text>;
  }
  const r = Math.min(1, Math.max(0, ratio));
  const percent = `${Math.floor(r * 100)}%`.padStart(5);
  let suffix = text ? ` ${text}` : '';
  // The bar and percentage matter more than the label: drop the label before squeezing the bar.
  if (width - displayWidth(percent) - displayWidth(suffix) < MIN_BAR) suffix = '';
  const barWidth = Math.max(0, width - displayWidth(percent) - displayWidth(suffix));
  // floor, so the bar is only full when the download is.
  const filled = Math.floor(r * barWidth);
  return (
    <Text wrap="truncate">
      <Text color={theme.accent}>{'█'.repeat(filled)}</Text>
      <Text color={theme.muted}>{'░'.repeat(barWidth - filled)}</Text>
      {percent}
      {suffix}
    </Text>
  );
}
