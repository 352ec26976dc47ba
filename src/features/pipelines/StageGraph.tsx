// Stages as columns, jobs stacked under their stage, like GitLab's pipeline graph. The cursor
// walks jobs in stage order (the same order as the list view); only the rows that fit are drawn.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Job } from '../../api/index.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../../ui/theme.js';

type Column = { stage: string; jobs: { job: Job; index: number }[] };

export function stagesOf(jobs: readonly Job[]): Column[] {
  const stages: Column[] = [];
  const byStage = new Map<string, Column>();
  jobs.forEach((job, index) => {
    let column = byStage.get(job.stage);
    if (!column) {
      stages.push((column = { stage: job.stage, jobs: [] }));
      byStage.set(job.stage, column);
    }
    column.jobs.push({ job, index });
  });
  return stages;
}

// The columns of each jobs array (the store replaces the array when jobs change): the graph mounts
// afresh on each `v` and renders on each cursor move, and 5,000 jobs need not be regrouped for that.
const columns = new WeakMap<readonly Job[], Column[]>();

/** The graph's columns of `jobs`, grouped once per array (PipelinePane also asks ahead of `v`). */
export function columnsOf(jobs: readonly Job[]): Column[] {
  let stages = columns.get(jobs);
  if (!stages) columns.set(jobs, (stages = stagesOf(jobs)));
  return stages;
}

const COUNTED = ['success', 'failed', 'running'] as const;

/** A stage's passed, failed and running jobs, as its column's header shows them (`✔3 ✖1 ●1`; none: empty). */
export function stageCounts(jobs: readonly Job[], icon: (status: string) => string): string {
  const count = (status: string) => jobs.filter((j) => j.status === status).length;
  return countsText(
    COUNTED.map((status) => count(status)),
    icon,
  );
}

function countsText(counts: readonly number[], icon: (status: string) => string): string {
  return COUNTED.map((status, i) => ({ status, n: counts[i]! }))
    .filter(({ n }) => n > 0)
    .map(({ status, n }) => `${icon(status)}${n}`)
    .join(' ');
}

// A column's counts, once per column (columns are made once per jobs array): a stage of 1,000 jobs
// was counted three times over on every cursor move.
const columnCounts = new WeakMap<Column, number[]>();

function countsOf(column: Column): number[] {
  let counts = columnCounts.get(column);
  if (!counts) {
    counts = COUNTED.map(() => 0);
    for (const { job } of column.jobs) {
      const at = (COUNTED as readonly string[]).indexOf(job.status);
      if (at >= 0) counts[at]!++;
    }
    columnCounts.set(column, counts);
  }
  return counts;
}

/** `nameOf`: a job's label when the caller names it (a trigger job with its mark), else undefined. */
export function StageGraph({
  jobs,
  selected,
  width,
  height,
  nameOf,
}: {
  jobs: Job[];
  selected: number;
  width: number;
  height: number;
  nameOf?: (j: Job) => string | undefined;
}) {
  const theme = useTheme();
  const stages = columnsOf(jobs);
  if (stages.length === 0)
    return (
      <Box height={height}>
        <Text dimColor>No jobs</Text>
      </Box>
    );
  // Columns share the width; with many stages, show the ones around the selection.
  const colWidth = Math.max(16, Math.floor(width / Math.min(stages.length, 5)));
  const fit = Math.max(1, Math.floor(width / colWidth));
  const selStage = Math.max(
    0,
    stages.findIndex((s) => s.jobs.some((j) => j.index === selected)),
  );
  const first = Math.min(Math.max(0, selStage - Math.floor(fit / 2)), Math.max(0, stages.length - fit));
  const rowsForJobs = height - 1;
  const counts = (column: Column) => {
    const text = countsText(countsOf(column), (status) => theme.status(status).icon);
    return text ? ` ${text}` : '';
  };
  // Drawn as one line of text per row, the columns padded to their width: a Box per column and a
  // Text per job made Yoga measure ~190 nodes on every cursor move (bench/latency.mjs `v` → stage
  // graph); a line per row is ~40. Every cell stays narrower than its column (the header is cut to
  // colWidth - 1, a job to its icon, a space and colWidth - 4), so the frame is the same.
  const shown = stages.slice(first, first + fit).map((column) => {
    const at = column.jobs.findIndex((j) => j.index === selected);
    const offset = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor(rowsForJobs / 2), column.jobs.length - rowsForJobs));
    return {
      header: truncateToWidth(`${safeText(column.stage, 40)} (${column.jobs.length})${counts(column)}${offset > 0 ? ' ↑' : ''}`, colWidth - 1),
      jobs: column.jobs.slice(offset, offset + rowsForJobs),
    };
  });
  const rows = Math.min(rowsForJobs, Math.max(0, ...shown.map((column) => column.jobs.length)));
  const pad = (cell: string, last: boolean) => (last ? '' : ' '.repeat(Math.max(0, colWidth - displayWidth(cell))));
  return (
    <Box height={height} width={width} flexDirection="column">
      <Text wrap="truncate">
        {shown.map((column, c) => (
          <Text key={column.header + c}>
            <Text bold>{column.header}</Text>
            {pad(column.header, c === shown.length - 1)}
          </Text>
        ))}
      </Text>
      {Array.from({ length: rows }, (_, r) => (
        <Text key={r} wrap="truncate">
          {shown.map((column, c) => {
            const last = c === shown.length - 1;
            const cell = column.jobs[r];
            if (!cell) return <Text key={c}>{pad('', last)}</Text>;
            const icon = theme.status(cell.job.status);
            const name = truncateToWidth(safeText(nameOf?.(cell.job) ?? cell.job.name, 80), colWidth - 4);
            return (
              <Text key={c}>
                <Text inverse={cell.index === selected}>
                  <Text color={icon.color}>{icon.icon}</Text> {name}
                </Text>
                {pad(`${icon.icon} ${name}`, last)}
              </Text>
            );
          })}
        </Text>
      ))}
    </Box>
  );
}
