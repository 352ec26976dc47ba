// A choice menu: ink-select-input, fed its keys by the controller (src/input/ink-feed.ts) while it
// has the focus, drawn with pipetop's Text (every label made safe, the theme's colours) instead of
// its own items. The Tab-completion menu under a prompt (src/store/completion.ts) is one.
import SelectInput from 'ink-select-input';
import { Box } from 'ink';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { InkFeed } from '../../input/index.js';
import { Text } from './Text.js';
import { useTheme } from '../theme.js';
import { MARKS } from '../glyphs.js';

export interface ChoiceMenuProps {
  items: readonly string[];
  /** The choice highlighted when it mounts. */
  index?: number;
  /** Rows it may take: more choices turn through them. */
  limit?: number;
  focus?: boolean;
  feed?: InkFeed;
  onHighlight?(choice: string): void;
  onSelect?(choice: string): void;
}

export function ChoiceMenu({ items, index = 0, limit, focus = true, feed, onHighlight, onSelect }: ChoiceMenuProps): ReactNode {
  useEffect(() => (focus && feed ? feed.listen('menu') : undefined), [focus, feed]);
  const choices = useMemo(() => items.map((value) => ({ key: value, label: value, value })), [items]);
  return (
    <SelectInput
      items={choices}
      initialIndex={index}
      isFocused={focus}
      indicatorComponent={Indicator}
      itemComponent={Item}
      {...(limit !== undefined ? { limit } : {})}
      {...(onHighlight ? { onHighlight: (item: { value: string }) => onHighlight(item.value) } : {})}
      {...(onSelect ? { onSelect: (item: { value: string }) => onSelect(item.value) } : {})}
    />
  );
}

function Indicator({ isSelected = false }: { isSelected?: boolean }): ReactNode {
  const theme = useTheme();
  return (
    <Box marginRight={1}>
      <Text color={theme.accent}>{isSelected ? MARKS.chosen.glyph : ' '}</Text>
    </Box>
  );
}

function Item({ isSelected = false, label }: { isSelected?: boolean; label: string }): ReactNode {
  const theme = useTheme();
  return (
    <Text wrap="truncate" {...(isSelected ? { color: theme.accent, bold: true } : {})}>
      {label}
    </Text>
  );
}
