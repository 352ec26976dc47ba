// Key/value rows for detail panes ("Status  ✔ passed", "Ref  main"), and the editable rows of a
// form (Field, TextInput). Labels line up in a fixed column; long values are cut, not wrapped, so
// the pane's height stays predictable at 24 rows.
import { isValidElement, type ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from './Text.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { cutAtWord } from '../../text/words.js';
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
  /**
   * The column's cells: a text value longer than its room is cut at a word boundary with '…' and
   * keeps a gap of COLUMN_GAP before whatever is drawn to its right (a second column of fields),
   * instead of running into the next label ("…ever…Artifacts").
   */
  width?: number;
}

/** Cells kept free at the right of a value when the column's width is known. */
const COLUMN_GAP = 2;

export function Fields({ rows, labelWidth, width: columnWidth }: FieldsProps): ReactNode {
  const theme = useTheme();
  const labels = rows.map((row) => safeText(row.label, 60));
  // A label is never cut ("Allow failu…"): the column is as wide as the longest, unless told.
  const width = Math.max(labelWidth ?? 0, Math.min(20, Math.max(0, ...labels.map(displayWidth)) + 2));
  const room = columnWidth !== undefined ? Math.max(1, columnWidth - width - COLUMN_GAP) : undefined;
  return (
    <Box flexDirection="column" flexShrink={0}>
      {rows.map((row, i) => (
        // A row never shrinks: on a short screen Yoga would squeeze two rows onto one line and draw
        // them over each other ("2FA enabledor"); the pane clips what does not fit instead.
        <Box key={`${i}:${labels[i]}`} flexDirection="row" flexShrink={0}>
          <Box width={width} flexShrink={0}>
            <Text color={theme.muted}>{truncateToWidth(labels[i]!, width - 1)}</Text>
          </Box>
          <Box flexGrow={1} flexShrink={1} {...(room !== undefined ? { width: room } : {})}>
            {renderValue(row.value, row.color, theme.muted, room)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function renderValue(value: ReactNode, color: string | undefined, muted: string | undefined, room?: number): ReactNode {
  if (value === null || value === undefined || value === false) {
    return <Text color={muted}>—</Text>;
  }
  // Elements are the caller's own (a StatusBadge, a <Text>): trusted. Anything else is data.
  if (isValidElement(value)) return value;
  return (
    <Text color={color} wrap="truncate">
      {room !== undefined ? cutAtWord(safeText(value), room) : safeText(value)}
    </Text>
  );
}

export interface FieldProps {
  label: string;
  focused: boolean;
  /** Cells for the label column. */
  labelWidth: number;
  /** Cells for the value (two more follow it before a problem said beside it). */
  inputWidth: number;
  /** The form's width: what is left beside the input is the room for a problem. */
  width: number;
  /** What is wrong with the value, each said with a ✖: beside the input when it fits, else under it. */
  problems: string[];
  /** The value: a TextInput, a toggle. */
  children: ReactNode;
  /** Lines under the row (and its problems), indented as the value (a cron's preview). */
  below?: ReactNode;
}

/** One row of a form: the focus marker, the label, the value, and what is wrong with it. */
export function Field({ label, focused, labelWidth, inputWidth, width, problems, children, below }: FieldProps): ReactNode {
  const theme = useTheme();
  const text = problems.length ? safeText(problems.map((m) => `✖ ${m}`).join('  '), 500) : '';
  const beside = text !== '' && displayWidth(text) <= width - labelWidth - 2 - inputWidth - 2;
  const problem = (
    <Text color={theme.error} wrap="truncate">
      {text}
    </Text>
  );
  return (
    <Box flexDirection="column">
      <Box>
        <Box width={2} flexShrink={0}>
          <Text color={theme.accent} bold>
            {focused ? '›' : ' '}
          </Text>
        </Box>
        <Box width={labelWidth} flexShrink={0}>
          <Text bold={focused} color={focused ? theme.accent : theme.muted}>
            {label}
          </Text>
        </Box>
        <Box width={inputWidth + 2} flexShrink={0}>
          {children}
        </Box>
        {beside ? problem : null}
      </Box>
      {text && !beside ? <Box marginLeft={labelWidth + 2}>{problem}</Box> : null}
      {below}
    </Box>
  );
}

export interface TextInputProps {
  value: string;
  cursor: number;
  focused: boolean;
  width: number;
  /** Said, dimmed, while the value is empty. */
  placeholder: string;
  /** Say the placeholder after the cursor too, not only while the field is not focused. */
  placeholderWhenFocused?: boolean;
  /** The whole value is selected (a prefill that typing replaces): drawn inverse while focused. */
  selected?: boolean;
}

/** A one-line text field: the cursor as an inverse cell; long values scroll to keep it in view. */
export function TextInput({ value, cursor, focused, width, placeholder, placeholderWhenFocused = false, selected = false }: TextInputProps): ReactNode {
  const theme = useTheme();
  const clean = safeText(value, 2000);
  if (focused && selected && clean) {
    return (
      <Text wrap="truncate">
        <Text inverse>{truncateToWidth(clean, width - 1)}</Text>
        <Text color={theme.muted}> type to replace</Text>
      </Text>
    );
  }
  if (!focused) {
    return clean ? (
      <Text wrap="truncate">{truncateToWidth(clean, width)}</Text>
    ) : (
      <Text color={theme.muted} dimColor wrap="truncate">
        {placeholder}
      </Text>
    );
  }
  // safeText keeps printable text as is, so the cursor index still points into it.
  const at = Math.min(cursor, clean.length);
  const begin = Math.max(0, at - (width - 1));
  return (
    <Text wrap="truncate">
      {clean.slice(begin, at)}
      <Text inverse>{clean.slice(at, at + 1) || ' '}</Text>
      {clean.slice(at + 1, begin + width)}
      {placeholderWhenFocused && clean === '' && placeholder ? <Text dimColor> {placeholder}</Text> : null}
    </Text>
  );
}
