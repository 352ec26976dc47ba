// Resource types of GitLab API v4 as pipetop uses them (docs/gitlab-api.md §2), widened with the fields real
// GitLab sends beyond it (docs/gitlab-api.md "Fields beyond §2"). Every status is a literal union plus an escape hatch:
// a status GitLab adds tomorrow must type-check and render as "unknown", never crash.

/** A string literal union that still accepts any other string (keeps editor completion). */
export type Open<T extends string> = T | (string & { readonly __open?: never });

export const JOB_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceling',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
  // Only ever seen in the response of play (docs/gitlab-api.md §3).
  'started',
] as const;
export type KnownJobStatus = (typeof JOB_STATUSES)[number];
export type JobStatus = Open<KnownJobStatus>;

/** Values the `scope` filter of the job lists accepts (docs/gitlab-api.md §3). */
export const JOB_SCOPES = ['created', 'pending', 'running', 'failed', 'success', 'canceled', 'skipped', 'manual'] as const;
export type JobScope = (typeof JOB_SCOPES)[number];

export const PIPELINE_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'success',
  'failed',
  'canceling',
  'canceled',
  'skipped',
  'manual',
  'scheduled',
] as const;
export type KnownPipelineStatus = (typeof PIPELINE_STATUSES)[number];
export type PipelineStatus = Open<KnownPipelineStatus>;

/** `status` filter values of the pipeline list (docs/gitlab-api.md §4.2). */
export const PIPELINE_STATUS_FILTERS = ['running', 'pending', 'success', 'failed', 'canceled', 'skipped'] as const;
export type PipelineStatusFilter = (typeof PIPELINE_STATUS_FILTERS)[number];
/** `scope` filter values of the pipeline list (docs/gitlab-api.md §4.2). */
export const PIPELINE_SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const;
export type PipelineScope = (typeof PIPELINE_SCOPES)[number];
export const PIPELINE_ORDER_BY = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const;
export type PipelineOrderBy = (typeof PIPELINE_ORDER_BY)[number];
export type SortOrder = 'asc' | 'desc';

export const PIPELINE_SOURCES = ['push', 'web', 'trigger', 'schedule', 'api', 'merge_request_event', 'parent_pipeline'] as const;
export type PipelineSource = Open<(typeof PIPELINE_SOURCES)[number]>;

export const DEPLOYMENT_STATUSES = ['created', 'running', 'success', 'failed', 'canceled', 'skipped', 'blocked'] as const;
export type DeploymentStatus = Open<(typeof DEPLOYMENT_STATUSES)[number]>;

/** Timestamps are ISO 8601 strings, as GitLab sends them; parse where they are displayed. */
export type Timestamp = string;

// ---- users (docs/gitlab-api.md §2.3) ----------------------------------------------------------------

/** Compact user: schedule owner, pipeline user, deployment user, event author. */
export interface UserBasic {
  id: number;
  name: string;
  username: string;
  state?: string;
  avatar_url?: string | null;
  web_url?: string;
}

/** Job user: job and deployable `user`. Deployable users add `location`. */
export interface JobUser extends UserBasic {
  created_at?: Timestamp;
  bio?: string | null;
  skype?: string;
  linkedin?: string;
  twitter?: string;
  website_url?: string;
  location?: string | null;
}

export interface Identity {
  provider: string;
  extern_uid: string;
  saml_provider_id?: number | null;
}

/** Administrator user view (the `user` of an SSH key). */
export interface AdminUser extends Omit<JobUser, 'location'> {
  email?: string;
  color_scheme_id?: number;
  projects_limit?: number;
  current_sign_in_at?: Timestamp | null;
  identities?: Identity[];
  can_create_group?: boolean;
  can_create_project?: boolean;
  two_factor_enabled?: boolean;
  // Real GitLab adds these; tolerated and produced by the simulator.
  last_sign_in_at?: Timestamp | null;
  confirmed_at?: Timestamp | null;
  last_activity_on?: string | null;
  is_admin?: boolean;
  [extra: string]: unknown;
}

/** `GET /user`: the caller. `is_admin` is present for administrators (and in newer GitLab, always). */
export interface CurrentUser extends UserBasic {
  email?: string;
  created_at?: Timestamp;
  is_admin?: boolean;
  [extra: string]: unknown;
}

// ---- commits, jobs (docs/gitlab-api.md §2.1, §2.2) --------------------------------------------------

export interface Commit {
  id: string;
  short_id: string;
  title: string;
  message?: string;
  author_name?: string;
  author_email?: string;
  created_at?: Timestamp;
  [extra: string]: unknown;
}

export interface ArtifactsFile {
  filename: string;
  size: number;
}

export interface JobArtifact {
  file_type: string;
  size: number;
  filename: string;
  file_format: string | null;
}

export interface JobPipelineRef {
  id: number;
  ref?: string;
  sha?: string;
  status?: PipelineStatus;
  project_id?: number;
  [extra: string]: unknown;
}

export interface Runner {
  id: number;
  description?: string | null;
  active?: boolean;
  is_shared?: boolean;
  name?: string | null;
  [extra: string]: unknown;
}

/**
 * What a job and a trigger job (Bridge) share: GitLab's JobBasic entity. `pipeline` is absent and
 * `user` is null in the responses of cancel, retry, erase, keep and play.
 */
export interface JobBasic {
  id: number;
  name: string;
  stage: string;
  status: JobStatus;
  ref: string;
  tag?: boolean;
  coverage?: number | null;
  allow_failure?: boolean;
  created_at?: Timestamp;
  started_at?: Timestamp | null;
  finished_at?: Timestamp | null;
  erased_at?: Timestamp | null;
  duration?: number | null;
  queued_duration?: number | null;
  user: JobUser | null;
  commit: Commit;
  pipeline?: JobPipelineRef;
  failure_reason?: string;
  web_url?: string;
  [extra: string]: unknown;
}

/** A job (GitLab's JobEntity): the JobBasic fields, its runner and artifacts; erase and keep add `download_url`. */
export interface Job extends JobBasic {
  artifacts_file?: ArtifactsFile | null;
  runner: Runner | null;
  download_url?: string | null;
  artifacts?: JobArtifact[];
  artifacts_expire_at?: Timestamp | null;
  tag_list?: string[];
  archived?: boolean;
  source?: string;
  when?: string;
}

// ---- pipelines (docs/gitlab-api.md §2.4) ------------------------------------------------------------

/** Short form, in the project pipeline list. Real GitLab adds the optional fields. */
export interface PipelineBasic {
  id: number;
  status: PipelineStatus;
  ref: string;
  sha: string;
  iid?: number;
  project_id?: number;
  source?: PipelineSource;
  created_at?: Timestamp;
  updated_at?: Timestamp;
  web_url?: string;
  name?: string | null;
  [extra: string]: unknown;
}

export interface DetailedStatus {
  icon?: string;
  text?: string;
  label?: string;
  group?: string;
  tooltip?: string;
  has_details?: boolean;
  details_path?: string;
  [extra: string]: unknown;
}

/** Full form: single get, create, retry, cancel. */
export interface Pipeline extends PipelineBasic {
  before_sha?: string;
  tag?: boolean;
  yaml_errors?: string | null;
  user: UserBasic;
  started_at?: Timestamp | null;
  finished_at?: Timestamp | null;
  committed_at?: Timestamp | null;
  /** Seconds. */
  duration?: number | null;
  /** A decimal number as text, e.g. "84.17". */
  coverage?: string | null;
  queued_duration?: number | null;
  detailed_status?: DetailedStatus;
}

// ---- schedules (docs/gitlab-api.md §2.5) ------------------------------------------------------------

export interface ScheduleVariable {
  /** Absent from very old servers: env_var then. */
  variable_type?: 'env_var' | 'file' | (string & {});
  key: string;
  value: string;
  raw?: boolean;
}

export interface PipelineSchedule {
  id: number;
  description: string;
  ref: string;
  cron: string;
  cron_timezone: string;
  next_run_at: Timestamp;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Absent from the list response; null when no pipeline has run. */
  last_pipeline?: { id: number; sha: string; ref: string; status: PipelineStatus; [extra: string]: unknown } | null;
  owner: UserBasic;
  /**
   * The detail only, and only for whom may read them (the owner, a maintainer:
   * Entities::Ci::PipelineScheduleDetails' `read_pipeline_schedule_variables`): absent otherwise.
   */
  variables?: ScheduleVariable[];
  /** `spec:inputs` its pipelines run with (GitLab 17.11+, Entities::Ci::Input): absent on older servers. */
  inputs?: { name: string; value: unknown }[];
  [extra: string]: unknown;
}

// ---- deployments (docs/gitlab-api.md §2.6) ----------------------------------------------------------

export interface Environment {
  id: number;
  name: string;
  external_url: string | null;
  [extra: string]: unknown;
}

/**
 * Job-like object without `pipeline` and `artifacts_file`; its user has `location`.
 * Not `Omit<Job, ...>`: Job's index signature makes `keyof Job` plain `string`, so Omit would drop
 * every named field (`deployable.commit` would be `unknown`). Key remapping keeps them.
 */
export type Deployable = {
  [K in keyof Job as K extends 'pipeline' | 'artifacts_file' | 'download_url' ? never : K]: Job[K];
};

export interface Deployment {
  id: number;
  iid?: number;
  ref: string;
  sha: string;
  created_at?: Timestamp;
  updated_at?: Timestamp;
  status?: DeploymentStatus;
  user: UserBasic;
  environment: Environment;
  deployable: Deployable | null;
  [extra: string]: unknown;
}

// ---- SSH keys (docs/gitlab-api.md §2.7) -------------------------------------------------------------

export interface SshKey {
  id: number;
  title: string;
  key: string;
  created_at?: Timestamp;
  expires_at?: Timestamp | null;
  usage_type?: string;
  user: AdminUser;
  [extra: string]: unknown;
}

// ---- branches (docs/gitlab-api.md "Repository branches") ----------------------------------------------

export interface Branch {
  name: string;
  merged?: boolean;
  protected?: boolean;
  default?: boolean;
  developers_can_push?: boolean;
  developers_can_merge?: boolean;
  can_push?: boolean;
  web_url?: string;
  commit?: Commit;
  [extra: string]: unknown;
}

// ---- events (docs/gitlab-api.md §2.8, §6) -----------------------------------------------------------

export const EVENT_ACTIONS = ['created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
export const EVENT_TARGET_TYPES = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user'] as const;
export type EventTargetType = (typeof EVENT_TARGET_TYPES)[number];

export interface PushData {
  commit_count: number;
  action?: string;
  ref_type?: string;
  commit_from?: string | null;
  commit_to?: string | null;
  ref: string;
  commit_title?: string | null;
  ref_count?: number | null;
}

export interface Note {
  id: number;
  body: string;
  attachment?: unknown;
  author: UserBasic | null;
  created_at?: Timestamp;
  system?: boolean;
  noteable_id?: number | null;
  noteable_type: string;
  noteable_iid?: number | null;
  [extra: string]: unknown;
}

export interface Event {
  id?: number;
  title?: string | null;
  project_id: number;
  action_name: string;
  target_id?: number | null;
  target_iid?: number | null;
  target_type?: string | null;
  target_title?: string | null;
  author_id: number;
  author: UserBasic | null;
  author_username?: string | null;
  created_at?: Timestamp;
  data?: null;
  push_data?: PushData;
  note?: Note;
  [extra: string]: unknown;
}

// ---- projects ---------------------------------------------------------------------------------------

export interface Project {
  id: number;
  name: string;
  name_with_namespace?: string;
  path: string;
  path_with_namespace: string;
  description?: string | null;
  default_branch?: string | null;
  web_url: string;
  created_at?: Timestamp;
  last_activity_at?: Timestamp;
  avatar_url?: string | null;
  namespace?: { id: number; name?: string; path?: string; kind?: string; full_path?: string; [extra: string]: unknown };
  [extra: string]: unknown;
}

export type ProjectId = number | string;

// ---- downstream pipelines, merge-request pipelines, variables, test reports (issue 13) ----------------

/**
 * Every value `GET /projects/:id/pipelines?source=` accepts (GitLab validates it against
 * Ci::Pipeline.sources and answers 400 `source does not have a valid value` otherwise). Child
 * pipelines (`parent_pipeline`) are left out of the list unless this filter asks for them.
 */
export const PIPELINE_SOURCE_FILTERS = [
  'unknown',
  'push',
  'web',
  'trigger',
  'schedule',
  'api',
  'external',
  'pipeline',
  'chat',
  'webide',
  'merge_request_event',
  'external_pull_request_event',
  'parent_pipeline',
  'ondemand_dast_scan',
  'ondemand_dast_validation',
  'security_orchestration_policy',
  'container_registry_push',
  'duo_workflow',
  'pipeline_execution_policy_schedule',
] as const;
export type PipelineSourceFilter = (typeof PIPELINE_SOURCE_FILTERS)[number];

/** The pipeline a trigger job created (GitLab's PipelineBasic). */
export type DownstreamPipeline = PipelineBasic;

/**
 * A trigger job ("bridge") from `GET …/pipelines/:id/bridges`: job-shaped, without runner or
 * artifacts, plus the downstream pipeline it created (null until created). The pipeline's jobs list
 * never contains bridges. GitLab's pipeline JSON has no parent field: a child pipeline says only
 * `source: parent_pipeline`; the link is the parent's bridge.
 */
export interface Bridge extends JobBasic {
  downstream_pipeline: DownstreamPipeline | null;
}

export type VariableType = 'env_var' | 'file';

/** A pipeline variable: sent with `POST /projects/:id/pipeline`, read back from `…/variables`. */
export interface PipelineVariable {
  key: string;
  value: string;
  /** `env_var` when left out; GitLab may add kinds. */
  variable_type?: VariableType | (string & {});
}

/** `spec:inputs` values: typed as the project's configuration declares them. */
export type PipelineInputValue = string | number | boolean | string[];

/** A variable given when playing a manual job (`job_variables_attributes`). */
export interface JobVariable {
  key: string;
  value: string;
}

export interface MergeRequest {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  state: Open<'opened' | 'merged' | 'closed' | 'locked'>;
  source_branch: string;
  target_branch: string;
  web_url?: string;
  created_at?: Timestamp;
  updated_at?: Timestamp;
  merged_at?: Timestamp | null;
  draft?: boolean;
  author?: UserBasic;
  references?: { short?: string; relative?: string; full?: string };
  reviewers?: UserBasic[];
  assignees?: UserBasic[];
  /** The single merge request only (GET /projects/:id/merge_requests/:iid): its head commit's newest pipeline. */
  head_pipeline?: PipelineBasic | null;
  [extra: string]: unknown;
}

export interface TestReportTotals {
  time: number;
  count: number;
  success: number;
  failed: number;
  skipped: number;
  error: number;
  suite_error?: string | null;
}

export interface TestSuiteSummary {
  name: string;
  total_time: number;
  total_count: number;
  success_count: number;
  failed_count: number;
  skipped_count: number;
  error_count: number;
  build_ids: number[];
  suite_error?: string | null;
}

/** `GET …/pipelines/:id/test_report_summary`: cheap, no test cases. */
export interface TestReportSummary {
  total: TestReportTotals;
  test_suites: TestSuiteSummary[];
}

export interface TestCase {
  status: Open<'success' | 'failed' | 'skipped' | 'error'>;
  name: string;
  classname: string;
  execution_time: number;
  system_output: string | null;
  stack_trace: string | null;
  file?: string | null;
  attachment_url?: string | null;
  [extra: string]: unknown;
}

export interface TestSuite {
  name: string;
  total_time: number;
  total_count: number;
  success_count: number;
  failed_count: number;
  skipped_count: number;
  error_count: number;
  suite_error?: string | null;
  build_ids?: number[];
  test_cases: TestCase[];
}

/** `GET …/pipelines/:id/test_report`: every case of every suite (slow on real GitLab: open on demand). */
export interface TestReport {
  total_time: number;
  total_count: number;
  success_count: number;
  failed_count: number;
  skipped_count: number;
  error_count: number;
  test_suites: TestSuite[];
}
