import { afterEach, describe, expect, it } from 'vitest';
import { generateJobLog } from '../sim/log-gen.js';
import { FoldMap } from './folds.js';
import type { LogModel } from './log-model.js';
import type { Section } from './sections.js';
import { disposeModels, E, modelOf, newModel } from './test-support.js';

afterEach(disposeModels);

const start = (ts: number, name: string, opts = '') => `section_start:${ts}:${name}${opts}\r${E}[0K`;
const end = (ts: number, name: string) => `section_end:${ts}:${name}\r${E}[0K`;

/** What a fold does, computed the slow obvious way. */
function naiveRows(model: LogModel): number[] {
  const hidden = new Array<boolean>(model.lineCount).fill(false);
  for (const s of model.sections()) {
    if (!model.isFolded(s.id)) continue;
    const last = s.endLine ?? model.lineCount - 1;
    for (let i = s.startLine + 1; i <= last; i++) hidden[i] = true;
  }
  const rows: number[] = [];
  hidden.forEach((h, i) => (h ? undefined : rows.push(i)));
  return rows;
}

function expectMappingMatches(model: LogModel): void {
  const rows = naiveRows(model);
  expect(model.visibleCount).toBe(rows.length);
  for (let r = 0; r < rows.length; r++) if (model.visibleLine(r) !== rows[r]) expect([r, model.visibleLine(r)]).toEqual([r, rows[r]]);
  expect(model.visibleLine(rows.length)).toBe(-1);
  expect(model.visibleLine(-1)).toBe(-1);
  // Every line maps to its own row, or (hidden) to the row of the header above it.
  let row = -1;
  for (let line = 0; line < model.lineCount; line++) {
    if (rows[row + 1] === line) row++;
    if (model.rowOfLine(line) !== row) expect([line, model.rowOfLine(line)]).toEqual([line, row]);
  }
}

describe('folds and the visible row ↔ line mapping', () => {
  const LOG =
    `first\n${start(1, 'prep', '[collapsed=true]')}Preparing\np1\np2\n${end(5, 'prep')}${start(5, 'script')}Script\n$ make\n` +
    `${start(6, 'deps', '[collapsed=true]')}Deps\nd1\n${start(7, 'inner')}Inner\ni1\n${end(8, 'inner')}d2\n${end(9, 'deps')}s1\n${end(10, 'script')}last\n`;

  it('collapsed=true sections start folded: their header shows, their body does not', async () => {
    const model = await modelOf(LOG);
    // 0 first, 1 Preparing, 2 p1, 3 p2, 4 Script, 5 $ make, 6 Deps, 7 d1, 8 Inner, 9 i1, 10 d2, 11 s1, 12 last
    expect(model.lineCount).toBe(13);
    expect(model.sections().map((s) => [s.name, s.startLine, s.endLine])).toEqual([
      ['prep', 1, 3],
      ['script', 4, 11],
      ['deps', 6, 10],
      ['inner', 8, 9],
    ]);
    expect(model.visibleCount).toBe(13 - 2 - 4);
    expect(Array.from({ length: model.visibleCount }, (_, r) => model.visibleLine(r))).toEqual([0, 1, 4, 5, 6, 11, 12]);
    expect(model.rowOfLine(3)).toBe(1); // hidden in "prep": its header's row
    expect(model.rowOfLine(9)).toBe(4); // hidden in "deps" (inside "inner")
    expect(model.rowOfLine(12)).toBe(6);
    expectMappingMatches(model);
  });

  it('toggling, unfolding and folding everything', async () => {
    const model = await modelOf(LOG);
    model.toggleFold(0);
    expect(model.isFolded(0)).toBe(false);
    expect(model.visibleCount).toBe(13 - 4);
    model.toggleFold(3); // "inner", inside folded "deps": changes nothing visible
    expect(model.visibleCount).toBe(9);
    model.toggleFold(2);
    expect(model.visibleCount).toBe(13 - 1); // only "inner"'s body
    expectMappingMatches(model);
    model.setAllFolded(true);
    expect(Array.from({ length: model.visibleCount }, (_, r) => model.visibleLine(r))).toEqual([0, 1, 4, 12]);
    expectMappingMatches(model);
    model.setAllFolded(false);
    expect(model.visibleCount).toBe(13);
    model.toggleFold(99); // unknown id: ignored
    expect(model.visibleCount).toBe(13);
  });

  it('fold all then unfold all (Z Z) keeps the cursor on its line, or the header hiding it', async () => {
    const model = await modelOf(LOG);
    model.setAllFolded(false);
    let cursor = 9; // "i1", inside inner ⊂ deps ⊂ script
    // Z: fold all. Keeping the row number (clamped) would put the cursor on "last"; the line maps to its outermost folded header.
    let anchor = model.cursorAnchor(cursor, null);
    model.setAllFolded(true);
    cursor = model.rowOfLine(anchor);
    expect(model.visibleLine(cursor)).toBe(4); // "Script"
    // Z: unfold all. The cursor has not moved: back to "i1", not to "Script".
    anchor = model.cursorAnchor(cursor, anchor);
    model.setAllFolded(false);
    cursor = model.rowOfLine(anchor);
    expect(cursor).toBe(9);
    expect(model.line(model.visibleLine(cursor)).text).toBe('i1');
    // Once the user moves, the line under the cursor is the anchor.
    model.setAllFolded(true);
    cursor = model.rowOfLine(anchor);
    cursor += 1; // j: onto "last"
    anchor = model.cursorAnchor(cursor, anchor);
    expect(anchor).toBe(12);
    model.setAllFolded(false);
    expect(model.rowOfLine(anchor)).toBe(12);
  });

  it('one fold toggled elsewhere keeps the cursor line in place', async () => {
    const model = await modelOf(LOG); // prep and deps folded: rows 0 first, 1 Preparing, 2 Script, 3 $ make, 4 Deps, 5 s1, 6 last
    const anchor = model.cursorAnchor(5, null);
    expect(model.line(anchor).text).toBe('s1');
    model.toggleFold(0); // unfold "prep" above the cursor: two more rows above
    expect(model.rowOfLine(anchor)).toBe(7);
    expect(model.cursorAnchor(7, anchor)).toBe(anchor);
    expect(model.cursorAnchor(0, 99)).toBe(0); // an anchor past the log is ignored
  });

  it('a folded section that is still open hides everything after its header, including lines still arriving', async () => {
    const model = await newModel();
    model.append(Buffer.from(`a\n${start(1, 'run', '[collapsed=true]')}Running\nx\ny\n`));
    expect(model.visibleCount).toBe(2);
    model.append(Buffer.from('z\npartial'));
    expect(model.lineCount).toBe(6);
    expect(model.visibleCount).toBe(2);
    expect(model.rowOfLine(5)).toBe(1);
    model.append(Buffer.from(`\n${end(2, 'run')}after\n`));
    expect(model.visibleCount).toBe(3);
    expect(model.visibleLine(2)).toBe(6);
  });

  it('matches the obvious computation on simulator logs under random fold states', async () => {
    const log = generateJobLog({ seed: 4, jobId: 8, jobName: 'test:unit', stage: 'test', outcome: 'failed', startedAt: 0, durationMs: 600_000, size: 'huge' });
    const model = await modelOf(log.text);
    expect(model.sections().length).toBeGreaterThan(8);
    expectMappingMatches(model);
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 12; round++) {
      for (let k = 0; k < 3; k++) model.toggleFold(rnd(model.sections().length));
      expectMappingMatches(model);
    }
  });

  it('a million lines and thousands of folded sections: answers agree with the ranges', () => {
    // Sections of 100 lines each, nested in pairs, every third folded.
    const sections: Section[] = [];
    for (let i = 0; i < 10_000; i++) {
      const startLine = i * 100;
      sections.push({
        id: sections.length,
        name: 's',
        header: 's',
        parent: null,
        depth: 0,
        startLine,
        endLine: startLine + 99,
        startedAt: 0,
        endedAt: 1,
        durationS: 1,
        collapsedByDefault: false,
      });
      sections.push({
        id: sections.length,
        name: 'n',
        header: 'n',
        parent: sections.length - 1,
        depth: 1,
        startLine: startLine + 10,
        endLine: startLine + 20,
        startedAt: 0,
        endedAt: 1,
        durationS: 1,
        collapsedByDefault: false,
      });
    }
    const folded = (id: number) => id % 3 === 0;
    const map = new FoldMap();
    map.rebuild(sections, folded);
    const lines = 1_000_000;
    // Outer sections 0,3,6,… (even ids that are multiples of 3) hide 99 lines; inner ones (odd multiples of 3) hide 10 unless their outer is folded.
    let hidden = 0;
    for (const s of sections) {
      if (!folded(s.id)) continue;
      if (s.depth === 0) hidden += 99;
      else if (!folded(s.parent!)) hidden += 10;
    }
    expect(map.visibleCount(lines)).toBe(lines - hidden);
    for (let row = 0; row < map.visibleCount(lines); row += 997) {
      const line = map.visibleLine(row, lines);
      expect(map.rowOfLine(line)).toBe(row);
    }
  });
});
