import { describe, expect, it } from 'vitest';
import type { Job, Pipeline } from '../api/index.js';
import { forgetOffStack } from './retention.js';
import { registryOf } from './registry.js';
import { FEATURES } from '../app/features.js';
import { initialState } from '../app/create.js';
import { EMPTY_LIST } from './store.js';
import type { AppState, ListKey, ListState, Pane } from './types.js';
import type { LogViewState } from '../features/log/index.js';
import { INITIAL_LOG_VIEW } from '../features/log/log-view.js';
import { listKeys } from '../domain/list-keys.js';
import { schedulesList } from '../features/schedules/slice.js';
import { testCasesList } from '../features/pipelines/list-keys.js';

/** What the registered features retain (Feature.retain). */
const RETENTION = registryOf(FEATURES).retention;

const job = (id: number, pipelineId: number) => ({ id, status: 'success', pipeline: { id: pipelineId } }) as unknown as Job;
const pipeline = (id: number) => ({ id, status: 'success' }) as unknown as Pipeline;
// As patchList leaves a list: with its key.
const list = <T>(key: ListKey, items: T[]): ListState<unknown> => ({ ...EMPTY_LIST, items, loadedAt: 1, key });

function state(stack: Pane[]): AppState {
  const s = initialState({ host: 'h', demo: true, readOnly: false });
  return {
    ...s,
    stack,
    lists: {
      projects: list(listKeys.projects(), [{ id: 1 }]),
      'pipelines:1': list(listKeys.pipelines(1), [pipeline(10), pipeline(11)]),
      'pipelineJobs:1:10': list(listKeys.pipelineJobs(1, 10), [job(100, 10), job(101, 10)]),
      'pipelineJobs:1:11': list(listKeys.pipelineJobs(1, 11), [job(110, 11)]),
      'pipelines:2': list(listKeys.pipelines(2), [pipeline(20)]),
      'pipelineJobs:2:20': list(listKeys.pipelineJobs(2, 20), [job(200, 20)]),
      'schedules:2': list(schedulesList(2), [{ id: 5 }]),
    },
    jobs: { 100: job(100, 10), 101: job(101, 10), 110: job(110, 11), 200: job(200, 20), 300: job(300, 30) },
    pipelines: { 10: pipeline(10), 11: pipeline(11), 20: pipeline(20), 30: pipeline(30) },
    logViews: { 110: { ...INITIAL_LOG_VIEW } as LogViewState, 300: { ...INITIAL_LOG_VIEW } as LogViewState },
  };
}

const projects: Pane = { kind: 'projects' };
const project1: Pane = { kind: 'project', projectId: 1, path: 'a/b', tab: 'pipelines' };
const pipeline10: Pane = { kind: 'pipeline', projectId: 1, path: 'a/b', pipelineId: 10, view: 'list' };

describe('forgetOffStack', () => {
  it('keeps what the stack shows and drops the pipelines, jobs and log views left behind', () => {
    const s = state([projects, project1, pipeline10, { kind: 'job', projectId: 1, path: 'a/b', jobId: 101 }]);
    const changes = forgetOffStack(s, RETENTION)!;
    expect(Object.keys(changes.lists!).sort()).toEqual(['pipelineJobs:1:10', 'pipelines:1', 'projects', 'schedules:2']);
    // Jobs of kept lists (and of the job pane) stay; so do the pipelines of kept rows and of those jobs.
    expect(Object.keys(changes.jobs!).map(Number).sort()).toEqual([100, 101]);
    expect(Object.keys(changes.pipelines!).map(Number).sort()).toEqual([10, 11]);
    expect(changes.logViews).toEqual({});
    // Kept entries are the same objects: nothing on screen re-renders for this.
    expect(changes.lists!['pipelineJobs:1:10']).toBe(s.lists['pipelineJobs:1:10']);
    expect(changes.jobs![100]).toBe(s.jobs[100]);
  });

  it("keeps a job pane's job and log view even when no list has it", () => {
    const s = state([projects, { kind: 'job', projectId: 3, path: 'c/d', jobId: 300 }]);
    const changes = forgetOffStack(s, RETENTION)!;
    expect(Object.keys(changes.jobs!)).toEqual(['300']);
    expect(Object.keys(changes.pipelines!)).toEqual(['30']);
    expect(Object.keys(changes.logViews!)).toEqual(['300']);
  });

  it('takes a list entry set to undefined (reset by hand) for no list', () => {
    const s = state([projects, project1]);
    const changes = forgetOffStack({ ...s, lists: { ...s.lists, 'pipelines:1': undefined as never } }, RETENTION)!;
    expect(Object.keys(changes.lists!).sort()).toEqual(['projects', 'schedules:2']);
  });

  it('returns null when there is nothing to forget', () => {
    const s = initialState({ host: 'h', demo: true, readOnly: false });
    expect(
      forgetOffStack(
        {
          ...s,
          stack: [projects, project1],
          lists: { 'pipelines:1': list(listKeys.pipelines(1), [pipeline(10)]) },
          pipelines: { 10: pipeline(10) },
        },
        RETENTION,
      ),
    ).toBeNull();
  });
});

describe('forgetOffStack: pipeline extras and test reports', () => {
  it('keeps a pipeline’s variables, summary and report while a pane shows it, and drops them after', () => {
    const report = { total_time: 0, total_count: 0, success_count: 0, failed_count: 0, skipped_count: 0, error_count: 0, test_suites: [] };
    const tests: Pane = { kind: 'tests', projectId: 1, path: 'a/b', pipelineId: 10, open: false };
    const base = state([projects, project1, pipeline10, tests]);
    const s: AppState = {
      ...base,
      lists: { ...base.lists, 'testCases:1:10': list(testCasesList(1, 10), [{ id: 0 }]), 'testCases:1:11': list(testCasesList(1, 11), [{ id: 0 }]) },
      pipelineExtras: { 10: { variables: [] }, 11: { variables: [] } },
      testReports: { 10: { at: 'x', report }, 11: { at: 'x', report } },
    };
    const kept = forgetOffStack(s, RETENTION)!;
    expect(Object.keys(kept.pipelineExtras!)).toEqual(['10']);
    expect(Object.keys(kept.testReports!)).toEqual(['10']);
    expect(Object.keys(kept.lists!)).toContain('testCases:1:10');
    expect(Object.keys(kept.lists!)).not.toContain('testCases:1:11');
    const left = forgetOffStack({ ...s, ...kept, stack: [projects, project1] }, RETENTION)!;
    expect(left.pipelineExtras).toEqual({});
    expect(left.testReports).toEqual({});
  });
});
