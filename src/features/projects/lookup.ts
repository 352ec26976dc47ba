// `--project` (or the git remote): the app draws first and looks the project up inside, so a
// stalled GitLab never leaves a blank terminal that ignores `q`, and a project that does not exist
// says so in its pane instead of quietly opening the project list.
import * as nav from '../../store/nav.js';
import { registryOf } from '../../store/registry.js';
import { setInflight, setLoadError } from '../../store/writers.js';
import { isGitLabApiError, type Project } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { rememberProject, writeProjects } from '../../domain/projects.js';

/** The key of a lookup's failure in `loadErrors` (and of the lookup in `inflight`). */
export const lookupKey = (ref: string) => `project.lookup:${ref}`;

/**
 * Opens the app on the lookup pane of `ref` (a path or a numeric id) and starts the lookup. `from`
 * names where a project the user did not type came from (`git remote origin`), for the message.
 */
export function openProjectRef(ctx: Ctx, ref: string, from?: string): Promise<void> {
  nav.setTrail(ctx.store, [{ kind: 'projectLookup', ref, ...(from ? { from } : {}) }]);
  return lookupProject(ctx, ref, from);
}

/**
 * Looks `ref` up once (a lookup already in flight is not repeated): on success the lookup pane
 * becomes the project's pane, above the project list as if opened from it; on failure the pane
 * says why and stays, and R or the next poll asks again.
 */
export async function lookupProject(ctx: Ctx, ref: string, from?: string): Promise<void> {
  const key = lookupKey(ref);
  if (ctx.store.getState().inflight[key]) return;
  setInflight(ctx.store, key, `Looking up ${ref}`);
  let project: Project | null = null;
  let failure: string | null = null;
  try {
    project = await ctx.gl.projects.get(/^\d+$/.test(ref) ? Number(ref) : ref);
    ctx.connectionOk();
  } catch (error) {
    ctx.connectionFailed(error);
    failure = lookupFailure(ref, error, from);
  }
  // The records first, then the trail: no frame shows the project's pane before its project.
  if (project) {
    const found = project;
    rememberProject(ctx.store, found, 'replace');
    writeProjects(ctx.store, { homeProject: { projectId: found.id, path: found.path_with_namespace } });
  }
  setLoadError(ctx.store, key, project ? null : failure!);
  setInflight(ctx.store, key, null);
  if (!project) return;
  const pane = registryOf(ctx.features).projects!.open({ projectId: project.id, path: project.path_with_namespace });
  const { stack } = ctx.store.getState();
  const at = stack.findIndex((p) => p.kind === 'projectLookup' && p.ref === ref);
  // Gone from the stack (the user went to the project list meanwhile): keep what they chose.
  if (at >= 0) nav.setTrail(ctx.store, [...stack.slice(0, at), ...(at === 0 ? [{ kind: 'projects' } as Pane] : []), pane, ...stack.slice(at + 1)]);
}

function lookupFailure(ref: string, error: unknown, from: string | undefined): string {
  const name = `${safeText(ref, 120)}${from ? ` (from ${safeText(from, 60)})` : ''}`;
  if (isGitLabApiError(error) && error.status === 404) {
    return `Project ${name} not found — it does not exist, or this token cannot see it (GitLab: ${describeError(error)})`;
  }
  return `Could not open project ${name}: ${describeError(error)}`;
}
