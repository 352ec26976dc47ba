// `:jobs`: one row per job across projects, newest first, with its project. The heading names the
// filter and what the last read covered; an action's new state shows at once (the store's job).
import { Text } from '../../ui/components/Text.js';
import { safeText } from '../../text/safe.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { duration, jobSeconds, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import { filterText } from './filter.js';
import { allJobsKey } from './read.js';
import type { FleetJob } from './slice.js';
import { waitShort } from '../runners/index.js';

export function AllJobsPane({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const { now } = useApp();
  const { list, rows } = useList<FleetJob>(allJobsKey());
  const info = useAppState((s) => s.allJobs);
  const known = useAppState((s) => s.jobs);
  const inflight = useAppState((s) => s.inflight);
  // Why a pending job waits, from its project's runners (the runners feature reads them for pending rows).
  const runnerLists = useAppState((s) => s.runnerLists);
  const runnerInfo = useAppState((s) => s.runnerInfo);
  const queuedSince = useAppState((s) => s.queuedSince);
  const projects = useAppState((s) => s.projects);
  const jobOf = (r: FleetJob) => known[r.job.id] ?? r.job;
  const busy = (r: FleetJob) => Object.keys(inflight).some((k) => k.startsWith('job.') && k.endsWith(`:${r.job.id}`));
  const columns: Column<FleetJob>[] = [
    { header: 'Status', width: 11, priority: 8, value: (r) => jobOf(r).status, display: (r) => statusCell(theme, busy(r) ? 'pending' : jobOf(r).status) },
    { header: 'Project', width: 14, grow: 2, priority: 9, value: (r) => safeText(r.path, 80) },
    { header: 'Name', width: 14, grow: 3, priority: 10, value: (r) => safeText(jobOf(r).name, 80) },
    { header: 'Stage', width: 9, priority: 5, value: (r) => safeText(jobOf(r).stage, 30) },
    { header: 'Ref', width: 9, grow: 1, priority: 6, value: (r) => safeText(jobOf(r).ref, 60) },
    { header: 'Job', width: 9, priority: 3, value: (r) => `#${r.job.id}` },
    { header: 'Duration', width: 9, priority: 2, align: 'right', value: (r) => duration(jobSeconds(jobOf(r), now())) },
    { header: 'Created', width: 9, priority: 7, value: (r) => relativeTime(jobOf(r).created_at, now()) },
  ];
  // A pending row says what it waits for (only when there is one: the column costs width).
  if (rows.some((r) => jobOf(r).status === 'pending'))
    columns.push({
      header: 'Waits for',
      width: 16,
      grow: 3,
      priority: 9,
      value: (r) => waitShort({ runnerLists, runnerInfo, queuedSince, projects }, r.projectId, jobOf(r), now()),
    });
  const what = filterText(info.filter) || 'every status';
  const failed = info.failed.length
    ? ` · cannot read ${info.failed.slice(0, 2).join(', ')}${info.failed.length > 2 ? ` and ${info.failed.length - 2} more` : ''}`
    : '';
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      heading={
        <Text wrap="truncate">
          <Text bold>Jobs</Text>
          <Text dimColor>{` · ${safeText(what, 80)} · ${info.projects} project${info.projects === 1 ? '' : 's'}, newest first`}</Text>
          <Text color={theme.error}>{failed}</Text>
        </Text>
      }
      keyOf={(r) => r.job.id}
      noun="jobs"
      extra="⏎ log · p play · r retry · : jobs manual ref=main"
    />
  );
}
