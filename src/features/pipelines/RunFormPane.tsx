// The run form (`N` new pipeline, `p` on a manual job): the ref, then one variable or input per line.
// Problems show beside their line — ours before sending, GitLab's after — and every line stays as
// typed. Keys arrive through the controller (run-form-actions.ts, handleRunFormKey); this only draws.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { cutAtWord } from '../../text/words.js';
import { ConfirmBar, Field, TextInput, shortConfirm } from '../../ui/components/index.js';
import { useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { lineErrors, type RunFormState } from './run-form.js';

const LABEL = 12;

export function RunFormPane({ width, height }: { pane: Extract<Pane, { kind: 'runForm' }>; width: number; height: number }) {
  const form = useAppState((s) => s.runForm);
  if (!form)
    return (
      <Box height={height}>
        <Text dimColor>No form open.</Text>
      </Box>
    );
  return <Form form={form} width={width} height={height} />;
}

function title(form: RunFormState): string {
  if (form.target.kind === 'pipeline') return `New pipeline in ${safeText(form.path, 60)}`;
  const { job, environment } = form.target;
  return `Play ${safeText(job.name, 50)} (job #${job.id})${environment ? ` → ${safeText(environment, 30)}` : ''}`;
}

function Form({ form, width, height }: { form: RunFormState; width: number; height: number }) {
  const theme = useTheme();
  const confirm = useAppState((s) => s.confirm);
  const ours = lineErrors(form);
  const inputWidth = Math.max(16, Math.min(44, width - LABEL - 4 - 24));
  const pipeline = form.target.kind === 'pipeline';
  const syntax = pipeline ? 'KEY=value · file:KEY=value · input:name=value' : 'KEY=value (job_variables_attributes)';
  const fixed = 4 + (pipeline ? 1 : 0) + form.server.base.length + (form.submitting ? 1 : 0) + (confirm?.detail ? 1 : 0);
  const rows = Math.max(1, height - fixed);
  const start = Math.max(0, Math.min(form.focus - rows + 1, form.lines.length - rows));
  const shown = form.lines.slice(Math.max(0, start), Math.max(0, start) + rows);

  const row = (label: string, value: string, cursor: number, focused: boolean, placeholder: string, problem: string | undefined, key: string | number) => (
    <Field key={key} label={label} focused={focused} labelWidth={LABEL} inputWidth={inputWidth} width={width} problems={problem ? [problem] : []}>
      <TextInput value={value} cursor={cursor} focused={focused} width={inputWidth} placeholder={placeholder} placeholderWhenFocused />
    </Field>
  );

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold wrap="truncate">
        {title(form)}
      </Text>
      {pipeline ? row('Ref', form.ref, form.refCursor, form.focus === -1, 'branch or tag', form.server.ref, 'ref') : null}
      <Text dimColor wrap="truncate">
        {cutAtWord(`${pipeline ? 'Variables and inputs' : 'Variables'}, one per line: ${syntax}`, width)}
      </Text>
      {shown.map((line, k) => {
        const i = start + k;
        const problem = ours[i] ?? form.server.lines[i];
        return row(
          i === 0 ? 'Variables' : '',
          line,
          form.cursors[i] ?? 0,
          form.focus === i,
          i === form.lines.length - 1 ? (i === 0 ? `none: Enter ${pipeline ? 'runs' : 'plays'} at once` : 'KEY=value') : '',
          problem,
          i,
        );
      })}
      {form.server.base.map((m, i) => (
        <Text key={`base${i}`} color={theme.error} wrap="truncate">
          ✖ {safeText(m, 500)}
        </Text>
      ))}
      {form.submitting ? <Text color={theme.warning}>Sending to GitLab…</Text> : null}
      {/* A question about this form is asked here, under it (the footer says its keys). */}
      {confirm && shortConfirm(confirm) ? (
        <ConfirmBar message={confirm.message} detail={confirm.detail} />
      ) : (
        <Text dimColor wrap="truncate">
          {cutAtWord(`enter ${pipeline ? 'run' : 'play'} · tab/↑↓ line · esc cancel${pipeline ? ' · input types: 3, true, [a, b], text' : ''}`, width)}
        </Text>
      )}
    </Box>
  );
}
