// Stages as columns, jobs stacked under their stage, like GitLab's pipeline graph. The cursor
// walks jobs in stage order (the same order as the list view); only the rows that fit are drawn.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Job } from '../../api/index.js';
import { safeText, truncateToWidth } from '../../text/safe.js';
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

function columnsOf(jobs: readonly Job[]): Column[] {
  let stages = columns.get(jobs);
  if (!stages) columns.set(jobs, (stages = stagesOf(jobs)));
  return stages;
}

/** A stage's passed, failed and running jobs, as its column's header shows them (`✔3 ✖1 ●1`; none: empty). */
export function stageCounts(jobs: readonly Job[], icon: (status: string) => string): string {
  const count = (status: string) => jobs.filter((j) => j.status === status).length;
  return (['success', 'failed', 'running'] as const)
    .map((status) => ({ status, n: count(status) }))
    .filter(({ n }) => n > 0)
    .map(({ status, n }) => `${icon(status)}${n}`)
    .join(' ');
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
  const counts = (stageJobs: Job[]) => {
    const text = stageCounts(stageJobs, (status) => theme.status(status).icon);
    return text ? ` ${text}` : '';
  };
  return (
    <Box height={height} width={width}>
      {stages.slice(first, first + fit).map((column) => {
        const at = column.jobs.findIndex((j) => j.index === selected);
        const offset = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor(rowsForJobs / 2), column.jobs.length - rowsForJobs));
        const shown = column.jobs.slice(offset, offset + rowsForJobs);
        return (
          <Box key={column.stage} flexDirection="column" width={colWidth}>
            <Text bold>
              {truncateToWidth(
                `${safeText(column.stage, 40)} (${column.jobs.length})${counts(column.jobs.map((j) => j.job))}${offset > 0 ? ' ↑' : ''}`,
                colWidth - 1,
              )}
            </Text>
            {shown.map(({ job, index }) => {
              const icon = theme.status(job.status);
              return (
                <Text key={job.id} inverse={index === selected} wrap="truncate">
                  <Text color={icon.color}>{icon.icon}</Text> {truncateToWidth(safeText(nameOf?.(job) ?? job.name, 80), colWidth - 4)}
                </Text>
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}
