import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '../lib/status.js';
import { helpGroups } from './HelpScreen.js';
import { MARKS, legendMarkdown, marksLegend, statusLegend } from './glyphs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Symbols a pane could draw as a mark: arrows, technical symbols, box drawing, blocks, shapes, dingbats, the bullet. */
const SYMBOL = /[\u2022\u2190-\u21FF\u2300-\u23FF\u2500-\u27BF]/gu;

/** Symbols the panes draw that are not marks needing words: each says what it is where it stands. */
const NOT_MARKS: Record<string, string> = {
  '│': 'a separator between tabs and columns, and the track of the scrollbar',
  '⏎': 'the Enter key, in key hints',
  '⇧': 'the Shift key, in key hints',
  '↑': 'an arrow key, in key hints, and "↑ more" in the help',
  '↓': 'an arrow key, in key hints, and "↓ more" in the help',
  '→': 'prose: "before → after", "a → b"',
  '◌': 'named in a comment only: the header spins ink-spinner instead',
  '⇄': 'named in a comment only (active ⇄ inactive)',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.includes('fixture') ? [path] : [];
  });
}

describe('the legend', () => {
  const legend = [...statusLegend(), ...marksLegend()];
  const explained = new Set(legend.flatMap((g) => [...g.glyph]));

  it('says in words what every status glyph means, one row per glyph', () => {
    for (const [status, look] of Object.entries(STATUSES)) {
      expect(look.means.trim(), `words for ${status}`).not.toBe('');
      const row = statusLegend().find((g) => g.glyph === look.icon);
      expect(row?.words, `${look.icon} ${status}`).toContain(look.means);
    }
    expect(new Set(statusLegend().map((g) => g.glyph)).size).toBe(statusLegend().length);
    for (const mark of Object.values(MARKS)) expect(mark.words.trim(), mark.glyph).not.toBe('');
  });

  it('has words for every symbol the panes draw (a new glyph without words fails here)', () => {
    const unexplained = new Map<string, string>();
    for (const file of [...sources(join(root, 'src/ui')), ...sources(join(root, 'src/features'))]) {
      for (const char of readFileSync(file, 'utf8').match(SYMBOL) ?? []) {
        if (!explained.has(char) && !(char in NOT_MARKS)) unexplained.set(char, file.slice(root.length));
      }
    }
    expect(Object.fromEntries(unexplained)).toEqual({});
  });

  it('is in `?` and in the README, the same rows', () => {
    const groups = helpGroups([], []);
    const rows = groups.filter((g) => g.title === 'Statuses' || g.title === 'Marks').flatMap((g) => g.rows);
    expect(rows).toEqual(legend.map((g) => ({ keys: g.glyph, description: g.words })));
    for (const glyph of ['⚙', '»', '⊘', '◔', '○', '⇲', '↻', '◆']) expect(rows.some((r) => r.keys === glyph)).toBe(true);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain(legendMarkdown());
  });
});
