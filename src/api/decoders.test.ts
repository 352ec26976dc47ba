import { describe, expect, expectTypeOf, it } from 'vitest';
import * as D from './decoders.js';
import { DecodeError, decodeEntity, decodeList } from './entity.js';
import type { Job, JobPipelineRef, JobStatus, PipelineSchedule, PipelineStatus, Runner, TestSuite } from './types.js';

const user = { id: 5, username: 'ana', name: 'Ana' };
const commit = { id: 'abc123', short_id: 'abc1', title: 'Fix' };
const job = { id: 1, status: 'success', stage: 'test', name: 'rspec', ref: 'main', user, commit, pipeline: { id: 9 } };

const refusal = (e: Parameters<typeof decodeEntity>[0], input: unknown): string => {
  try {
    decodeEntity(e, input);
  } catch (err) {
    expect(err).toBeInstanceOf(DecodeError);
    return (err as Error).message;
  }
  throw new Error(`decoded ${JSON.stringify(input)}`);
};

describe('decoders', () => {
  it('refuses a wrong-typed required field, naming the object and the field', () => {
    expect(refusal(D.job, { ...job, id: '7' })).toBe('GitLab sent a job whose id is not a number');
    expect(refusal(D.pipeline, { id: 1.5, status: 'x', ref: 'm', sha: 's', user })).toBe('GitLab sent a pipeline whose id is not a number');
    const deployment = { id: 1, ref: 'main', sha: 'abc', user, environment: { id: 'prod', name: 'production' }, deployable: null };
    expect(refusal(D.deployment, deployment)).toBe('GitLab sent a deployment whose environment.id is not a number');
    expect(refusal(D.currentUser, null)).toBe('GitLab sent a user that is not an object');
    expect(refusal(D.project, [])).toBe('GitLab sent a project that is not an object');
    expect(refusal(D.currentUser, { id: 1, username: 5, name: 'n' })).toBe('GitLab sent a user whose username is not text');
    expect(refusal(D.job, { ...job, name: undefined })).toBe('GitLab sent a job with no name');
    expect(refusal(D.pipelineVariable, { key: 'K', value: 3 })).toBe('GitLab sent a pipeline variable whose value is not text');
    expect(refusal(D.testReportSummary, {})).toBe('GitLab sent a test report summary with no total');
    expect(
      refusal(D.testReport, { total_time: 1, total_count: 1, success_count: 1, failed_count: 0, skipped_count: 0, error_count: 0, test_suites: [{}] }),
    ).toBe('GitLab sent a test report with no test_suites[0].name');
  });

  it('drops a wrong-typed optional field (the key goes) and notes it; a wrong status reads as unknown', () => {
    const input = { ...job, status: 42, coverage: 'lots', tag_list: null, web_url: ['x'] };
    const { value, notes } = decodeEntity(D.job, input);
    expect(value.status).toBe('unknown');
    expect('coverage' in value).toBe(false);
    expect('tag_list' in value).toBe(false);
    expect('web_url' in value).toBe(false);
    expect(notes).toEqual([
      "job's status is not text: read as unknown",
      "job's coverage is not a number: left out",
      "job's web_url is not text: left out",
      "job's tag_list is not a list: left out",
    ]);
    expect(input.status).toBe(42);
  });

  it('an optional part with a wrong field inside is left out whole (a job whose pipeline.id is not a number)', () => {
    const { value, notes } = decodeEntity(D.job, { ...job, pipeline: { id: 'x' } });
    expect('pipeline' in value).toBe(false);
    expect(notes).toEqual(["job's pipeline is not a valid pipeline: left out"]);
  });

  it('reads a user that is not a user as null: the job is still shown', () => {
    const { value } = decodeEntity(D.job, { ...job, user: 'root' });
    expect(value.user).toBeNull();
    expect(decodeEntity(D.job, { ...job, user: undefined }).value.user).toBeNull();
  });

  it('reads counts sent as numeric strings as numbers, never as text', () => {
    const total = { time: '0.5', count: '10', success: '9', failed: '1', skipped: '0', error: '0' };
    const { value } = decodeEntity(D.testReportSummary, { total, test_suites: [] });
    expect(value.total).toEqual({ time: 0.5, count: 10, success: 9, failed: 1, skipped: 0, error: 0 });
    expect(value.total.failed + value.total.error).toBe(1);
    expect(refusal(D.testReportSummary, { total: { ...total, failed: '1 failed' }, test_suites: [] })).toBe(
      'GitLab sent a test report summary whose total.failed is not a number',
    );
  });

  it('keeps text exactly as sent: decoders check types, they do not sanitize', () => {
    const name = '\x1b]0;title\x07rspec\u202e';
    expect(decodeEntity(D.job, { ...job, name }).value.name).toBe(name);
  });

  it('keeps fields it does not know, untouched', () => {
    expect(decodeEntity(D.job, { ...job, queue_position: { id: 3 } }).value.queue_position).toEqual({ id: 3 });
  });

  it('answers the same object for the same input (an ETag hit keeps identity, so the store sees no change)', () => {
    const input = { ...job };
    expect(decodeEntity(D.job, input).value).toBe(decodeEntity(D.job, input).value);
  });

  it('a list answer that is not a list, or has one refused item, is refused whole', () => {
    expect(() => decodeList(D.pipelineVariable, '[{"key":"A","value":"1"}]', 'pipeline variables')).toThrow(
      'GitLab sent pipeline variables that are not a list',
    );
    expect(() => decodeList(D.job, [job, { ...job, id: null }], 'a page')).toThrow('GitLab sent a job whose id is not a number');
    expect(decodeList(D.job, [job, job], 'a page').value).toHaveLength(2);
  });

  it('a full report suite keeps build_ids only when they are a list of ids', () => {
    const suite = { name: 'unit', total_time: 1, total_count: 0, success_count: 0, failed_count: 0, skipped_count: 0, error_count: 0, test_cases: [] };
    const report = (s: object) => ({ total_time: 1, total_count: 0, success_count: 0, failed_count: 0, skipped_count: 0, error_count: 0, test_suites: [s] });
    expect(decodeEntity(D.testReport, report({ ...suite, build_ids: [7] })).value.test_suites[0]!.build_ids).toEqual([7]);
    const { value, notes } = decodeEntity(D.testReport, report({ ...suite, build_ids: 'abc' }));
    expect('build_ids' in value.test_suites[0]!).toBe(false);
    expect(notes).toEqual(["test suite's build_ids is not a list: left out"]);
  });

  it('the types are read off the decoders: required, optional, nullable and narrowed fields as declared', () => {
    expectTypeOf<Job['id']>().toEqualTypeOf<number>();
    expectTypeOf<Job['status']>().toEqualTypeOf<JobStatus>();
    expectTypeOf<Job['runner']>().toEqualTypeOf<Runner | null>();
    expectTypeOf<Job['pipeline']>().toEqualTypeOf<JobPipelineRef | undefined>();
    expectTypeOf<Job['coverage']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Job['tag_list']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<PipelineSchedule['last_pipeline']>().exclude<null | undefined>().toHaveProperty('status').toEqualTypeOf<PipelineStatus>();
    expectTypeOf<TestSuite['build_ids']>().toEqualTypeOf<number[] | undefined>();
    // Fields GitLab sends beyond the named ones pass the decoder, and the type says so.
    expectTypeOf<Job['queue_position']>().toEqualTypeOf<unknown>();
    expectTypeOf(decodeEntity(D.job, job).value).toEqualTypeOf<Job>();
  });
});
