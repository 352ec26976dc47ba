// The needs graph's rows as runs of one style each (NeedsGraph.tsx draws one Text per run). A row
// drawn cell by cell — each glyph of a gutter, the icon, the mark and the name of each job in a
// Text of its own — was some thirty Texts, about a thousand on a 120×40 screen, and mounting them
// was most of the time `v` took to show the graph; adjacent parts that look alike share a run.
import type { Theme } from '../../ui/theme.js';
import { MARKS } from '../../ui/glyphs.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';
import type { Job } from '../../api/index.js';
import type { NeedsNode } from './needs-layout.js';

/** A run of text in one style. */
export interface Run {
  text: string;
  color?: string;
  dim?: boolean;
  bold?: boolean;
  inverse?: boolean;
}

export interface RowCell {
  node: NeedsNode | undefined;
  /** The gutter to its right (none after the last column shown). */
  gutter: { text: string; failed: boolean[]; selected?: boolean[] } | null | undefined;
}

/** Spaces not in reverse video: no colour or dimness shows on them, so they join any run beside them. */
const blank = (r: Run) => r.inverse !== true && r.text.trim() === '';

/** Appends `run`, joined to the last run when they look alike. */
function push(runs: Run[], run: Run): void {
  if (!run.text) return;
  const last = runs.at(-1);
  const alike = last !== undefined && last.color === run.color && last.dim === run.dim && last.bold === run.bold && last.inverse === run.inverse;
  if (last && (alike || (blank(run) && last.inverse !== true))) {
    last.text += run.text;
  } else if (last && blank(last) && run.inverse !== true) {
    runs[runs.length - 1] = { ...run, text: last.text + run.text };
  } else runs.push({ ...run });
}

/** One row of the graph: each shown column's job (or blank) and the gutter after it, as style runs. */
export function rowRuns(
  cells: readonly RowCell[],
  o: { selected: number; colWidth: number; theme: Pick<Theme, 'accent' | 'error' | 'status'>; nameOf?: ((j: Job) => string | undefined) | undefined },
): Run[] {
  const runs: Run[] = [];
  const looks = new Map<string, ReturnType<Theme['status']>>();
  for (const { node, gutter } of cells) {
    let cell = '';
    if (node) {
      let icon = looks.get(node.job.status);
      if (!icon) looks.set(node.job.status, (icon = o.theme.status(node.job.status)));
      const far = node.far.length || node.hidden.length ? MARKS.farNeeds.glyph : '';
      const name = truncateToWidth(safeText(o.nameOf?.(node.job) ?? node.job.name, 80), o.colWidth - 2 - far.length);
      const inverse = node.index === o.selected ? { inverse: true } : {};
      push(runs, { text: icon.icon, ...(icon.color ? { color: icon.color } : {}), ...inverse });
      push(runs, { text: ' ', ...inverse });
      push(runs, { text: far, dim: true, ...inverse });
      push(runs, { text: name, ...(node.failedPath && o.theme.error ? { color: o.theme.error } : {}), ...inverse });
      cell = `${icon.icon} ${far}${name}`;
    }
    if (!gutter) continue;
    push(runs, { text: ' '.repeat(Math.max(0, o.colWidth - displayWidth(cell))) });
    [...gutter.text].forEach((ch, i) => push(runs, { text: ch, ...lineStyle(o.theme, gutter.selected?.[i] === true, gutter.failed[i] === true) }));
  }
  return runs;
}

/** A gutter cell's look: the cursor's own lines in the accent colour (bold without colour), the failed path in the error colour, the rest dim. */
function lineStyle(theme: Pick<Theme, 'accent' | 'error'>, selected: boolean, failed: boolean): Omit<Run, 'text'> {
  if (selected) return theme.accent ? { color: theme.accent } : { bold: true };
  if (failed) return theme.error ? { color: theme.error } : {};
  return { dim: true };
}
