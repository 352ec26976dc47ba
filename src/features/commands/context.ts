// What a user's command is told about the object on screen: PIPETOP_* environment variables, read
// from the store for the pane in front (its object, or its list's selected row). The values are
// GitLab's, as sent: they go into the environment, never into the command text (src/platform/shell.ts).
import type { Deployment, Job, PipelineBasic, PipelineSchedule, Project } from '../../api/index.js';
import type { CommandScope } from '../../config/user-commands.js';
import type { Scope } from '../../keymap/bindings.js';
import type { Ctx } from '../../store/ctx.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import type { Pane } from '../../store/types.js';
import { targetJob } from '../jobs/index.js';

/**
 * The keymap scopes where a command of each config scope is bound: every pane that shows (or has
 * selected) such an object. A project is known on every pane inside one.
 */
export const KEYMAP_SCOPES: Record<CommandScope, Scope[]> = {
  project: ['projects', 'project', 'pipeline', 'job', 'schedule', 'deployment', 'mergeRequest', 'tests', 'failures', 'compare'],
  pipeline: ['pipelines', 'pipeline', 'job', 'mergeRequest', 'tests', 'failures', 'compare'],
  job: ['jobs', 'pipeline', 'job'],
  log: ['job'],
  schedule: ['schedules', 'schedule'],
  deployment: ['deployments', 'deployment'],
  mr: ['mergeRequest'],
  any: ['global'],
};

/** What the scope needs, in words: "rollback acts on a deployment". */
const OBJECT_NAMES: Record<CommandScope, string> = {
  project: 'a project',
  pipeline: 'a pipeline',
  job: 'a job',
  log: "a job's log line",
  schedule: 'a schedule',
  deployment: 'a deployment',
  mr: 'a merge request',
  any: 'anything',
};

interface Found {
  project?: { id: number; path: string; web_url?: string };
  pipeline?: { id: number; ref?: string; sha?: string; web_url?: string };
  job?: Job;
  schedule?: PipelineSchedule;
  deployment?: Deployment;
  mr?: { iid: number; web_url?: string; source_branch?: string };
  log?: { text: string; number: number };
}

/**
 * The objects of the pane in front: its own (by its kind: this feature owns no pane, it reads every
 * other feature's), and its list's selected row (by the list's kind: store/registry.ts listOf).
 */
function objectsOf(ctx: Ctx, pane: Pane): Found {
  const state = ctx.store.getState();
  const found: Found = {};
  const key = listKeyOf(pane);
  const row = <T>(kind: string): T | undefined => (key?.kind === kind ? selectedRow<T>(ctx, key) : undefined);
  const p = row<Project>('projects');
  if (p) {
    found.project = { id: p.id, path: p.path_with_namespace, web_url: p.web_url };
  } else if ('projectId' in pane && 'path' in pane) {
    found.project = { id: pane.projectId, path: pane.path, web_url: state.projects[pane.projectId]?.web_url };
  }
  const pipeline = (p: PipelineBasic | undefined) => p && (found.pipeline = { id: p.id, ref: p.ref, sha: p.sha, web_url: p.web_url });
  if (pane.kind === 'pipeline' || pane.kind === 'tests' || pane.kind === 'failures' || pane.kind === 'compare') {
    if (!pipeline(state.pipelines[pane.pipelineId])) found.pipeline = { id: pane.pipelineId };
  } else {
    pipeline(row<PipelineBasic>('pipelines') ?? row<PipelineBasic>('mrPipelines'));
  }
  const job = targetJob(ctx, pane);
  if (job) {
    found.job = job;
    if (!found.pipeline && job.pipeline) pipeline(job.pipeline as PipelineBasic);
  }
  if (pane.kind === 'job') {
    const model = ctx.logs?.model(pane.jobId);
    const view = state.logViews[pane.jobId];
    if (model && view && model.visibleCount > 0) {
      const index = model.visibleLine(Math.min(view.cursor, model.visibleCount - 1));
      found.log = { text: model.line(index).text, number: index + 1 };
    }
  }
  const schedule = pane.kind === 'schedule' ? state.schedules[pane.scheduleId] : row<PipelineSchedule>('schedules');
  if (schedule) found.schedule = schedule;
  const deployment = pane.kind === 'deployment' ? state.deployments[pane.deploymentId] : row<Deployment>('deployments');
  if (deployment) found.deployment = deployment;
  if (pane.kind === 'mergeRequest') {
    const mr = state.mergeRequests[`${pane.projectId}!${pane.iid}`];
    found.mr = { iid: pane.iid, ...(mr ? { web_url: mr.web_url, source_branch: mr.source_branch } : {}) };
  }
  return found;
}

/** Environment values hold no NUL (the OS would refuse them); everything else stays as GitLab sent it. */
const envValue = (value: unknown): string => String(value).replace(/\0/g, '');

/**
 * The PIPETOP_* variables for a command of `scope` on `pane`, or what is missing (no row selected,
 * not such a pane). The scope's own object gives PIPETOP_WEB_URL, PIPETOP_REF and PIPETOP_SHA.
 */
export function commandVars(ctx: Ctx, pane: Pane, scope: CommandScope, name: string): { vars: Record<string, string> } | { missing: string } {
  const o = objectsOf(ctx, pane);
  const need: Record<CommandScope, unknown> = {
    project: o.project,
    pipeline: o.pipeline,
    job: o.job,
    log: o.log,
    schedule: o.schedule,
    deployment: o.deployment,
    mr: o.mr,
    any: true,
  };
  if (!need[scope]) return { missing: `${name} acts on ${OBJECT_NAMES[scope]}: open or select one first` };
  const vars: Record<string, string | number | undefined> = {
    PIPETOP_HOST: ctx.gl.client.apiUrl.replace(/\/api\/v4\/?$/, ''),
    PIPETOP_PROJECT: o.project?.path,
    PIPETOP_PROJECT_ID: o.project?.id,
    PIPETOP_PIPELINE_ID: o.pipeline?.id,
    PIPETOP_JOB_ID: o.job?.id,
    PIPETOP_JOB_NAME: o.job?.name,
    PIPETOP_JOB_STATUS: o.job?.status,
    PIPETOP_SCHEDULE_ID: o.schedule?.id,
    PIPETOP_DEPLOYMENT_ID: o.deployment?.id,
    PIPETOP_ENVIRONMENT: o.deployment?.environment?.name,
    PIPETOP_MR_IID: o.mr?.iid,
    PIPETOP_LOG_LINE: o.log?.text,
    PIPETOP_LOG_LINE_NUMBER: o.log?.number,
  };
  // Ref, sha and page: the scope's object first, then the most specific one on the pane.
  const order: (keyof Found)[] = {
    project: ['project'],
    pipeline: ['pipeline'],
    job: ['job'],
    log: ['job'],
    schedule: ['schedule'],
    deployment: ['deployment'],
    mr: ['mr'],
    any: [],
  }[scope] as (keyof Found)[];
  const byKind = {
    job: { ref: o.job?.ref, sha: o.job?.commit?.id, web_url: o.job?.web_url },
    deployment: { ref: o.deployment?.ref, sha: o.deployment?.sha, web_url: o.deployment?.environment?.external_url ?? undefined },
    schedule: { ref: o.schedule?.ref, sha: o.schedule?.last_pipeline?.sha, web_url: undefined },
    pipeline: { ref: o.pipeline?.ref, sha: o.pipeline?.sha, web_url: o.pipeline?.web_url },
    mr: { ref: o.mr?.source_branch, sha: undefined, web_url: o.mr?.web_url },
    project: { ref: undefined, sha: undefined, web_url: o.project?.web_url },
  } as const;
  const kinds = [...order, 'job', 'deployment', 'schedule', 'mr', 'pipeline', 'project'] as (keyof typeof byKind)[];
  const first = (field: 'ref' | 'sha' | 'web_url') => kinds.map((k) => byKind[k]?.[field]).find((v) => v !== undefined && v !== null && v !== '');
  vars.PIPETOP_REF = first('ref');
  vars.PIPETOP_SHA = first('sha');
  vars.PIPETOP_WEB_URL = first('web_url');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined && v !== null) out[k] = envValue(v);
  return { vars: out };
}
