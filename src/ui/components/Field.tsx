// Key/value rows for detail panes ("Status  ✔ passed", "Ref  main"). Labels line up in a fixed
// column; long values are cut, not wrapped, so the pane's height stays predictable at 24 rows.
import { isValidElement, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../theme.js';

export interface FieldRow {
  label: string;
  value: ReactNode | string;
  color?: string;
}

export interface FieldsProps {
  rows: FieldRow[];
  /** Cells for the label column, gap included; defaults to the longest label + 2 (at most 20). */
  labelWidth?: number;
}

export function Fields({ rows, labelWidth }: FieldsProps): ReactNode {
  const theme = useTheme();
  const labels = rows.map((row) => safeText(row.label, 60));
  const width = labelWidth ?? Math.min(20, Math.max(0, ...labels.map(displayWidth)) + 2);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {rows.map((row, i) => (
        // A row never shrinks: on a short screen Yoga would squeeze two rows onto one line and draw
        // them over each other ("2FA enabledor"); the pane clips what does not fit instead.
        <Box key={`${i}:${labels[i]}`} flexDirection="row" flexShrink={0}>
          <Box width={width} flexShrink={0}>
            <Text color={theme.muted}>{truncateToWidth(labels[i]!, width - 1)}</Text>
          </Box>
          <Box flexGrow={1} flexShrink={1}>
            {renderValue(row.value, row.color, theme.muted)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function renderValue(value: ReactNode, color: string | undefined, muted: string | undefined): ReactNode {
  if (value === null || value === undefined || value === false) {
    return <Text color={muted}>—</Text>;
  }
  // Elements are the caller's own (a StatusBadge, a <Text>): trusted. Anything else is data.
  if (isValidElement(value)) return value;
  return (
    <Text color={color} wrap="truncate">
      {safeText(value)}
    </Text>
  );
}
