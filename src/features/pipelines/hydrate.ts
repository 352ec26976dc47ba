// GitLab's pipeline list has no user or duration: the pipelines near the cursor get their full
// form, read by the poller's watcher (never by a component), once — and again only when the list
// shows the pipeline changed. A few requests at a time.
import type { PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { listRows, nearSelection } from '../../store/lists.js';
import { listKeys } from '../../store/sources.js';
import { listOf, topPane } from '../../store/store.js';
import type { AppState } from '../../store/types.js';

/** Requests at a time. */
const LANES = 3;
/** The tab bar above a project tab's list. */
const TAB_ROWS = 2;

export function watchPipelineRows(ctx: Ctx): (state: AppState) => void {
  const hydrating = new Set<number>();
  let last: { list: unknown; pipelines: unknown; height: number } | null = null;

  const hydrate = (projectId: number, ids: number[]) => {
    const { store, gl } = ctx;
    const state = store.getState();
    const wanted = ids.filter((id) => {
      const p = state.pipelines[id];
      return !hydrating.has(id) && !(p && 'before_sha' in p && (p as { hydratedAt?: string }).hydratedAt === p.updated_at);
    });
    const run = async () => {
      for (const id of wanted) {
        if (hydrating.has(id)) continue;
        hydrating.add(id);
        try {
          const full = await gl.pipelines.get(projectId, id);
          store.setState((s) => ({ pipelines: { ...s.pipelines, [id]: { ...full, hydratedAt: full.updated_at } } }));
        } catch (error) {
          ctx.connectionFailed(error);
          return;
        } finally {
          hydrating.delete(id);
        }
      }
    };
    if (wanted.length) void Promise.all(Array.from({ length: LANES }, run));
  };

  return (state) => {
    const pane = topPane(state);
    if (pane.kind !== 'project' || pane.tab !== 'pipelines') return;
    const key = listKeys.pipelines(pane.projectId);
    const list = listOf(state, key);
    const height = state.viewport.height - TAB_ROWS;
    if (last && last.list === list && last.pipelines === state.pipelines && last.height === height) return;
    last = { list, pipelines: state.pipelines, height };
    hydrate(
      pane.projectId,
      nearSelection(listRows<PipelineBasic>(ctx, state, key), list.selected, height).map((p) => p.id),
    );
  };
}
