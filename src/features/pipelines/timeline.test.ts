import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAR, axisFor, axisLine, barCells, buildTimeline, queuedSpan, runningSpan, stageOrderOf, tickLabel } from './timeline.js';
import { T0, fixtureJob, fixtureJobs } from './timeline-fixture.js';
import { startRig, type Rig } from '../../../test/helpers/sim.js';
import type { Job } from '../../api/index.js';

const s = (seconds: number) => T0 + seconds * 1000;
const nameOf = (jobs: { id: number; name: string }[]) => (id: number) => jobs.find((j) => j.id === id)!.name;

describe('spans', () => {
  it('runs from started_at to finished_at, queued for queued_duration before that', () => {
    const [build] = fixtureJobs();
    expect(runningSpan(build!, s(999))).toEqual({ start: s(5), end: s(65) });
    expect(queuedSpan(build!, s(999))).toEqual({ start: s(0), end: s(5) });
  });

  it('extends a running job to now, and a pending job queues up to now', () => {
    const running = fixtureJob(9, 'x', 'test', 'running', 3, 100, null);
    expect(runningSpan(running, s(300))).toEqual({ start: s(100), end: s(300) });
    const pending = fixtureJob(10, 'y', 'test', 'pending', 40, null, null);
    expect(runningSpan(pending, s(300))).toBeNull();
    expect(queuedSpan(pending, s(300))).toEqual({ start: s(260), end: s(300) });
  });

  it('uses duration when finished_at is missing, and draws nothing for jobs that never ran', () => {
    const j = { ...fixtureJob(11, 'z', 'test', 'success', null, 10, null), duration: 30 };
    expect(runningSpan(j, s(999))).toEqual({ start: s(10), end: s(40) });
    const manual = fixtureJob(12, 'm', 'deploy', 'manual', null, null, null);
    expect(runningSpan(manual, s(999))).toBeNull();
    expect(queuedSpan(manual, s(999))).toBeNull();
  });
});

describe('stage order', () => {
  it('follows the jobs (GitLab lists them by id, stage by stage) unless told', () => {
    const jobs = fixtureJobs();
    expect(stageOrderOf(jobs)).toEqual(['build', 'test', 'deploy']);
    expect(stageOrderOf([...jobs].reverse())).toEqual(['deploy', 'test', 'build']);
    expect(stageOrderOf([...jobs].reverse(), ['build', 'test', 'security', 'deploy'])).toEqual(['build', 'test', 'deploy']);
  });
});

describe('critical path', () => {
  it('walks back from the job that ended last through the latest-ending job of an earlier stage', () => {
    const jobs = fixtureJobs();
    const timeline = buildTimeline(jobs, s(999));
    expect(timeline.criticalPath.map(nameOf(jobs))).toEqual(['build', 'test:integration', 'deploy']);
    expect(timeline.entries.filter((e) => e.critical).map((e) => e.job.name)).toEqual(['build', 'test:integration', 'deploy']);
  });

  it('follows `needs` when the jobs carry them', () => {
    const jobs = fixtureJobs().map((j) => (j.name === 'deploy' ? { ...j, needs: ['test:unit'] } : j));
    expect(buildTimeline(jobs, s(999)).criticalPath.map(nameOf(jobs))).toEqual(['build', 'test:unit', 'deploy']);
    const free = fixtureJobs().map((j) => (j.name === 'deploy' ? { ...j, needs: [] } : j));
    expect(buildTimeline(free, s(999)).criticalPath.map(nameOf(free))).toEqual(['deploy']);
  });

  it('ends at a running job when it is the one still going', () => {
    const jobs = [...fixtureJobs(), fixtureJob(8, 'smoke', 'deploy', 'running', 2, 200, null)];
    expect(buildTimeline(jobs, s(400)).criticalPath.map(nameOf(jobs))).toEqual(['build', 'test:integration', 'smoke']);
  });

  it('is empty when nothing ran', () => {
    expect(buildTimeline([fixtureJob(1, 'a', 'test', 'created', null, null, null)], s(0)).criticalPath).toEqual([]);
  });
});

describe('drawing', () => {
  const timeline = buildTimeline(fixtureJobs(), s(999));
  // 220 s over 44 cells: 5 s a cell.
  const axis = axisFor(timeline, 44)!;

  it('spans the axis from the first queue to the last end', () => {
    expect(timeline.start).toBe(s(0));
    expect(timeline.end).toBe(s(220));
    expect(axis.scale).toBe(5000);
  });

  it('draws queued and running cells on the shared axis', () => {
    const bar = (name: string) =>
      barCells(
        timeline.entries.find((e) => e.job.name === name)!,
        axis,
      );
    const q = BAR.queued;
    const r = BAR.running;
    const pad = (text: string) => text.padEnd(44, ' ');
    expect(bar('build')).toBe(pad(q + r.repeat(12)));
    expect(bar('docker:build')).toBe(pad(q.repeat(2) + r.repeat(6)));
    expect(bar('test:unit')).toBe(pad(' '.repeat(13) + q + r.repeat(12)));
    expect(bar('test:integration')).toBe(pad(' '.repeat(13) + q.repeat(4) + r.repeat(20)));
    expect(bar('lint')).toBe(pad(' '.repeat(13) + r.repeat(3))); // 66–76 s: cells 13–15
    expect(bar('deploy')).toBe(' '.repeat(37) + q + r.repeat(6));
    expect(bar('deploy:prod')).toBe(' '.repeat(44));
  });

  it('labels the axis with ticks that never touch', () => {
    expect(axisLine(axis)).toBe('0s'.padEnd(12) + '1m'.padEnd(12) + '2m'.padEnd(12) + '3m'.padEnd(8));
    for (const cells of [5, 17, 30, 61, 200]) {
      const line = axisLine(axisFor(timeline, cells)!);
      expect(line).toHaveLength(cells);
      // Every word is one whole label: none ran into the next.
      for (const word of line.trim().split(/ +/)) expect(word).toMatch(/^(\d+h)?(\d+m)?(\d+s)?$/);
    }
  });

  it('formats tick labels compactly', () => {
    expect([0, 45, 60, 90, 3600, 5400, 7260].map(tickLabel)).toEqual(['0s', '45s', '1m', '1m30s', '1h', '1h30m', '2h1m']);
  });

  it('marks a span shorter than a cell in the cell it falls in', () => {
    const one = buildTimeline([fixtureJob(1, 'a', 'x', 'success', null, 0, 1000), fixtureJob(2, 'b', 'x', 'success', null, 500, 501)], s(2000));
    const ax = axisFor(one, 10)!;
    expect(barCells(one.entries[1]!, ax)).toBe('     █    ');
  });
});

describe('on the simulator (seed 7, frozen clock)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('finds a critical path whose every link ended before the next began, ending with the last job', async () => {
    const project = 'acme/api';
    const [pipeline] = await rig.gl.pipelines.list(project, { status: 'success', ref: 'main' }).all(1);
    const jobs: Job[] = await rig.gl.jobs.listForPipeline(project, pipeline!.id).all();
    const timeline = buildTimeline(jobs, rig.sim.clock.now());
    expect(timeline.stages).toEqual(['build', 'test', 'security', 'deploy'].filter((st) => jobs.some((j) => j.stage === st)));
    const path = timeline.criticalPath.map((id) => timeline.entries.find((e) => e.job.id === id)!);
    expect(path.length).toBeGreaterThanOrEqual(2);
    const lastEnd = Math.max(...timeline.entries.filter((e) => e.running).map((e) => e.running!.end));
    expect(path[path.length - 1]!.running!.end).toBe(lastEnd);
    for (let i = 1; i < path.length; i++) {
      expect(path[i - 1]!.stageIndex).toBeLessThan(path[i]!.stageIndex);
      expect(path[i - 1]!.running!.end).toBeLessThanOrEqual(path[i]!.running!.start + 1000);
    }
  });
});
