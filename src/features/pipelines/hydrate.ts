// GitLab's pipeline list has no user or duration: the pipelines near the cursor get their full
// form, read by the poller's watcher (never by a component), once — and again only when the list
// shows the pipeline changed (a new `updated_at`). A few requests at a time, from one queue.
import type { PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { listRows, nearSelection } from '../../store/lists.js';
import { listKeys } from '../../store/sources.js';
import { listOf, topPane } from '../../store/store.js';
import type { AppState } from '../../store/types.js';

/** Requests at a time. */
const LANES = 3;
/** Pipelines whose read is remembered: far more than any screen shows. */
const MAX_ASKED = 5_000;
/** The tab bar above a project tab's list. */
const TAB_ROWS = 2;

interface Wanted {
  projectId: number;
  id: number;
  /** The list's `updated_at` for it: what this read is for. */
  version: string;
}

export function watchPipelineRows(ctx: Ctx): (state: AppState) => void {
  // Every pipeline read (or being read), with the `updated_at` the list showed when it was asked:
  // a later state change, a refresh, or a second pass over the rows never asks it again until the
  // list shows another `updated_at`.
  const asked = new Map<number, string>();
  let queue: Wanted[] = [];
  let running = 0;
  let last: { list: unknown; pipelines: unknown; height: number } | null = null;

  const readOne = async ({ projectId, id, version }: Wanted): Promise<void> => {
    const { store, gl } = ctx;
    try {
      const full = await gl.pipelines.get(projectId, id);
      store.setState((s) => ({ pipelines: { ...s.pipelines, [id]: { ...full, hydratedAt: full.updated_at } } }));
    } catch (error) {
      // Not read: a later change of the rows may ask again; the rest of this round waits for it.
      if (asked.get(id) === version) asked.delete(id);
      for (const w of queue) if (asked.get(w.id) === w.version) asked.delete(w.id);
      queue = [];
      ctx.connectionFailed(error);
    }
  };

  const pump = () => {
    while (running < LANES && queue.length) {
      const next = queue.shift()!;
      running++;
      void readOne(next).finally(() => {
        running--;
        pump();
      });
    }
  };

  const hydrate = (projectId: number, rows: PipelineBasic[]) => {
    const state = ctx.store.getState();
    // The rows near the cursor now replace what was waiting (rows scrolled away are not read).
    for (const w of queue) if (asked.get(w.id) === w.version) asked.delete(w.id);
    queue = [];
    for (const row of rows) {
      const version = row.updated_at ?? '';
      const held = state.pipelines[row.id] as { hydratedAt?: string } | undefined;
      if (asked.get(row.id) === version || (held?.hydratedAt !== undefined && held.hydratedAt === version)) continue;
      asked.delete(row.id);
      asked.set(row.id, version);
      queue.push({ projectId, id: row.id, version });
    }
    // A long session scrolls through many pipelines: the record keeps the most recent ones (a
    // Map iterates in insertion order; a pipeline asked again moves to the end).
    for (const id of asked.keys()) {
      if (asked.size <= MAX_ASKED) break;
      asked.delete(id);
    }
    pump();
  };

  return (state) => {
    const pane = topPane(state);
    if (pane.kind !== 'project' || pane.tab !== 'pipelines') return;
    const key = listKeys.pipelines(pane.projectId);
    const list = listOf(state, key);
    const height = state.viewport.height - TAB_ROWS;
    if (last && last.list === list && last.pipelines === state.pipelines && last.height === height) return;
    last = { list, pipelines: state.pipelines, height };
    hydrate(pane.projectId, nearSelection(listRows<PipelineBasic>(ctx, state, key), list.selected, height));
  };
}
