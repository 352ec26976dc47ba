// The layouts kept per jobs array and per job (layout-ahead.ts, TimelineView.tsx, timeline.ts,
// StageGraph.tsx) give what a layout of fresh objects gives — nothing kept — after the job list
// changes: a job finishes, one is retried, one goes, `now` moves on while jobs run.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { Job } from '../../api/index.js';
import { ThemeContext, createTheme } from '../../ui/theme.js';
import { NEXT_VIEW, layOut } from './layout-ahead.js';
import { StageGraph, columnsOf, stageCounts, stagesOf } from './StageGraph.js';
import { timelineLayout } from './TimelineView.js';
import { buildTimeline, type TimelineJob } from './timeline.js';
import { T0, fixtureJob, fixtureJobs } from './timeline-fixture.js';

afterEach(() => {
  cleanup();
});

/** Deep copies: new objects, so no layout kept for them is used. */
function fresh<T>(jobs: readonly T[]): T[] {
  return jobs.map((j) => structuredClone(j));
}

/** A pipeline of `n` jobs over three stages, some still running or waiting. */
function pipeline(n: number): TimelineJob[] {
  const stages = ['build', 'test', 'deploy'];
  return Array.from({ length: n }, (_, i) => {
    const stage = stages[Math.floor((i * 3) / n)]!;
    const start = 10 * Math.floor((i * 3) / n) + (i % 7);
    const status = i % 11 === 0 ? 'running' : i % 13 === 0 ? 'pending' : i % 17 === 0 ? 'manual' : 'success';
    const live = status === 'running' || status === 'pending' || status === 'manual';
    return fixtureJob(
      i + 1,
      `job ${i % 40}`,
      stage,
      status,
      (i % 5) + 1,
      status === 'pending' || status === 'manual' ? null : start,
      live ? null : start + 3 + (i % 4),
    );
  });
}

describe('the timeline kept per array and per job', () => {
  it('equals a layout of fresh objects as now moves and the jobs change', () => {
    let jobs = pipeline(300);
    const nows = [T0 + 100_000, T0 + 160_000, T0 + 161_000];
    for (const now of nows) {
      expect(timelineLayout(jobs, now)).toEqual(timelineLayout(fresh(jobs), now));
      expect(buildTimeline(jobs, now)).toEqual(buildTimeline(fresh(jobs), now));
    }
    // A running job finishes, a failed one is retried (a new job), one is gone: a new array.
    const finished = jobs.findIndex((j) => j.status === 'running');
    jobs = jobs.map((j, i) => (i === finished ? { ...j, status: 'success', finished_at: new Date(T0 + 170_000).toISOString() } : j));
    jobs = [...jobs.filter((j) => j.id !== 5), fixtureJob(1000, 'job 4', 'build', 'running', 2, 3, null)];
    for (const now of nows) expect(timelineLayout(jobs, now)).toEqual(timelineLayout(fresh(jobs), now));
  });

  it('is what `v` finds when the pane laid it out ahead', () => {
    const jobs = fixtureJobs() as unknown as Job[];
    const now = T0 + 999_000;
    layOut(jobs, NEXT_VIEW.graph, now);
    const ahead = timelineLayout(jobs, now);
    expect(timelineLayout(jobs, now)).toBe(ahead);
    expect(ahead).toEqual(timelineLayout(fresh(jobs), now));
  });
});

describe('the stage graph kept per array', () => {
  it('has the columns and counts of the jobs it was given, after they change', () => {
    let jobs = pipeline(120) as unknown as Job[];
    layOut(jobs, NEXT_VIEW.list, T0);
    expect(columnsOf(jobs)).toBe(columnsOf(jobs));
    expect(columnsOf(jobs)).toEqual(stagesOf(fresh(jobs)));
    jobs = jobs.map((j) => (j.status === 'running' ? { ...j, status: 'failed' } : j));
    const columns = columnsOf(jobs);
    expect(columns).toEqual(stagesOf(fresh(jobs)));
    const icon = (status: string) => status[0]!;
    for (const column of columns) {
      const mine = column.jobs.map((j) => j.job);
      const counts = stageCounts(mine, icon);
      expect(counts).toBe(stageCounts(fresh(mine), icon));
      expect(counts).toMatch(/f\d+/);
    }
  });

  it('heads each column with the counts of its jobs as they are now', () => {
    const theme = createTheme({ NO_COLOR: '1' });
    const icon = (status: string) => theme.status(status).icon;
    let jobs = pipeline(30) as unknown as Job[];
    const graph = () => (
      <ThemeContext.Provider value={theme}>
        <StageGraph jobs={jobs} selected={0} width={120} height={12} />
      </ThemeContext.Provider>
    );
    const { lastFrame, rerender } = render(graph());
    const heading = () => (lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0]!;
    const expected = () =>
      stagesOf(fresh(jobs)).map(
        (c) =>
          `${c.stage} (${c.jobs.length}) ${stageCounts(
            c.jobs.map((j) => j.job),
            icon,
          )}`,
      );
    for (const text of expected()) expect(heading()).toContain(text);
    jobs = jobs.map((j) => (j.stage === 'build' && j.status === 'success' ? { ...j, status: 'failed' } : j));
    rerender(graph());
    for (const text of expected()) expect(heading()).toContain(text);
    expect(heading()).toContain(`build (10) ${icon('failed')}`);
  });
});
