// The needs graph: jobs in columns by what they need (needs-layout.ts), lines from each job to the
// jobs that need it, the failed path in the error colour, the selected job's own lines in the accent
// colour (lines share the gutter's middle cell, where a junction joins all that turn in it). The cursor is the list's (Enter opens the
// job); the columns and rows around it are shown, so any pipeline fits 80×24. The last line says
// what the selected job waits for, including needs too far left to draw a line to.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Job } from '../../api/index.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../../ui/theme.js';
import { MARKS } from '../../ui/glyphs.js';
import { rowRuns } from './needs-rows.js';
import { GUTTER, gutterRows, needsLayoutOf, type NeedsNode, type NeedsOf } from './needs-layout.js';

export function NeedsGraph({
  jobs,
  selected,
  width,
  height,
  needsOf,
  note,
  nameOf,
}: {
  jobs: Job[];
  selected: number;
  width: number;
  height: number;
  /** Each job's needs (from GraphQL); null: not known, drawn by stage order. */
  needsOf: NeedsOf | null;
  /** Why needs are not known (REST only), said on the last line. */
  note: string | null;
  nameOf?: (j: Job) => string | undefined;
}) {
  const theme = useTheme();
  const layout = needsLayoutOf(jobs, needsOf);
  if (layout.nodes.length === 0)
    return (
      <Box height={height}>
        <Text dimColor>No jobs</Text>
      </Box>
    );
  const columns = layout.columns;
  // Columns share the width, each followed by its gutter of lines.
  const colWidth = Math.max(12, Math.min(26, Math.floor((width + GUTTER) / Math.min(columns.length, 4)) - GUTTER));
  const fit = Math.max(1, Math.floor((width + GUTTER) / (colWidth + GUTTER)));
  const current = layout.nodes[selected] ?? layout.nodes[0]!;
  const first = Math.min(Math.max(0, current.column - Math.floor(fit / 2)), Math.max(0, columns.length - fit));
  const shown = columns.slice(first, first + fit);
  const rowsForJobs = Math.max(1, height - 2);
  const tallest = Math.max(...shown.map((c) => c.length));
  const top = Math.max(0, Math.min(current.row - Math.floor(rowsForJobs / 2), tallest - rowsForJobs));
  const rows = Math.min(rowsForJobs, tallest - top);
  const gutters = shown.map((_, i) => (i < shown.length - 1 ? gutterRows(layout, first + i, top, rows, selected) : null));
  const pad = (text: string) => ' '.repeat(Math.max(0, colWidth - displayWidth(text)));
  const header = (column: NeedsNode[], c: number) => {
    const stages = stagesOf(column);
    const more = `${c === 0 && first > 0 ? '« ' : ''}${c === shown.length - 1 && first + fit < columns.length ? ' »' : ''}`;
    return truncateToWidth(`${safeText(stages, 60)}${more}`, colWidth);
  };
  return (
    <Box height={height} width={width} flexDirection="column">
      <Text wrap="truncate" bold>
        {shown.map((column, c) => {
          const h = header(column, c);
          return `${h}${c < shown.length - 1 ? pad(h) + ' '.repeat(GUTTER) : ''}`;
        })}
        {top > 0 ? ' ↑' : ''}
      </Text>
      {Array.from({ length: rows }, (_, r) => (
        <Text key={r} wrap="truncate">
          {rowRuns(
            shown.map((column, c) => ({ node: column[top + r], gutter: gutters[c]?.[r] })),
            { selected, colWidth, theme, nameOf },
          ).map((run, i) =>
            run.color === undefined && !run.dim && !run.bold && !run.inverse ? (
              run.text
            ) : (
              <Text
                key={i}
                {...(run.color !== undefined ? { color: run.color } : {})}
                dimColor={run.dim === true}
                bold={run.bold === true}
                inverse={run.inverse === true}
              >
                {run.text}
              </Text>
            ),
          )}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text dimColor wrap="truncate">
        {note ?? waitsFor(current)}
      </Text>
    </Box>
  );
}

// A column's stages, once per layout (a column of a 5,000-job pipeline holds thousands of jobs).
const columnStages = new WeakMap<readonly NeedsNode[], string>();
function stagesOf(column: readonly NeedsNode[]): string {
  let text = columnStages.get(column);
  if (text === undefined) columnStages.set(column, (text = [...new Set(column.map((n) => n.job.stage))].join(' · ')));
  return text;
}

/** What the selected job waits for, in words. */
export function waitsFor(node: NeedsNode): string {
  const name = safeText(node.job.name, 60);
  if (node.needs === null) return `${name}: stage order, after every job of the stages before ${safeText(node.job.stage, 40)}`;
  if (node.needs.length === 0) return `${name}: needs nothing, starts with the pipeline`;
  const far = node.far.length ? ` (${MARKS.farNeeds.glyph} ${node.far.map((n) => safeText(n, 40)).join(', ')} further left)` : '';
  return `${name} needs ${node.needs.map((n) => safeText(n, 40)).join(', ')}${far}`;
}
