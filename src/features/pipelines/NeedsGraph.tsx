// The needs graph: jobs in columns by what they need (needs-layout.ts), lines from each job to the
// jobs that need it, routed in lanes so a junction is always a join and a crossing a hop
// (needs-lanes.ts), the failed path in the error colour, the selected job's own lines in the accent
// colour. The cursor is the list's (Enter opens the job); the columns and rows around it are shown,
// so any pipeline fits 80×24. The last line says what the selected job waits for, including needs
// too far left to draw a line to and lines the gutter could not draw truthfully.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Job } from '../../api/index.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import { useTheme } from '../../ui/theme.js';
import { MARKS } from '../../ui/glyphs.js';
import { rowRuns } from './needs-rows.js';
import { needsLayoutOf, type NeedsLayout, type NeedsNode, type NeedsOf } from './needs-layout.js';
import { gutterRows } from './needs-lanes.js';

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
  const current = layout.nodes[selected] ?? layout.nodes[0]!;
  const { first, fit, colWidth } = columnsShown(layout, current.column, width);
  const gutterWidth = (c: number) => layout.gutters[first + c]?.width ?? 3;
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
          return `${h}${c < shown.length - 1 ? pad(h) + ' '.repeat(gutterWidth(c)) : ''}`;
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

const MIN_COLUMN = 12;
const MAX_COLUMN = 26;
const MAX_SHOWN = 4;

/**
 * The columns around the cursor's that fit `width`, each at least MIN_COLUMN wide, with the gutters
 * between them (their widths differ: one cell per lane, needs-lanes.ts): taken one to the right,
 * then one to the left, while they fit, so the cursor's column stays near the middle.
 */
export function columnsShown(layout: NeedsLayout, column: number, width: number): { first: number; fit: number; colWidth: number } {
  const gutter = (c: number) => layout.gutters[c]?.width ?? 3;
  let first = column;
  let last = column;
  let gutters = 0;
  const fits = (count: number, g: number) => count <= MAX_SHOWN && count * MIN_COLUMN + g <= width;
  for (let grew = true; grew;) {
    grew = false;
    if (last + 1 < layout.columns.length && fits(last - first + 2, gutters + gutter(last))) {
      gutters += gutter(last++);
      grew = true;
    }
    if (first > 0 && fits(last - first + 2, gutters + gutter(first - 1))) {
      gutters += gutter(--first);
      grew = true;
    }
  }
  const fit = last - first + 1;
  return { first, fit, colWidth: Math.max(MIN_COLUMN, Math.min(MAX_COLUMN, Math.floor((width - gutters) / fit))) };
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
  const list = (names: readonly string[]) => names.map((n) => safeText(n, 40)).join(', ');
  const far = node.far.length ? `${list(node.far)} further left` : '';
  const hidden = node.hidden.length ? `${list(node.hidden)} not drawn` : '';
  const named = [far, hidden].filter(Boolean).join('; ');
  return `${name} needs ${list(node.needs)}${named ? ` (${MARKS.farNeeds.glyph} ${named})` : ''}`;
}
