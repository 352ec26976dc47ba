import { describe, expect, it } from 'vitest';
import type { PipelineSchedule } from '../../api/index.js';
import { noLastPipeline, variableRows } from './variable-rows.js';

const base = {
  id: 1,
  description: 'd',
  ref: 'main',
  cron: '0 2 * * *',
  cron_timezone: 'UTC',
  next_run_at: '2026-11-21T02:00:00.000Z',
  active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  owner: { id: 1, username: 'bob', name: 'Bob' },
} satisfies PipelineSchedule;

describe('the schedule pane: variables and last pipeline', () => {
  it('lists keys and types with values hidden, values when asked', () => {
    const schedule = {
      ...base,
      variables: [
        { key: 'A', value: 'secret', variable_type: 'env_var' },
        { key: 'CERT', value: 'PEM', variable_type: 'file' },
      ],
    };
    expect(variableRows(schedule, false, true)).toEqual([{ label: 'Variables', value: 'A, CERT (file) — values hidden (v shows them)' }]);
    expect(variableRows(schedule, true, true)).toEqual([
      { label: 'Variables', value: '2 — v hides the values' },
      { label: '  A', value: '= secret' },
      { label: '  CERT', value: '= PEM (file)' },
    ]);
    expect(variableRows({ ...base, variables: [] }, false, true)).toEqual([{ label: 'Variables', value: 'none' }]);
  });

  it('says why there are none: not sent to this user once the detail was read, else still loading', () => {
    expect(variableRows(base, false, true)[0]!.value).toBe('not shown to you — GitLab shows them to its owner and maintainers');
    expect(variableRows(base, false, false)[0]!.value).toBe('loading…');
  });

  it('a last pipeline GitLab did not send is said so once the detail was read, not loading… for ever', () => {
    expect(noLastPipeline(null, true, false)).toBe('none yet');
    expect(noLastPipeline(undefined, true, false)).toBe('— (GitLab did not send it)');
    expect(noLastPipeline(undefined, false, true)).toBe('— (not read: see the error above)');
    expect(noLastPipeline(undefined, false, false)).toBe('loading…');
  });
});
