// What a poll of a project's pane reads beyond its tab's list: the project itself, once, when the
// store lacks it (opened by `--project` or from a link); and a `--project` lookup. The project list never moves: its rows
// have no status.
import type { Ctx } from '../../store/ctx.js';
import type { FeaturePoll } from '../../store/feature.js';
import { lookupProject } from './lookup.js';
import { rememberProject } from '../../domain/projects.js';

export function pollProjects(ctx: Ctx): FeaturePoll {
  return {
    refresh(pane) {
      // `--project` while it is looked up (lookup.ts).
      if (pane.kind === 'projectLookup') return lookupProject(ctx, pane.ref, pane.from);
      if (pane.kind !== 'project' || ctx.store.getState().projects[pane.projectId]) return undefined;
      return ctx.gl.projects.get(pane.projectId).then(
        (p) => rememberProject(ctx.store, p, 'replace'),
        (e: unknown) => ctx.connectionFailed(e),
      );
    },
    moving: (pane) => (pane.kind === 'projects' ? false : undefined),
  };
}
