// A pipeline: its fields, then its jobs by stage — as a list, or as a stage graph (stages as
// columns, like GitLab's pipeline graph). `v` switches, `s` filters jobs by status.
import { Box, Text } from 'ink';
import type { Job } from '../../api/index.js';
import { listKeys } from '../../store/sources.js';
import { listKeyText, type Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { StatusBadge } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { duration, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { emptyText, useList } from '../../ui/use-list.js';
import { JobTable } from '../jobs/JobTable.js';
import { ListStatus } from '../../ui/ListStatus.js';
import { StageGraph } from './StageGraph.js';
import { useDownstreamHint, useDownstreamNames } from './BridgeName.js';
import { parentText } from './bridges.js';
import { mrKindText, mrRef, refText } from './mr.js';

export const SUMMARY_ROWS = 3;

export function PipelinePane({ pane, width, height }: { pane: Extract<Pane, { kind: 'pipeline' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const pipeline = useAppState((s) => s.pipelines[pane.pipelineId]);
  const key = listKeys.pipelineJobs(pane.projectId, pane.pipelineId);
  const scope = useAppState((s) => s.jobScopes[listKeyText(key)]);
  const { list, rows } = useList<Job>(key);
  const body = height - SUMMARY_ROWS - 1;
  const p = pipeline;
  const names = useDownstreamNames(pane);
  const hint = useDownstreamHint(pane, rows[list.selected]);
  const ref = useAppState((s) => (p ? refText(s, pane.projectId, p.ref) : ''));
  const mr = p ? mrRef(p.ref) : null;
  const parent = parentText(pane, p?.source);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {/* Each summary line is cut, never wrapped: a wrapped line pushed the first one off screen. */}
      <Text wrap="truncate">
        <StatusBadge status={p?.status ?? 'created'} />
        <Text bold> #{pane.pipelineId}</Text>
        <Text> {p ? `on ${safeText(ref, 50)}${mr ? ` (${mrKindText(mr.kind)})` : ''}${p.tag ? ' (tag)' : ''} · ${p.sha.slice(0, 8)} · ${safeText(p.source ?? '', 30)}` : 'loading…'}</Text>
        {p?.user ? <Text dimColor> · by {safeText(p.user.username, 30)}</Text> : null}
      </Text>
      <Text dimColor wrap="truncate">
        {p
          ? `created ${relativeTime(p.created_at, now())} · started ${relativeTime(p.started_at, now())} · finished ${relativeTime(p.finished_at, now())} · duration ${duration(p.duration)} · queued ${duration(p.queued_duration)}${p.coverage ? ` · coverage ${safeText(p.coverage, 10)}%` : ''}`
          : ''}
      </Text>
      {p?.yaml_errors ? <Text color={theme.error} wrap="truncate">YAML errors: {safeText(p.yaml_errors, width - 14)}</Text> : parent ? <Text dimColor wrap="truncate">{parent}{pane.parent ? ' · esc back to it' : ''}</Text> : <Text> </Text>}
      {pane.view === 'graph' ? (
        <StageGraph jobs={rows} selected={list.selected} width={width} height={body} nameOf={names} />
      ) : (
        <JobTable rows={rows} selected={list.selected} width={width} height={body} empty={emptyText(list, 'jobs')} nameOf={names} />
      )}
      <ListStatus list={list} shown={rows.length} noun="jobs" extra={`${hint ? `${hint} · ` : ''}${pane.view === 'graph' ? 'stage graph · v list' : 'v stage graph'}${scope?.length ? ` · status: ${scope.join(', ')}` : ''}`} />
    </Box>
  );
}
