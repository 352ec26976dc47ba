// The values GitLab's API accepts for the list filters the simulator checks, written from GitLab's
// source — not from the client (src/api), so that the simulator can disagree with what the client
// believes and a test can tell. A value outside these lists is GitLab's 400
// `<param> does not have a valid value` (Grape's `values:` validation).

/**
 * Job and pipeline statuses: `Ci::HasStatus::AVAILABLE_STATUSES` (app/models/concerns/ci/has_status.rb),
 * which `CommitStatus::AVAILABLE_STATUSES` repeats. The `scope` of the jobs lists
 * (lib/api/ci/jobs.rb, and the pipeline's jobs and bridges in lib/api/ci/pipelines.rb) and the
 * `status` of the pipelines list (lib/api/ci/pipelines.rb) accept any of them.
 */
export const GITLAB_STATUSES = [
  'created',
  'waiting_for_resource',
  'preparing',
  'waiting_for_callback',
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

/** The pipelines list's `scope`: `values: %w[running pending finished branches tags]` (lib/api/ci/pipelines.rb). */
export const GITLAB_PIPELINE_SCOPES = ['running', 'pending', 'finished', 'branches', 'tags'] as const;

/** The pipelines list's `order_by`: `Ci::PipelinesFinder::ALLOWED_INDEXED_COLUMNS` (app/finders/ci/pipelines_finder.rb). */
export const GITLAB_PIPELINE_ORDER_BY = ['id', 'status', 'ref', 'updated_at', 'user_id'] as const;

/** The pipelines list's `source`: the keys of `Enums::Ci::Pipeline.sources` (app/models/concerns/enums/ci/pipeline.rb). */
export const GITLAB_PIPELINE_SOURCES = [
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

/** The events lists' `action`: the keys of `Event::ACTIONS` (app/models/event.rb). */
export const GITLAB_EVENT_ACTIONS = [
  'created',
  'updated',
  'closed',
  'reopened',
  'pushed',
  'commented',
  'merged',
  'joined',
  'left',
  'destroyed',
  'expired',
  'approved',
] as const;

/**
 * The events lists' `target_type`: the keys of `Event::TARGET_TYPES` (app/models/event.rb), each with
 * the `target_type` values its events carry (a note's subclasses answer to `note`).
 */
export const GITLAB_EVENT_TARGET_TYPES: Readonly<Record<string, readonly string[]>> = {
  issue: ['Issue'],
  milestone: ['Milestone'],
  merge_request: ['MergeRequest'],
  note: ['Note', 'DiffNote', 'DiscussionNote'],
  project: ['Project'],
  snippet: ['Snippet'],
  user: ['User'],
  wiki: ['WikiPage::Meta'],
  design: ['DesignManagement::Design'],
};
