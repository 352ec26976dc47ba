// The pulse pane's view: one row per project — path, a strip of its last pipelines on the default
// branch (oldest → newest, newest at the right edge), how many are in flight, its newest failure
// and how long ago, and a duration sparkline. Pure: rows in, text out; windowed to `height`.
import type { ReactNode } from 'react';
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { displayWidth, padToWidth, safeText } from '../../text/safe.js';
import { relativeTime } from '../../ui/format.js';
import { useTheme, type Theme } from '../../ui/theme.js';
import { WindowedList } from '../../ui/components/WindowedList.js';
import { sparkline } from '../../ui/components/Sparkline.js';
import { attentionTier, overdueIn, type PulseRow } from './model.js';
import { MARKS } from '../../ui/glyphs.js';
import { cutLeft, pulseLayout, type PulseColumn } from './layout.js';

export interface PulseViewProps {
  /** Rows in display order (sortByAttention). */
  rows: readonly PulseRow[];
  selected: number;
  width: number;
  /** Rows available, including the summary and column header lines. */
  height: number;
  /** ms since the epoch, for the failure ages. */
  now: number;
  /** Requests per minute pipetop causes (plan.ts requestsPerMinute), shown in the summary line. */
  requestsPerMinute?: number | undefined;
  emptyText?: string;
  /** No answer is in yet (the project list, or any project's pipelines): the summary counts nothing. */
  loading?: boolean;
  /** The `/` filter the rows went through, and what it covers. */
  filter?: PulseFilter | undefined;
}

/**
 * The `/` filter as the summary line says it: its text, how many projects it chose from, and — when
 * those are not all there are (the user's projects are listed a page at a time; the config file's
 * entries are looked up as their rows come on screen) — what it did not see.
 */
export interface PulseFilter {
  text: string;
  /** Projects the filter chose from. */
  of: number;
  /** What the filter could not cover yet, in words, or null. */
  partial: string | null;
}

const HEADERS: Record<PulseColumn, string> = { path: 'project', strip: 'pipelines', running: 'run', failure: 'last failure', spark: 'duration' };
const RIGHT: Partial<Record<PulseColumn, true>> = { strip: true, running: true, spark: true };

/**
 * "12 projects · 2 red · 3 running · 8 req/min"; "12 projects · loading…" before the first answers
 * are in, when "0 red · 0 running" would claim an all-clear nobody has checked.
 */
export function pulseSummary(rows: readonly PulseRow[], requestsPerMinute?: number, loading = false, filter?: PulseFilter, now = Date.now()): string {
  const red = rows.filter((r) => attentionTier(r) === 0).length;
  const running = rows.filter((r) => r.running > 0).length;
  const late = rows.filter((r) => overdueIn(r, now) > 0).length;
  const projects = filter
    ? `/${filter.text}: ${rows.length} of ${filter.of} project${filter.of === 1 ? '' : 's'}${filter.partial ? ` ${filter.partial}` : ''}`
    : `${rows.length} project${rows.length === 1 ? '' : 's'}`;
  const parts = loading
    ? rows.length
      ? [projects, 'loading…']
      : ['loading…']
    : [projects, `${red} red`, `${running} running${late ? ` (${late} overdue ${MARKS.overdue.glyph})` : ''}`];
  if (requestsPerMinute !== undefined) parts.push(`${Math.round(requestsPerMinute)} req/min`);
  return parts.join(' · ');
}

export function PulseView({
  rows,
  selected,
  width,
  height,
  now,
  requestsPerMinute,
  emptyText = 'No projects.',
  loading = false,
  filter,
}: PulseViewProps): ReactNode {
  const theme = useTheme();
  const bodyHeight = Math.max(0, Math.floor(height) - 2);
  const scrollbar = rows.length > bodyHeight ? 1 : 0;
  const layout = pulseLayout(Math.floor(width) - scrollbar);
  const header = layout.order.map((c) => padToWidth(HEADERS[c], layout.widths[c]!, RIGHT[c] ? 'right' : 'left')).join(' ');

  const renderRow = (row: PulseRow, _index: number, isSelected: boolean): ReactNode =>
    layout.order.map((column, i) => (
      <Text key={column}>
        {i > 0 ? ' ' : ''}
        {cell(column, row, layout.widths[column]!, isSelected, now, theme)}
      </Text>
    ));

  return (
    <Box flexDirection="column" width={Math.max(0, Math.floor(width))} flexShrink={0}>
      <Text color={theme.muted} wrap="truncate">
        {pulseSummary(rows, requestsPerMinute, loading, filter, now)}
      </Text>
      <Text bold color={theme.muted} wrap="truncate">
        {header}
      </Text>
      <WindowedList
        items={[...rows]}
        selected={selected}
        height={bodyHeight}
        keyOf={(row) => row.projectId}
        renderItem={renderRow}
        emptyText={emptyText}
        marker={false}
      />
    </Box>
  );
}

function cell(column: PulseColumn, row: PulseRow, w: number, isSelected: boolean, now: number, theme: Theme): ReactNode {
  switch (column) {
    case 'path':
      return (
        <Text inverse={isSelected && theme.selection.inverse} color={row.loaded ? undefined : theme.muted}>
          {padToWidth(cutLeft(safeText(row.path, 300), w), w)}
        </Text>
      );
    case 'strip':
      return <Strip row={row} width={w} theme={theme} />;
    case 'running': {
      const icon = theme.status('running');
      // ⧖: some of them are overdue (model.ts overdueIn); in the column's room, after the count or for its icon.
      const late = overdueIn(row, now) > 0;
      const count = row.running > 0 ? `${icon.icon}${row.running}` : '';
      const text = late ? (displayWidth(count) < w ? `${count}${MARKS.overdue.glyph}` : `${MARKS.overdue.glyph}${row.running}`) : count;
      return <Text color={late ? theme.warning : icon.color}>{padToWidth(text, w, 'right')}</Text>;
    }
    case 'failure': {
      const failure = row.newestFailure;
      const text = failure ? `${theme.status('failed').icon} ${relativeTime(failure.iso, now)}` : '';
      // Red only while the branch is red; an old failure on a green branch is history.
      return <Text color={row.broken ? theme.error : theme.muted}>{padToWidth(text, w)}</Text>;
    }
    case 'spark':
      return <Text color={theme.muted}>{sparkline(row.durations, w)}</Text>;
  }
}

/** The newest `width` statuses, right-aligned, one coloured glyph each (runs of a status share a <Text>). */
function Strip({ row, width, theme }: { row: PulseRow; width: number; theme: Theme }): ReactNode {
  if (!row.loaded) return <Text color={theme.muted}>{padToWidth('…', width, 'right')}</Text>;
  if (row.strip.length === 0) return <Text color={theme.muted}>{padToWidth('no pipelines', width, 'right')}</Text>;
  const shown = row.strip.slice(-width);
  const runs: { status: string; count: number }[] = [];
  for (const status of shown) {
    const last = runs[runs.length - 1];
    if (last && last.status === status) last.count++;
    else runs.push({ status, count: 1 });
  }
  return (
    <>
      {' '.repeat(width - shown.length)}
      {runs.map((run, i) => {
        const style = theme.status(run.status);
        return (
          <Text key={i} color={style.color}>
            {style.icon.repeat(run.count)}
          </Text>
        );
      })}
    </>
  );
}
