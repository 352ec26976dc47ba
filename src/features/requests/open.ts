// Enter and `o` on a request: the pane that shows what it read (a pipeline, a job, a project's
// tab…) and that object's web page, as the feature owning the pane gives it. Read from the path
// alone — the one pipetop asked, percent-encoded as sent — and the projects already known.
import { registryOf } from '../../store/registry.js';
import type { Project } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import type { AppState, Pane } from '../../store/types.js';
import type { TabName } from '../../store/types.js';

const TABS: Record<string, TabName> = {
  pipelines: 'pipelines',
  jobs: 'jobs',
  pipeline_schedules: 'schedules',
  deployments: 'deployments',
  events: 'events',
};

/** The project a path names (a numeric id, or its full path percent-encoded), when it is known. */
function projectOf(state: AppState, ref: string): { projectId: number; path: string } | null {
  let decoded = ref;
  try {
    decoded = decodeURIComponent(ref);
  } catch {
    return null;
  }
  const projects = Object.values(state.projects) as Project[];
  const found = /^\d+$/.test(decoded) ? state.projects[Number(decoded)] : projects.find((p) => p.path_with_namespace === decoded);
  return found ? { projectId: found.id, path: found.path_with_namespace } : null;
}

/** The pane for what the request at `path` read, or why there is none. */
export function paneOfRequest(state: AppState, path: string): Pane | string {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  const n = (i: number) => (parts[i] !== undefined && /^\d+$/.test(parts[i]!) ? Number(parts[i]) : null);
  if (parts[0] === 'projects' && parts.length === 1) return { kind: 'projects' };
  if (parts[0] === 'keys' && n(1) !== null) return { kind: 'key', keyId: n(1)! };
  if (parts[0] === 'events') return { kind: 'events', who: 'me' };
  if (parts[0] === 'users' && parts[2] === 'events' && parts[1]) return { kind: 'events', who: { user: decodeURIComponent(parts[1]) } };
  if (parts[0] !== 'projects' || !parts[1]) return 'This request read nothing pipetop has a pane for';
  const project = projectOf(state, parts[1]);
  if (!project) return 'Its project is not one pipetop has read: open it first (:project)';
  const [, , what, id] = parts;
  const number = n(3);
  if (what === undefined) return { kind: 'project', ...project, tab: 'pipelines' };
  if (what === 'pipelines' && number !== null) return { kind: 'pipeline', ...project, pipelineId: number, view: 'list' };
  if (what === 'jobs' && number !== null) return { kind: 'job', ...project, jobId: number };
  if (what === 'pipeline_schedules' && number !== null) return { kind: 'schedule', ...project, scheduleId: number };
  if (what === 'deployments' && number !== null) return { kind: 'deployment', ...project, deploymentId: number };
  if (what === 'merge_requests' && number !== null) return { kind: 'mergeRequest', ...project, iid: number };
  if (id === undefined && TABS[what]) return { kind: 'project', ...project, tab: TABS[what] };
  return 'This request read nothing pipetop has a pane for';
}

/** The web page of what a request read: asked of its pane's spec (store/registry.ts). */
export function urlOfRequest(ctx: Ctx, path: string): { url: string | undefined; anyHost?: boolean } {
  const pane = paneOfRequest(ctx.store.getState(), path);
  if (typeof pane === 'string') return { url: undefined };
  return registryOf(ctx.features).answer(pane, (answers) => answers.url?.(ctx, pane)) ?? { url: undefined };
}
