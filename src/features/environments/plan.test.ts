import { describe, expect, it } from 'vitest';
import type { Commit, Deployment } from '../../api/index.js';
import { commitLines, planApproval, planRollback } from './plan.js';

const user = { id: 1, username: 'bob', name: 'Bob' };
const job = (id: number, status: string) => ({ id, status, name: 'deploy', stage: 'deploy', ref: 'main' }) as unknown as Deployment['deployable'];
const dep = (iid: number, status: string, sha: string, jobStatus: string | null = 'success'): Deployment =>
  ({
    id: 100 + iid,
    iid,
    ref: 'main',
    sha,
    status,
    user,
    environment: { id: 1, name: 'production' },
    deployable: jobStatus ? job(9000 + iid, jobStatus) : null,
  }) as Deployment;

describe('planRollback', () => {
  it('defaults to the newest earlier successful deployment of another commit', () => {
    const rows = [dep(9, 'blocked', 'e'), dep(8, 'success', 'd'), dep(7, 'success', 'd'), dep(6, 'failed', 'c'), dep(5, 'success', 'b')];
    const plan = planRollback('production', rows);
    expect(plan).toEqual({ ok: true, value: { live: rows[1], target: rows[4] } });
  });

  it('takes the number shown (iid) first, then the id', () => {
    const rows = [dep(8, 'success', 'd'), dep(5, 'success', 'b')];
    expect(planRollback('production', rows, 5)).toMatchObject({ ok: true, value: { target: { iid: 5 } } });
    expect(planRollback('production', rows, 105)).toMatchObject({ ok: true, value: { target: { iid: 5 } } });
  });

  it('refuses with a reason: nothing live, nothing earlier, the live one, not successful, no job, a job not finished', () => {
    expect(planRollback('production', [dep(3, 'failed', 'a')])).toEqual({
      ok: false,
      reason: 'production has no successful deployment: there is nothing to roll back from',
    });
    expect(planRollback('production', [dep(3, 'success', 'a'), dep(2, 'success', 'a')])).toEqual({
      ok: false,
      reason: 'production has no earlier successful deployment of another commit to roll back to',
    });
    const rows = [dep(8, 'success', 'd'), dep(7, 'failed', 'c'), dep(6, 'success', 'b', null), dep(5, 'success', 'a', 'running')];
    expect(planRollback('production', rows, 8)).toEqual({ ok: false, reason: '#8 is what production runs now' });
    expect(planRollback('production', rows, 7)).toEqual({
      ok: false,
      reason: '#7 did not succeed (failed): only a successful deployment can be rolled back to',
    });
    expect(planRollback('production', rows, 6)).toEqual({ ok: false, reason: '#6 was recorded without a job (through the API): there is no job to re-run' });
    expect(planRollback('production', rows, 5)).toEqual({ ok: false, reason: "#5's job #9005 is running: GitLab re-runs only a finished job" });
    expect(planRollback('production', rows, 42)).toEqual({ ok: false, reason: "No deployment #42 among production's 4 newest" });
  });
});

describe('planApproval', () => {
  it('the newest blocked deployment, or the one typed; refused when none waits', () => {
    const rows = [dep(9, 'blocked', 'e'), dep(8, 'success', 'd'), dep(7, 'blocked', 'c')];
    expect(planApproval('production', rows)).toEqual({ ok: true, value: rows[0] });
    expect(planApproval('production', rows, 7)).toEqual({ ok: true, value: rows[2] });
    expect(planApproval('production', rows, 8)).toEqual({ ok: false, reason: '#8 is success, not waiting for an approval' });
    expect(planApproval('staging', [dep(1, 'success', 'a')])).toEqual({ ok: false, reason: 'No deployment of staging waits for an approval' });
  });
});

describe('commitLines', () => {
  const commit = (n: number): Commit => ({ id: `${n}`.repeat(40).slice(0, 40), short_id: `${n}`.repeat(8), title: `Change ${n}` });
  it('newest first, at most the lines given, the rest as "and N more"', () => {
    expect(commitLines([commit(1), commit(2)], 3)).toEqual(['  22222222 Change 2', '  11111111 Change 1']);
    expect(commitLines([1, 2, 3, 4, 5].map(commit), 3)).toEqual(['  55555555 Change 5', '  44444444 Change 4', '  and 3 more']);
    expect(commitLines([], 3)).toEqual([]);
  });
});
