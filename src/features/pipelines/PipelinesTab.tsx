// The project's pipelines: id, status, ref, sha, source, who, when, duration. The list rows are
// GitLab's short form; who and duration come from the full form, which the poller reads for the
// rows near the cursor (hydrate.ts).
import type { Pipeline, PipelineBasic } from '../../api/index.js';
import { formatPipelineFilters } from './filters.js';
import { refText } from '../../domain/merge-request-refs.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useTheme } from '../../ui/theme.js';
import { useApp, useAppState } from '../../ui/context.js';
import { duration, relativeTime } from '../../ui/format.js';
import { useList } from '../../ui/use-list.js';
import { MARK_GLYPH } from '../marks/index.js';
import { useMemo } from 'react';
import { sparkline } from '../../ui/components/Sparkline.js';
import { durationsByRef } from '../../domain/durations.js';
import { PIPELINE_TITLE_FROM, type HeldPipeline } from './hydrate.js';
import { listKeys } from '../../domain/list-keys.js';

export function PipelinesTab({ projectId, width, height }: { projectId: number; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const key = listKeys.pipelines(projectId);
  const { list, rows } = useList<PipelineBasic>(key);
  const full = useAppState((s) => s.pipelines);
  const filters = useAppState((s) => s.pipelineFilters[projectId]);
  const mergeRequests = useAppState((s) => s.mergeRequests);
  const marks = useAppState((s) => s.marks);
  const wide = useAppState((s) => s.viewport.width >= PIPELINE_TITLE_FROM);

  // Per ref, the durations of its pipelines on the page, drawn on the ref's newest row.
  const series = useMemo(() => durationsByRef(list.items), [list.items]);
  const trend = (p: PipelineBasic) => {
    const s = series.get(p.ref);
    return s && s.newestId === p.id && s.seconds.length > 1 ? sparkline(s.seconds, 8) : '';
  };
  const detail = (p: PipelineBasic): Partial<Pipeline> => full[p.id] ?? {};
  const columns: Column<PipelineBasic>[] = [
    { header: 'Status', width: 11, priority: 9, value: (p) => p.status, display: (p) => statusCell(theme, p.status) },
    { header: 'Pipeline', width: 9, priority: 8, value: (p) => `#${p.id}${marks[p.id] ? ` ${MARK_GLYPH}` : ''}` },
    { header: 'Ref', width: 14, grow: 2, max: 40, priority: 10, value: (p) => refText({ mergeRequests }, projectId, p.ref) },
    { header: 'Commit', width: 9, priority: 4, value: (p) => p.sha.slice(0, 8) },
    // Read near the cursor only where it shows (hydrate.ts); the first to give way.
    ...(wide ? [{ header: 'Title', width: 24, grow: 3, priority: 0, value: (p: PipelineBasic) => (full[p.id] as HeldPipeline)?.commitTitle ?? '' }] : []),
    { header: 'Source', width: 12, grow: 1, max: 20, priority: 2, value: (p) => p.source ?? '' },
    { header: 'By', width: 12, priority: 3, value: (p) => detail(p).user?.username ?? '' },
    { header: 'Created', width: 10, priority: 6, value: (p) => relativeTime(p.created_at, now()) },
    { header: 'Duration', width: 9, priority: 5, align: 'right', value: (p) => duration(detail(p).duration) },
    // Last and least: on an 80-column terminal it gives way first.
    { header: 'Trend', width: 8, priority: 1, align: 'right', value: trend },
  ];
  const filterText = filters ? formatPipelineFilters(filters) : '';
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      keyOf={(p) => p.id}
      noun="pipelines"
      extra={filterText ? `filters: ${filterText}` : 'f filters'}
    />
  );
}
