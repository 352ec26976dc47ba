// The project's pipeline schedules (docs/gitlab-api.md §4.3), as GitLab's schedules page lists them: active,
// description, the cron in words with its zone, next run, last pipeline, owner, ref (narrow
// terminals lose the last ones first, never the zone). `f` cycles GitLab's scope filter (all /
// active / inactive).
import { useMemo } from 'react';
import type { PipelineSchedule } from '../../api/index.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useTheme } from '../../ui/theme.js';
import { useApp, useAppState } from '../../ui/context.js';
import { useList } from '../../ui/use-list.js';
import { displayWidth } from '../../text/safe.js';
import { cronInWordsFitted, untilTime } from './zoned.js';
import { listKeyText } from '../../store/types.js';
import { schedulesList } from './slice.js';

/** Cells beside Schedule and Description that must still fit: Active, Next run, three gaps, a scrollbar. */
const BESIDE_SCHEDULE = 6 + 9 + 3 + 1;
/** Description's width before the Table shares out what is left: at least, and wished for. */
const DESCRIPTION = { least: 12, wish: 18 };

export function SchedulesTab({ projectId, width, height }: { projectId: number; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const key = schedulesList(projectId);
  const { list, rows } = useList<PipelineSchedule>(key);
  const scope = useAppState((s) => s.listFilters[listKeyText(key)]?.scope);
  const inflight = useAppState((s) => s.inflight);
  const readOnly = useAppState((s) => s.config.readOnly);
  const busy = (s: PipelineSchedule) => Object.keys(inflight).some((k) => k.startsWith('schedule.') && k.endsWith(`:${s.id}`));
  // The Schedule column is as wide as its widest cell, up to what is left beside Active, Next run
  // and the least of Description; Description then gets up to its wish; the Table drops Ref, Owner
  // and Last from the right when they no longer fit. So at 80 columns a Rails zone ("Eastern Time
  // (US & Canada)") shows whole, rather than be cut for columns the detail pane shows anyway.
  const widest = useMemo(() => Math.max(0, ...rows.map((s) => displayWidth(cronInWordsFitted(s.cron, s.cron_timezone, Infinity)))), [rows]);
  const scheduleWidth = Math.max('Schedule'.length, Math.min(widest, width - BESIDE_SCHEDULE - DESCRIPTION.least));
  const descriptionWidth = Math.max(DESCRIPTION.least, Math.min(DESCRIPTION.wish, width - BESIDE_SCHEDULE - scheduleWidth));
  const columns: Column<PipelineSchedule>[] = [
    { header: 'Active', width: 6, value: (s) => (busy(s) ? '…' : s.active ? 'yes' : 'no') },
    { header: 'Description', width: descriptionWidth, grow: 1, value: (s) => s.description },
    { header: 'Schedule', width: scheduleWidth, value: (s) => cronInWordsFitted(s.cron, s.cron_timezone, scheduleWidth) },
    { header: 'Next run', width: 9, value: (s) => (s.active ? untilTime(s.next_run_at, now()) : '—') },
    {
      header: 'Last',
      width: 10,
      value: (s) => s.last_pipeline?.status ?? '',
      display: (s) => (s.last_pipeline ? statusCell(theme, s.last_pipeline.status) : { text: '—', dim: true }),
    },
    { header: 'Owner', width: 9, value: (s) => s.owner?.username ?? '' },
    { header: 'Ref', width: 9, value: (s) => s.ref.replace(/^refs\/(heads|tags)\//, '') },
  ];
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      keyOf={(s) => s.id}
      noun="schedules"
      emptyNoun={scope ? `${scope} schedules` : 'schedules'}
      extra={`scope: ${scope ?? 'all'} · f scope${readOnly ? '' : ' · a add'}`}
    />
  );
}
