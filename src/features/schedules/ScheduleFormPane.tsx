// The schedule form: description, ref, cron, time zone, active, and its variables (one line each,
// ScheduleFormVariables.tsx). Under the cron field, live: the cron in words and its next runs (up
// to 5, as the height allows) in the chosen zone, or what is wrong with it. Problems show
// beside their field — ours before sending, GitLab's after — and every value stays as typed. The
// keys arrive through the controller (schedules.ts, handleFormKey); this only draws the form's state.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { useMemo } from 'react';
import { cronPreview, fieldErrors, FIELD_LABELS, FORM_FIELDS, type FieldName, type ScheduleFormState } from './schedule-form.js';
import type { Pane } from '../../store/types.js';
import { safeText, truncateToWidth } from '../../text/safe.js';
import { cutAtWord } from '../../text/words.js';
import { ConfirmBar, Field, TextInput, shortConfirm } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { untilTime, zonedTime } from './zoned.js';
import { ScheduleFormVariables } from './ScheduleFormVariables.js';

const LABEL = 14;
const PLACEHOLDER: Record<FieldName, string> = {
  description: 'what it is for, e.g. Nightly build',
  ref: 'branch or tag',
  cron: 'e.g. 0 2 * * *  (minute hour day month weekday)',
  cron_timezone: 'UTC, Europe/Berlin, Tokyo, …',
  active: '',
};

export function ScheduleFormPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'scheduleForm' }>; width: number; height: number }) {
  const form = useAppState((s) => s.scheduleForm);
  if (!form)
    return (
      <Box height={height}>
        <Text dimColor>No form open.</Text>
      </Box>
    );
  return <Form form={form} path={pane.path} width={width} height={height} />;
}

function Form({ form, path, width, height }: { form: ScheduleFormState; path: string; width: number; height: number }) {
  const theme = useTheme();
  const { now } = useApp();
  const me = useAppState((s) => s.user?.username);
  const confirm = useAppState((s) => s.confirm);
  const errors = fieldErrors(form);
  const { cron, cron_timezone } = form.values;
  // Rows: the title and a gap, five fields, the cron's words, a gap, a base message, a question
  // (two rows). The runs under the cron and the variable lines share what is left: at 80×24 the
  // variables keep two lines at least (the one typed in and one more), the runs the rest (1 to 5).
  const fixed = 2 + FORM_FIELDS.length + 1 + 1 + 1 + 2;
  const varLines = Math.min(form.vars.lines.length, Math.max(2, height - fixed - 5));
  const runs = Math.max(1, Math.min(5, height - fixed - varLines - (form.vars.readable ? 0 : 1)));
  const preview = useMemo(() => cronPreview({ cron, cron_timezone }, now(), runs), [cron, cron_timezone, now, runs]);
  const inputWidth = Math.max(16, Math.min(48, width - LABEL - 4 - 30));

  const title = form.scheduleId === null ? `New pipeline schedule in ${safeText(path, 60)}` : `Edit schedule #${form.scheduleId} in ${safeText(path, 60)}`;
  const notOwner = form.owner && me && form.owner.username !== me;

  const fieldRow = (field: FieldName) => {
    const focused = form.focus === field;
    return (
      <Field
        key={field}
        label={FIELD_LABELS[field]}
        focused={focused}
        labelWidth={LABEL}
        inputWidth={inputWidth}
        width={width}
        problems={field === 'cron' ? [] : (errors[field] ?? [])}
        below={field === 'cron' ? <CronPreviewLines form={form} preview={preview} messages={errors.cron ?? []} width={width - LABEL - 2} /> : null}
      >
        {field === 'active' ? (
          <Text inverse={focused}>{form.values.active ? '[x] active' : '[ ] inactive'}</Text>
        ) : (
          <TextInput
            value={form.values[field]}
            cursor={form.cursors[field]}
            focused={focused}
            width={inputWidth}
            placeholder={PLACEHOLDER[field]}
            selected={form.selected === field}
          />
        )}
      </Field>
    );
  };

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold>{title}</Text>
      <Box height={1} />
      {FORM_FIELDS.map(fieldRow)}
      <ScheduleFormVariables form={form} labelWidth={LABEL} inputWidth={inputWidth} width={width} rows={varLines} />
      <Box height={1} />
      {(errors.base ?? []).map((m, i) => (
        <Text key={i} color={theme.error} wrap="truncate">
          ✖ {safeText(m, 500)}
        </Text>
      ))}
      {form.submitting ? <Text color={theme.warning}>Sending to GitLab…</Text> : null}
      {/* A question about this form is asked here, under it (the footer says its keys). */}
      {confirm && shortConfirm(confirm) ? <ConfirmBar message={confirm.message} detail={confirm.detail} /> : null}
      {notOwner && !errors.base ? (
        <Text dimColor wrap="truncate">
          Owned by {safeText(form.owner!.name, 40)} (@{safeText(form.owner!.username, 40)}): GitLab lets only the owner save changes (O on the schedule takes
          ownership).
        </Text>
      ) : null}
    </Box>
  );
}

function CronPreviewLines({
  form,
  preview,
  messages,
  width,
}: {
  form: ScheduleFormState;
  preview: ReturnType<typeof cronPreview>;
  messages: string[];
  width: number;
}) {
  const theme = useTheme();
  const { now } = useApp();
  const pad = LABEL + 2;
  if (messages.length) {
    return (
      <Box marginLeft={pad} flexDirection="column">
        {messages.map((m, i) => (
          <Text key={i} color={theme.error} wrap="truncate">
            ✖ {safeText(m, 500)}
          </Text>
        ))}
      </Box>
    );
  }
  if (form.values.cron.trim() === '') {
    return (
      <Box marginLeft={pad}>
        <Text dimColor wrap="truncate">
          {cutAtWord('minute hour day-of-month month day-of-week · 0 2 * * * = every day at 02:00 · @daily, @weekly work too', width)}
        </Text>
      </Box>
    );
  }
  if (!preview.ok) {
    return (
      <Box marginLeft={pad}>
        <Text dimColor wrap="truncate">
          Next runs show once the time zone is valid.
        </Text>
      </Box>
    );
  }
  return (
    <Box marginLeft={pad} flexDirection="column">
      <Text color={theme.success} wrap="truncate">
        {truncateToWidth(safeText(`${preview.words} · next ${preview.runs.length} runs in ${preview.zone}:`, 300), width)}
      </Text>
      {preview.runs.map((ms) => (
        <Text key={ms} wrap="truncate">
          {'  '}
          {zonedTime(ms, preview.zone)}
          <Text dimColor> ({untilTime(ms, now())})</Text>
        </Text>
      ))}
    </Box>
  );
}
