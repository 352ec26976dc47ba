// The timeline view of a pipeline: one row per job, grouped under its stage, with its queued (░)
// and running (█) spans on a shared time axis; the critical path is marked '▸' and drawn bold, so
// it reads without colour (NO_COLOR). Windowed: only the rows that fit are rendered. (Named
// TimelineView.tsx: esbuild resolved `./Timeline.js` to timeline.ts beside it and the build failed.)
import { useMemo, type ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { displayWidth, padToWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../../ui/theme.js';
import { WindowedList } from '../../ui/components/WindowedList.js';
import {
  BAR,
  axisFor,
  axisLine,
  barCells,
  timelineAt,
  timelineSkeleton,
  type Timeline as TimelineData,
  type TimelineEntry,
  type TimelineJob,
  type TimelineSkeleton,
} from './timeline.js';
import { MARKS } from '../../ui/glyphs.js';

export interface TimelineProps {
  jobs: readonly TimelineJob[];
  /** ms since the epoch: where running jobs' bars end. */
  now: number;
  width: number;
  /** Rows, including the axis line. */
  height: number;
  /** Index into `jobs` of the job under the cursor (the same cursor as the list and the graph). */
  selected: number;
  stageOrder?: readonly string[];
}

export type TimelineRow = { kind: 'stage'; stage: string } | { kind: 'job'; entry: TimelineEntry };

export const CRITICAL_MARK = MARKS.folded.glyph;

/** Stage headings and job rows, in drawing order. */
export function timelineRows(entries: readonly TimelineEntry[], stages: readonly string[]): TimelineRow[] {
  // A bucket per stage, filled in one pass over the entries (not one pass per stage).
  const buckets: TimelineRow[][] = stages.map(() => []);
  for (const entry of entries) buckets[entry.stageIndex]?.push({ kind: 'job', entry });
  const rows: TimelineRow[] = [];
  stages.forEach((stage, i) => {
    rows.push({ kind: 'stage', stage });
    for (const row of buckets[i]!) rows.push(row);
  });
  return rows;
}

// Each job's name width, by job object: the timeline of a running pipeline is laid out again for
// each new `now`, and 5,000 names need not be measured each time.
const nameWidths = new WeakMap<TimelineJob, number>();

function longestName(entries: readonly TimelineEntry[]): number {
  let longest = 0;
  for (const { job } of entries) {
    let width = nameWidths.get(job);
    if (width === undefined) nameWidths.set(job, (width = displayWidth(safeText(job.name, 80))));
    longest = Math.max(longest, width);
  }
  return longest;
}

/** Cells for the label column: marker, icon, space, name, clamped so the bars keep most of the width. */
export function labelWidth(longestName: number, width: number): number {
  return Math.max(6, Math.min(longestName + 3, 28, Math.floor(width * 0.4)));
}

interface Layout {
  timeline: TimelineData;
  rows: TimelineRow[];
  nameWidth: number;
}

/** Each skeleton's rows and its longest name: what its layouts at every `now` share. */
const skeletonRows = new WeakMap<TimelineSkeleton, { rows: TimelineRow[]; nameWidth: number }>();

/**
 * The last layout of each jobs array (the store replaces the array when jobs change), so `v` back
 * to the timeline, which mounts it afresh, does not lay out 5,000 jobs again. Reused while the
 * stage order is the same and either `now` is too or no span reads it (no job runs or waits). At a
 * new `now` only the live and critical entries' rows are new (timeline.ts timelineAt).
 */
const layouts = new WeakMap<readonly TimelineJob[], { now: number; stageOrder: readonly string[] | undefined; live: boolean; layout: Layout }>();

/** The skeleton of a layout and its rows: what every `now` shares. */
function timelineBase(jobs: readonly TimelineJob[], stageOrder?: readonly string[]): TimelineSkeleton {
  const skeleton = timelineSkeleton(jobs, stageOrder);
  if (!skeletonRows.has(skeleton)) {
    skeletonRows.set(skeleton, { rows: timelineRows(skeleton.entries, skeleton.stages), nameWidth: longestName(skeleton.entries) });
  }
  return skeleton;
}

export function timelineLayout(jobs: readonly TimelineJob[], at: number, stageOrder?: readonly string[]): Layout {
  // To the second (GitLab's times are whole seconds): a running pipeline's timeline is laid out
  // again when its clock moves, not at each key within a second, and the layout made ahead
  // (layout-ahead.ts) is the one the next frame within that second uses.
  const now = Math.floor(at / 1000) * 1000;
  const last = layouts.get(jobs);
  if (last && last.stageOrder === stageOrder && (last.now === now || !last.live)) return last.layout;
  const skeleton = timelineBase(jobs, stageOrder);
  const base = skeletonRows.get(skeleton)!;
  const { timeline, changed } = timelineAt(skeleton, now);
  const rows = base.rows.slice();
  // timelineRows puts a heading before each stage's entries: entry i is row i + stageIndex + 1.
  for (const i of changed) {
    const entry = timeline.entries[i]!;
    rows[i + entry.stageIndex + 1] = { kind: 'job', entry };
  }
  const layout = { timeline, rows, nameWidth: base.nameWidth };
  layouts.set(jobs, { now, stageOrder, live: skeleton.live.length > 0, layout });
  return layout;
}

export function Timeline({ jobs, now, width, height, selected, stageOrder }: TimelineProps): ReactNode {
  const theme = useTheme();
  // Laid out once per jobs and second (timelineLayout), not per cursor move nor per switch to this view.
  const second = Math.floor(now / 1000);
  const { timeline, rows, nameWidth } = useMemo(() => timelineLayout(jobs, second * 1000, stageOrder), [jobs, second, stageOrder]);
  if (rows.length === 0) {
    return (
      <Box height={1}>
        <Text color={theme.muted}>No jobs</Text>
      </Box>
    );
  }
  const bodyHeight = Math.max(0, Math.floor(height) - 1);
  const scrollbar = rows.length > bodyHeight ? 1 : 0;
  const label = labelWidth(nameWidth, width);
  const cells = Math.max(0, Math.floor(width) - label - 1 - scrollbar);
  const axis = axisFor(timeline, cells);
  const cursor = Math.max(
    0,
    rows.findIndex((r) => r.kind === 'job' && r.entry.index === selected),
  );

  const renderRow = (row: TimelineRow): ReactNode => {
    if (row.kind === 'stage') {
      return (
        <Text bold color={theme.muted}>
          {truncateToWidth(safeText(row.stage, 80), label + 1 + cells)}
        </Text>
      );
    }
    const { entry } = row;
    const status = theme.status(entry.job.status);
    const isSelected = entry.index === selected;
    const bar = axis ? barCells(entry, axis) : '';
    return (
      <>
        <Text color={theme.accent} bold>
          {entry.critical ? CRITICAL_MARK : ' '}
        </Text>
        <Text color={status.color}>{status.icon}</Text>
        <Text inverse={isSelected && theme.selection.inverse} bold={entry.critical}>
          {' ' + padToWidth(safeText(entry.job.name, 80), label - 3)}
        </Text>
        <Text> </Text>
        {runs(bar).map((run, i) => (
          <Text key={i} color={run.char === BAR.running ? status.color : theme.muted} bold={entry.critical}>
            {run.text}
          </Text>
        ))}
      </>
    );
  };

  return (
    <Box flexDirection="column" width={Math.max(0, Math.floor(width))} flexShrink={0}>
      <Text color={theme.muted} wrap="truncate">
        {' '.repeat(label + 1) + (axis ? axisLine(axis) : '')}
      </Text>
      <WindowedList
        items={rows}
        selected={cursor}
        height={bodyHeight}
        keyOf={(row) => (row.kind === 'stage' ? `stage:${row.stage}` : row.entry.job.id)}
        renderItem={renderRow}
        marker={false}
      />
    </Box>
  );
}

/** "██░░  " → runs of equal cells, so a row is a handful of <Text>s, not one per cell. */
function runs(cells: string): { char: string; text: string }[] {
  const out: { char: string; text: string }[] = [];
  for (const ch of cells) {
    const last = out[out.length - 1];
    if (last && last.char === ch) last.text += ch;
    else out.push({ char: ch, text: ch });
  }
  return out;
}
