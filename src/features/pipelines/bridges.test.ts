// The pure parts of trigger jobs, failed-first cursors and merge-request refs.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/index.js';
import { withBridges } from '../jobs/source.js';
import { bridgeName, type BridgeRow } from './bridges.js';
import { firstFocus } from './failed.js';
import { mrRef, refText } from '../../domain/merge-request-refs.js';
import { stageCounts } from './StageGraph.js';

const job = (id: number, stage: string, status = 'success', extra: Partial<Job> = {}): Job => ({ id, name: `j${id}`, stage, status, ...extra }) as Job;
const bridge = (id: number, stage: string, downstream: { id: number; project_id?: number; web_url?: string } | null, status = 'running'): BridgeRow =>
  ({ ...job(id, stage, status), name: `b${id}`, downstream_pipeline: downstream }) as unknown as BridgeRow;

describe('withBridges', () => {
  it('puts a bridge after the last job of its stage, and one of a stage of its own where its id falls', () => {
    const jobs = [job(1, 'build'), job(2, 'test'), job(3, 'test'), job(7, 'deploy')];
    const rows = withBridges(jobs, [bridge(6, 'downstream', null), bridge(4, 'test', null)]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 6, 7]);
    // The jobs themselves are the objects given (an unchanged re-read arranges to the same rows).
    expect(rows[0]).toBe(jobs[0]);
    expect(withBridges(jobs, [])).toBe(jobs);
  });
});

describe('bridgeName', () => {
  const here = { projectId: 1, path: 'g/p' };
  it('marks a child, a multi-project pipeline by its path, and a bridge with none yet', () => {
    expect(bridgeName({ projects: {} }, bridge(5, 's', { id: 9, project_id: 1 }), here)).toBe('⇲ b5 → child #9');
    expect(bridgeName({ projects: {} }, bridge(5, 's', { id: 9, project_id: 2, web_url: 'https://gl.example/g/other/-/pipelines/9' }), here)).toBe(
      '⇲ b5 → g/other #9',
    );
    expect(bridgeName({ projects: {} }, bridge(5, 's', null), here)).toBe('⇲ b5 (no pipeline yet)');
  });
});

describe('firstFocus', () => {
  it('prefers a failure that may not fail, then an allowed one, then a running job, else the top', () => {
    expect(firstFocus([job(1, 'a'), job(2, 'a', 'failed', { allow_failure: true }), job(3, 'a', 'failed')])).toBe(2);
    expect(firstFocus([job(1, 'a'), job(2, 'a', 'failed', { allow_failure: true })])).toBe(1);
    expect(firstFocus([job(1, 'a'), job(2, 'a', 'running')])).toBe(1);
    expect(firstFocus([job(1, 'a')])).toBe(0);
    expect(firstFocus([])).toBe(0);
  });
});

describe('merge-request refs', () => {
  it('reads !N from head, merge and train refs, with the title when known', () => {
    expect(mrRef('refs/merge-requests/12/head')).toEqual({ iid: 12, kind: 'head' });
    expect(mrRef('refs/merge-requests/12/merge')).toEqual({ iid: 12, kind: 'merge' });
    expect(mrRef('main')).toBeNull();
    const state = { mergeRequests: { '5!12': { title: 'Add biometric login' } as never, '5!13': null } };
    expect(refText(state, 5, 'refs/merge-requests/12/merge')).toBe('!12 Add biometric login');
    expect(refText(state, 5, 'refs/merge-requests/13/head')).toBe('!13');
    expect(refText(state, 5, 'feature/x')).toBe('feature/x');
  });
});

describe('stageCounts', () => {
  it('counts passed, failed and running jobs, leaving out none', () => {
    const icon = (s: string) => ({ success: '✔', failed: '✖', running: '●' })[s] ?? '?';
    expect(stageCounts([job(1, 's'), job(2, 's', 'failed'), job(3, 's', 'running'), job(4, 's')], icon)).toBe('✔2 ✖1 ●1');
    expect(stageCounts([job(1, 's', 'skipped')], icon)).toBe('');
  });
});
