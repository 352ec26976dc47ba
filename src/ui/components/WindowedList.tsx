// A list that renders only the rows in view, so 5,000 jobs cost as much as 20. The window maths
// live in window.ts; this file is the view: rows, selection marker and scrollbar.
import { useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from './Text.js';
import { useTheme } from '../theme.js';
import { thumbFor, windowFor } from './window.js';

export interface WindowedListProps<T> {
  items: T[];
  selected: number;
  /** Rows available; the list never renders more. */
  height: number;
  keyOf: (item: T, index: number) => string | number;
  /**
   * One terminal row per item, as inline content (a string or <Text> elements, no <Box>): the row
   * is a single line of text, cut to the width, so Ink has one string to lay out per row.
   */
  renderItem: (item: T, index: number, selected: boolean) => ReactNode;
  emptyText?: string;
  /** Draw a 1-column scrollbar on the right when the items don't fit (default true). */
  scrollbar?: boolean;
  /** Prefix rows with a '›' gutter on the selected one (default true). Off when rows show selection themselves. */
  marker?: boolean;
  /**
   * What a row shows, as a string holding every input of `renderItem` for it. A row whose
   * signature and selection are those of the last render keeps its element, so React skips it: a
   * cursor move re-renders two rows, not a screenful (bench/latency.mjs).
   */
  signatureOf?: (item: T, index: number, selected: boolean) => string;
}

/** A row as last rendered: its signature, selection and element. */
interface KeptRow {
  signature: string;
  selected: boolean;
  element: ReactElement;
}

export function WindowedList<T>({
  items,
  selected,
  height,
  keyOf,
  renderItem,
  emptyText = 'Nothing here.',
  scrollbar = true,
  marker = true,
  signatureOf,
}: WindowedListProps<T>): ReactNode {
  const theme = useTheme();
  const offsetRef = useRef(0);
  // Rows kept from the last render, by key; let go when the theme or the gutter changes.
  const kept = useRef<{ theme: unknown; marker: boolean; rows: Map<string | number, KeptRow> }>({ theme, marker, rows: new Map() });
  if (kept.current.theme !== theme || kept.current.marker !== marker) kept.current = { theme, marker, rows: new Map() };
  const rows = Math.max(0, Math.floor(height));
  const { offset } = windowFor(items.length, selected, rows, offsetRef.current);
  // Remembered after commit (not during render) so a discarded render can't move the window.
  useLayoutEffect(() => {
    offsetRef.current = offset;
  });

  if (rows === 0) return null;
  if (items.length === 0) {
    return (
      <Box height={1}>
        <Text color={theme.muted} wrap="truncate">
          {emptyText}
        </Text>
      </Box>
    );
  }

  const visible = items.slice(offset, offset + rows);
  const showScrollbar = scrollbar && items.length > rows;
  const before = kept.current.rows;
  const now = new Map<string | number, KeptRow>();
  const elements = visible.map((item, i) => {
    const index = offset + i;
    const isSelected = index === selected;
    const key = keyOf(item, index);
    const signature = signatureOf?.(item, index, isSelected);
    const last = signature === undefined ? undefined : before.get(key);
    if (last && last.signature === signature && last.selected === isSelected) {
      now.set(key, last);
      return last.element;
    }
    const element = (
      <Text key={key} wrap="truncate">
        {marker ? (
          <Text color={theme.accent} bold>
            {isSelected ? '› ' : '  '}
          </Text>
        ) : null}
        {renderItem(item, index, isSelected)}
      </Text>
    );
    if (signature !== undefined) now.set(key, { signature, selected: isSelected, element });
    return element;
  });
  kept.current.rows = now;
  return (
    <Box flexDirection="row" height={visible.length}>
      <Box flexDirection="column" flexGrow={1} flexShrink={1}>
        {elements}
      </Box>
      {showScrollbar ? <Scrollbar count={items.length} height={rows} offset={offset} /> : null}
    </Box>
  );
}

function Scrollbar({ count, height, offset }: { count: number; height: number; offset: number }): ReactNode {
  const theme = useTheme();
  const { start, size } = thumbFor(count, height, offset);
  const before = '│\n'.repeat(start);
  const thumb = Array.from({ length: size }, () => '█').join('\n');
  const after = '\n│'.repeat(Math.max(0, height - start - size));
  // '█' vs '│' differ in shape, so the thumb reads without colour (NO_COLOR) too.
  return (
    <Box width={1} flexShrink={0} flexDirection="column">
      <Text>
        <Text color={theme.muted}>{before}</Text>
        <Text>{thumb}</Text>
        <Text color={theme.muted}>{after}</Text>
      </Text>
    </Box>
  );
}
