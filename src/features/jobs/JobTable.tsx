// Jobs as a table (the project's jobs, and a pipeline's jobs in list view).
import type { Job } from '../../api/index.js';
import { Table, statusCell, type Column } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { duration, jobSeconds, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { MARKS } from '../../ui/glyphs.js';
import { busyWith } from '../../store/guard.js';
import { useOverdue } from './overdue.js';

/** A runner as GitLab's job page names it: its description, else its name, else its id. */
function runnerName(j: Job): string {
  const runner = j.runner;
  if (!runner) return '';
  return runner.description || runner.name || `#${runner.id}`;
}

/** `nameOf`: a row's Name when the caller names it (a pipeline's trigger jobs), else undefined. */
export function JobTable({
  rows,
  selected,
  width,
  height,
  showPipeline,
  empty,
  nameOf,
  refOf,
  projectId,
}: {
  rows: Job[];
  selected: number;
  width: number;
  height: number;
  showPipeline?: boolean;
  empty: string;
  nameOf?: (j: Job) => string | undefined;
  /** A ref as the lists show it (`!312 title` for a merge request's), when the caller knows how. */
  refOf?: (ref: string) => string;
  /** The rows' project: its build_timeout and its jobs' past runs tell an overdue job (time/overdue.ts). */
  projectId?: number;
}) {
  const { now } = useApp();
  const theme = useTheme();
  const inflight = useAppState((s) => s.inflight);
  const busy = (j: Job) => busyWith(inflight, 'job', j.id) !== undefined;
  const late = useOverdue(projectId);
  const columns: Column<Job>[] = [
    { header: 'Status', width: 11, priority: 8, value: (j) => j.status, display: (j) => statusCell(theme, busy(j) ? 'pending' : j.status) },
    { header: 'Job', width: 9, priority: 3, value: (j) => `#${j.id}` },
    // ↻2: the second attempt (features/jobs/attempts.ts), as GitLab marks retried jobs.
    {
      header: 'Name',
      width: 16,
      grow: 3,
      max: 44,
      priority: 10,
      value: (j) =>
        `${nameOf?.(j) ?? j.name}${typeof j.attempts === 'number' ? ` ${MARKS.attempt.glyph}${j.attempts}` : ''}${j.allow_failure && j.status === 'failed' ? ' (allowed to fail)' : ''}`,
    },
    { header: 'Stage', width: 10, priority: 5, value: (j) => j.stage },
    ...(showPipeline
      ? [
          { header: 'Pipeline', width: 9, priority: 4, value: (j: Job) => (j.pipeline ? `#${j.pipeline.id}` : '') },
          { header: 'Ref', width: 10, grow: 1, max: 32, priority: 6, value: (j: Job) => refOf?.(j.ref) ?? j.ref },
        ]
      : []),
    { header: 'By', width: 10, priority: 2, value: (j) => j.user?.username ?? '' },
    // ⧖: running past its timeout or far past its usual time (its details say which).
    {
      header: 'Duration',
      width: 9,
      priority: 7,
      align: 'right',
      value: (j) => `${late(j) ? `${MARKS.overdue.glyph} ` : ''}${duration(jobSeconds(j, now()))}`,
      color: (j) => (late(j) ? theme.warning : undefined),
    },
    { header: 'Created', width: 10, priority: 1, value: (j) => relativeTime(j.created_at, now()) },
    // Shown only where there is room (they give way first): how long it waited for a runner, and which one took it.
    { header: 'Queued', width: 8, priority: 0, align: 'right', value: (j) => duration(j.queued_duration) },
    { header: 'Runner', width: 12, grow: 1, max: 32, priority: 0, value: (j) => runnerName(j) },
  ];
  return <Table columns={columns} rows={rows} selected={selected} height={height} width={width} keyOf={(j) => j.id} emptyText={empty} />;
}
