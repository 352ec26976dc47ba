import { describe, expect, it } from 'vitest';
import { flagged, groupFailures, reasonWords, runnerBlame } from './failures.js';

const job = (runner: number | null, machine: string | null, reason: string) => ({
  failure_reason: reason,
  runner: runner === null ? null : { id: runner, description: `runner-${runner}` },
  runner_manager: machine === null ? null : { id: 1, system_id: machine },
});

describe('failures by runner', () => {
  it('groups by runner and machine and reason, the ones that blame the runner first', () => {
    const groups = groupFailures([
      job(1, 's_a', 'script_failure'),
      job(1, 's_a', 'script_failure'),
      job(2, 'r_b', 'runner_system_failure'),
      job(2, 'r_b', 'runner_system_failure'),
      job(2, 'r_b', 'runner_system_failure'),
      job(2, 'r_c', 'script_failure'),
      job(null, null, 'stuck_or_timeout_failure'),
    ]);
    expect(groups.map((g) => [g.runner, g.machine, g.total, g.blamed])).toEqual([
      ['runner-2', 'r_b', 3, 3],
      ['no runner took it', null, 1, 1],
      ['runner-1', 's_a', 2, 0],
      ['runner-2', 'r_c', 1, 0],
    ]);
    expect(reasonWords(groups[0]!.reasons)).toBe('3× runner system failure');
    expect(flagged(groups).map((g) => g.machine)).toEqual(['r_b']);
  });

  it('flags no runner when the runner failures are spread alike, or too few', () => {
    const even = groupFailures([
      job(1, 'a', 'runner_system_failure'),
      job(1, 'a', 'script_failure'),
      job(2, 'b', 'runner_system_failure'),
      job(2, 'b', 'script_failure'),
    ]);
    expect(flagged(even)).toEqual([]);
    expect(flagged(groupFailures([job(1, 'a', 'runner_system_failure'), job(1, 'a', 'runner_system_failure')]))).toEqual([]);
  });
});

describe("`:failures`' line on the runners", () => {
  it('names the runner and machine a failure blames, and nothing when the scripts failed', () => {
    const item = (reason: string, machine: string | null, id = 12) => ({ failureReason: reason, runner: { id, description: 'pool' }, machine });
    expect(runnerBlame([item('script_failure', 'a'), item('script_failure', 'b')])).toBeNull();
    expect(runnerBlame([item('runner_system_failure', 'r_2'), item('script_failure', 'r_1')])).toEqual({
      text: 'Is it the runner? pool (r_2): 1× runner system failure',
      flagged: false,
    });
    const many = runnerBlame([item('runner_system_failure', 'r_2'), item('runner_system_failure', 'r_2'), item('runner_system_failure', 'r_2')]);
    expect(many).toEqual({ text: 'Is it the runner? ⚠ pool (r_2): 3× runner system failure', flagged: true });
  });
});
