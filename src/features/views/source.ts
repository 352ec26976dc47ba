// A saved view as a list: the pipelines of its projects (the pulse's when it names none) that
// match its filters, newest first, one row each with its project. Per project one page of GET
// /projects/:id/pipelines, with GitLab's own filter where the view names one value (ref, status,
// source, username take one each); several values are matched here on the page read — but a
// pipeline in a list names no user (Entities::Ci::PipelineBasic), so each user is a request.
import type { GitLab, PipelineBasic, Project } from '../../api/index.js';
import type { SavedView } from '../../config/views.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import type { AppState, ListKey } from '../../store/types.js';
import { isPlaceholder, pulseSourceProjects } from '../pulse/index.js';
import { listKeys } from '../../domain/list-keys.js';

export interface ViewRow {
  pipeline: PipelineBasic;
  projectId: number;
  path: string;
}

/** Pipelines read per project, and projects per view, at most. */
export const VIEW_PER_PROJECT = 20;
export const VIEW_MAX_PROJECTS = 50;
const MAX_ROWS = 300;

export const viewKey = (name: string): ListKey => ({ kind: 'view', name });

/** Projects the view names, read once per client (a path or id does not change its project). */
const named = new WeakMap<GitLab, Map<string, Promise<Project>>>();

async function projectsOf(gl: GitLab, view: SavedView, state: AppState): Promise<{ projects: Project[]; missing: string[] }> {
  if (!view.projects) {
    const pulse = pulseSourceProjects(state).filter((p) => !isPlaceholder(p.id));
    if (pulse.length || state.config.pulse) return { projects: pulse.slice(0, VIEW_MAX_PROJECTS), missing: [] };
    const page = await firstPage(
      gl.projects.list({ membership: true, simple: true, order_by: 'last_activity_at', sort: 'desc', perPage: VIEW_MAX_PROJECTS }).pages(),
    );
    return { projects: page.items, missing: [] };
  }
  let cache = named.get(gl);
  if (!cache) named.set(gl, (cache = new Map()));
  const known = listOf<Project>(state, listKeys.projects()).items;
  const missing: string[] = [];
  const projects = await Promise.all(
    view.projects.slice(0, VIEW_MAX_PROJECTS).map(async (entry) => {
      const here = known.find((p) => p.path_with_namespace === entry || String(p.id) === entry);
      if (here) return here;
      let read = cache.get(entry);
      if (!read) cache.set(entry, (read = gl.projects.get(/^\d+$/.test(entry) ? Number(entry) : entry)));
      try {
        return await read;
      } catch {
        cache.delete(entry);
        missing.push(entry);
        return null;
      }
    }),
  );
  return { projects: projects.filter((p): p is Project => p !== null), missing };
}

const one = (values: string[] | undefined): string | undefined => (values?.length === 1 ? values[0] : undefined);

export function matchesView(p: PipelineBasic, view: SavedView): boolean {
  if (view.refs && !view.refs.includes(p.ref)) return false;
  if (view.statuses && !view.statuses.includes(p.status)) return false;
  if (view.sources && !view.sources.includes(String(p.source ?? ''))) return false;
  return true;
}

/** The rows of a view, and the projects it names that could not be read. */
export async function readView(gl: GitLab, view: SavedView, state: AppState, signal?: AbortSignal): Promise<{ rows: ViewRow[]; missing: string[] }> {
  const { projects, missing } = await projectsOf(gl, view, state);
  const pages = await Promise.all(
    projects.flatMap((project) =>
      (view.users ?? [undefined]).map(async (username) => {
        const filters = {
          ...(one(view.refs) ? { ref: one(view.refs)! } : {}),
          ...(one(view.statuses) ? { status: one(view.statuses)! } : {}),
          ...(one(view.sources) ? { source: one(view.sources)! } : {}),
          ...(username ? { username } : {}),
        };
        const page = await firstPage(gl.pipelines.list(project.id, { ...filters, perPage: VIEW_PER_PROJECT, ...(signal ? { signal } : {}) }).pages());
        return page.items.filter((p) => matchesView(p, view)).map((pipeline) => ({ pipeline, projectId: project.id, path: project.path_with_namespace }));
      }),
    ),
  );
  const rows = pages.flat().sort((a, b) => Date.parse(b.pipeline.created_at ?? '') - Date.parse(a.pipeline.created_at ?? '') || b.pipeline.id - a.pipeline.id);
  return { rows: rows.slice(0, MAX_ROWS), missing };
}

export const viewOf = (state: AppState, name: string): SavedView | undefined => state.config.views?.find((v) => v.name === name);

export function viewSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<ViewRow> | undefined {
  if (key.kind !== 'view') return undefined;
  return {
    fetch: async (_page, signal) => {
      const view = viewOf(state(), key.name);
      if (!view) throw new Error(`no view "${key.name}" in the config file`);
      const { rows, missing } = await readView(gl, view, state(), signal);
      if (missing.length && rows.length === 0) throw new Error(`cannot read ${missing.slice(0, 3).join(', ')}`);
      return { items: rows, page: 1, nextPage: null };
    },
    idOf: (r) => r.pipeline.id,
    textOf: (r) => `#${r.pipeline.id} ${r.path} ${r.pipeline.ref} ${r.pipeline.status} ${r.pipeline.source ?? ''}`,
    complete: true,
    perPage: MAX_ROWS,
  };
}

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  interface PaneKinds {
    /** `:view NAME`: a saved view of the config file. */
    view: { kind: 'view'; name: string };
  }
  interface ListKeyKinds {
    view: { kind: 'view'; name: string };
  }
}
