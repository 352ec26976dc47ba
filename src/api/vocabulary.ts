// The words GitLab API v4 uses for states, filters and sources (docs/gitlab-api.md §2–§4): literal
// lists the app iterates (the filter pickers, the status glyphs) and the types made of them. Every
// status is a literal union plus an escape hatch: a status GitLab adds tomorrow must type-check and
// render as "unknown", never crash. The entities that carry these words: src/api/decoders.ts.

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

/** An environment's `state` (lib/api/environments.rb's `states` filter takes the same words). */
export const ENVIRONMENT_STATES = ['available', 'stopping', 'stopped'] as const;
export type EnvironmentState = Open<(typeof ENVIRONMENT_STATES)[number]>;

/** A deployment approval's `status` (Deployments::Approval.statuses). */
export type ApprovalStatus = Open<'approved' | 'rejected'>;

/** Timestamps are ISO 8601 strings, as GitLab sends them; parse where they are displayed. */
export type Timestamp = string;

export type VariableType = 'env_var' | 'file';

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

export const EVENT_ACTIONS = ['created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];
export const EVENT_TARGET_TYPES = ['issue', 'milestone', 'merge_request', 'note', 'project', 'snippet', 'user'] as const;
export type EventTargetType = (typeof EVENT_TARGET_TYPES)[number];

/** A runner's kind, and its `type` filter (Ci::Runner::AVAILABLE_TYPES). */
export const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const;
export type RunnerType = Open<(typeof RUNNER_TYPES)[number]>;
/** A runner's REST `status` (deprecated_rest_status; `paused` shows there too); the `status` filter takes all but `paused`. */
export const RUNNER_STATUSES = ['online', 'offline', 'stale', 'never_contacted', 'paused'] as const;
export type RunnerStatus = Open<(typeof RUNNER_STATUSES)[number]>;
export type RunnerAccessLevel = Open<'not_protected' | 'ref_protected'>;
