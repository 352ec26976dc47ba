// The line under a list: how many rows, the filter in force, loading, errors (a failed load
// keeps the rows already shown and says what went wrong) and notes (a refresh that stopped short).
import { Box, Text } from 'ink';
import { safeText } from '../text/safe.js';
import type { ListState } from '../store/types.js';
import { useTheme } from './theme.js';

export function ListStatus({ list, shown, noun, extra }: { list: ListState<unknown>; shown: number; noun: string; extra?: string }) {
  const theme = useTheme();
  const more = list.nextPage !== null && list.loadedAt !== null ? '+' : '';
  return (
    <Box>
      <Text dimColor>
        {list.filter ? `${shown} of ${list.items.length}${more} ${noun} matching "${safeText(list.filter, 40)}"` : `${list.items.length}${more} ${noun}`}
        {extra ? ` · ${extra}` : ''}
      </Text>
      {list.loading ? <Text color={theme.warning}> · loading…</Text> : null}
      {list.error ? <Text color={theme.error}> · {safeText(list.error, 120)}</Text> : null}
      {list.note ? <Text color={theme.warning}> · {safeText(list.note, 120)}</Text> : null}
    </Box>
  );
}
