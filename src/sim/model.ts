// The simulator's internal records. They hold facts (times as epoch ms, ids, plans); the presenters in
// present.ts turn them into the exact JSON shapes of the API (docs/gitlab-api.md §2), so one record can answer in several forms.

import type { TestTool } from './log/types.js';

export type JobState = 'created' | 'pending' | 'running' | 'success' | 'failed' | 'canceled' | 'skipped' | 'manual';

export type PipelineState = JobState;

export interface SimUser {
  id: number;
  username: string;
  name: string;
  email: string;
  state: 'active' | 'blocked';
  isAdmin: boolean;
  createdAt: number;
  bio: string | null;
  location: string | null;
  twoFactor: boolean;
  lastSignInAt: number | null;
  currentSignInAt: number | null;
  identities: { provider: string; extern_uid: string; saml_provider_id: number | null }[];
}

export interface SimCommit {
  sha: string;
  title: string;
  message: string;
  authorName: string;
  authorEmail: string;
  createdAt: number;
  /** Minutes east of UTC that the author's clock showed (commit dates carry an offset). */
  tzOffsetMin: number;
  /** The commit before it on its branch (repository compare walks these). */
  parentSha?: string;
}

/** One job of a project's CI configuration. */
export interface JobTemplate {
  name: string;
  stage: string;
  when: 'on_success' | 'manual' | 'always';
  allowFailure: boolean;
  /** Only on these refs (undefined: every ref). */
  only?: string[];
  artifacts?: { paths: string[]; expireInDays: number | null };
  environment?: string;
  logSize?: 'small' | 'normal' | 'huge';
  /** The log has at least this many lines (LogSpec.lines); for benchmarks. */
  logLines?: number;
  /** Typical run time in seconds. */
  typicalSec: number;
  /** Probability this job fails on a given run. */
  failRate: number;
  coverage?: boolean;
  /**
   * A trigger job (GitLab's "bridge"): it runs no script but creates a downstream pipeline — a child
   * pipeline of this project from `include` (one of the project's `childConfigs`), or a pipeline of
   * another `project` (path). `strategy: 'depend'` makes its status follow the downstream pipeline's.
   */
  trigger?: { include?: string; project?: string; strategy?: 'depend' };
  /** Variables the script echoes (`echo "Deploying $KEY"`), as a deploy script names its target. */
  echoes?: string[];
  /** A test job's runner (its log's shape and its JUnit cases); vitest when not given. */
  tool?: TestTool;
  /** `tags:` of the job (a runner must carry all of them); one of the legacy sets when not given. */
  tags?: string[];
}

/** A pipeline configuration of its own (a child pipeline's `include`). */
export interface PipelineConfig {
  stages: string[];
  jobs: JobTemplate[];
}

/** `spec:inputs` of a project's configuration: typed, with an optional default. */
export interface InputSpec {
  type: 'string' | 'number' | 'boolean' | 'array';
  default?: string | number | boolean | string[];
}

export interface SimVariable {
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
}

export interface SimMergeRequest {
  id: number;
  iid: number;
  projectId: number;
  title: string;
  state: 'opened' | 'merged' | 'closed';
  sourceBranch: string;
  targetBranch: string;
  authorId: number;
  /** Who it is assigned to and who reviews it (GET /merge_requests scope=assigned_to_me, reviewer_username). */
  assigneeIds?: number[];
  reviewerIds?: number[];
  createdAt: number;
  updatedAt: number;
  mergedAt: number | null;
}

export interface SimProject {
  id: number;
  name: string;
  path: string;
  namespace: string;
  description: string;
  defaultBranch: string;
  branches: string[];
  tags: string[];
  /** Head commit of each branch or tag. */
  heads: Map<string, SimCommit>;
  commits: SimCommit[];
  stages: string[];
  jobs: JobTemplate[];
  createdAt: number;
  lastActivityAt: number;
  /** user id → access level (GitLab's numbers: 30 developer, 40 maintainer, 50 owner). */
  members: Map<number, number>;
  visibility: 'private' | 'internal' | 'public';
  nextPipelineIid: number;
  nextDeploymentIid: number;
  environments: Map<string, SimEnvironment>;
  /** Child pipeline configurations by `include` name. */
  childConfigs?: Record<string, PipelineConfig>;
  /** Declared `spec:inputs` (a pipeline created with other inputs is refused, as GitLab does). */
  inputs?: Record<string, InputSpec>;
  mergeRequests?: Map<number, SimMergeRequest>;
  /**
   * Id counters of their own: projects added to the demo world later draw ids from a separate
   * range, so the worlds of existing seeds (ids, statuses, logs) stay exactly as they were.
   */
  ids?: { pipeline: number; job: number; deployment: number };
  /** Seconds a job may run (GitLab's default is 3600). */
  buildTimeout?: number;
  /** Whether instance and group runners may run its jobs (GitLab's defaults: both true). */
  sharedRunnersEnabled?: boolean;
  groupRunnersEnabled?: boolean;
}

export interface SimArtifacts {
  filename: string;
  paths: string[];
  /** null: never expires (or kept). */
  expireAt: number | null;
}

export interface SimJob {
  id: number;
  projectId: number;
  pipelineId: number;
  name: string;
  stage: string;
  stageIndex: number;
  status: JobState;
  when: JobTemplate['when'];
  allowFailure: boolean;
  ref: string;
  tag: boolean;
  sha: string;
  userId: number;
  createdAt: number;
  queuedAt: number | null;
  startedAt: number | null;
  finishedAt: number | null;
  erasedAt: number | null;
  erasedById: number | null;
  runnerId: number | null;
  /** The runner manager (one machine of the runner) that took it. */
  runnerManagerId?: number | null;
  /** What happens when it runs: decided when it is created (deterministically from its id). */
  plan: { queueMs: number; runMs: number; outcome: 'success' | 'failed' };
  failureReason: string | null;
  artifacts: SimArtifacts | null;
  /** Template said it produces artifacts (they exist once it succeeded or failed). */
  artifactPaths: string[] | null;
  artifactsExpireInDays: number | null;
  environment: string | null;
  logSize: 'small' | 'normal' | 'huge';
  logLines: number | null;
  coverage: number | null;
  /** A retried job is replaced by a new one and hidden from pipeline job lists, as in GitLab. */
  retried: boolean;
  /** Bumps on every change of schedule, so stale timers in the event queue are ignored. */
  version: number;
  /** Set when the job was canceled while running: the log ends where it was. */
  canceledAt: number | null;
  tagList: string[];
  /** Set on a trigger job (bridge); null for a job a runner runs. */
  trigger: JobTemplate['trigger'] | null;
  /** The pipeline a bridge created. */
  downstreamPipelineId: number | null;
  /** `job_variables_attributes` given when a manual job was played. */
  variables: { key: string; value: string }[];
  echoes: string[];
  tool: TestTool | null;
}

export interface SimPipeline {
  id: number;
  iid: number;
  projectId: number;
  status: PipelineState;
  ref: string;
  tag: boolean;
  sha: string;
  beforeSha: string;
  source: string;
  userId: number;
  createdAt: number;
  updatedAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  committedAt: number | null;
  yamlErrors: string | null;
  name: string | null;
  jobIds: number[];
  scheduleId: number | null;
  /** Jobs pending or running now: while any are, finishing one job cannot start another stage. */
  activeJobs: number;
  /** The stages of the configuration it was created from (a child pipeline has its own). */
  stages: string[];
  variables: SimVariable[];
  inputs: Record<string, unknown>;
  /** The bridge that created it (child and multi-project pipelines). GitLab's REST API does not show it. */
  upstreamBridgeId: number | null;
  mergeRequestIid: number | null;
  /** Retried and none of its jobs has run since: the pipeline answers `pending` (World.retryPipeline). */
  retryPending?: boolean;
}

export interface SimSchedule {
  id: number;
  projectId: number;
  description: string;
  ref: string;
  cron: string;
  cronTimezone: string;
  nextRunAt: number;
  active: boolean;
  createdAt: number;
  updatedAt: number;
  ownerId: number;
  lastPipelineId: number | null;
  variables: { variable_type: string; key: string; value: string; raw: boolean }[];
  /** `spec:inputs` values its pipelines run with (GitLab 17.11+); none when absent. */
  inputs?: { name: string; value: unknown }[];
  version: number;
}

/** A project's environment (lib/api/entities/environment.rb). */
export interface SimEnvironment {
  id: number;
  name: string;
  externalUrl: string;
  tier: 'production' | 'staging' | 'testing' | 'development' | 'other';
  state: 'available' | 'stopping' | 'stopped';
  createdAt: number;
  updatedAt: number;
  autoStopAt: number | null;
  /** A protected environment whose deployments wait for approvals (Premium); from `since` on. */
  approval?: { required: number; minLevel: number; since: number };
}

/** One approval or rejection of a blocked deployment (ee/lib/api/entities/deployments/approval.rb). */
export interface SimApproval {
  userId: number;
  status: 'approved' | 'rejected';
  comment: string | null;
  createdAt: number;
}

export interface SimDeployment {
  id: number;
  iid: number;
  projectId: number;
  ref: string;
  sha: string;
  createdAt: number;
  updatedAt: number;
  status: 'created' | 'running' | 'success' | 'failed' | 'canceled' | 'skipped' | 'blocked';
  userId: number;
  environment: string;
  jobId: number | null;
  approvals?: SimApproval[];
}

export interface SimKey {
  id: number;
  title: string;
  key: string;
  createdAt: number;
  expiresAt: number | null;
  userId: number;
}

/** Internal event actions (GitLab's Event model), turned into action_name by the presenter. */
export type EventKind = 'created' | 'updated' | 'closed' | 'reopened' | 'pushed' | 'commented' | 'merged' | 'joined' | 'left' | 'destroyed' | 'expired';

export interface SimEvent {
  id: number;
  projectId: number;
  action: EventKind;
  targetType: 'Issue' | 'MergeRequest' | 'Note' | 'DiffNote' | 'Milestone' | 'Project' | 'Snippet' | 'User' | null;
  targetId: number | null;
  targetIid: number | null;
  targetTitle: string | null;
  authorId: number;
  createdAt: number;
  push?: {
    commitCount: number;
    action: 'pushed' | 'created' | 'removed';
    refType: 'branch' | 'tag';
    commitFrom: string | null;
    commitTo: string | null;
    ref: string;
    commitTitle: string | null;
  };
  note?: { id: number; body: string; noteableId: number; noteableType: string; noteableIid: number | null; system: boolean };
}

export const FINISHED_JOB_STATES: ReadonlySet<JobState> = new Set(['success', 'failed', 'canceled', 'skipped']);
export const ACTIVE_JOB_STATES: ReadonlySet<JobState> = new Set(['created', 'pending', 'running']);
