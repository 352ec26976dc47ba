// The footer's key hints ("j/k move  ⏎ open  r retry …"), one line. Hints are listed most useful
// first, so when the terminal is narrow the tail is dropped and an ellipsis says there is more
// (the help overlay has the full list).
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { displayWidth, safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';

export interface KeyHint {
  key: string;
  label: string;
}

export interface KeyHintsProps {
  hints: KeyHint[];
  width: number;
}

const SEPARATOR = '  ';
const MORE = ' …';

/** How many hints fit in `width`, leaving room for the ellipsis when some are dropped. */
export function fitHints(hints: KeyHint[], width: number): number {
  let used = 0;
  for (let i = 0; i < hints.length; i++) {
    const hint = hints[i]!;
    const w = (i > 0 ? SEPARATOR.length : 0) + displayWidth(hint.key) + 1 + displayWidth(hint.label);
    const reserve = i < hints.length - 1 ? MORE.length : 0;
    if (used + w + reserve > width) {
      // The last hint may still fit without the reserve for an ellipsis it won't need.
      return i === hints.length - 1 && used + w <= width ? hints.length : i;
    }
    used += w;
  }
  return hints.length;
}

/** The hint kept when others are dropped: where the full list is. */
const PINNED = '?';

/**
 * The hints to draw in `width`: the most useful that fit, and — when some are dropped — the help
 * hint kept at the end after the ellipsis, so a narrow terminal still says where the rest are.
 */
export function pickHints(hints: KeyHint[], width: number): { shown: KeyHint[]; dropped: boolean; pinned: KeyHint | null } {
  const all = fitHints(hints, width);
  if (all === hints.length) return { shown: hints, dropped: false, pinned: null };
  const pinned = hints.find((h) => h.key === PINNED) ?? null;
  if (!pinned) return { shown: hints.slice(0, all), dropped: true, pinned: null };
  const pinnedWidth = SEPARATOR.length + displayWidth(pinned.key) + 1 + displayWidth(pinned.label);
  const rest = hints.filter((h) => h !== pinned);
  // The rest are never all shown here (they did not fit with the pinned hint among them).
  const count = Math.min(fitHints(rest, Math.max(0, width - pinnedWidth)), rest.length - 1);
  if (pinnedWidth + MORE.length > width) return { shown: hints.slice(0, all), dropped: true, pinned: null };
  return { shown: rest.slice(0, count), dropped: true, pinned };
}

export function KeyHints({ hints, width }: KeyHintsProps): ReactNode {
  const theme = useTheme();
  // Labels can come from user config; sanitizing is cheap and keeps widths honest.
  const clean = hints.map((h) => ({ key: safeText(h.key, 20), label: safeText(h.label, 60) }));
  const { shown, dropped, pinned } = pickHints(clean, width);
  const hint = (h: KeyHint, i: number, first: boolean) => (
    <Text key={`${i}:${h.key}`}>
      {first ? '' : SEPARATOR}
      <Text color={theme.accent} bold>
        {h.key}
      </Text>{' '}
      {h.label}
    </Text>
  );
  return (
    <Text wrap="truncate">
      {shown.map((h, i) => hint(h, i, i === 0))}
      {dropped ? <Text color={theme.muted}>{shown.length > 0 ? MORE : '…'}</Text> : null}
      {pinned ? hint(pinned, shown.length, false) : null}
    </Text>
  );
}
