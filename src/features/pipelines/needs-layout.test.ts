// The needs graph's layout on a pipeline worked out on paper: build → (lint needs nothing) →
// test:unit needs build → deploy needs test:unit and lint; docs follows the stage order.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/index.js';
import { jobsWithNeeds, needsLayout, needsMapOf } from './needs-layout.js';
import { gutterRows } from './needs-lanes.js';

const job = (id: number, name: string, stage: string, status = 'success', extra: Partial<Job> = {}): Job =>
  ({ id, name, stage, status, allow_failure: false, ref: 'main', tag: false, created_at: '2026-11-20T12:00:00Z', ...extra }) as Job;

const JOBS = [
  job(1, 'build', 'build'),
  job(2, 'compile', 'build'),
  job(3, 'lint', 'test'),
  job(4, 'test:unit', 'test', 'failed'),
  job(5, 'test:slow', 'test'),
  job(6, 'deploy', 'deploy', 'skipped'),
  job(7, 'docs', 'deploy', 'skipped'),
  job(8, 'notify', 'notify', 'skipped'),
];
const NEEDS = new Map<string, string[] | null>([
  ['build', null],
  ['compile', null],
  ['lint', []],
  ['test:unit', ['build']],
  ['test:slow', ['compile']],
  ['deploy', ['test:unit', 'lint']],
  ['docs', null],
  ['notify', ['build', 'deploy']],
]);

const names = (column: { job: Job }[]) => column.map((n) => n.job.name);

describe('needs layout', () => {
  it('puts each job one column right of the deepest job it needs; a stage job right of every earlier stage', () => {
    const layout = needsLayout(JOBS, NEEDS);
    expect(layout.columns.map(names)).toEqual([['build', 'compile', 'lint'], ['test:unit', 'test:slow'], ['deploy', 'docs'], ['notify']]);
  });

  it('draws lines only to the column before; a need further left is named instead', () => {
    const layout = needsLayout(JOBS, NEEDS);
    const edges = layout.edges.map((e) => `${e.from.job.name}>${e.to.job.name}`).sort();
    expect(edges).toEqual(['build>test:unit', 'compile>test:slow', 'deploy>notify', 'test:unit>deploy']);
    expect(layout.nodes.find((n) => n.job.name === 'deploy')!.far).toEqual(['lint']);
    expect(layout.nodes.find((n) => n.job.name === 'notify')!.far).toEqual(['build']);
  });

  it('marks the failed path: the failure and what it took down, not a skip of its own', () => {
    const layout = needsLayout(JOBS, NEEDS);
    const failed = layout.nodes.filter((n) => n.failedPath).map((n) => n.job.name);
    // docs follows the stage order after the failure: taken down too.
    expect(failed.sort()).toEqual(['deploy', 'docs', 'notify', 'test:unit']);
    expect(layout.edges.find((e) => e.to.job.name === 'deploy')!.failed).toBe(true);
    expect(layout.edges.find((e) => e.to.job.name === 'test:unit')!.failed).toBe(false);
  });

  it('without needs (REST only) lays out by stage order', () => {
    const layout = needsLayout(JOBS, null);
    expect(layout.columns.map(names)).toEqual([['build', 'compile'], ['lint', 'test:unit', 'test:slow'], ['deploy', 'docs'], ['notify']]);
    expect(layout.edges).toEqual([]);
  });

  it('joins a job to what needs it with box drawing in the gutter', () => {
    const layout = needsLayout(JOBS, NEEDS);
    // build (row 0) → test:unit (row 0), compile (row 1) → test:slow (row 1): two straight lines.
    expect(gutterRows(layout, 0, 0, 3).map((r) => r.text)).toEqual(['───', '───', '   ']);
    // test:unit (row 0) → deploy (row 0); nothing from test:slow.
    expect(gutterRows(layout, 1, 0, 2).map((r) => r.text)).toEqual(['───', '   ']);
    const crossing = needsLayout(
      [job(1, 'a', 's1'), job(2, 'b', 's1'), job(3, 'c', 's2'), job(4, 'd', 's2')],
      new Map([
        ['c', ['b']],
        ['d', ['a', 'b']],
      ]),
    );
    const rows = crossing.columns[1]!.map((n) => `${n.row}:${n.job.name}`);
    expect(rows).toEqual(['0:d', '1:c']);
    // a → d and b → c straight. b → d would rise from row 1 into d's line, where a's line could
    // go down it on to c (a does not need… c does not need a): not drawn, named on d's last line.
    expect(gutterRows(crossing, 0, 0, 2).map((r) => r.text)).toEqual(['───', '───']);
    expect(crossing.nodes.find((n) => n.job.name === 'd')!.hidden).toEqual(['b']);
  });

  it('survives a cycle in a broken answer', () => {
    const layout = needsLayout(
      [job(1, 'a', 's'), job(2, 'b', 's')],
      new Map([
        ['a', ['b']],
        ['b', ['a']],
      ]),
    );
    expect(layout.nodes.length).toBe(2);
  });

  it('gives the timeline its needs, once per rows and tree', () => {
    const graph = { jobs: [{ name: 'test:unit', needs: ['build'] }] };
    const needsOf = needsMapOf(graph)!;
    expect(needsMapOf(graph)).toBe(needsOf);
    const withNeeds = jobsWithNeeds(JOBS, needsOf);
    expect(withNeeds.find((j) => j.name === 'test:unit')!.needs).toEqual(['build']);
    expect(withNeeds.find((j) => j.name === 'build')).toBe(JOBS[0]);
    expect(jobsWithNeeds(JOBS, needsOf)).toBe(withNeeds);
  });
});
