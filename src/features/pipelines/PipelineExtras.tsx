// Under the pipeline's header: `tests 1,204 · 3 failed · variables: DEPLOY_TARGET ROLLOUT_PLAN (file)`
// — variable keys only, since values may be secrets (GitLab shows them to whoever may read the
// pipeline's variables); `i` opens the details, where the values are shown because they were asked
// for. Data read by pipeline-extras.ts; this only draws it.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { safeText, truncateToWidth } from '../../text/safe.js';
import { useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { badText, testsText, variablesText } from './pipeline-extras.js';
import { pipelineLoadKey } from './writers.js';

export function PipelineExtrasLine({ pipelineId, width }: { pipelineId: number; width: number }) {
  const theme = useTheme();
  const extras = useAppState((s) => s.pipelineExtras[pipelineId]);
  const tests = testsText(extras?.tests);
  const variables = variablesText(extras?.variables);
  const unread = extras?.tests !== undefined && 'error' in extras.tests;
  const failed = extras?.tests && !('error' in extras.tests) && extras.tests.total.failed + extras.tests.total.error > 0;
  const rest = [variables, tests && !unread ? 'T tests' : '', 'i details'].filter(Boolean).join(' · ');
  return (
    <Text wrap="truncate">
      {tests ? <Text color={unread ? theme.muted : failed ? theme.error : theme.success}>{safeText(tests, 80)}</Text> : null}
      <Text dimColor>{truncateToWidth(safeText(`${tests ? ' · ' : ''}${rest}`, 400), Math.max(0, width - tests.length))}</Text>
    </Text>
  );
}

/** `i`: every variable with its value (a file variable's first line and its size), then the suites. */
export function PipelineDetails({ pipelineId, width, height }: { pipelineId: number; width: number; height: number }) {
  const theme = useTheme();
  const extras = useAppState((s) => s.pipelineExtras[pipelineId]);
  // Variables and tests are read once the pipeline is in (pipeline-extras.ts): while it cannot be
  // loaded (its summary says why), "loading…" here would never end.
  const pending = useAppState((s) =>
    !s.pipelines[pipelineId] && s.loadErrors[pipelineLoadKey(pipelineId)] ? '  not read: the pipeline could not be loaded' : '  loading…',
  );
  const lines: { text: string; color?: string; dim?: boolean }[] = [];
  const variables = extras?.variables;
  lines.push({ text: 'Variables', color: theme.accent });
  if (!variables) lines.push({ text: pending, dim: true });
  else if ('error' in variables) lines.push({ text: `  ${variables.error}`, color: theme.error });
  else if (!variables.length) lines.push({ text: '  none (GitLab lists only variables given when the pipeline was created)', dim: true });
  else {
    for (const v of variables) {
      const valueLines = v.value.split('\n');
      const first = valueLines[0] ?? '';
      const more = valueLines.filter((l) => l !== '').length > 1 ? ` … (${v.value.length} bytes, ${valueLines.length} lines)` : '';
      lines.push({ text: `  ${v.key}${v.variable_type === 'file' ? ' (file)' : ''} = ${first}${more}` });
    }
  }
  const tests = extras?.tests;
  lines.push({ text: '' }, { text: 'Tests', color: theme.accent });
  if (!tests) lines.push({ text: pending, dim: true });
  else if ('error' in tests) lines.push({ text: `  ${tests.error}`, color: theme.error });
  else if (!tests.test_suites.length) lines.push({ text: '  no test report (no job uploaded artifacts:reports:junit)', dim: true });
  else {
    for (const s of tests.test_suites) {
      const bad = badText(s.failed_count, s.error_count);
      lines.push({
        text: `  ${s.name}: ${s.total_count.toLocaleString('en')} tests · ${bad || '0 failed'} · ${s.skipped_count} skipped · ${s.total_time.toFixed(2)}s`,
        ...(bad ? { color: theme.error } : {}),
      });
    }
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {lines.slice(0, height).map((l, i) => (
        <Text key={i} wrap="truncate" {...(l.color ? { color: l.color } : {})} dimColor={l.dim ?? false}>
          {truncateToWidth(safeText(l.text, 2000), width)}
        </Text>
      ))}
    </Box>
  );
}
