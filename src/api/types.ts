// The types of the GitLab API v4 entities pipetop reads, each read off its decoder (src/api/decoders.ts):
// one description per entity, so a field the app relies on is a field the decoder checks. Every
// entity type lets through the fields GitLab sends beyond the ones named (the decoders keep them).
// How an entity is added: the comment at the top of src/api/decoders.ts.
import type * as D from './decoders.js';
import type { EntityType, Shape } from './entity.js';

export * from './vocabulary.js';

// ---- users (docs/gitlab-api.md §2.3) ----------------------------------------------------------------

/** Compact user: schedule owner, pipeline user, deployment user, event author. */
export type UserBasic = EntityType<typeof D.userBasic>;
/** Job user: job and deployable `user`. */
export type JobUser = EntityType<typeof D.jobUser>;
export type Identity = EntityType<typeof D.identity>;
/** Administrator user view (the `user` of an SSH key). */
export type AdminUser = EntityType<typeof D.adminUser>;
/** `GET /user`: the caller. `is_admin` is present for administrators (and in newer GitLab, always). */
export type CurrentUser = EntityType<typeof D.currentUser>;

// ---- commits, jobs (docs/gitlab-api.md §2.1, §2.2) --------------------------------------------------

export type Commit = EntityType<typeof D.commit>;
export type ArtifactsFile = EntityType<typeof D.artifactsFile>;
export type JobArtifact = EntityType<typeof D.artifact>;
/** A job's `pipeline`: only the id is sure to be there. */
export type JobPipelineRef = EntityType<typeof D.jobPipeline>;
export type Runner = EntityType<typeof D.runner>;
/** One runner with its matching rules (`GET /runners/:id`): tags, run_untagged, access_level, contact, version. */
export type RunnerDetails = EntityType<typeof D.runnerDetails>;
/** One machine (system_id) of a runner: `GET /runners/:id/managers`, a job's `runner_manager`. */
export type RunnerManager = EntityType<typeof D.runnerManager>;
/** A job of `GET /runners/:id/jobs`: JobBasic with its project's identity. */
export type RunnerJob = EntityType<typeof D.runnerJob>;
/**
 * What a job and a trigger job (Bridge) share: GitLab's JobBasic entity. `pipeline` is absent and
 * `user` is null in the responses of cancel, retry, erase, keep and play.
 */
export type JobBasic = Shape<typeof D.jobBasicFields>;
/** A job (GitLab's JobEntity): the JobBasic fields, its runner and artifacts; erase and keep add `download_url`. */
export type Job = EntityType<typeof D.job>;

// ---- pipelines (docs/gitlab-api.md §2.4) ------------------------------------------------------------

/** Short form, in the project pipeline list. */
export type PipelineBasic = EntityType<typeof D.pipelineBasic>;
export type DetailedStatus = EntityType<typeof D.detailedStatus>;
/** Full form: single get, create, retry, cancel. `duration` in seconds; `coverage` a decimal as text ("84.17"). */
export type Pipeline = EntityType<typeof D.pipeline>;

/** The pipeline a trigger job created (GitLab's PipelineBasic). */
export type DownstreamPipeline = PipelineBasic;

/**
 * A trigger job ("bridge") from `GET …/pipelines/:id/bridges`: job-shaped, without runner or
 * artifacts, plus the downstream pipeline it created (null until created). The pipeline's jobs list
 * never contains bridges. GitLab's pipeline JSON has no parent field: a child pipeline says only
 * `source: parent_pipeline`; the link is the parent's bridge.
 */
export type Bridge = EntityType<typeof D.bridge>;

/** A pipeline variable: sent with `POST /projects/:id/pipeline`, read back from `…/variables` (`env_var` when left out). */
export type PipelineVariable = EntityType<typeof D.pipelineVariable>;

/** `spec:inputs` values: typed as the project's configuration declares them. */
export type PipelineInputValue = string | number | boolean | string[];

/** A variable given when playing a manual job (`job_variables_attributes`). */
export interface JobVariable {
  key: string;
  value: string;
}

// ---- test reports (app/serializers/test_*_entity.rb) ------------------------------------------------

export type TestReportTotals = EntityType<typeof D.totals>;
export type TestSuiteSummary = EntityType<typeof D.suiteSummary>;
/** `GET …/pipelines/:id/test_report_summary`: cheap, no test cases. */
export type TestReportSummary = EntityType<typeof D.testReportSummary>;
export type TestCase = EntityType<typeof D.testCase>;
export type TestSuite = EntityType<typeof D.testSuite>;
/** `GET …/pipelines/:id/test_report`: every case of every suite (slow on real GitLab: open on demand). */
export type TestReport = EntityType<typeof D.testReport>;

// ---- schedules (docs/gitlab-api.md §2.5) ------------------------------------------------------------

export type ScheduleVariable = EntityType<typeof D.scheduleVariable>;
/**
 * `last_pipeline` is absent from the list response and null when no pipeline has run; `inputs` (the
 * `spec:inputs` its pipelines run with, GitLab 17.11+) is absent on older servers.
 */
export type PipelineSchedule = EntityType<typeof D.schedule>;

// ---- deployments (docs/gitlab-api.md §2.6) ----------------------------------------------------------

export type Environment = EntityType<typeof D.environment>;
/** Job-like: the JobBasic fields, its runner and artifacts. */
export type Deployable = EntityType<typeof D.deployable>;
export type Deployment = EntityType<typeof D.deployment>;
/** ee/lib/api/entities/deployments/approval.rb: an approval or rejection of a blocked deployment. */
export type DeploymentApproval = EntityType<typeof D.deploymentApproval>;
/** A deployment inside its environment (`last_deployment`): GitLab leaves its `environment` out. */
export type LastDeployment = EntityType<typeof D.lastDeployment>;
/** lib/api/entities/environment.rb: `last_deployment` only on the single GET. */
export type EnvironmentDetail = EntityType<typeof D.environmentDetail>;
/** lib/api/entities/compare.rb: `commits` oldest first. */
export type Compare = EntityType<typeof D.compare>;

// ---- SSH keys (docs/gitlab-api.md §2.7) -------------------------------------------------------------

export type SshKey = EntityType<typeof D.sshKey>;

// ---- branches (docs/gitlab-api.md "Repository branches") ----------------------------------------------

export type Branch = EntityType<typeof D.branch>;

// ---- events (docs/gitlab-api.md §2.8, §6) -----------------------------------------------------------

export type PushData = EntityType<typeof D.pushData>;
export type Note = EntityType<typeof D.note>;
export type Event = EntityType<typeof D.event>;

// ---- projects, merge requests -----------------------------------------------------------------------

export type Project = EntityType<typeof D.project>;
export type ProjectId = number | string;

/** `head_pipeline` only in the single merge request (GET /projects/:id/merge_requests/:iid), null when none ran. */
export type MergeRequest = EntityType<typeof D.mergeRequest>;
