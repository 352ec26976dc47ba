// What the rows on screen need beyond what their list gave, read by the poller (never by a
// component): GitLab's pipeline list has no user or duration, so the pipelines near the cursor get
// their full form; activity feeds across projects name only project ids, so the projects on
// screen that the store lacks are read, once.
import type { Event, PipelineBasic } from '../api/index.js';
import type { Ctx } from './ctx.js';
import { listRows } from './lists.js';
import { listKeyOf } from './sources.js';
import { listOf, topPane } from './store.js';
import type { AppState, Pane } from './types.js';

/** Requests at a time while hydrating pipelines. */
const LANES = 3;

/** The rows a pane may show around the cursor: a screenful either side of it. */
export function nearSelection<T>(rows: T[], selected: number, height: number): T[] {
  return rows.slice(Math.max(0, selected - height), selected + height);
}

/** Rows of the list in a pane: a project tab is under the tab bar (2 rows), the activity pane under its title. */
function listHeight(pane: Pane, bodyHeight: number): number {
  return pane.kind === 'project' ? bodyHeight - 2 : bodyHeight - 1;
}

export class Hydrator {
  private readonly hydrating = new Set<number>();
  /** Projects asked for (found or not): not asked again this session. */
  private readonly askedProjects = new Set<number>();
  private last: { list: unknown; pipelines: unknown; projects: unknown; height: number; pane: Pane } | null = null;

  constructor(private readonly ctx: Ctx) {}

  /** Called on every store change: reads what the rows on screen lack. */
  sync(state: AppState): void {
    const pane = topPane(state);
    const key = listKeyOf(pane);
    const showsPipelines = pane.kind === 'project' && pane.tab === 'pipelines';
    const showsProjects = pane.kind === 'events';
    if (!key || !(showsPipelines || showsProjects)) return;
    const list = listOf(state, key);
    const height = listHeight(pane, state.viewport.height);
    const last = this.last;
    if (last && last.pane === pane && last.list === list && last.pipelines === state.pipelines && last.projects === state.projects && last.height === height) return;
    this.last = { list, pipelines: state.pipelines, projects: state.projects, height, pane };
    const near = nearSelection(listRows(this.ctx, state, key), list.selected, height);
    if (showsPipelines) this.hydratePipelines(pane.projectId, (near as PipelineBasic[]).map((p) => p.id));
    else this.ensureProjects((near as Event[]).map((e) => e.project_id));
  }

  /** Each pipeline's full form, once (and again only when the list shows it changed), a few at a time. */
  private hydratePipelines(projectId: number, ids: number[]): void {
    const { store, gl } = this.ctx;
    const state = store.getState();
    const wanted = ids.filter((id) => {
      const p = state.pipelines[id];
      return !this.hydrating.has(id) && !(p && 'before_sha' in p && (p as { hydratedAt?: string }).hydratedAt === p.updated_at);
    });
    const run = async () => {
      for (const id of wanted) {
        if (this.hydrating.has(id)) continue;
        this.hydrating.add(id);
        try {
          const full = await gl.pipelines.get(projectId, id);
          store.setState((s) => ({ pipelines: { ...s.pipelines, [id]: { ...full, hydratedAt: full.updated_at } } }));
        } catch (error) {
          this.ctx.connectionFailed(error);
          return;
        } finally {
          this.hydrating.delete(id);
        }
      }
    };
    if (wanted.length) void Promise.all(Array.from({ length: LANES }, run));
  }

  private ensureProjects(ids: number[]): void {
    const { store, gl } = this.ctx;
    const known = store.getState().projects;
    for (const id of new Set(ids)) {
      if (known[id] || this.askedProjects.has(id)) continue;
      this.askedProjects.add(id);
      gl.projects.get(id).then(
        (p) => store.setState((s) => ({ projects: { ...s.projects, [p.id]: { ...p, ...s.projects[p.id] } } })),
        // Not visible (or gone): the row shows the id; don't ask again this session.
        () => undefined,
      );
    }
  }
}
