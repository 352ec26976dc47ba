// Every status glyph and mark the panes draw, with what it means in words. The panes take their
// glyphs from here (statuses from src/lib/status.ts), and the `?` legend (HelpScreen.tsx) and
// README's are made from the same lists, so a glyph cannot be drawn without words
// (src/ui/glyphs.test.ts also looks for glyphs in the panes' source that are not listed here).
import { STATUSES } from '../lib/status.js';

/** Bar heights of a sparkline (components/Sparkline.tsx), lowest first. */
export const SPARK_BARS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export interface Glyph {
  glyph: string;
  words: string;
}

/** The marks beside names, in log gutters and in the timeline: the panes import each by name. */
export const MARKS = {
  marked: { glyph: '◆', words: "after a pipeline's id: marked (m); you are told when it ends" },
  trigger: { glyph: '⇲', words: 'a trigger job: Enter opens the pipeline it started' },
  attempt: { glyph: '↻', words: '↻2 after a job: its second attempt (it was retried)' },
  allowedFailure: { glyph: '⚠', words: 'failed but allowed to fail; or a warning' },
  folded: { glyph: '▸', words: 'a folded log section (space opens it); in the timeline, the critical path' },
  unfolded: { glyph: '▾', words: 'an open log section' },
  currentMatch: { glyph: '▶', words: 'in the log gutter: the current search match' },
  match: { glyph: '•', words: 'in the log gutter: a line with a search match' },
  queued: { glyph: '░', words: 'in the timeline: time queued, before a runner took the job' },
  ran: { glyph: '█', words: "in the timeline: time running; at a list's right edge, the scrollbar" },
  durations: { glyph: SPARK_BARS.join(''), words: 'durations, oldest to newest: the taller, the longer' },
  chosen: { glyph: '❯', words: 'in a menu (Tab completion, choices): the one Enter takes' },
  overdue: { glyph: '⧖', words: "after a job's duration or a running count: overdue — past its timeout or far past its usual time" },
  needsLines: {
    glyph: '─┐┘┌└┬┴├┤┼',
    words: 'in the needs graph: a line from a job to the jobs that need it; lines meet only at a junction, a lane broken by a line passes under it',
  },
  farNeeds: { glyph: '↰', words: 'in the needs graph: the job also needs jobs it has no line to (named on the last line)' },
} as const satisfies Record<string, Glyph>;

/**
 * The statuses, one row per glyph: a glyph several statuses share (◔ pending, waiting, preparing)
 * says each of them.
 */
export function statusLegend(): Glyph[] {
  const byGlyph = new Map<string, string[]>();
  for (const look of Object.values(STATUSES)) byGlyph.set(look.icon, [...(byGlyph.get(look.icon) ?? []), look.means]);
  return [...byGlyph].map(([glyph, words]) => ({ glyph, words: words.join('; ') }));
}

export function marksLegend(): Glyph[] {
  return Object.values(MARKS);
}

/** README's table: the same rows as `?`, two glyphs a row to keep it short. */
export function legendMarkdown(): string {
  const rows = [...statusLegend(), ...marksLegend()];
  const lines = ['| glyph | means | glyph | means |', '|---|---|---|---|'];
  for (let i = 0; i < rows.length; i += 2) {
    const cell = (g: Glyph | undefined) => (g ? `\`${g.glyph}\` | ${g.words.replace(/\|/g, '\\|')}` : ' | ');
    lines.push(`| ${cell(rows[i])} | ${cell(rows[i + 1])} |`);
  }
  return lines.join('\n');
}
