// The project's pipeline schedules (spec 4.3), as GitLab's schedules page lists them: active,
// description, the cron in words with its zone, next run, last pipeline, owner, ref. `f` cycles
// GitLab's scope filter (all / active / inactive).
import { Box } from 'ink';
import type { PipelineSchedule } from '../../../api/index.js';
import { listKeys } from '../../../store/sources.js';
import { Table, statusCell, type Column } from '../../components/index.js';
import { useTheme } from '../../theme.js';
import { useApp, useAppState } from '../../context.js';
import { emptyText, useList } from '../../use-list.js';
import { ListStatus } from '../ListStatus.js';
import { cronInWords, untilTime } from './zoned.js';

export function SchedulesTab({ projectId, width, height }: { projectId: number; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const key = listKeys.schedules(projectId);
  const { list, rows } = useList<PipelineSchedule>(key);
  const scope = useAppState((s) => s.listFilters[key]?.scope);
  const inflight = useAppState((s) => s.inflight);
  const readOnly = useAppState((s) => s.config.readOnly);
  const busy = (s: PipelineSchedule) => Object.keys(inflight).some((k) => k.startsWith('schedule.') && k.endsWith(`:${s.id}`));
  const columns: Column<PipelineSchedule>[] = [
    { header: 'Active', width: 6, value: (s) => (busy(s) ? '…' : s.active ? 'yes' : 'no') },
    { header: 'Description', width: 14, grow: 1, value: (s) => s.description },
    { header: 'Schedule', width: 24, grow: 2, value: (s) => cronInWords(s.cron, s.cron_timezone) },
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
    <Box flexDirection="column" height={height}>
      <Table columns={columns} rows={rows} selected={list.selected} height={height - 1} width={width} keyOf={(s) => s.id} emptyText={emptyText(list, scope ? `${scope} schedules` : 'schedules')} />
      <ListStatus list={list} shown={rows.length} noun="schedules" extra={`scope: ${scope ?? 'all'} · f scope${readOnly ? '' : ' · a add'}`} />
    </Box>
  );
}
