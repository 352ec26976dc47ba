import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { displayWidth } from '../../text/safe.js';
import { ThemeContext, createTheme } from '../../ui/theme.js';
import { CRITICAL_MARK, Timeline, timelineLayout, timelineRows } from './TimelineView.js';
import { buildTimeline } from './timeline.js';
import { T0, fixtureJob, fixtureJobs } from './timeline-fixture.js';

afterEach(() => {
  cleanup();
});

const noColor = createTheme({ NO_COLOR: '1' });
const plain = (node: ReactNode): ReactElement => <ThemeContext.Provider value={noColor}>{node}</ThemeContext.Provider>;
const lines = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n');
const NOW = T0 + 999_000;

describe('Timeline', () => {
  it('draws the known pipeline at 80 columns: axis, stages, bars, critical path marked', () => {
    const { lastFrame } = render(plain(<Timeline jobs={fixtureJobs()} now={NOW} width={80} height={12} selected={0} />));
    const out = lines(lastFrame());
    // Label column: longest name (16) + marker, icon, space = 19; then a space; 60 cells of bars.
    // 220 s over 60 cells is 3.67 s a cell; labels need 8 cells, so a tick every 30 s (8.2 cells).
    const ticks: [number, string][] = [
      [0, '0s'],
      [8, '30s'],
      [16, '1m'],
      [25, '1m30s'],
      [33, '2m'],
      [41, '2m30s'],
      [49, '3m'],
    ];
    const axis = Array.from({ length: 60 }, () => ' ');
    for (const [at, label] of ticks) axis.splice(at, label.length, ...label);
    expect(out[0]).toBe(' '.repeat(20) + axis.join('').trimEnd());
    expect(out.slice(1).map((l) => l.slice(0, 19).trimEnd())).toEqual([
      'build',
      `${CRITICAL_MARK}✔ build`,
      ' ✔ docker:build',
      'test',
      ' ✔ test:unit',
      `${CRITICAL_MARK}✖ test:integration`,
      ' ✔ lint',
      'deploy',
      `${CRITICAL_MARK}✔ deploy`,
      ' ⚙ deploy:prod',
    ]);
    // 220 s over 60 cells: build queued 0–5 s (cell 0), ran 5–65 s (cells 1–17).
    expect(out[2]!.slice(20)).toBe('░' + '█'.repeat(17)); // Ink drops the trailing blank cells
    expect(out[10]!.slice(20).trim()).toBe('');
    for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('fits 60×16 and windows a long pipeline around the selected job', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      fixtureJob(100 + i, `job-${i}`, `stage-${Math.floor(i / 10)}`, 'success', 2, Math.floor(i / 10) * 30 + 2, Math.floor(i / 10) * 30 + 20),
    );
    const { lastFrame } = render(plain(<Timeline jobs={many} now={NOW} width={60} height={16} selected={150} />));
    const out = lines(lastFrame());
    expect(out).toHaveLength(16);
    for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(out.some((l) => l.includes('job-150'))).toBe(true);
    expect(out.some((l) => l.includes('job-0 '))).toBe(false);
    expect(out.slice(1).some((l) => l.endsWith('█') || l.endsWith('│'))).toBe(true); // scrollbar column
  });

  it('extends a running job to now and shows sanitized names', () => {
    const jobs = [fixtureJob(1, 'build', 'build', 'success', null, 0, 60), fixtureJob(2, 'evil\x1b[2Jname', 'test', 'running', null, 60, null)];
    const { lastFrame } = render(plain(<Timeline jobs={jobs} now={T0 + 120_000} width={40} height={6} selected={1} />));
    const frame = lastFrame() ?? '';
    expect(frame).not.toContain('\x1b[2J');
    const out = lines(frame);
    const running = out.find((l) => l.includes('evil'))!;
    expect(running.endsWith('█')).toBe(true); // reaches the right edge: now is the axis end
    expect(running.startsWith(CRITICAL_MARK)).toBe(true);
  });

  it('never draws wider than it is given, down to a sliver', () => {
    for (const width of [1, 5, 12, 20, 33, 47]) {
      const { lastFrame, unmount } = render(plain(<Timeline jobs={fixtureJobs()} now={NOW} width={width} height={8} selected={2} />));
      const out = lines(lastFrame());
      expect(out.length).toBeLessThanOrEqual(8);
      for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      unmount();
    }
  });

  it('says so when there are no jobs', () => {
    const { lastFrame } = render(plain(<Timeline jobs={[]} now={NOW} width={40} height={5} selected={0} />));
    expect(lines(lastFrame())[0]).toBe('No jobs');
  });
});

describe('timelineLayout', () => {
  it('lays out a jobs array once, again only when now moves a running job or the array changes', () => {
    const done = fixtureJobs();
    const first = timelineLayout(done, NOW);
    // Nothing runs or waits: a later now draws the same, so the layout is reused.
    expect(timelineLayout(done, NOW + 60_000)).toBe(first);
    expect(timelineLayout(done, NOW, ['deploy'])).not.toBe(first);
    const copy = [...done];
    expect(timelineLayout(copy, NOW)).not.toBe(first);
    expect(timelineLayout(copy, NOW)).toEqual(first);

    const live = [fixtureJob(1, 'build', 'build', 'success', null, 0, 60), fixtureJob(2, 'test', 'test', 'running', null, 60, null)];
    const before = timelineLayout(live, T0 + 120_000);
    expect(timelineLayout(live, T0 + 120_000)).toBe(before);
    const later = timelineLayout(live, T0 + 180_000);
    expect(later).not.toBe(before);
    expect(later.timeline.end).toBe(T0 + 180_000);
  });

  it('matches a fresh layout: rows grouped by stage in stage order, input order within', () => {
    const jobs = [...fixtureJobs(), fixtureJob(8, 'late', 'build', 'success', null, 1, 2), fixtureJob(9, 'retry', 'test', 'success', null, 3, 4)];
    const timeline = buildTimeline(jobs, NOW, ['test', 'build', 'test']);
    const { rows } = timelineLayout(jobs, NOW, ['test', 'build', 'test']);
    expect(rows).toEqual(timelineRows(timeline.entries, timeline.stages));
    const naive: string[] = [];
    timeline.stages.forEach((stage, i) => {
      naive.push(stage);
      for (const e of timeline.entries) if (e.stageIndex === i) naive.push(e.job.name);
    });
    expect(rows.map((r) => (r.kind === 'stage' ? r.stage : r.entry.job.name))).toEqual(naive);
    expect(naive).toEqual([
      'test',
      'test:unit',
      'test:integration',
      'lint',
      'retry',
      'build',
      'build',
      'docker:build',
      'late',
      'test',
      'test:unit',
      'test:integration',
      'lint',
      'retry',
      'deploy',
      'deploy',
      'deploy:prod',
    ]);
  });
});
