// `:runners`: one row per runner — its state (online, offline, stale, paused, never contacted), last
// contact, version, tags, jobs running now — then, for a project, its recent failed jobs grouped by
// runner and machine, a runner flagged when they blame it far more than the others. A 403 says that
// listing runners needs the Maintainer role (or an administrator, for all).
import { Box } from 'ink';
import type { Runner } from '../../api/index.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { relativeTime } from '../../time/relative-time.js';
import { Table, type Column } from '../../ui/components/index.js';
import { Text } from '../../ui/components/Text.js';
import { useApp, useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { runnerState } from './explain.js';
import { flagged, groupFailures, reasonWords } from './failures.js';
import { listId, type RunnerInfo } from './slice.js';

type RunnersPaneProps = { pane: Extract<Pane, { kind: 'runners' }>; width: number; height: number };

const TYPE: Record<string, string> = { instance_type: 'instance', group_type: 'group', project_type: 'project' };

/** Where the list comes from, said in its heading. */
function whereWords(pane: RunnersPaneProps['pane']): string {
  if (pane.scope === 'project') return `that ${safeText(pane.path, 60)} can use`;
  if (pane.scope === 'group') return `of group ${safeText(pane.group, 60)} (and the instance's)`;
  return pane.scope === 'all' ? 'of the instance (all)' : 'of your projects and groups';
}

export function RunnersPane({ pane, width, height }: RunnersPaneProps) {
  const theme = useTheme();
  const { now } = useApp();
  const list = useAppState((s) => s.runnerLists[listId(pane)]);
  const info = useAppState((s) => s.runnerInfo);
  const heading = `Runners ${whereWords(pane)}`;
  if (!list || (!list.rows && !list.error))
    return (
      <Box height={height}>
        <Text dimColor>{heading}: reading…</Text>
      </Box>
    );
  if (list.error && !list.rows) {
    const needs = pane.scope === 'all' ? 'Listing all runners is for administrators' : 'Listing these runners needs the Maintainer role';
    return (
      <Box height={height} flexDirection="column">
        <Text bold>{heading}</Text>
        <Text color={theme.error} wrap="wrap">
          {list.forbidden ? `${needs} (GitLab: ${list.error}). ` : `Cannot read them: ${list.error}. `}
        </Text>
        <Text dimColor wrap="wrap">
          {list.forbidden
            ? 'Instance runners stay readable one by one (:runner ID); a pending job still says which tags it needs.'
            : 'R tries again · esc back'}
        </Text>
      </Box>
    );
  }
  const rows = list.rows ?? [];
  const groups = list.failed ? groupFailures(list.failed) : [];
  const flags = flagged(groups);
  const flaggedIds = new Set(flags.map((g) => g.runnerId));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(runnerState(r), (counts.get(runnerState(r)) ?? 0) + 1);
  const census = [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
  const failureRows = groups.length ? Math.min(groups.length, Math.max(0, Math.floor((height - 6) / 3))) : 0;
  const tableHeight = Math.max(3, height - 1 - (failureRows ? failureRows + 1 : 0));
  const columns = runnerColumns(info, list.running, flaggedIds, now(), theme);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold wrap="truncate">
        {heading} · {rows.length} · {census || 'none'}
      </Text>
      <Table
        columns={columns}
        rows={rows}
        selected={list.selected}
        height={tableHeight}
        width={width}
        keyOf={(r) => String(r.id)}
        emptyText="No runner here."
      />
      {failureRows ? (
        <>
          <Text bold wrap="truncate">
            Recent failed jobs by runner ({list.failed!.length}):
          </Text>
          {groups.slice(0, failureRows).map((g) => (
            <Text key={`${g.runnerId}:${g.machine}`} wrap="truncate" color={flags.includes(g) ? theme.error : undefined}>
              {flags.includes(g) ? '⚠ ' : '  '}
              {safeText(g.runner, 40)}
              {g.machine ? ` (${safeText(g.machine, 24)})` : ''}: {reasonWords(g.reasons)}
            </Text>
          ))}
        </>
      ) : null}
    </Box>
  );
}

function runnerColumns(
  info: Record<number, RunnerInfo>,
  running: Record<number, number> | null,
  flaggedIds: Set<number | null>,
  now: number,
  theme: ReturnType<typeof useTheme>,
): Column<Runner>[] {
  const stateColor = (r: Runner) => {
    const state = runnerState(r);
    return state === 'online' ? theme.success : state === 'paused' ? theme.warning : state === 'offline' || state === 'stale' ? theme.error : theme.muted;
  };
  return [
    { header: 'State', width: 8, priority: 3, value: (r) => (runnerState(r) === 'never contacted' ? 'never' : runnerState(r)), color: stateColor },
    { header: 'Runner', width: 14, grow: 2, max: 40, priority: 3, value: (r) => `${flaggedIds.has(r.id) ? '⚠ ' : ''}#${r.id} ${r.description ?? ''}` },
    { header: 'Type', width: 8, priority: 1, value: (r) => TYPE[r.runner_type ?? ''] ?? r.runner_type ?? '' },
    { header: 'Contact', width: 9, priority: 2, value: (r) => relativeTime(info[r.id]?.details?.contacted_at, now) },
    { header: 'Version', width: 8, priority: 1, value: (r) => info[r.id]?.details?.version ?? '' },
    { header: 'Tags', width: 10, grow: 2, max: 40, priority: 2, value: (r) => tagWords(info[r.id]) },
    {
      header: 'Jobs',
      width: 5,
      align: 'right',
      priority: 2,
      value: (r) => (running ? String(running[r.id] ?? 0) : r.job_execution_status === 'active' ? 'busy' : r.job_execution_status === 'idle' ? '0' : ''),
    },
  ];
}

function tagWords(info: RunnerInfo | undefined): string {
  const d = info?.details;
  if (!d) return info?.error ? '?' : '…';
  const tags = (d.tag_list ?? []).join(', ');
  return `${tags || '(untagged)'}${d.run_untagged && tags ? ' +untagged' : ''}${d.access_level === 'ref_protected' ? ' [protected]' : ''}`;
}
