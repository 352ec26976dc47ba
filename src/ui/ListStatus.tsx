// The line under a list: how many rows, the filter in force, loading, errors (a failed load
// keeps the rows already shown and says what went wrong) and notes (a refresh that stopped short).
import { Box } from 'ink';
import { Text } from './components/Text.js';
import { safeText } from '../text/safe.js';
import type { ListState } from '../store/types.js';
import { useTheme } from './theme.js';

/** `1 project`, `2 projects`: `noun` is the plural (every list noun here is regular). */
export function countOf(n: number, noun: string, more = ''): string {
  return `${n}${more} ${n === 1 && !more ? noun.replace(/s$/, '') : noun}`;
}

/** The count part of the line; before the first page arrives there is no count to give. */
export function countText(list: ListState<unknown>, shown: number, noun: string): string {
  if (list.loadedAt === null) return list.error ? '' : `loading ${noun}…`;
  const more = list.nextPage !== null ? '+' : '';
  if (list.filter) return `${shown} of ${countOf(list.items.length, noun, more)} matching "${safeText(list.filter, 40)}"`;
  return countOf(list.items.length, noun, more);
}

export function ListStatus({ list, shown, noun, extra }: { list: ListState<unknown>; shown: number; noun: string; extra?: string }) {
  const theme = useTheme();
  const count = countText(list, shown, noun);
  // "loading…" beside the count is a refresh; the first load says so in place of the count.
  const refreshing = list.loading && list.loadedAt !== null;
  const lead = count || extra ? ' · ' : '';
  return (
    <Box>
      <Text dimColor wrap="truncate">
        {[count, extra].filter(Boolean).join(' · ')}
      </Text>
      {refreshing ? <Text color={theme.warning}> · loading…</Text> : null}
      {list.error ? (
        <Text color={theme.error}>
          {lead}
          {safeText(list.error, 120)}
        </Text>
      ) : null}
      {list.note ? <Text color={theme.warning}> · {safeText(list.note, 120)}</Text> : null}
    </Box>
  );
}
