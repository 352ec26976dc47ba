// Presenters: internal records → the exact JSON shapes of docs/gitlab-api.md §2, with the extra fields
// real GitLab sends (docs/gitlab-api.md "Fields beyond §2"). Which form a response takes (list, single, action response) is
// decided here, in one place, as GitLab's API entities do.
import type { SimCommit, SimEvent, SimJob, SimKey, SimPipeline, SimProject, SimSchedule, SimUser } from './model.js';
import type { World } from './world/world.js';
import { artifactSize } from './artifacts.js';
import { runner as presentRunner, runnerManager as presentManager } from './present-runner.js';

export interface PresentContext {
  world: World;
  /** Origin of the simulator's web pages, e.g. http://127.0.0.1:8929. */
  webBase: string;
}

type Json = Record<string, unknown>;

// Date#toISOString costs microseconds and a page of 100 jobs formats about a thousand dates, mostly
// the same ones again on every poll: formatted strings are kept (the map is emptied when it grows).
const isoCache = new Map<number, string>();
const ISO_CACHE_LIMIT = 100_000;

export function iso(ms: number | null): string | null {
  if (ms === null) return null;
  let text = isoCache.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString();
    if (isoCache.size >= ISO_CACHE_LIMIT) isoCache.clear();
    isoCache.set(ms, text);
  }
  return text;
}

/** A commit date with the author's numeric UTC offset, e.g. 2024-11-12T10:31:54.000+01:00. */
function isoWithOffset(ms: number, offsetMin: number): string {
  const local = iso(ms + offsetMin * 60_000)!.slice(0, 23);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const seconds = (from: number | null, to: number | null) => (from === null || to === null ? null : Math.max(0, (to - from) / 1000));

export function projectWebUrl(ctx: PresentContext, project: SimProject): string {
  return `${ctx.webBase}/${project.namespace}/${project.path}`;
}

// ---- users ------------------------------------------------------------------------------------------

export function userBasic(ctx: PresentContext, u: SimUser): Json {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    locked: false,
    avatar_url: `${ctx.webBase}/uploads/-/system/user/avatar/${u.id}/avatar.png`,
    web_url: `${ctx.webBase}/${u.username}`,
  };
}

/** Job user (docs/gitlab-api.md §2.3); deployables add `location`. */
export function jobUser(ctx: PresentContext, u: SimUser, withLocation = false): Json {
  // userBasic without `locked`, written out: deleting a key would turn the object into a slow
  // dictionary (for JSON.stringify too), once per job of every page.
  const out: Json = {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state,
    avatar_url: `${ctx.webBase}/uploads/-/system/user/avatar/${u.id}/avatar.png`,
    web_url: `${ctx.webBase}/${u.username}`,
    created_at: iso(u.createdAt),
    bio: u.bio,
    skype: '',
    linkedin: '',
    twitter: '',
    website_url: '',
  };
  if (withLocation) out.location = u.location;
  return out;
}

/** Administrator user view (the `user` of an SSH key). */
export function adminUser(ctx: PresentContext, u: SimUser): Json {
  return {
    ...jobUser(ctx, u),
    email: u.email,
    color_scheme_id: 1,
    projects_limit: 100_000,
    current_sign_in_at: iso(u.currentSignInAt),
    last_sign_in_at: iso(u.lastSignInAt),
    confirmed_at: iso(u.createdAt + 3_600_000),
    identities: u.identities,
    can_create_group: !u.username.endsWith('-bot'),
    can_create_project: true,
    two_factor_enabled: u.twoFactor,
    is_admin: u.isAdmin,
  };
}

export function currentUser(ctx: PresentContext, u: SimUser): Json {
  const out: Json = {
    ...userBasic(ctx, u),
    created_at: iso(u.createdAt),
    bio: u.bio ?? '',
    location: u.location ?? '',
    public_email: null,
    email: u.email,
    last_sign_in_at: iso(u.lastSignInAt),
    current_sign_in_at: iso(u.currentSignInAt),
    two_factor_enabled: u.twoFactor,
    can_create_group: true,
    can_create_project: true,
  };
  if (u.isAdmin) out.is_admin = true;
  return out;
}

// ---- jobs -------------------------------------------------------------------------------------------

export type JobForm = 'full' | 'action' | 'erase-or-keep' | 'deployable';

/** API::Entities::Commit: a job's `commit`, and GET /projects/:id/repository/commits/:sha (without its `stats`). */
export function commitEntity(ctx: PresentContext, project: SimProject, commit: SimCommit): Json {
  const committedAt = isoWithOffset(commit.createdAt, commit.tzOffsetMin);
  return {
    id: commit.sha,
    short_id: commit.sha.slice(0, 8),
    created_at: committedAt,
    parent_ids: [],
    title: commit.title,
    message: commit.message,
    author_name: commit.authorName,
    author_email: commit.authorEmail,
    authored_date: committedAt,
    committer_name: commit.authorName,
    committer_email: commit.authorEmail,
    committed_date: committedAt,
    web_url: `${projectWebUrl(ctx, project)}/-/commit/${commit.sha}`,
  };
}

export function job(ctx: PresentContext, j: SimJob, form: JobForm = 'full'): Json {
  const { world } = ctx;
  const project = world.projects.get(j.projectId)!;
  const pipeline = world.pipelines.get(j.pipelineId)!;
  const commit = world.commitOf(j.projectId, j.sha);
  const runner = j.runnerId === null ? undefined : world.runners.get(j.runnerId);
  const manager = runner?.managers.find((m) => m.id === j.runnerManagerId);
  const hasArtifacts = j.artifacts !== null && j.erasedAt === null;
  const out: Json = {
    id: j.id,
    status: j.status,
    stage: j.stage,
    name: j.name,
    ref: j.ref,
    tag: j.tag,
    coverage: j.status === 'success' ? j.coverage : null,
    allow_failure: j.allowFailure,
    created_at: iso(j.createdAt),
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
    erased_at: iso(j.erasedAt),
    duration: seconds(j.startedAt, j.finishedAt ?? (j.status === 'running' ? world.now : null)),
    queued_duration: seconds(j.queuedAt, j.startedAt ?? (j.status === 'pending' ? world.now : null)),
    user: form === 'action' || form === 'erase-or-keep' ? null : jobUser(ctx, world.user(j.userId), form === 'deployable'),
    commit: commitEntity(ctx, project, commit),
  };
  if (form === 'full') {
    out.pipeline = {
      id: pipeline.id,
      iid: pipeline.iid,
      project_id: pipeline.projectId,
      sha: pipeline.sha,
      ref: pipeline.ref,
      status: pipeline.status,
      source: pipeline.source,
      created_at: iso(pipeline.createdAt),
      updated_at: iso(pipeline.updatedAt),
      web_url: `${projectWebUrl(ctx, project)}/-/pipelines/${pipeline.id}`,
    };
  }
  if (j.status === 'failed' && j.failureReason) out.failure_reason = j.failureReason;
  out.web_url = `${projectWebUrl(ctx, project)}/-/jobs/${j.id}`;
  out.project = { ci_job_token_scope_enabled: false };
  if (form !== 'deployable') {
    out.artifacts = hasArtifacts ? artifactsList(ctx, j) : [];
    out.artifacts_expire_at = hasArtifacts ? iso(j.artifacts!.expireAt) : null;
  }
  out.runner = runner ? presentRunner(ctx, runner) : null;
  // Entities::Ci::Job exposes runner_manager for builds only (not bridges); tag_list sorted.
  if (!j.trigger) out.runner_manager = runner && manager ? presentManager(ctx, manager, runner) : null;
  out.tag_list = [...j.tagList].sort();
  out.archived = false;
  out.source = pipeline.source;
  if (form === 'full' || form === 'action') {
    out.artifacts_file = hasArtifacts ? { filename: j.artifacts!.filename, size: artifactSize(ctx.world.seed, j) } : null;
  }
  if (form === 'erase-or-keep') out.download_url = null;
  return out;
}

function artifactsList(ctx: PresentContext, j: SimJob): Json[] {
  const size = artifactSize(ctx.world.seed, j);
  const list: Json[] = [{ file_type: 'archive', size, filename: 'artifacts.zip', file_format: 'zip' }];
  list.push({ file_type: 'metadata', size: 180 + j.artifacts!.paths.length * 40, filename: 'metadata.gz', file_format: 'gzip' });
  if (j.erasedAt === null && j.startedAt !== null) list.push({ file_type: 'trace', size: 0, filename: 'job.log', file_format: null });
  return list;
}

// ---- pipelines --------------------------------------------------------------------------------------

export function pipelineBasic(ctx: PresentContext, p: SimPipeline): Json {
  const project = ctx.world.projects.get(p.projectId)!;
  return {
    id: p.id,
    iid: p.iid,
    project_id: p.projectId,
    sha: p.sha,
    ref: p.ref,
    status: p.status,
    source: p.source,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    web_url: `${projectWebUrl(ctx, project)}/-/pipelines/${p.id}`,
    name: p.name,
  };
}

const STATUS_TEXT: Record<string, [string, string]> = {
  created: ['created', 'created'],
  pending: ['pending', 'pending'],
  running: ['running', 'running'],
  success: ['passed', 'passed'],
  failed: ['failed', 'failed'],
  canceled: ['canceled', 'canceled'],
  skipped: ['skipped', 'skipped'],
  manual: ['blocked', 'waiting for manual action'],
};

export function pipeline(ctx: PresentContext, p: SimPipeline): Json {
  const { world } = ctx;
  const jobs = world.pipelineJobs(p);
  const coverageJobs = jobs.filter((j) => j.status === 'success' && j.coverage !== null);
  const coverage = coverageJobs.length ? (coverageJobs.reduce((s, j) => s + j.coverage!, 0) / coverageJobs.length).toFixed(2) : null;
  const [text, label] = STATUS_TEXT[p.status] ?? [p.status, p.status];
  const firstQueued = jobs.reduce<number | null>((m, j) => (j.queuedAt !== null && (m === null || j.queuedAt < m) ? j.queuedAt : m), null);
  const base = pipelineBasic(ctx, p);
  return {
    ...base,
    before_sha: p.beforeSha,
    tag: p.tag,
    yaml_errors: p.yamlErrors,
    user: userBasic(ctx, world.user(p.userId)),
    started_at: iso(p.startedAt),
    finished_at: iso(p.finishedAt),
    committed_at: iso(p.committedAt),
    duration: p.startedAt !== null && p.finishedAt !== null ? Math.round((p.finishedAt - p.startedAt) / 1000) : null,
    queued_duration: firstQueued !== null && p.startedAt !== null ? Math.round((p.startedAt - firstQueued) / 1000) : null,
    coverage,
    detailed_status: {
      icon: `status_${p.status}`,
      text,
      label,
      group: p.status === 'manual' ? 'manual' : p.status,
      tooltip: label,
      has_details: true,
      details_path: `/${world.projects.get(p.projectId)!.namespace}/${world.projects.get(p.projectId)!.path}/-/pipelines/${p.id}`,
      illustration: null,
      favicon: `/assets/ci_favicons/favicon_status_${p.status}.png`,
    },
  };
}

// ---- schedules --------------------------------------------------------------------------------------

/**
 * Entities::Ci::PipelineSchedule, or PipelineScheduleDetails (`detail`: last_pipeline, and the
 * variables for whom `read_pipeline_schedule_variables` allows: `variables` false leaves them out).
 */
export function schedule(ctx: PresentContext, s: SimSchedule, detail: boolean, variables = true): Json {
  const { world } = ctx;
  const out: Json = {
    id: s.id,
    description: s.description,
    ref: s.ref,
    cron: s.cron,
    cron_timezone: s.cronTimezone,
    next_run_at: iso(s.nextRunAt),
    active: s.active,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
    owner: userBasic(ctx, world.user(s.ownerId)),
    // Entities::Ci::PipelineSchedule exposes its inputs (name, value) in the list and the detail.
    inputs: (s.inputs ?? []).map((i) => ({ name: i.name, value: i.value })),
  };
  if (detail) {
    const last = s.lastPipelineId === null ? null : (world.pipelines.get(s.lastPipelineId) ?? null);
    out.last_pipeline = last && {
      id: last.id,
      iid: last.iid,
      project_id: last.projectId,
      sha: last.sha,
      ref: last.ref,
      status: last.status,
      source: last.source,
      web_url: `${projectWebUrl(ctx, world.projects.get(last.projectId)!)}/-/pipelines/${last.id}`,
    };
    if (variables) out.variables = s.variables.map(scheduleVariable);
  }
  return out;
}

/** Entities::Ci::Variable for a schedule's variable: `{variable_type, key, value, raw}`. */
export function scheduleVariable(v: SimSchedule['variables'][number]): Json {
  return { variable_type: v.variable_type, key: v.key, value: v.value, raw: v.raw };
}

// ---- keys, events, projects -------------------------------------------------------------------------

export function sshKey(ctx: PresentContext, k: SimKey): Json {
  return {
    id: k.id,
    title: k.title,
    created_at: iso(k.createdAt),
    expires_at: iso(k.expiresAt),
    key: k.key,
    usage_type: 'auth_and_signing',
    user: adminUser(ctx, ctx.world.user(k.userId)),
  };
}

const TARGET_ACTION_NAME: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  closed: 'closed',
  reopened: 'opened',
  merged: 'accepted',
  commented: 'commented on',
  joined: 'joined',
  left: 'left',
  destroyed: 'destroyed',
  expired: 'removed due to membership expiration',
};

export function actionName(e: SimEvent): string {
  if (e.action === 'pushed') {
    if (e.push?.action === 'created') return 'pushed new';
    if (e.push?.action === 'removed') return 'deleted';
    return 'pushed to';
  }
  if (e.action === 'created' && (e.targetType === 'Issue' || e.targetType === 'MergeRequest' || e.targetType === 'Milestone')) return 'opened';
  return TARGET_ACTION_NAME[e.action] ?? e.action;
}

/** An event; `projectView` adds target_iid and noteable_iid (and data: null on notes), as GitLab's project events do. */
export function event(ctx: PresentContext, e: SimEvent, projectView: boolean): Json {
  const author = ctx.world.user(e.authorId);
  const out: Json = {
    id: e.id,
    project_id: e.projectId,
    action_name: actionName(e),
    target_id: e.targetId,
  };
  if (projectView) out.target_iid = e.targetIid;
  out.target_type = e.targetType;
  out.author_id = e.authorId;
  out.target_title = e.targetTitle;
  out.created_at = iso(e.createdAt);
  out.author = userBasic(ctx, author);
  out.imported = false;
  out.imported_from = 'none';
  if (e.push) {
    out.push_data = {
      commit_count: e.push.commitCount,
      action: e.push.action,
      ref_type: e.push.refType,
      commit_from: e.push.commitFrom,
      commit_to: e.push.commitTo,
      ref: e.push.ref,
      commit_title: e.push.commitTitle,
      ref_count: null,
    };
  }
  if (e.note) {
    if (projectView) out.data = null;
    const note: Json = {
      id: e.note.id,
      type: e.targetType === 'DiffNote' ? 'DiffNote' : null,
      body: e.note.body,
      attachment: null,
      author: userBasic(ctx, author),
      created_at: iso(e.createdAt),
      updated_at: iso(e.createdAt),
      system: e.note.system,
      noteable_id: e.note.noteableId,
      noteable_type: e.note.noteableType,
      resolvable: false,
      confidential: false,
      internal: false,
    };
    if (projectView) note.noteable_iid = e.note.noteableIid;
    out.note = note;
  }
  out.author_username = author.username;
  out.title = null;
  return out;
}

/**
 * API::Entities::Branch (lib/api/entities/branch.rb): the branch, its head commit, and what the
 * caller may do with it. The simulator protects the default branch only (GitLab's default setting
 * for a new project); a branch counts as merged when its head is the default branch's.
 */
export function branch(ctx: PresentContext, p: SimProject, name: string, canPush: boolean): Json {
  const head = p.heads.get(name) ?? p.heads.get(p.defaultBranch)!;
  const committedAt = isoWithOffset(head.createdAt, head.tzOffsetMin);
  const isDefault = name === p.defaultBranch;
  return {
    name,
    commit: {
      id: head.sha,
      short_id: head.sha.slice(0, 8),
      created_at: committedAt,
      parent_ids: [],
      title: head.title,
      message: head.message,
      author_name: head.authorName,
      author_email: head.authorEmail,
      authored_date: committedAt,
      committer_name: head.authorName,
      committer_email: head.authorEmail,
      committed_date: committedAt,
      trailers: {},
      extended_trailers: {},
      web_url: `${projectWebUrl(ctx, p)}/-/commit/${head.sha}`,
    },
    merged: !isDefault && p.heads.get(p.defaultBranch)?.sha === head.sha,
    protected: isDefault,
    developers_can_push: false,
    developers_can_merge: false,
    can_push: canPush,
    default: isDefault,
    web_url: `${projectWebUrl(ctx, p)}/-/tree/${name.split('/').map(encodeURIComponent).join('/')}`,
  };
}

export function project(ctx: PresentContext, p: SimProject, simple: boolean): Json {
  const web = projectWebUrl(ctx, p);
  const host = new URL(ctx.webBase).host;
  const top = p.namespace.split('/');
  const group = ctx.world.groups.get(p.namespace);
  const out: Json = {
    id: p.id,
    description: p.description,
    name: p.name,
    name_with_namespace: `${top.map(titleCase).join(' / ')} / ${p.name}`,
    path: p.path,
    path_with_namespace: `${p.namespace}/${p.path}`,
    created_at: iso(p.createdAt),
    default_branch: p.defaultBranch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@${host.split(':')[0]}:${p.namespace}/${p.path}.git`,
    http_url_to_repo: `${web}.git`,
    web_url: web,
    readme_url: `${web}/-/blob/${p.defaultBranch}/README.md`,
    forks_count: 0,
    avatar_url: null,
    star_count: p.id % 17,
    last_activity_at: iso(p.lastActivityAt),
    namespace: {
      id: group?.id ?? 10 + top.length,
      name: titleCase(top[top.length - 1]!),
      path: top[top.length - 1],
      kind: 'group',
      full_path: p.namespace,
      parent_id: group ? group.parentId : top.length > 1 ? 10 + top.length - 1 : null,
      avatar_url: null,
      web_url: `${ctx.webBase}/groups/${p.namespace}`,
    },
  };
  if (simple) return out;
  return {
    ...out,
    visibility: p.visibility,
    archived: false,
    empty_repo: false,
    jobs_enabled: true,
    builds_access_level: 'enabled',
    open_issues_count: 3,
    ci_config_path: null,
    // ProjectEntity: seconds a job may run, and which runners beyond its own it may use.
    build_timeout: p.buildTimeout ?? 3600,
    shared_runners_enabled: p.sharedRunnersEnabled ?? true,
    group_runners_enabled: p.groupRunnersEnabled ?? true,
    updated_at: iso(p.lastActivityAt),
  };
}

function titleCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---- trigger jobs, variables, merge requests ----------------------------------------------------------

/** Entities::Ci::JobBasic's fields: a job without runner, artifacts or tags (a bridge's own, a runner's jobs). */
export const JOB_BASIC_FIELDS = [
  'id',
  'status',
  'stage',
  'name',
  'ref',
  'tag',
  'coverage',
  'allow_failure',
  'created_at',
  'started_at',
  'finished_at',
  'erased_at',
  'duration',
  'queued_duration',
  'user',
  'commit',
  'pipeline',
  'failure_reason',
  'web_url',
  'project',
] as const;

/**
 * A trigger job as `GET …/pipelines/:id/bridges` shows it (GitLab's Entities::Ci::Bridge): the job's
 * own fields without runner or artifacts, plus `downstream_pipeline` (null until it exists).
 */
export function bridge(ctx: PresentContext, j: SimJob): Json {
  const full = job(ctx, j);
  const { world } = ctx;
  const out: Json = {};
  for (const key of JOB_BASIC_FIELDS) {
    if (key in full) out[key] = full[key];
  }
  if (j.failureReason && j.status === 'failed') out.failure_reason = j.failureReason;
  const downstream = j.downstreamPipelineId === null ? null : (world.pipelines.get(j.downstreamPipelineId) ?? null);
  out.downstream_pipeline = downstream && pipelineBasic(ctx, downstream);
  return out;
}

export function variable(v: { key: string; value: string; variable_type: string }): Json {
  return { variable_type: v.variable_type, key: v.key, value: v.value };
}
