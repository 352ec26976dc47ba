// A row of bars for a series of numbers (pipeline durations). The bars differ in height, not
// colour, so the picture survives NO_COLOR; colour is only a hint on top.
import type { ReactNode } from 'react';
import { Text } from './Text.js';

import { SPARK_BARS } from '../glyphs.js';

export { SPARK_BARS };

export interface SparklineOptions {
  /** Cell for a missing value (null, undefined, NaN, negative): a hole, not a zero bar. */
  gap?: string;
}

/**
 * Exactly `width` cells: the newest `width` values (the end of `values`), right-aligned so the
 * newest bar always sits at the right edge, left-padded with spaces. Bars scale from zero to the
 * largest value shown — zero-based, so 100 s against 102 s reads as "about the same", not as the
 * lowest and the highest bar. A present value is at least '▁', so a fast run never looks missing.
 */
export function sparkline(values: readonly (number | null | undefined)[], width: number, options: SparklineOptions = {}): string {
  const cells = Math.max(0, Math.floor(Number.isFinite(width) ? width : 0));
  if (cells === 0) return '';
  const gap = options.gap ?? ' ';
  const shown = values.slice(Math.max(0, values.length - cells));
  const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  const max = shown.reduce<number>((m, v) => (present(v) && v > m ? v : m), 0);
  const top = SPARK_BARS.length - 1;
  const bars = shown.map((v) => {
    if (!present(v)) return gap;
    const level = max > 0 ? Math.round((v / max) * top) : 0;
    return SPARK_BARS[Math.min(top, Math.max(0, level))]!;
  });
  return ' '.repeat(cells - shown.length) + bars.join('');
}

export interface SparklineProps {
  values: readonly (number | null | undefined)[];
  width: number;
  color?: string | undefined;
  gap?: string;
}

/** Inline (a <Text>), so it can sit inside a table row or a WindowedList row. */
export function Sparkline({ values, width, color, gap }: SparklineProps): ReactNode {
  return <Text color={color}>{sparkline(values, width, gap === undefined ? {} : { gap })}</Text>;
}
