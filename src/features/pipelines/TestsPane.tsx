// The Tests view: the pipeline's test cases, failed first, with duration and suite; Enter shows the
// selected case's output (stack trace, then system output — colours stripped, controls removed),
// `L` its job's log at the failing line. Data: tests-view.ts (the list) and pipeline-extras.ts.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { stripAnsi } from '../../log/sanitize.js';
import type { Pane } from '../../store/types.js';
import { safeText, truncateToWidth } from '../../text/safe.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useAppState } from '../../ui/context.js';
import { useTheme, type Theme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import { testsText } from './pipeline-extras.js';
import { caseKey } from './test-history.js';
import type { TestCaseRow } from './tests-view.js';
import { testCasesList } from './list-keys.js';

/** 0.0042 s → `4ms`, 1.5 → `1.50s`, 75 → `1m15s`. */
export function caseDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 1) return `${Math.round(seconds * 1000)}ms`;
  if (seconds < 60) return `${seconds.toFixed(2)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

/** The case's output as display lines: the stack trace, then what it printed. */
export function caseOutput(row: TestCaseRow): string[] {
  const lines = (label: string, text: string | null) => (text ? [label, ...text.split(/\r\n|\r|\n/).map((l) => `  ${safeText(stripAnsi(l), 1000)}`)] : []);
  const { test } = row;
  const out = [...lines('Stack trace', test.stack_trace), ...(test.system_output !== test.stack_trace ? lines('Output', test.system_output) : [])];
  return out.length ? out : ['(GitLab has no output for this case)'];
}

/** A case's status; an errored one (GitLab's `error`: it could not run) in failed's colour, named as it is. */
export function caseStatusCell(theme: Theme, status: string): { text: string; color: string | undefined } {
  if (status !== 'error') return statusCell(theme, status);
  return { text: `${theme.status('failed').icon} error`, color: theme.status('failed').color };
}

export function TestsPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'tests' }>; width: number; height: number }) {
  const theme = useTheme();
  const { list, rows } = useList<TestCaseRow>(testCasesList(pane.projectId, pane.pipelineId));
  const summary = useAppState((s) => testsText(s.pipelineExtras[pane.pipelineId]?.tests));
  const history = useAppState((s) => s.testHistory[pane.pipelineId]);
  const row = rows[list.selected];
  const flakyOf = (r: TestCaseRow) => history?.flaky[caseKey(r.suite, r.test)];
  const counted = history?.state === 'ready' ? history.pipelines.length : 0;
  const columns: Column<TestCaseRow>[] = [
    { header: 'Status', width: 10, value: (r) => r.test.status, display: (r) => caseStatusCell(theme, r.test.status) },
    { header: '', width: 7, value: (r) => (flakyOf(r) ? 'flaky?' : ''), display: (r) => ({ text: flakyOf(r) ? 'flaky?' : '', color: theme.warning }) },
    ...(counted
      ? [
          {
            header: 'Fails',
            width: 5,
            align: 'right' as const,
            value: (r: TestCaseRow) => {
              const n = history?.failures[caseKey(r.suite, r.test)] ?? 0;
              return n ? `${n}/${counted}` : '';
            },
          },
        ]
      : []),
    { header: 'Time', width: 8, align: 'right', value: (r) => caseDuration(r.test.execution_time) },
    { header: 'Suite', width: 14, value: (r) => safeText(r.suite, 60) },
    { header: 'Case', grow: 3, value: (r) => safeText(`${r.test.name}${r.test.classname ? ` · ${r.test.classname}` : ''}`, 300) },
  ];
  const flakyCount = history ? Object.keys(history.flaky).length : 0;
  const across =
    history?.state === 'ready'
      ? `${flakyCount ? ` · ${flakyCount} flaky?` : ''}${history.sorted ? ` · most failing in the last ${counted} on the ref first` : ''}`
      : history?.state === 'loading'
        ? ' · reading earlier runs…'
        : '';
  const head = `Tests of pipeline #${pane.pipelineId}${summary ? ` · ${summary}` : ''}${across}`;
  if (pane.open && row) {
    const out = caseOutput(row);
    const room = Math.max(1, height - 2 - (flakyOf(row) ? 1 : 0));
    const top = Math.min(pane.scroll ?? 0, Math.max(0, out.length - room));
    return (
      <Box flexDirection="column" width={width} height={height}>
        <Text bold wrap="truncate">
          {truncateToWidth(safeText(`${row.test.status} · ${row.suite} · ${row.test.name}`, 400), width)}
        </Text>
        {flakyOf(row) ? (
          <Text color={theme.warning} wrap="truncate">
            {truncateToWidth(`flaky? ${flakyOf(row)!.text}`, width)}
          </Text>
        ) : null}
        <Text dimColor wrap="truncate">
          {truncateToWidth(
            `${caseDuration(row.test.execution_time)} · ${safeText(row.test.classname, 200)} · ${out.length > room ? `lines ${top + 1}–${Math.min(out.length, top + room)} of ${out.length} · j/k scroll · ` : ''}L job log at the failing line · esc list`,
            width,
          )}
        </Text>
        {out.slice(top, top + room).map((line, i) => (
          <Text key={top + i} wrap="truncate" {...(line === 'Stack trace' || line === 'Output' ? { color: theme.accent } : {})}>
            {truncateToWidth(line, width)}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      heading={
        <Text bold wrap="truncate">
          {truncateToWidth(head, width)}
        </Text>
      }
      keyOf={(r) => r.id}
      noun="cases"
      emptyNoun="test cases"
      empty={list.loadedAt !== null && !list.filter ? 'No test cases: no job of this pipeline uploaded a JUnit report.' : undefined}
      extra="⏎ output · L log · F most failing"
    />
  );
}
