// What a poll of a project's pane reads beyond its tab's list: the project itself, once, when the
// store lacks it (opened by `--project` or from a link).
import type { Ctx } from '../../store/ctx.js';
import type { PanePoll } from '../../store/feature.js';
import type { PaneKinds } from '../../store/types.js';
import { rememberProject } from '../../domain/projects.js';

export function pollProject(ctx: Ctx): PanePoll<PaneKinds['project']> {
  return {
    refresh(pane) {
      if (ctx.store.getState().projects[pane.projectId]) return undefined;
      return ctx.gl.projects.get(pane.projectId).then(
        (p) => rememberProject(ctx.store, p, 'replace'),
        (e: unknown) => ctx.connectionFailed(e),
      );
    },
  };
}
