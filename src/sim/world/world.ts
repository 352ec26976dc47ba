// The simulated GitLab's state and the engine that moves it through time. Jobs follow their plan
// (queue, run, outcome) stage by stage; pipelines derive their status from their jobs as GitLab does.
// Everything that changes on its own is a timer in one heap, run in time order by advanceTo().
import { hashFloat } from '../rng.js';
import type {
  JobState,
  JobTemplate,
  PipelineConfig,
  PipelineState,
  SimCommit,
  SimDeployment,
  SimEvent,
  SimJob,
  SimKey,
  SimPipeline,
  SimProject,
  SimSchedule,
  SimUser,
  SimVariable,
} from '../model.js';
import { LEGACY_TAG_SETS } from './catalog.js';
import { listOf, touchDeployment } from './deployments.js';
import { TimerHeap } from './heap.js';
import { pickRunner, runOn, waitForRunner, type SimGroup, type SimRunner } from './runners.js';

export { listOf };

export interface WorldCounters {
  pipeline: number;
  job: number;
  schedule: number;
  deployment: number;
  event: number;
  key: number;
  note: number;
  environment: number;
}

export class World {
  readonly users = new Map<number, SimUser>();
  readonly usersByName = new Map<string, SimUser>();
  /** token → user id, and the scopes of that token. */
  readonly tokens = new Map<string, { userId: number; scopes: 'api' | 'read_api'; expired: boolean }>();
  readonly projects = new Map<number, SimProject>();
  readonly projectsByPath = new Map<string, SimProject>();
  readonly pipelines = new Map<number, SimPipeline>();
  readonly jobs = new Map<number, SimJob>();
  readonly schedules = new Map<number, SimSchedule>();
  readonly deployments = new Map<number, SimDeployment>();
  readonly keys = new Map<number, SimKey>();
  readonly events: SimEvent[] = [];
  readonly runners = new Map<number, SimRunner>();
  /** Groups by full path. */
  readonly groups = new Map<string, SimGroup>();
  /** Pending jobs no runner took yet (world/runners.ts), and the jobs running now. */
  readonly waiting = new Set<number>();
  readonly running = new Set<SimJob>();
  /** Per project, ids in creation order (ascending). */
  readonly projectPipelines = new Map<number, number[]>();
  readonly projectJobs = new Map<number, number[]>();
  readonly projectSchedules = new Map<number, number[]>();
  readonly projectDeployments = new Map<number, number[]>();
  readonly counters: WorldCounters = { pipeline: 5000, job: 80000, schedule: 10, deployment: 300, event: 1, key: 1, note: 900, environment: 1 };
  readonly timers = new TimerHeap();
  /** World time up to which every timer has run. */
  private time: number;
  private advancing = false;
  /** Called for every job that changes status (tests and the event log listen). */
  onJobChange?: (job: SimJob, at: number) => void;

  constructor(
    readonly seed: number,
    startTime: number,
  ) {
    this.time = startTime;
  }

  get now(): number {
    return this.time;
  }

  /** Runs every timer due up to `now`, in time order. Re-entrant calls are ignored. */
  advanceTo(now: number): void {
    if (this.advancing) return;
    this.advancing = true;
    try {
      while (this.timers.peekTime() <= now) {
        const entry = this.timers.pop()!;
        this.time = Math.max(this.time, entry.at);
        entry.run(entry.at);
      }
      this.time = Math.max(this.time, now);
    } finally {
      this.advancing = false;
    }
  }

  at(time: number, run: (at: number) => void): void {
    this.timers.push(time, run);
  }

  // ---- lookups ---------------------------------------------------------------------------------------

  project(id: number): SimProject | undefined {
    return this.projects.get(id);
  }

  pipelineJobs(pipeline: SimPipeline, includeRetried = false): SimJob[] {
    const out: SimJob[] = [];
    for (const id of pipeline.jobIds) {
      const job = this.jobs.get(id);
      if (job && (includeRetried || !job.retried)) out.push(job);
    }
    return out;
  }

  user(id: number): SimUser {
    const user = this.users.get(id);
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  /** Commits by `${projectId}:${sha}`: every presented job looks its commit up (a page is 100 of them). */
  private readonly commitsBySha = new Map<string, SimCommit>();

  addCommit(project: SimProject, commit: SimCommit): void {
    project.commits.push(commit);
    this.commitsBySha.set(`${project.id}:${commit.sha}`, commit);
  }

  /** The commit of `sha` in the project, or undefined (GET …/repository/commits/:sha answers 404). */
  findCommit(projectId: number, sha: string): SimCommit | undefined {
    return this.commitsBySha.get(`${projectId}:${sha}`);
  }

  /** The commit of `sha`, or the project's newest for a sha it does not have. */
  commitOf(projectId: number, sha: string): SimCommit {
    const project = this.projects.get(projectId)!;
    return this.commitsBySha.get(`${projectId}:${sha}`) ?? project.commits[project.commits.length - 1]!;
  }

  addEvent(event: Omit<SimEvent, 'id'>): SimEvent {
    const full = { ...event, id: this.counters.event++ };
    this.events.push(full);
    const project = this.projects.get(event.projectId);
    if (project) project.lastActivityAt = Math.max(project.lastActivityAt, event.createdAt);
    return full;
  }

  // ---- creating pipelines ----------------------------------------------------------------------------

  /** Creates a pipeline with the jobs its project's configuration gives for `ref`, and starts it. */
  createPipeline(input: {
    project: SimProject;
    ref: string;
    tag: boolean;
    commit: SimCommit;
    beforeSha: string;
    source: string;
    userId: number;
    at: number;
    scheduleId?: number | null;
    yamlErrors?: string | null;
    /** A `[ci skip]` push: a pipeline without jobs, status skipped. */
    skip?: boolean;
    /** Another configuration than the project's (a child pipeline's `include`). */
    config?: PipelineConfig;
    variables?: SimVariable[];
    inputs?: Record<string, unknown>;
    upstreamBridgeId?: number | null;
    mergeRequestIid?: number | null;
  }): SimPipeline {
    const { project, at } = input;
    const config = input.config ?? project;
    const pipeline: SimPipeline = {
      id: project.ids ? ++project.ids.pipeline : ++this.counters.pipeline,
      iid: project.nextPipelineIid++,
      projectId: project.id,
      status: 'created',
      ref: input.ref,
      tag: input.tag,
      sha: input.commit.sha,
      beforeSha: input.beforeSha,
      source: input.source,
      userId: input.userId,
      createdAt: at,
      updatedAt: at,
      startedAt: null,
      finishedAt: null,
      committedAt: input.commit.createdAt,
      yamlErrors: input.yamlErrors ?? null,
      name: input.source === 'schedule' ? 'Scheduled pipeline' : null,
      jobIds: [],
      scheduleId: input.scheduleId ?? null,
      activeJobs: 0,
      stages: config.stages,
      variables: input.variables ?? [],
      inputs: input.inputs ?? {},
      upstreamBridgeId: input.upstreamBridgeId ?? null,
      mergeRequestIid: input.mergeRequestIid ?? null,
    };
    this.pipelines.set(pipeline.id, pipeline);
    listOf(this.projectPipelines, project.id).push(pipeline.id);
    project.lastActivityAt = Math.max(project.lastActivityAt, at);
    if (pipeline.yamlErrors) {
      this.finishPipeline(pipeline, 'failed', at);
      return pipeline;
    }
    if (input.skip) {
      this.finishPipeline(pipeline, 'skipped', at);
      return pipeline;
    }
    for (const template of config.jobs) {
      // `only` names branches; merge-request refs (refs/merge-requests/N/head) match none of them.
      if (template.only && !template.only.includes(input.ref)) continue;
      this.addJob(pipeline, template, at);
    }
    this.process(pipeline, at);
    return pipeline;
  }

  private addJob(pipeline: SimPipeline, t: JobTemplate, at: number, userId = pipeline.userId): SimJob {
    const project = this.projects.get(pipeline.projectId)!;
    const id = project.ids ? ++project.ids.job : ++this.counters.job;
    const r = (salt: number) => hashFloat(this.seed, id, salt);
    const failed = r(1) < t.failRate;
    const job: SimJob = {
      id,
      projectId: pipeline.projectId,
      pipelineId: pipeline.id,
      name: t.name,
      stage: t.stage,
      stageIndex: pipeline.stages.indexOf(t.stage),
      status: 'created',
      when: t.when,
      allowFailure: t.allowFailure,
      ref: pipeline.ref,
      tag: pipeline.tag,
      sha: pipeline.sha,
      userId,
      createdAt: at,
      queuedAt: null,
      startedAt: null,
      finishedAt: null,
      erasedAt: null,
      erasedById: null,
      runnerId: null,
      plan: {
        queueMs: Math.round(1500 + r(2) * 20_000),
        // Failures tend to come early in a run; successes take their typical time, give or take 30%.
        runMs: Math.round(t.typicalSec * 1000 * (failed ? 0.3 + r(3) * 0.6 : 0.7 + r(3) * 0.6)),
        outcome: failed ? 'failed' : 'success',
      },
      failureReason: null,
      artifacts: null,
      artifactPaths: t.artifacts?.paths ?? null,
      artifactsExpireInDays: t.artifacts?.expireInDays ?? null,
      environment: t.environment ?? null,
      logSize: t.logSize ?? 'normal',
      logLines: t.logLines ?? null,
      coverage: null,
      retried: false,
      version: 0,
      canceledAt: null,
      tagList: t.trigger ? [] : (t.tags ?? LEGACY_TAG_SETS[Math.floor(r(4) * LEGACY_TAG_SETS.length)]!),
      trigger: t.trigger ?? null,
      downstreamPipelineId: null,
      variables: [],
      echoes: t.echoes ?? [],
      tool: t.tool ?? null,
    };
    if (t.coverage) job.coverage = Math.round((70 + r(5) * 28) * 100) / 100;
    this.jobs.set(id, job);
    pipeline.jobIds.push(id);
    // The project's job list holds builds only: GitLab lists bridges on their own endpoint.
    if (!job.trigger) listOf(this.projectJobs, pipeline.projectId).push(id);
    return job;
  }

  // ---- the engine ------------------------------------------------------------------------------------

  /**
   * Starts whatever may start in `pipeline` at time `at`: a stage runs when every earlier stage is
   * complete; after a failure (not allowed to fail) later jobs are skipped; a blocking manual job
   * holds the stages after it. Then derives the pipeline's status from its jobs.
   */
  process(pipeline: SimPipeline, at: number): void {
    // One pass to bucket by stage: a monorepo pipeline has hundreds of jobs and this runs on every change.
    const byStage: SimJob[][] = pipeline.stages.map(() => []);
    for (const job of this.pipelineJobs(pipeline)) byStage[job.stageIndex]?.push(job);
    let blocked = false;
    let failedBefore = false;
    for (const stageJobs of byStage) {
      if (blocked) break;
      for (const job of stageJobs) {
        if (job.status !== 'created') continue;
        if (failedBefore && job.when !== 'always') this.setStatus(job, 'skipped', at);
        else if (job.when === 'manual') this.setStatus(job, 'manual', at);
        else this.enqueue(job, at);
      }
      for (const job of stageJobs) {
        if (job.status === 'pending' || job.status === 'running') blocked = true;
        if (job.status === 'manual' && !job.allowFailure) blocked = true;
        if ((job.status === 'failed' || job.status === 'canceled') && !job.allowFailure) failedBefore = true;
      }
    }
    this.updatePipelineStatus(pipeline, at);
  }

  /** GitLab's composite status, reduced to the states the simulator produces. */
  updatePipelineStatus(pipeline: SimPipeline, at: number): void {
    const jobs = this.pipelineJobs(pipeline);
    if (jobs.length === 0) return;
    const count: Record<string, number> = {};
    let blockingManual = 0;
    let failedHard = 0;
    let canceledHard = 0;
    let firstStart = Infinity;
    for (const j of jobs) {
      count[j.status] = (count[j.status] ?? 0) + 1;
      if (j.status === 'manual' && !j.allowFailure) blockingManual++;
      if (j.status === 'failed' && !j.allowFailure) failedHard++;
      if (j.status === 'canceled' && !j.allowFailure) canceledHard++;
      if (j.startedAt !== null && j.startedAt < firstStart) firstStart = j.startedAt;
    }
    const n = (s: JobState) => count[s] ?? 0;
    let status: PipelineState;
    // GitLab's Composite status: pending only while every job is pending, created or skipped
    // (a pipeline retried after a cancel is pending again); pending next to finished jobs is running.
    if (n('running')) status = 'running';
    else if (pipeline.retryPending && n('pending')) status = 'pending';
    else if (n('pending')) status = n('pending') + n('created') + n('skipped') === jobs.length ? 'pending' : 'running';
    else if (n('created') === jobs.length) status = 'created';
    else if (failedHard) status = 'failed';
    else if (canceledHard || (n('canceled') && !n('success'))) status = 'canceled';
    else if (blockingManual || n('created')) status = 'manual';
    else if (n('skipped') === jobs.length) status = 'skipped';
    else status = 'success';

    if (status === pipeline.status) return;
    pipeline.updatedAt = at;
    if (pipeline.startedAt === null && firstStart < Infinity) pipeline.startedAt = firstStart;
    // A pipeline waiting on a blocking manual job is idle but not finished, as in GitLab.
    const finished = status === 'success' || status === 'failed' || status === 'canceled' || status === 'skipped';
    pipeline.status = status;
    pipeline.finishedAt = finished ? at : null;
    if (pipeline.upstreamBridgeId !== null) this.followDownstream(pipeline, at);
  }

  private finishPipeline(pipeline: SimPipeline, status: PipelineState, at: number): void {
    pipeline.status = status;
    pipeline.updatedAt = at;
    pipeline.finishedAt = at;
  }

  setStatus(job: SimJob, status: JobState, at: number): void {
    const delta = Number(status === 'pending' || status === 'running') - Number(job.status === 'pending' || job.status === 'running');
    if (delta) this.pipelines.get(job.pipelineId)!.activeJobs += delta;
    job.status = status;
    if (status === 'running') this.running.add(job);
    else this.running.delete(job);
    job.version++;
    this.onJobChange?.(job, at);
  }

  /** created/manual → pending now, running after its queue time, finished after its run time. */
  enqueue(job: SimJob, at: number): void {
    if (job.trigger) return this.triggerBridge(job, at);
    job.queuedAt = at;
    this.setStatus(job, 'pending', at);
    touchDeployment(this, job, 'created', at);
    const version = job.version;
    this.at(at + job.plan.queueMs, (t) => {
      if (job.version !== version) return;
      this.start(job, t);
    });
  }

  /** A runner takes the job (world/runners.ts), or it waits for one. */
  start(job: SimJob, at: number): void {
    const pick = pickRunner(this, job, at);
    if (!pick) return waitForRunner(this, job);
    job.startedAt = at;
    this.pipelines.get(job.pipelineId)!.retryPending = false;
    job.runnerId = pick.runner.id;
    job.runnerManagerId = pick.manager.id;
    this.setStatus(job, 'running', at);
    touchDeployment(this, job, 'running', at);
    const version = job.version;
    const run = runOn(this, job, pick.manager);
    this.at(at + run.ms, (t) => {
      if (job.version !== version) return;
      job.failureReason = run.reason;
      this.finish(job, run.outcome, t);
    });
    const pipeline = this.pipelines.get(job.pipelineId)!;
    if (pipeline.status !== 'running') this.updatePipelineStatus(pipeline, at);
  }

  private finish(job: SimJob, outcome: 'success' | 'failed', at: number): void {
    job.finishedAt = at;
    if (outcome === 'failed') {
      // The generated log of a failed job is always a script that exited non-zero: say the same.
      job.failureReason ??= 'script_failure';
    }
    // Reports are uploaded on failure too (`artifacts:when: always` is common for test reports).
    if (job.artifactPaths && (outcome === 'success' || job.artifactPaths.some((p) => p.includes('junit')))) {
      const days = job.artifactsExpireInDays;
      job.artifacts = { filename: 'artifacts.zip', paths: job.artifactPaths, expireAt: days === null ? null : at + days * 86_400_000 };
      const version = job.version + 1;
      // Expired artifacts disappear, as GitLab's expiry worker removes them.
      if (days !== null)
        this.at(at + days * 86_400_000, () => {
          if (job.artifacts && job.artifacts.expireAt !== null && job.artifacts.expireAt <= this.time && job.version === version) {
            job.artifacts = null;
          }
        });
    }
    this.setStatus(job, outcome, at);
    touchDeployment(this, job, outcome, at);
    const pipeline = this.pipelines.get(job.pipelineId)!;
    // Nothing new can start, and the status stays running, while other jobs are still active;
    // skipping the full pass keeps a 330-job pipeline linear rather than quadratic.
    if (pipeline.activeJobs > 0) pipeline.updatedAt = at;
    else this.process(pipeline, at);
  }

  /** Cancels a job that has not finished. Returns false when there was nothing to cancel. */
  cancelJob(job: SimJob, at: number): boolean {
    if (!['created', 'pending', 'running'].includes(job.status)) return false;
    if (job.status === 'running') job.canceledAt = at;
    job.finishedAt = at;
    this.setStatus(job, 'canceled', at);
    touchDeployment(this, job, 'canceled', at);
    // Canceling a pipeline cascades to its child pipelines (not to other projects' pipelines).
    const downstream = job.downstreamPipelineId === null ? undefined : this.pipelines.get(job.downstreamPipelineId);
    if (downstream && downstream.source === 'parent_pipeline') {
      let any = false;
      for (const child of this.pipelineJobs(downstream)) any = this.cancelJob(child, at) || any;
      if (any) this.process(downstream, at);
    }
    return true;
  }

  // ---- trigger jobs (bridges) ------------------------------------------------------------------------

  /**
   * A bridge goes pending, and a moment later (GitLab creates the downstream pipeline in a worker)
   * its downstream pipeline exists. Without a strategy the bridge succeeds then; with
   * `strategy: depend` it runs until the downstream pipeline finishes and takes its status.
   */
  private triggerBridge(bridge: SimJob, at: number): void {
    bridge.queuedAt = at;
    this.setStatus(bridge, 'pending', at);
    const version = bridge.version;
    this.at(at + 1000 + Math.round(hashFloat(this.seed, bridge.id, 7) * 2000), (t) => {
      if (bridge.version !== version) return;
      const parent = this.pipelines.get(bridge.pipelineId)!;
      const project = this.projects.get(bridge.projectId)!;
      const spec = bridge.trigger!;
      const target = spec.project ? this.projectsByPath.get(spec.project) : project;
      const config = spec.include ? project.childConfigs?.[spec.include] : undefined;
      if (!target || (spec.include && !config)) {
        // What GitLab reports when the downstream project or configuration cannot be used.
        bridge.failureReason = spec.include ? 'downstream_pipeline_creation_failed' : 'downstream_bridge_project_not_found';
        return this.completeBridge(bridge, 'failed', t);
      }
      const child = target === project;
      const commit = child ? this.commitOf(project.id, parent.sha) : target.heads.get(target.defaultBranch)!;
      const downstream = this.createPipeline({
        project: target,
        ref: child ? parent.ref : target.defaultBranch,
        tag: child ? parent.tag : false,
        commit,
        beforeSha: child ? parent.beforeSha : commit.sha,
        source: child ? 'parent_pipeline' : 'pipeline',
        userId: bridge.userId,
        at: t,
        ...(config ? { config } : {}),
        upstreamBridgeId: bridge.id,
        mergeRequestIid: child ? parent.mergeRequestIid : null,
      });
      bridge.downstreamPipelineId = downstream.id;
      bridge.startedAt = t;
      if (spec.strategy !== 'depend') return this.completeBridge(bridge, 'success', t);
      this.setStatus(bridge, 'running', t);
      this.followDownstream(downstream, t);
    });
  }

  /** A depend bridge takes its downstream pipeline's final status (GitLab: failed or skipped → failed). */
  private followDownstream(downstream: SimPipeline, at: number): void {
    const bridge = this.jobs.get(downstream.upstreamBridgeId!);
    if (!bridge || bridge.trigger?.strategy !== 'depend' || bridge.downstreamPipelineId !== downstream.id) return;
    if (bridge.status !== 'running' && bridge.status !== 'success' && bridge.status !== 'failed' && bridge.status !== 'canceled') return;
    const s = downstream.status;
    const next =
      s === 'success'
        ? 'success'
        : s === 'canceled'
          ? 'canceled'
          : s === 'failed' || s === 'skipped'
            ? 'failed'
            : s === 'running' || s === 'pending'
              ? 'running'
              : null;
    if (!next || next === bridge.status) return;
    if (next === 'running') {
      // A retried downstream job brings a finished bridge back to running, as in GitLab.
      bridge.finishedAt = null;
      this.setStatus(bridge, 'running', at);
      const parent = this.pipelines.get(bridge.pipelineId)!;
      parent.finishedAt = null;
      this.updatePipelineStatus(parent, at);
      return;
    }
    if (next === 'failed') bridge.failureReason = 'downstream_pipeline_failed';
    this.completeBridge(bridge, next, at);
  }

  private completeBridge(bridge: SimJob, status: 'success' | 'failed' | 'canceled', at: number): void {
    bridge.startedAt ??= at;
    bridge.finishedAt = at;
    this.setStatus(bridge, status, at);
    const pipeline = this.pipelines.get(bridge.pipelineId)!;
    if (pipeline.activeJobs > 0) pipeline.updatedAt = at;
    else this.process(pipeline, at);
  }

  /** The configuration a job of `pipeline` came from (child pipelines have their own). */
  private templateOf(pipeline: SimPipeline, name: string): JobTemplate | undefined {
    const project = this.projects.get(pipeline.projectId)!;
    const own = project.jobs.find((t) => t.name === name && pipeline.stages === project.stages);
    if (own) return own;
    for (const config of Object.values(project.childConfigs ?? {})) {
      if (config.stages === pipeline.stages) return config.jobs.find((t) => t.name === name);
    }
    return project.jobs.find((t) => t.name === name);
  }

  /**
   * Retries a finished job: a new job with a new id replaces it; later skipped stages come back. The
   * new job is queued at once — docs/gitlab-api.md §3 answers a job retry `pending` (GitLab's
   * Ci::RetryJobService enqueues an actionable clone immediately) — unless `queue` is false (a
   * pipeline retry, whose processing queues what may run).
   */
  retryJob(job: SimJob, userId: number, at: number, queue = true): SimJob {
    const pipeline = this.pipelines.get(job.pipelineId)!;
    const template = this.templateOf(pipeline, job.name) ?? {
      name: job.name,
      stage: job.stage,
      when: job.when,
      allowFailure: job.allowFailure,
      typicalSec: 60,
      failRate: 0.1,
    };
    job.retried = true;
    const fresh = this.addJob(pipeline, template, at, userId);
    // A retry of a manual job is started by the person retrying it.
    fresh.when = job.when === 'manual' ? 'on_success' : job.when;
    for (const later of this.pipelineJobs(pipeline)) {
      if (later.stageIndex > job.stageIndex && later.status === 'skipped') {
        later.status = 'created';
        later.version++;
        later.finishedAt = null;
      }
    }
    pipeline.finishedAt = null;
    if (queue) this.enqueue(fresh, at);
    this.process(pipeline, at);
    return fresh;
  }

  /**
   * Retries a pipeline's failed and canceled jobs. The answer is `pending` (docs/gitlab-api.md §3's
   * table), and the pipeline stays pending until one of its jobs runs, though passed jobs beside
   * pending ones would make GitLab's composite status `running` (docs/gitlab-api.md).
   */
  retryPipeline(pipeline: SimPipeline, userId: number, at: number): void {
    let any = false;
    for (const job of this.pipelineJobs(pipeline)) {
      if ((job.status === 'failed' || job.status === 'canceled') && !job.retried) {
        this.retryJob(job, userId, at, false);
        any = true;
      }
    }
    if (!any) return;
    pipeline.retryPending = true;
    this.updatePipelineStatus(pipeline, at);
  }

  /** Plays a manual job, with the variables the player gave (`job_variables_attributes`). */
  playJob(job: SimJob, userId: number, at: number, variables: { key: string; value: string }[] = []): void {
    job.userId = userId;
    job.variables = variables;
    this.enqueue(job, at);
    this.process(this.pipelines.get(job.pipelineId)!, at);
  }
}
