// A list that renders only the rows in view, so 5,000 jobs cost as much as 20. The window maths
// live in window.ts; this file is the view: rows, selection marker and scrollbar.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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
}: WindowedListProps<T>): ReactNode {
  const theme = useTheme();
  const offsetRef = useRef(0);
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
  return (
    <Box flexDirection="row" height={visible.length}>
      <Box flexDirection="column" flexGrow={1} flexShrink={1}>
        {visible.map((item, i) => {
          const index = offset + i;
          const isSelected = index === selected;
          return (
            <Text key={keyOf(item, index)} wrap="truncate">
              {marker ? (
                <Text color={theme.accent} bold>
                  {isSelected ? '› ' : '  '}
                </Text>
              ) : null}
              {renderItem(item, index, isSelected)}
            </Text>
          );
        })}
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
