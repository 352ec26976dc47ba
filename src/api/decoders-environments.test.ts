// The decoders of environments, deployment approvals and compare, on answers written from GitLab's
// entities (lib/api/entities/environment.rb, environment_basic.rb, deployment.rb, EE's
// deployments/approval.rb and DeploymentExtended, compare.rb and commit.rb) as doc/api shows them —
// not produced by the simulator.
import { describe, expect, it } from 'vitest';
import * as D from './decoders.js';
import { DecodeError, decodeEntity } from './entity.js';

const user = {
  id: 1,
  name: 'Administrator',
  username: 'root',
  state: 'active',
  avatar_url: 'https://www.gravatar.com/avatar/e64c7d89f26bd1972efa854d13d7dd61?s=80&d=identicon',
  web_url: 'https://gitlab.example.com/root',
};

const deployable = {
  id: 1278,
  status: 'success',
  stage: 'deploy',
  name: 'deploy',
  ref: 'main',
  tag: false,
  coverage: null,
  allow_failure: false,
  created_at: '2019-05-25T18:55:13.252Z',
  started_at: '2019-05-25T18:55:14.001Z',
  finished_at: '2019-05-25T18:56:02.800Z',
  duration: 48.799,
  queued_duration: 0.749,
  user: { ...user, created_at: '2012-05-23T08:00:58Z', bio: '', location: null, public_email: '', skype: '', linkedin: '', twitter: '', website_url: '' },
  commit: {
    id: '416d8ea11849050d3d1f5104cf8cf51053e790ab',
    short_id: '416d8ea1',
    created_at: '2019-05-25T20:54:11.000+02:00',
    parent_ids: ['8b090c1b79a14f2bd9e8a738f717824ff53aebad'],
    title: 'Bump the version',
    message: 'Bump the version\n',
    author_name: 'Administrator',
    author_email: 'admin@example.com',
    authored_date: '2019-05-25T20:54:11.000+02:00',
    committer_name: 'Administrator',
    committer_email: 'admin@example.com',
    committed_date: '2019-05-25T20:54:11.000+02:00',
  },
  runner: null,
  artifacts: [],
  artifacts_expire_at: null,
  tag_list: [],
  web_url: 'https://gitlab.example.com/acme/app/-/jobs/1278',
  project: { ci_job_token_scope_enabled: false },
};

const lastDeployment = {
  id: 100,
  iid: 34,
  ref: 'main',
  sha: '416d8ea11849050d3d1f5104cf8cf51053e790ab',
  created_at: '2019-05-25T18:55:13.252Z',
  updated_at: '2019-05-25T18:56:02.990Z',
  status: 'success',
  user,
  deployable,
};

/** GET /projects/:id/environments/:environment_id (lib/api/environments.rb: no project, a last deployment without its environment). */
const single = {
  id: 1,
  name: 'review/fix-foo',
  slug: 'review-fix-foo-dfjre3',
  external_url: 'https://review-fix-foo-dfjre3.gitlab.example.com',
  created_at: '2019-05-25T18:55:13.252Z',
  updated_at: '2019-05-27T18:55:13.252Z',
  tier: 'development',
  state: 'available',
  auto_stop_at: '2019-06-03T18:55:13.252Z',
  description: null,
  auto_stop_setting: 'always',
  last_deployment: lastDeployment,
};

describe('environment decoders', () => {
  it('reads a single environment with its last deployment (which names no environment)', () => {
    const { value, notes } = decodeEntity(D.environmentDetail, single);
    expect(notes).toEqual([]);
    expect(value).toMatchObject({ id: 1, name: 'review/fix-foo', tier: 'development', state: 'available', auto_stop_at: '2019-06-03T18:55:13.252Z' });
    expect(value.last_deployment?.deployable?.commit.title).toBe('Bump the version');
    expect(value.last_deployment?.environment).toBeUndefined();
    expect(value.last_deployment?.user.username).toBe('root');
  });

  it('reads a list item: the project beside it, no last deployment, auto_stop_at null', () => {
    const item = {
      id: 2,
      name: 'production',
      slug: 'production',
      external_url: null,
      created_at: '2019-05-25T18:55:13.252Z',
      updated_at: '2019-05-25T18:55:13.252Z',
      tier: 'production',
      project: { id: 3, name: 'app', path: 'app', path_with_namespace: 'acme/app', default_branch: 'main' },
      state: 'stopped',
      auto_stop_at: null,
    };
    const { value } = decodeEntity(D.environmentDetail, item);
    expect(value).toMatchObject({ id: 2, name: 'production', state: 'stopped', auto_stop_at: null, external_url: null });
    expect('last_deployment' in value).toBe(false);
  });

  it('a state of a word GitLab adds later is kept, one not text is left out; no name is refused', () => {
    expect(decodeEntity(D.environmentDetail, { ...single, state: 'hibernating' }).value.state).toBe('hibernating');
    const { value, notes } = decodeEntity(D.environmentDetail, { ...single, state: 7 });
    expect('state' in value).toBe(false);
    expect(notes).toEqual(["environment's state is not text: left out"]);
    expect(() => decodeEntity(D.environmentDetail, { ...single, name: undefined })).toThrow(DecodeError);
  });

  it('reads a blocked deployment with its approvals and the count still needed (EE DeploymentExtended)', () => {
    const blocked = {
      ...lastDeployment,
      id: 42,
      status: 'blocked',
      environment: {
        id: 9,
        name: 'production',
        slug: 'production',
        external_url: 'https://app.example.com',
        created_at: '2019-05-25T18:55:13.252Z',
        updated_at: '2019-05-25T18:55:13.252Z',
      },
      deployable: { ...deployable, status: 'manual', started_at: null, finished_at: null },
      pending_approval_count: 1,
      approvals: [{ user: { ...user, id: 49, username: 'project_6_bot' }, status: 'approved', created_at: '2022-02-24T20:22:30.097Z', comment: 'LGTM' }],
    };
    const { value, notes } = decodeEntity(D.deployment, blocked);
    expect(notes).toEqual([]);
    expect(value.status).toBe('blocked');
    expect(value.pending_approval_count).toBe(1);
    expect(value.approvals).toEqual([blocked.approvals[0]]);
  });

  it('reads the answer of POST …/approval, and refuses one without its user', () => {
    const answer = { user, status: 'rejected', created_at: '2022-02-24T20:22:30.097Z', comment: null };
    expect(decodeEntity(D.deploymentApproval, answer).value).toEqual(answer);
    expect(() => decodeEntity(D.deploymentApproval, { ...answer, user: undefined })).toThrow('GitLab sent a deployment approval with no user');
  });

  it('reads a compare: commits oldest first, the newest as commit; diffs pass untouched', () => {
    const older = { ...deployable.commit, id: '8b090c1b79a14f2bd9e8a738f717824ff53aebad', short_id: '8b090c1b', title: 'Fix the cache key' };
    const answer = {
      commit: deployable.commit,
      commits: [older, deployable.commit],
      diffs: [
        {
          old_path: 'VERSION',
          new_path: 'VERSION',
          a_mode: null,
          b_mode: '100644',
          diff: '@@ -1 +1 @@\n-1.0.0\n+1.0.1\n',
          new_file: false,
          renamed_file: false,
          deleted_file: false,
        },
      ],
      compare_timeout: false,
      compare_same_ref: false,
      web_url: 'https://gitlab.example.com/acme/app/-/compare/8b090c1b...416d8ea1',
    };
    const { value } = decodeEntity(D.compare, answer);
    expect(value.commits.map((c) => c.short_id)).toEqual(['8b090c1b', '416d8ea1']);
    expect(value.commit?.title).toBe('Bump the version');
    expect(decodeEntity(D.compare, { ...answer, commit: null, commits: [] }).value.commits).toEqual([]);
    expect(() => decodeEntity(D.compare, { ...answer, commits: undefined })).toThrow('GitLab sent a compare with no commits');
  });
});
