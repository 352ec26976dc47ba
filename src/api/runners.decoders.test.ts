// The runner entities' decoders, each fed an answer written from GitLab's entity
// (lib/api/entities/ci/runner.rb, runner_details.rb, runner_manager.rb, job.rb,
// job_basic_with_project.rb) and doc/api/runners.md's examples — not one our simulator produced.
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as D from './decoders.js';
import { DecodeError, decodeEntity, decodeList } from './entity.js';
import type { Job, RunnerManager, RunnerStatus } from './types.js';

const runner = {
  active: true,
  paused: false,
  description: 'test-1-20150125',
  id: 6,
  ip_address: null,
  is_shared: false,
  runner_type: 'project_type',
  name: null,
  online: true,
  created_at: '2025-05-03T00:00:00.000Z',
  status: 'online',
  job_execution_status: 'idle',
};

const details = {
  ...runner,
  architecture: null,
  contacted_at: '2016-01-25T16:39:48.066Z',
  maintenance_note: null,
  platform: null,
  revision: null,
  tag_list: ['ruby', 'mysql'],
  version: null,
  access_level: 'ref_protected',
  maximum_timeout: 3600,
  run_untagged: false,
  locked: true,
  groups: [],
};

const manager = {
  id: 1,
  system_id: 's_89e5e9956577',
  version: '16.11.1',
  revision: '535ced5f',
  platform: 'linux',
  architecture: 'amd64',
  created_at: '2024-06-09T11:12:02.507Z',
  contacted_at: '2024-06-09T06:30:09.355Z',
  ip_address: '127.0.0.1',
  status: 'offline',
  job_execution_status: 'idle',
};

const commit = { id: '0ff3ae198f8601a285adcf5c0fff204ee6fba5fd', short_id: '0ff3ae19', title: 'Test the CI integration.' };

describe('runner decoders', () => {
  it('reads a runner of the lists, its deprecated status beside paused', () => {
    const { value, notes } = decodeEntity(D.runner, { ...runner, paused: true, active: false, status: 'paused' });
    expect(value).toMatchObject({ id: 6, description: 'test-1-20150125', runner_type: 'project_type', online: true, paused: true, status: 'paused' });
    expect(notes).toEqual([]);
    expectTypeOf(value.status).toEqualTypeOf<RunnerStatus | undefined>();
  });

  it('reads a runner with its matching rules, and drops a tag list that is not one', () => {
    const { value } = decodeEntity(D.runnerDetails, details);
    expect(value).toMatchObject({
      tag_list: ['ruby', 'mysql'],
      run_untagged: false,
      locked: true,
      access_level: 'ref_protected',
      maximum_timeout: 3600,
      version: null,
    });
    expect(value.contacted_at).toBe('2016-01-25T16:39:48.066Z');
    const odd = decodeEntity(D.runnerDetails, { ...details, tag_list: 'ruby,mysql', contacted_at: 5 });
    expect('tag_list' in odd.value).toBe(false);
    expect('contacted_at' in odd.value).toBe(false);
    expect(odd.notes.length).toBe(2);
  });

  it('refuses a runner without an id', () => {
    expect(() => decodeEntity(D.runnerDetails, { ...details, id: 'six' })).toThrow(DecodeError);
  });

  it('reads the managers of a runner; one without its system_id is refused with the list', () => {
    const { value } = decodeList(D.runnerManager, [manager, { ...manager, id: 2, system_id: 'r_3k9a', status: 'online' }], 'runner managers');
    expect(value.map((m) => [m.system_id, m.version, m.status])).toEqual([
      ['s_89e5e9956577', '16.11.1', 'offline'],
      ['r_3k9a', '16.11.1', 'online'],
    ]);
    expect(() => decodeList(D.runnerManager, [manager, { ...manager, system_id: null }], 'runner managers')).toThrow(DecodeError);
  });

  it("reads a job's runner, runner_manager and tag_list as GitLab's Job entity sends them", () => {
    const job = {
      id: 7,
      status: 'failed',
      stage: 'test',
      name: 'rspec',
      ref: 'main',
      user: null,
      commit,
      failure_reason: 'runner_system_failure',
      runner: {
        id: 32,
        description: '',
        ip_address: null,
        active: true,
        paused: false,
        is_shared: true,
        runner_type: 'instance_type',
        name: null,
        online: false,
        status: 'offline',
      },
      runner_manager: manager,
      tag_list: ['docker runner', 'macos-10.15'],
    };
    const { value } = decodeEntity(D.job, job);
    expect(value.runner?.id).toBe(32);
    expect(value.runner_manager?.system_id).toBe('s_89e5e9956577');
    expect(value.tag_list).toEqual(['docker runner', 'macos-10.15']);
    // A pending job: no runner, no manager yet.
    const pending = decodeEntity(D.job, { ...job, status: 'pending', runner: null, runner_manager: null }).value;
    expect(pending.runner).toBeNull();
    expect(pending.runner_manager).toBeNull();
    // A manager that is not an object is left out; the job stays.
    expect('runner_manager' in decodeEntity(D.job, { ...job, runner_manager: 'm1' }).value).toBe(false);
    expectTypeOf<Job['runner_manager']>().toEqualTypeOf<RunnerManager | null | undefined>();
  });

  it("reads a runner's job with its project's identity, and refuses one without it", () => {
    const project = {
      id: 1,
      description: null,
      name: 'gitlab-foss',
      name_with_namespace: 'GitLab.org / gitlab-foss',
      path: 'gitlab-foss',
      path_with_namespace: 'gitlab-org/gitlab-foss',
      created_at: '2018-11-08T08:24:55.041Z',
    };
    const job = {
      id: 2,
      status: 'running',
      stage: 'test',
      name: 'test',
      ref: 'main',
      tag: false,
      user: null,
      commit,
      pipeline: { id: 2, project_id: 1, ref: 'main', sha: commit.id, status: 'running' },
      project,
    };
    expect(decodeEntity(D.runnerJob, job).value.project.path_with_namespace).toBe('gitlab-org/gitlab-foss');
    expect(() => decodeEntity(D.runnerJob, { ...job, project: { id: 1 } })).toThrow(DecodeError);
  });

  it("reads a project's build_timeout and which runners it may use", () => {
    const project = {
      id: 3,
      name: 'ml',
      path: 'ml',
      path_with_namespace: 'acme/ml',
      web_url: 'https://gitlab.example.com/acme/ml',
      build_timeout: 7200,
      shared_runners_enabled: false,
      group_runners_enabled: true,
    };
    expect(decodeEntity(D.project, project).value).toMatchObject({ build_timeout: 7200, shared_runners_enabled: false, group_runners_enabled: true });
    expect('build_timeout' in decodeEntity(D.project, { ...project, build_timeout: '1h' }).value).toBe(false);
  });
});
