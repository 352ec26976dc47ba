// The schedule form's variables: one line each (`KEY=value`, `file:KEY=value`) and an empty one to
// type the next; emptying a line deletes its variable. Only the line being edited shows its value —
// the others show dots, as values are often secrets. Our problem with a line, or GitLab's answer
// about it, is said beside it.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { Field, TextInput } from '../../ui/components/index.js';
import { safeText } from '../../text/safe.js';
import { useTheme } from '../../ui/theme.js';
import type { ScheduleFormState } from './schedule-form.js';
import { maskedLine, varLineErrors } from './schedule-vars.js';

export function ScheduleFormVariables({
  form,
  labelWidth,
  inputWidth,
  width,
  rows,
}: {
  form: ScheduleFormState;
  labelWidth: number;
  inputWidth: number;
  width: number;
  /** Lines it may take: the lines around the one in focus are kept when there are more. */
  rows: number;
}) {
  const theme = useTheme();
  const { vars } = form;
  const ours = varLineErrors(vars.lines);
  const focus = typeof form.focus === 'number' ? form.focus : -1;
  const room = Math.max(1, rows);
  const start = Math.max(0, Math.min(focus - Math.floor(room / 2), vars.lines.length - room));
  const shown = vars.lines.slice(start, start + room);
  return (
    <Box flexDirection="column" flexShrink={0}>
      {vars.readable ? null : (
        <Box marginLeft={labelWidth + 2}>
          <Text dimColor wrap="truncate">
            GitLab did not send its variables (it shows them to the owner and maintainers): lines typed here are added.
          </Text>
        </Box>
      )}
      {start > 0 ? (
        <Text color={theme.muted}>
          {' '.repeat(labelWidth + 2)}↑ {start} more
        </Text>
      ) : null}
      {shown.map((line, k) => {
        const i = start + k;
        const focused = i === focus;
        const problems = [ours[i], vars.server[i]].filter((m): m is string => Boolean(m));
        return (
          <Field
            key={i}
            label={k === 0 ? 'Variables' : ''}
            focused={focused}
            labelWidth={labelWidth}
            inputWidth={inputWidth}
            width={width}
            problems={line.trim() === '' ? [] : problems}
          >
            {focused ? (
              <TextInput
                value={line}
                cursor={vars.cursors[i]!}
                focused
                width={inputWidth}
                placeholder={i === vars.lines.length - 1 ? 'KEY=value  (file:KEY=value; empty a line to delete)' : ''}
              />
            ) : (
              <Text dimColor={line === ''} wrap="truncate">
                {line === '' ? (i === vars.lines.length - 1 ? '+ KEY=value' : '') : safeText(maskedLine(line), inputWidth)}
              </Text>
            )}
          </Field>
        );
      })}
      {start + room < vars.lines.length ? (
        <Text color={theme.muted}>
          {' '.repeat(labelWidth + 2)}↓ {vars.lines.length - start - room} more
        </Text>
      ) : null}
    </Box>
  );
}
