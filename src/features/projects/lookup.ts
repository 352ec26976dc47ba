// `--project` (or the git remote): the app draws first and looks the project up inside, so a
// stalled GitLab never leaves a blank terminal that ignores `q`, and a project that does not exist
// says so in its pane instead of quietly opening the project list.
import { isGitLabApiError, type Project } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';

/** The key of a lookup's failure in `loadErrors` (and of the lookup in `inflight`). */
export const lookupKey = (ref: string) => `project.lookup:${ref}`;

/**
 * Opens the app on the lookup pane of `ref` (a path or a numeric id) and starts the lookup. `from`
 * names where a project the user did not type came from (`git remote origin`), for the message.
 */
export function openProjectRef(ctx: Ctx, ref: string, from?: string): Promise<void> {
  ctx.store.setState({ stack: [{ kind: 'projectLookup', ref, ...(from ? { from } : {}) }] });
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
  ctx.store.setState((s) => ({ inflight: { ...s.inflight, [key]: `Looking up ${ref}` } }));
  let project: Project | null = null;
  let failure: string | null = null;
  try {
    project = await ctx.gl.projects.get(/^\d+$/.test(ref) ? Number(ref) : ref);
    ctx.connectionOk();
  } catch (error) {
    ctx.connectionFailed(error);
    failure = lookupFailure(ref, error, from);
  }
  ctx.store.setState((s) => {
    const { [key]: _running, ...inflight } = s.inflight;
    const { [key]: _old, ...loadErrors } = s.loadErrors;
    if (!project) return { inflight, loadErrors: { ...loadErrors, [key]: failure! } };
    const found = project;
    const pane: Pane = { kind: 'project', projectId: found.id, path: found.path_with_namespace, tab: 'pipelines' };
    const homeProject = { projectId: found.id, path: found.path_with_namespace };
    const at = s.stack.findIndex((p) => p.kind === 'projectLookup' && p.ref === ref);
    // Gone from the stack (the user went to the project list meanwhile): keep what they chose.
    const stack = at < 0 ? s.stack : [...s.stack.slice(0, at), ...(at === 0 ? [{ kind: 'projects' } as Pane] : []), pane, ...s.stack.slice(at + 1)];
    return { inflight, loadErrors, stack, homeProject, projects: { ...s.projects, [found.id]: found } };
  });
}

function lookupFailure(ref: string, error: unknown, from: string | undefined): string {
  const name = `${safeText(ref, 120)}${from ? ` (from ${safeText(from, 60)})` : ''}`;
  if (isGitLabApiError(error) && error.status === 404) {
    return `Project ${name} not found — it does not exist, or this token cannot see it (GitLab: ${describeError(error)})`;
  }
  return `Could not open project ${name}: ${describeError(error)}`;
}
