// A pipeline: its fields, then its jobs by stage — as a list, or as a stage graph (stages as
// columns, like GitLab's pipeline graph), or as a timeline (queued and running spans on one time
// axis, the critical path marked). `v` cycles them, `s` filters jobs by status.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Job } from '../../api/index.js';
import { listKeyText, type Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { StatusBadge } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { duration, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { emptyText, useList } from '../../ui/use-list.js';
import { JobTable } from '../jobs/index.js';
import { ListStatus } from '../../ui/ListStatus.js';
import { StageGraph } from './StageGraph.js';
import { useDownstreamHint, useDownstreamNames } from './BridgeName.js';
import { parentText } from './bridges.js';
import { mrKindText } from './mr.js';
import { mrRef, refText } from '../../domain/merge-request-refs.js';
import { PipelineDetails, PipelineExtrasLine } from './PipelineExtras.js';
import { Timeline } from './TimelineView.js';
import { MARK_GLYPH } from '../marks/index.js';
import { pipelineLoadKey } from './writers.js';
import { useLayoutAhead } from './layout-ahead.js';
import { listKeys } from '../../domain/list-keys.js';
import { NeedsGraph } from './NeedsGraph.js';
import { jobsWithNeeds, needsMapOf } from './needs-layout.js';

/** The needs view without GitLab's GraphQL: REST never tells `needs`. */
const NO_NEEDS = 'needs come from GitLab GraphQL: not read (yet, or this GitLab does not serve it), drawn by stage order';

export const SUMMARY_ROWS = 3;

/** What the status line says of the view, and what `v` leads to. */
const VIEW_HINT = { list: 'v stage graph', graph: 'stage graph · v needs', needs: 'needs graph · v timeline', timeline: 'timeline · v list' } as const;

export function PipelinePane({ pane, width, height }: { pane: Extract<Pane, { kind: 'pipeline' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const pipeline = useAppState((s) => s.pipelines[pane.pipelineId]);
  const error = useAppState((s) => s.loadErrors[pipelineLoadKey(pane.pipelineId)]);
  const marked = useAppState((s) => s.marks[pane.pipelineId] !== undefined);
  const key = listKeys.pipelineJobs(pane.projectId, pane.pipelineId);
  const scope = useAppState((s) => s.jobScopes[listKeyText(key)]);
  const details = useAppState((s) => s.pipelineExtras[pane.pipelineId]?.details === true);
  const { list, rows } = useList<Job>(key);
  const p = pipeline;
  const names = useDownstreamNames(pane);
  const hint = useDownstreamHint(pane, rows[list.selected]);
  const ref = useAppState((s) => (p ? refText(s, pane.projectId, p.ref) : ''));
  const mr = p ? mrRef(p.ref) : null;
  const parent = parentText(pane, p?.source);
  const needsOf = useAppState((s) => needsMapOf(s.pipelineGraphs[pane.pipelineId]));
  const timed = jobsWithNeeds(rows, needsOf);
  useLayoutAhead(pane.view === 'needs' ? timed : rows, pane.view, now, needsOf);
  // A downstream pipeline names its parent on a row of its own, under the tests and variables.
  const body = height - SUMMARY_ROWS - 1 - (parent ? 1 : 0);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {/* Each summary line is cut, never wrapped: a wrapped line pushed the first one off screen. */}
      <Text wrap="truncate">
        <StatusBadge status={p?.status ?? 'created'} />
        <Text bold> #{pane.pipelineId}</Text>
        {marked ? <Text color={theme.accent}> {MARK_GLYPH} watched</Text> : null}
        {p || !error ? (
          <Text>
            {' '}
            {p
              ? `on ${safeText(ref, 50)}${mr ? ` (${mrKindText(mr.kind)})` : ''}${p.tag ? ' (tag)' : ''} · ${p.sha.slice(0, 8)} · ${safeText(p.source ?? '', 30)}`
              : 'loading…'}
          </Text>
        ) : (
          <Text color={theme.error}> could not load it: {safeText(error, 300)}</Text>
        )}
        {p?.user ? <Text dimColor> · by {safeText(p.user.username, 30)}</Text> : null}
        {/* A later read refused (a revoked token: the GraphQL polls' 304s skip GitLab's authentication). */}
        {p && error ? <Text color={theme.error}> · {safeText(error, 200)}</Text> : null}
      </Text>
      <Text dimColor wrap="truncate">
        {p
          ? `created ${relativeTime(p.created_at, now())} · started ${relativeTime(p.started_at, now())} · finished ${relativeTime(p.finished_at, now())} · duration ${duration(p.duration)} · queued ${duration(p.queued_duration)}${p.coverage ? ` · coverage ${safeText(p.coverage, 10)}%` : ''}`
          : ''}
      </Text>
      {p?.yaml_errors ? (
        <Text color={theme.error} wrap="truncate">
          YAML errors: {safeText(p.yaml_errors, width - 14)}
        </Text>
      ) : (
        <PipelineExtrasLine pipelineId={pane.pipelineId} width={width} />
      )}
      {parent ? (
        <Text dimColor wrap="truncate">
          {parent}
          {pane.parent ? ' · esc back to it' : ''}
        </Text>
      ) : null}
      {details ? (
        <PipelineDetails pipelineId={pane.pipelineId} width={width} height={body} />
      ) : pane.view === 'graph' ? (
        <StageGraph jobs={rows} selected={list.selected} width={width} height={body} nameOf={names} />
      ) : pane.view === 'needs' ? (
        <NeedsGraph jobs={rows} selected={list.selected} width={width} height={body} needsOf={needsOf} note={needsOf ? null : NO_NEEDS} nameOf={names} />
      ) : pane.view === 'timeline' ? (
        <Timeline jobs={timed} now={now()} selected={list.selected} width={width} height={body} />
      ) : (
        <JobTable rows={rows} selected={list.selected} width={width} height={body} empty={emptyText(list, 'jobs')} nameOf={names} projectId={pane.projectId} />
      )}
      <ListStatus
        list={list}
        shown={rows.length}
        noun="jobs"
        extra={`${hint ? `${hint} · ` : ''}${VIEW_HINT[pane.view]}${scope?.length ? ` · status: ${scope.join(', ')}` : ''}`}
      />
    </Box>
  );
}
