// Columns over WindowedList. Every cell is sanitized and cut to its column width here, once, so a
// server string (a 200-character branch name, an escape sequence) can never shift the layout.
import type { ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from './Text.js';
import { displayWidth, padToWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../theme.js';
import { WindowedList } from './WindowedList.js';

export interface Column<T> {
  header: string;
  /** Fixed width in cells; with `grow`, the minimum (the room it keeps before lower-priority columns are shown). */
  width?: number;
  /** Share of the space left after fixed widths. A column with neither width nor grow grows by 1. */
  grow?: number;
  /**
   * The widest a growing column gets: names and refs stop here on a wide terminal, and the room
   * goes to the columns that give way first on a narrow one (a job's runner, a pipeline's title).
   */
  max?: number;
  /**
   * Which columns give way first when they don't all fit: the lowest priority is dropped first
   * (ties: the rightmost). Without it, a column's priority is its position, so the tail goes first.
   */
  priority?: number;
  align?: 'left' | 'right';
  value: (row: T) => string;
  color?: (row: T) => string | undefined;
  /** What the cell shows when it is not `value` (e.g. a status as icon and label), and its look. */
  display?: (row: T) => { text: string; color?: string; dim?: boolean };
}

export interface TableProps<T> {
  columns: Column<T>[];
  rows: T[];
  selected: number;
  /** Rows including the header line. */
  height: number;
  width: number;
  keyOf: (row: T, index: number) => string | number;
  emptyText?: string;
}

const GAP = 1;

/**
 * Widths for the columns that fit in `width` cells (one space between columns). Every column needs
 * its fixed width (a growing one its minimum); while they don't fit, the column of lowest priority
 * is dropped (so a narrow terminal loses "Created" before it cuts the job name); `grow` columns
 * share what's left, and the widths plus gaps add up to exactly `width`.
 */
export function layoutColumns<T>(columns: Column<T>[], width: number): { column: Column<T>; width: number }[] {
  const available = Math.max(0, Math.floor(width));
  const base = columns.map((c) => Math.max(1, c.width ?? displayWidth(c.header)));
  const rank = (i: number) => columns[i]!.priority ?? columns.length - i;
  let kept = columns.map((_, i) => i);
  const needed = () => kept.reduce((sum, i) => sum + base[i]!, 0) + Math.max(0, kept.length - 1) * GAP;
  while (kept.length > 1 && needed() > available) {
    let drop = kept[0]!;
    // Lowest priority goes; among equals, the rightmost.
    for (const i of kept) if (rank(i) <= rank(drop)) drop = i;
    kept = kept.filter((i) => i !== drop);
  }
  if (kept.length === 0 || available === 0) return [];
  if (needed() > available) {
    // Not even the most important column fits: show what we can of it rather than nothing.
    return [{ column: columns[kept[0]!]!, width: available }];
  }
  const grows = kept.map((i) => columns[i]!.grow ?? (columns[i]!.width === undefined ? 1 : 0));
  const widths = kept.map((i) => base[i]!);
  const caps = kept.map((i) => Math.max(base[i]!, columns[i]!.max ?? Infinity));
  let rest = available - needed();
  // Shared by share of growth; a column that reaches its `max` stops and the others share what is
  // left, round after round, until the room is used or every growing column is at its max.
  for (let round = 0; round < kept.length && rest > 0; round++) {
    const open = kept.map((_, k) => k).filter((k) => grows[k]! > 0 && widths[k]! < caps[k]!);
    const totalGrow = open.reduce((sum, k) => sum + grows[k]!, 0);
    if (totalGrow === 0) break;
    const shared = rest;
    for (const k of open) {
      const extra = Math.min(caps[k]! - widths[k]!, Math.floor((shared * grows[k]!) / totalGrow));
      widths[k]! += extra;
      rest -= extra;
    }
    // Rounding leftovers go to the last growing column with room.
    const last = [...open].reverse().find((k) => widths[k]! < caps[k]!);
    if (last !== undefined && rest > 0 && rest < open.length) {
      const extra = Math.min(rest, caps[last]! - widths[last]!);
      widths[last]! += extra;
      rest -= extra;
    }
  }
  if (rest > 0) {
    // No column asked to grow, or all are at their max: widen the last one so right-aligned values sit at the edge.
    widths[kept.length - 1]! += rest;
  }
  return kept.map((i, k) => ({ column: columns[i]!, width: widths[k]! }));
}

export function Table<T>({ columns, rows, selected, height, width, keyOf, emptyText }: TableProps<T>): ReactNode {
  const theme = useTheme();
  const bodyHeight = Math.max(0, Math.floor(height) - 1);
  const marker = !theme.selection.inverse;
  const scrollbar = rows.length > bodyHeight ? 1 : 0;
  const layout = layoutColumns(columns, width - scrollbar - (marker ? 2 : 0));

  const header = layout.map(({ column, width: w }) => padToWidth(safeText(column.header, 100), w, column.align)).join(' '.repeat(GAP));

  // Each row's cells, made once a render: a row's signature is what they show, and a row whose
  // signature is unchanged is not rendered again (WindowedList).
  const cellsOf = new Map<T, Shown[]>();
  const cells = (row: T): Shown[] => {
    let shown = cellsOf.get(row);
    if (!shown) cellsOf.set(row, (shown = layout.map(({ column }) => cellText(column, row))));
    return shown;
  };
  const layoutSignature = layout.map(({ width: w, column }) => `${w}${column.align ?? ''}`).join(',');
  const signatureOf = (row: T, _index: number, isSelected: boolean): string =>
    `${layoutSignature}\u0000${isSelected ? 1 : 0}\u0000${cells(row)
      .map((c) => `${c.text}\u0001${c.color ?? ''}\u0001${c.dim ? 1 : 0}`)
      .join('\u0000')}`;

  // A row is one line of text: each cell cut and padded to its width here, so Ink lays out and
  // clips nothing per cell. Per-cell boxes made every frame of a big list cost several times more
  // (bench/latency.mjs): Ink slices and re-tokenises each clipped box's text.
  const renderRow = (row: T, _index: number, isSelected: boolean): ReactNode => {
    const inverse = isSelected && theme.selection.inverse;
    const shownCells = cells(row);
    return layout.map(({ column, width: w }, i) => {
      const shown = shownCells[i]!;
      // The gap is inside the inverse text so the selection bar is continuous.
      const gap = i < layout.length - 1 ? ' '.repeat(GAP) : '';
      return (
        <Text key={i} inverse={inverse} color={shown.color} dimColor={shown.dim}>
          {padToWidth(truncateToWidth(shown.text, w), w, column.align) + gap}
        </Text>
      );
    });
  };

  return (
    <Box flexDirection="column" width={Math.max(0, Math.floor(width))} flexShrink={0}>
      <Text bold color={theme.muted} wrap="truncate">
        {(marker ? '  ' : '') + header}
      </Text>
      <WindowedList
        items={rows}
        selected={selected}
        height={bodyHeight}
        keyOf={keyOf}
        renderItem={renderRow}
        signatureOf={signatureOf}
        emptyText={emptyText}
        marker={marker}
      />
    </Box>
  );
}

interface Shown {
  text: string;
  color?: string | undefined;
  dim?: boolean | undefined;
}

function cellText<T>(column: Column<T>, row: T): Shown {
  try {
    if (column.display) {
      const shown = column.display(row);
      return { text: safeText(shown.text), color: shown.color, dim: shown.dim };
    }
    return { text: safeText(column.value(row)), color: column.color?.(row) };
  } catch {
    // A row missing a field (a partial API object) shows an empty cell, not a crashed screen.
    return { text: '' };
  }
}
