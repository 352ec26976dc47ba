// The schedule answers pipetop reads for play and variables, as GitLab writes them (examples from
// Entities::Ci::PipelineScheduleDetails and Entities::Ci::Variable, and doc/api/pipeline_schedules.md),
// not as the simulator does.
import { describe, expect, it } from 'vitest';
import * as D from './decoders.js';
import { DecodeError, decodeEntity } from './entity.js';

const owner = {
  name: 'Administrator',
  username: 'root',
  id: 1,
  state: 'active',
  avatar_url: 'http://www.gravatar.com/avatar/e64c7d89f26bd1972efa854d13d7dd61?s=80&d=identicon',
  web_url: 'https://gitlab.example.com/root',
};
const detail = {
  id: 13,
  description: 'Test schedule pipeline',
  ref: 'refs/heads/main',
  cron: '* * * * *',
  cron_timezone: 'Asia/Tokyo',
  next_run_at: '2017-05-19T13:41:00.000Z',
  active: true,
  created_at: '2017-05-19T13:31:08.849Z',
  updated_at: '2017-05-19T13:40:17.727Z',
  last_pipeline: { id: 332, sha: '0e788619d0b5ec17388dffb973ecd505946156db', ref: 'refs/heads/main', status: 'pending' },
  owner,
  variables: [{ key: 'TEST_VARIABLE_1', variable_type: 'env_var', value: 'TEST_1', raw: false }],
};

describe('schedule play and variables decoders', () => {
  it("reads the detail's variables, and a detail without them (a developer who does not own it)", () => {
    expect(decodeEntity(D.schedule, detail).value.variables).toEqual([{ key: 'TEST_VARIABLE_1', variable_type: 'env_var', value: 'TEST_1', raw: false }]);
    const { variables: _hidden, ...withoutVariables } = detail;
    expect(decodeEntity(D.schedule, withoutVariables).value.variables).toBeUndefined();
  });

  it('reads a variable as POST/PUT/DELETE …/variables answer it, and refuses one without a key or a text value', () => {
    expect(decodeEntity(D.scheduleVariable, { key: 'NEW_VARIABLE', variable_type: 'env_var', value: 'new value' }).value).toEqual({
      key: 'NEW_VARIABLE',
      variable_type: 'env_var',
      value: 'new value',
    });
    // DELETE's documented answer has no variable_type.
    expect(decodeEntity(D.scheduleVariable, { key: 'NEW_VARIABLE', value: 'updated value' }).value.variable_type).toBeUndefined();
    expect(() => decodeEntity(D.scheduleVariable, { value: 'x' })).toThrow(DecodeError);
    expect(() => decodeEntity(D.scheduleVariable, { key: 'K', value: 5 })).toThrow('GitLab sent a schedule variable whose value is not text');
  });

  it("reads play's answer, Grape's created! message", () => {
    expect(decodeEntity(D.playAnswer, { message: '201 Created' }).value).toEqual({ message: '201 Created' });
  });
});
