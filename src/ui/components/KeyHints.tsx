// The footer's key hints ("j/k move  ⏎ open  r retry …"), one line. Hints are listed most useful
// first, so when the terminal is narrow the tail is dropped and an ellipsis says there is more
// (the help overlay has the full list).
import type { ReactNode } from 'react';
import { Text } from 'ink';
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

export function KeyHints({ hints, width }: KeyHintsProps): ReactNode {
  const theme = useTheme();
  // Labels can come from user config; sanitizing is cheap and keeps widths honest.
  const clean = hints.map((h) => ({ key: safeText(h.key, 20), label: safeText(h.label, 60) }));
  const shown = fitHints(clean, width);
  const dropped = shown < clean.length;
  return (
    <Text wrap="truncate">
      {clean.slice(0, shown).map((hint, i) => (
        <Text key={`${i}:${hint.key}`}>
          {i > 0 ? SEPARATOR : ''}
          <Text color={theme.accent} bold>
            {hint.key}
          </Text>{' '}
          {hint.label}
        </Text>
      ))}
      {dropped ? <Text color={theme.muted}>{shown > 0 ? MORE : '…'}</Text> : null}
    </Text>
  );
}
