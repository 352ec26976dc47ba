// The decoders of GitLab's runner entities (API::Entities::Ci::Runner, RunnerDetails, RunnerManager;
// docs/gitlab-api.md "Runners"), kept apart from src/api/decoders.ts only for its length: that file
// re-exports them, so src/api/types.ts reads their types off `decoders.js` like every other entity's.
import { entity, entityKind as e, listOf, opt, optNull, req, text } from './entity.js';
import type { Open, RunnerAccessLevel, RunnerStatus, RunnerType } from './vocabulary.js';

// API::Entities::Ci::Runner (lib/api/entities/ci/runner.rb): the runner lists and a job's `runner`.
const runnerFields = {
  id: req('int'),
  description: optNull('text'),
  ip_address: optNull('text'),
  active: opt('bool'),
  paused: opt('bool'),
  is_shared: opt('bool'),
  runner_type: opt(text<RunnerType>()),
  name: optNull('text'),
  online: optNull('bool'),
  created_at: optNull('text'),
  // deprecated_rest_status: stale, never_contacted, paused, online or offline (docs/gitlab-api.md "Runners").
  status: opt(text<RunnerStatus>()),
  job_execution_status: opt(text<Open<'active' | 'idle'>>()),
} as const;

export const runner = entity('runner', runnerFields);

export const runnerGroup = entity('runner group', { id: req('int'), name: opt('text'), web_url: opt('text') });

/** API::Entities::Ci::RunnerDetails: GET /runners/:id and PUT /runners/:id. */
export const runnerDetails = entity('runner', {
  ...runnerFields,
  tag_list: opt(listOf('text')),
  run_untagged: opt('bool'),
  locked: opt('bool'),
  maximum_timeout: optNull('int'),
  access_level: opt(text<RunnerAccessLevel>()),
  version: optNull('text'),
  revision: optNull('text'),
  platform: optNull('text'),
  architecture: optNull('text'),
  contacted_at: optNull('text'),
  maintenance_note: optNull('text'),
  groups: opt(listOf(e(runnerGroup))),
});

/** API::Entities::Ci::RunnerManager: GET /runners/:id/managers, and a job's `runner_manager`. */
export const runnerManager = entity('runner manager', {
  id: req('int'),
  system_id: req('text'),
  version: optNull('text'),
  revision: optNull('text'),
  platform: optNull('text'),
  architecture: optNull('text'),
  created_at: optNull('text'),
  contacted_at: optNull('text'),
  ip_address: optNull('text'),
  status: opt(text<RunnerStatus>()),
  job_execution_status: opt(text<Open<'active' | 'idle'>>()),
});
