// A person's feed across projects names only project ids: the poller's watcher reads the
// projects on screen that the store lacks (never a component), each once a session.
import type { Event } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { listRows, nearSelection } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import type { AppState, PaneKinds } from '../../store/types.js';
import { rememberProject } from '../../domain/projects.js';

/** The title line above the feed. */
const TITLE_ROWS = 1;

export function watchEventProjects(ctx: Ctx): (state: AppState, pane: PaneKinds['events']) => void {
  /** Projects asked for (found or not): not asked again this session. */
  const asked = new Set<number>();
  let last: { list: unknown; projects: unknown; height: number } | null = null;
  return (state, pane) => {
    const key = listKeyOf(pane)!;
    const list = listOf(state, key);
    const height = state.viewport.height - TITLE_ROWS;
    if (last && last.list === list && last.projects === state.projects && last.height === height) return;
    last = { list, projects: state.projects, height };
    const known = state.projects;
    for (const id of new Set(nearSelection(listRows<Event>(ctx, state, key), list.selected, height).map((e) => e.project_id))) {
      if (known[id] || asked.has(id)) continue;
      asked.add(id);
      ctx.gl.projects.get(id).then(
        (p) => rememberProject(ctx.store, p, 'keep'),
        // Not visible (or gone): the row shows the id; don't ask again this session.
        () => undefined,
      );
    }
  };
}
