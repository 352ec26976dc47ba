// The needs graph at 80×24 when its gutters are as wide as they get (LANE_CAP lanes each): every
// row fits the width, names keep room to be read, the rows scroll, and the lines past the cap are
// named on the last line rather than drawn.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { Job } from '../../api/index.js';
import { displayWidth } from '../../text/safe.js';
import { ThemeContext, createTheme } from '../../ui/theme.js';
import { NeedsGraph, columnsShown, waitsFor } from './NeedsGraph.js';
import { needsLayout } from './needs-layout.js';
import { LANE_CAP } from './needs-lanes.js';

afterEach(() => {
  cleanup();
});

const job = (id: number, name: string, stage: string): Job =>
  ({ id, name, stage, status: 'success', allow_failure: false, ref: 'main', tag: false, created_at: '2026-11-20T12:00:00Z' }) as Job;

// Four columns of 14 jobs; each job past the first needs the first job of the column before and
// the job one row up: every job needs a lane, more than a gutter may take.
const ROWS = 14;
const names = Array.from({ length: 4 }, (_, c) => Array.from({ length: ROWS }, (_, r) => `stage${c}-job-${String(r).padStart(2, '0')}`));
const JOBS = names.flatMap((column, c) => column.map((name, r) => job(c * 100 + r + 1, name, `s${c}`)));
const NEEDS = new Map<string, string[]>(
  names.flatMap((column, c) =>
    column.map((name, r): [string, string[]] => [name, c === 0 ? [] : [...new Set([names[c - 1]![0]!, names[c - 1]![Math.max(0, r - 1)]!])]]),
  ),
);

const frameOf = (selected: number, width = 80, height = 24) => {
  const { lastFrame } = render(
    <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
      <NeedsGraph jobs={JOBS} selected={selected} width={width} height={height} needsOf={NEEDS} note={null} />
    </ThemeContext.Provider>,
  );
  return lastFrame()!.split('\n');
};

describe('the needs graph with the widest gutters', () => {
  it('caps each gutter at LANE_CAP lanes, and names the needs it does not draw', () => {
    const layout = needsLayout(JOBS, NEEDS);
    expect(layout.gutters.map((g) => g.width)).toEqual([LANE_CAP + 2, LANE_CAP + 2, LANE_CAP + 2]);
    expect(layout.nodes.some((n) => n.hidden.length > 0)).toBe(true);
  });

  it('fits 80×24: every row within the width, names at least 8 columns, the rows scrolled to the cursor', () => {
    const layout = needsLayout(JOBS, NEEDS);
    const { fit, colWidth } = columnsShown(layout, 1, 80);
    expect(fit).toBeGreaterThanOrEqual(2);
    expect(colWidth - 2).toBeGreaterThanOrEqual(8);
    // The last job of the second column: its row is past the 22 the view has, so the rows scroll.
    const selected = JOBS.findIndex((j) => j.name === 'stage1-job-13');
    const frame = frameOf(selected);
    expect(frame.length).toBeLessThanOrEqual(24);
    for (const line of frame) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(frame.join('\n')).toContain('stage1-j');
    // The cursor's needs past the cap are named on the last line, not drawn.
    const node = layout.nodes[selected]!;
    expect(node.hidden.length).toBeGreaterThan(0);
    const words = waitsFor(node);
    expect(words).toContain(`${node.hidden.join(', ')} not drawn`);
    // The last line says it, cut to the width where it is longer.
    expect(words.startsWith(frame.at(-1)!.replace(/…$/, '').trimEnd())).toBe(true);
  });

  it('at 120 columns gives the names the room, still within the width', () => {
    const frame = frameOf(0, 120, 24);
    for (const line of frame) expect(displayWidth(line)).toBeLessThanOrEqual(120);
    const layout = needsLayout(JOBS, NEEDS);
    expect(columnsShown(layout, 0, 120).colWidth).toBeGreaterThan(columnsShown(layout, 0, 80).colWidth);
    expect(frame[1]).toContain('stage0-job-00');
  });
});
