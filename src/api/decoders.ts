// One decoder per GitLab entity pipetop reads, each written from GitLab's own entity definition
// (docs/gitlab-api.md "Decoders" names the source of each), and the one description of that entity:
// the TypeScript type the app uses is read off the same fields (src/api/types.ts), so the two cannot
// drift apart. Required fields are the ones the app cannot draw a row without (ids, names, statuses,
// the counts it sums); everything else is optional and dropped when of the wrong type. The kit and its
// rules: src/api/entity.ts. Schemas are built on first decode, not as the bundle loads.
//
// Adding an entity:
// 1. Find GitLab's entity (gitlab-org/gitlab, lib/api/entities/…) and write the fields the app relies
//    on in docs/gitlab-api.md.
// 2. Here, one schema: `export const runner = entity('runner', { id: req('int'), … })`. req, opt,
//    reqNull, optNull and orNull say whether a field may be missing or null; `status<T>()` and
//    `text<T>()` give a status or a word its literal union (src/api/vocabulary.ts); `e(other)` and
//    `listOf(kind)` nest. Add it to ENTITIES below: the property tests make hostile answers from it.
// 3. In src/api/types.ts, one line: `export type Runner = EntityType<typeof runner>;`. No interface
//    is written by hand: a field the type needs is a field the decoder checks.
// 4. A decoder test (src/api/decoders.test.ts) with an example written from GitLab's entity, not one
//    produced by the simulator.
import { entity, entityKind as e, listOf, opt, optNull, orNull, req, reqNull, status, text } from './entity.js';
import type { ApprovalStatus, DeploymentStatus, EnvironmentState, JobStatus, Open, PipelineSource, PipelineStatus, VariableType } from './vocabulary.js';
import { runner, runnerDetails, runnerManager } from './runner-decoders.js';

export { runner, runnerDetails, runnerGroup, runnerManager } from './runner-decoders.js';

// ---- users: API::Entities::UserBasic, User, UserPublic / UserWithAdmin -----------------------------------

const userFields = {
  id: req('int'),
  username: req('text'),
  name: req('text'),
  state: opt('text'),
  avatar_url: optNull('text'),
  web_url: opt('text'),
  locked: opt('bool'),
} as const;

export const userBasic = entity('user', userFields);

const jobUserFields = {
  ...userFields,
  created_at: opt('text'),
  bio: optNull('text'),
  location: optNull('text'),
  skype: opt('text'),
  linkedin: opt('text'),
  twitter: opt('text'),
  website_url: opt('text'),
  public_email: optNull('text'),
  organization: optNull('text'),
  job_title: optNull('text'),
  bot: opt('bool'),
} as const;

export const jobUser = entity('user', jobUserFields);

export const identity = entity('identity', { provider: req('text'), extern_uid: req('text'), saml_provider_id: optNull('int') });

export const adminUser = entity('user', {
  ...jobUserFields,
  email: opt('text'),
  color_scheme_id: opt('int'),
  projects_limit: opt('int'),
  current_sign_in_at: optNull('text'),
  last_sign_in_at: optNull('text'),
  confirmed_at: optNull('text'),
  last_activity_on: optNull('text'),
  identities: opt(listOf(e(identity))),
  can_create_group: opt('bool'),
  can_create_project: opt('bool'),
  two_factor_enabled: opt('bool'),
  is_admin: opt('bool'),
});

/** `GET /user`: API::Entities::UserPublic (is_admin for administrators). */
export const currentUser = entity('user', {
  ...userFields,
  email: opt('text'),
  created_at: opt('text'),
  is_admin: opt('bool'),
});

// ---- commits: API::Entities::Commit ---------------------------------------------------------------------

export const commit = entity('commit', {
  id: req('text'),
  short_id: req('text'),
  title: req('text'),
  message: opt('text'),
  author_name: opt('text'),
  author_email: opt('text'),
  authored_date: opt('text'),
  committer_name: opt('text'),
  committer_email: opt('text'),
  committed_date: opt('text'),
  created_at: opt('text'),
  parent_ids: opt(listOf('text')),
  web_url: opt('text'),
});

// ---- pipelines: API::Entities::Ci::PipelineBasic, Pipeline ----------------------------------------------

const pipelineBasicFields = {
  id: req('int'),
  iid: opt('int'),
  project_id: opt('int'),
  sha: req('text'),
  ref: req('text'),
  status: req(status<PipelineStatus>()),
  source: opt(text<PipelineSource>()),
  created_at: opt('text'),
  updated_at: opt('text'),
  web_url: opt('text'),
  name: optNull('text'),
} as const;

export const pipelineBasic = entity('pipeline', pipelineBasicFields);

export const detailedStatus = entity('detailed status', {
  icon: opt('text'),
  text: opt('text'),
  label: opt('text'),
  group: opt('text'),
  tooltip: opt('text'),
  has_details: opt('bool'),
  details_path: optNull('text'),
  illustration: optNull('any'),
  favicon: opt('text'),
});

export const pipeline = entity('pipeline', {
  ...pipelineBasicFields,
  before_sha: opt('text'),
  tag: opt('bool'),
  yaml_errors: optNull('text'),
  user: req(e(userBasic)),
  started_at: optNull('text'),
  finished_at: optNull('text'),
  committed_at: optNull('text'),
  duration: optNull('number'),
  queued_duration: optNull('number'),
  coverage: optNull('text'),
  detailed_status: opt(e(detailedStatus)),
});

// ---- jobs: API::Entities::Ci::JobBasic, Job, Bridge -------------------------------------------------------

/** A job's `pipeline`: PipelineBasic, where pipetop needs only the id (the rest may be missing). */
export const jobPipeline = entity('pipeline', {
  id: req('int'),
  project_id: opt('int'),
  ref: opt('text'),
  sha: opt('text'),
  status: opt(status<PipelineStatus>()),
  source: opt(text<PipelineSource>()),
  created_at: opt('text'),
  updated_at: opt('text'),
  web_url: opt('text'),
});

export const artifactsFile = entity('artifacts file', { filename: req('text'), size: req('count') });
export const artifact = entity('artifact', { file_type: req('text'), size: req('count'), filename: req('text'), file_format: optNull('text') });

export const jobBasicFields = {
  id: req('int'),
  status: req(status<JobStatus>()),
  stage: req('text'),
  name: req('text'),
  ref: req('text'),
  tag: opt('bool'),
  coverage: optNull('number'),
  allow_failure: opt('bool'),
  created_at: opt('text'),
  started_at: optNull('text'),
  finished_at: optNull('text'),
  erased_at: optNull('text'),
  duration: optNull('number'),
  queued_duration: optNull('number'),
  user: orNull(e(jobUser)),
  commit: req(e(commit)),
  pipeline: opt(e(jobPipeline)),
  failure_reason: opt('text'),
  web_url: opt('text'),
  project: opt('any'),
} as const;

export const job = entity('job', {
  ...jobBasicFields,
  artifacts_file: optNull(e(artifactsFile)),
  runner: orNull(e(runner)),
  // Builds only (not bridges), null until a runner took the job: which machine of the runner ran it.
  runner_manager: optNull(e(runnerManager)),
  download_url: optNull('text'),
  artifacts: opt(listOf(e(artifact))),
  artifacts_expire_at: optNull('text'),
  tag_list: opt(listOf('text')),
  archived: opt('bool'),
  source: opt('text'),
  when: opt('text'),
});

/** API::Entities::ProjectIdentity: the project of a runner's job. */
export const projectIdentity = entity('project', {
  id: req('int'),
  name: opt('text'),
  name_with_namespace: opt('text'),
  path: opt('text'),
  path_with_namespace: req('text'),
  description: optNull('text'),
  created_at: opt('text'),
});

/** API::Entities::Ci::JobBasicWithProject: GET /runners/:id/jobs (no runner, no tags). */
export const runnerJob = entity('job', {
  ...jobBasicFields,
  project: req(e(projectIdentity)),
});

export const bridge = entity('trigger job', {
  ...jobBasicFields,
  downstream_pipeline: orNull(e(pipelineBasic)),
});

// ---- pipeline variables, test reports (API::Entities::Ci::Variable; app/serializers/test_*_entity.rb) ----

export const pipelineVariable = entity('pipeline variable', {
  key: req('text'),
  value: req('text'),
  variable_type: opt(text<Open<VariableType>>()),
  raw: opt('bool'),
});

export const totals = entity('test report total', {
  time: req('count'),
  count: req('count'),
  success: req('count'),
  failed: req('count'),
  skipped: req('count'),
  error: req('count'),
  suite_error: optNull('text'),
});

const suiteCounts = {
  name: req('text'),
  total_time: req('count'),
  total_count: req('count'),
  success_count: req('count'),
  failed_count: req('count'),
  skipped_count: req('count'),
  error_count: req('count'),
  suite_error: optNull('text'),
} as const;

// build_ids are in the summary's suites only (app/serializers/test_suite_summary_entity.rb), never in
// the full report's (test_suite_entity.rb): docs/gitlab-api.md "Fields the features rely on, by GitLab entity".
export const suiteSummary = entity('test suite', { ...suiteCounts, build_ids: opt(listOf('int')) });

export const testReportSummary = entity('test report summary', {
  total: req(e(totals)),
  test_suites: req(listOf(e(suiteSummary))),
});

export const testCase = entity('test case', {
  status: req(status<Open<'success' | 'failed' | 'skipped' | 'error'>>()),
  name: req('text'),
  classname: req('text'),
  file: optNull('text'),
  execution_time: req('count'),
  system_output: reqNull('text'),
  stack_trace: reqNull('text'),
  attachment_url: optNull('text'),
  recent_failures: optNull('any'),
});

// A full report's suite may carry build_ids all the same (a server other than GitLab): checked as the
// summary's are, so src/features/pipelines/tests-view.ts reads numbers or nothing.
export const testSuite = entity('test suite', { ...suiteCounts, build_ids: opt(listOf('int')), test_cases: req(listOf(e(testCase))) });

export const testReport = entity('test report', {
  total_time: req('count'),
  total_count: req('count'),
  success_count: req('count'),
  failed_count: req('count'),
  skipped_count: req('count'),
  error_count: req('count'),
  test_suites: req(listOf(e(testSuite))),
});

// ---- schedules: API::Entities::Ci::PipelineSchedule, PipelineScheduleDetails -----------------------------

export const scheduleVariable = entity('schedule variable', {
  variable_type: opt(text<Open<VariableType>>()),
  key: req('text'),
  value: req('text'),
  raw: opt('bool'),
});

/** docs/gitlab-api.md "Schedule inputs and SSH key expiry": `[{name, value}]` (Entities::Ci::Input). */
export const scheduleInput = entity('pipeline input', { name: req('text'), value: req('any') });

export const lastPipeline = entity('pipeline', {
  id: req('int'),
  sha: req('text'),
  ref: req('text'),
  status: req(status<PipelineStatus>()),
  project_id: opt('int'),
  web_url: opt('text'),
});

export const schedule = entity('pipeline schedule', {
  id: req('int'),
  description: req('text'),
  ref: req('text'),
  cron: req('text'),
  cron_timezone: req('text'),
  next_run_at: req('text'),
  active: req('bool'),
  created_at: req('text'),
  updated_at: req('text'),
  last_pipeline: optNull(e(lastPipeline)),
  owner: req(e(userBasic)),
  variables: opt(listOf(e(scheduleVariable))),
  inputs: opt(listOf(e(scheduleInput))),
});

// ---- deployments: API::Entities::Deployment, EnvironmentBasic ---------------------------------------------

export const environment = entity('environment', {
  id: req('int'),
  name: req('text'),
  slug: opt('text'),
  external_url: optNull('text'),
  state: opt('text'),
  tier: opt('text'),
  created_at: opt('text'),
  updated_at: opt('text'),
});

export const deployable = entity('deployable', {
  ...jobBasicFields,
  pipeline: opt(e(jobPipeline)),
  runner: orNull(e(runner)),
  artifacts: opt(listOf(e(artifact))),
  artifacts_expire_at: optNull('text'),
  tag_list: opt(listOf('text')),
});

// ee/lib/api/entities/deployments/approval.rb
export const deploymentApproval = entity('deployment approval', {
  user: req(e(userBasic)),
  status: req(status<ApprovalStatus>()),
  created_at: opt('text'),
  comment: optNull('text'),
});

const deploymentFields = {
  id: req('int'),
  iid: opt('int'),
  ref: req('text'),
  sha: req('text'),
  created_at: opt('text'),
  updated_at: opt('text'),
  status: opt(status<DeploymentStatus>()),
  user: req(e(userBasic)),
  deployable: orNull(e(deployable)),
  // EE's DeploymentExtended, on the single GET only.
  pending_approval_count: opt('count'),
  approvals: opt(listOf(e(deploymentApproval))),
} as const;

export const deployment = entity('deployment', { ...deploymentFields, environment: req(e(environment)) });

/** An environment's `last_deployment`: lib/api/environments.rb leaves the deployment's environment out. */
export const lastDeployment = entity('deployment', { ...deploymentFields, environment: opt(e(environment)) });

// lib/api/entities/environment.rb on environment_basic.rb; `last_deployment` on the single GET only.
export const environmentDetail = entity('environment', {
  id: req('int'),
  name: req('text'),
  slug: opt('text'),
  external_url: optNull('text'),
  created_at: opt('text'),
  updated_at: opt('text'),
  tier: opt('text'),
  state: opt(status<EnvironmentState>()),
  auto_stop_at: optNull('text'),
  last_deployment: optNull(e(lastDeployment)),
});

// lib/api/entities/compare.rb: `commits` oldest first, `commit` the newest of them; `diffs` are not read.
export const compare = entity('compare', {
  commit: optNull(e(commit)),
  commits: req(listOf(e(commit))),
  compare_timeout: opt('bool'),
  compare_same_ref: opt('bool'),
  web_url: opt('text'),
});

// ---- SSH keys: API::Entities::SSHKeyWithUser ----------------------------------------------------------------

export const sshKey = entity('SSH key', {
  id: req('int'),
  title: req('text'),
  key: req('text'),
  created_at: opt('text'),
  expires_at: optNull('text'),
  usage_type: opt('text'),
  last_used_at: optNull('text'),
  user: req(e(adminUser)),
});

// ---- branches: API::Entities::Branch ---------------------------------------------------------------------

export const branch = entity('branch', {
  name: req('text'),
  merged: opt('bool'),
  protected: opt('bool'),
  default: opt('bool'),
  developers_can_push: opt('bool'),
  developers_can_merge: opt('bool'),
  can_push: opt('bool'),
  web_url: opt('text'),
  commit: opt(e(commit)),
});

// ---- events: API::Entities::Event, PushEventPayload, Note ----------------------------------------------------

export const pushData = entity('push', {
  commit_count: req('count'),
  action: opt('text'),
  ref_type: opt('text'),
  commit_from: optNull('text'),
  commit_to: optNull('text'),
  ref: req('text'),
  commit_title: optNull('text'),
  ref_count: optNull('count'),
});

export const note = entity('note', {
  id: req('int'),
  type: optNull('text'),
  body: req('text'),
  attachment: optNull('any'),
  author: orNull(e(userBasic)),
  created_at: opt('text'),
  updated_at: opt('text'),
  system: opt('bool'),
  noteable_id: optNull('int'),
  noteable_type: req('text'),
  noteable_iid: optNull('int'),
});

export const event = entity('event', {
  id: opt('int'),
  title: optNull('text'),
  project_id: req('int'),
  action_name: req('text'),
  target_id: optNull('int'),
  target_iid: optNull('int'),
  target_type: optNull('text'),
  author_id: req('int'),
  target_title: optNull('text'),
  created_at: opt('text'),
  author: orNull(e(userBasic)),
  author_username: optNull('text'),
  imported: opt('bool'),
  imported_from: opt('text'),
  push_data: opt(e(pushData)),
  note: opt(e(note)),
});

// ---- projects: API::Entities::BasicProjectDetails / ProjectWithAccess ----------------------------------------

export const namespace = entity('namespace', { id: req('int'), name: opt('text'), path: opt('text'), kind: opt('text'), full_path: opt('text') });

export const project = entity('project', {
  id: req('int'),
  name: req('text'),
  name_with_namespace: opt('text'),
  path: req('text'),
  path_with_namespace: req('text'),
  description: optNull('text'),
  default_branch: optNull('text'),
  web_url: req('text'),
  created_at: opt('text'),
  last_activity_at: opt('text'),
  avatar_url: optNull('text'),
  archived: opt('bool'),
  namespace: opt(e(namespace)),
  // ProjectEntity (not `simple=true`): seconds a job may run; which runners beyond its own it may use.
  build_timeout: opt('int'),
  shared_runners_enabled: opt('bool'),
  group_runners_enabled: opt('bool'),
});

// ---- merge requests: API::Entities::MergeRequestBasic ---------------------------------------------------------

export const mrReferences = entity('merge request references', { short: opt('text'), relative: opt('text'), full: opt('text') });

export const mergeRequest = entity('merge request', {
  id: req('int'),
  iid: req('int'),
  project_id: req('int'),
  title: req('text'),
  state: req(status<Open<'opened' | 'merged' | 'closed' | 'locked'>>()),
  source_branch: req('text'),
  target_branch: req('text'),
  web_url: opt('text'),
  created_at: opt('text'),
  updated_at: opt('text'),
  merged_at: optNull('text'),
  draft: opt('bool'),
  author: opt(e(userBasic)),
  sha: optNull('text'),
  // `!12`, `acme/mobile!12`: the list answers (GET /merge_requests) name the project only here.
  references: opt(e(mrReferences)),
  reviewers: opt(listOf(e(userBasic))),
  assignees: opt(listOf(e(userBasic))),
  // Only the single merge request has it (lib/api/entities/merge_request.rb), null when none ran.
  head_pipeline: optNull(e(pipelineBasic)),
});

/** Every entity, by name: what the property tests generate answers from. */
export const ENTITIES = {
  job,
  runner,
  runnerDetails,
  runnerManager,
  runnerJob,
  bridge,
  pipeline,
  pipelineBasic,
  pipelineVariable,
  testReportSummary,
  testReport,
  schedule,
  deployment,
  deploymentApproval,
  environment,
  environmentDetail,
  compare,
  sshKey,
  branch,
  event,
  project,
  mergeRequest,
  currentUser,
  userBasic,
  jobUser,
  adminUser,
  commit,
} as const;
