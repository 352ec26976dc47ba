// The projects feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Project } from '../../api/index.js';
import type { AppState, TabName } from '../../store/types.js';
import type { AppStore } from '../../store/store.js';

/**
 * The project pane's tabs. Each is another feature's (its `tab`, with its place, label, body and
 * list: the core's Tab and number keys cycle them in those places, store/core-commands.ts); their
 * names are the pane's `tab` values, each declared by its feature (store/types.ts PaneTabs).
 */
export type ProjectTab = TabName;

export interface ProjectsSlice {
  /** Projects by id: list rows, opened projects and those the pulse draws. */
  projects: Record<number, Project>;
  /**
   * The project pipetop was started on (`--project`, or the git remote's), once found: the palette's
   * project-scoped commands fall back to it where no pane on the stack names one (`:key` replaced
   * the trail).
   */
  homeProject: { projectId: number; path: string } | null;
}

export const createProjectsSlice: StateCreator<AppState, [], [], ProjectsSlice> = () => ({
  projects: {},
  homeProject: null,
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeProjects = sliceWriter('projects', ['projects', 'homeProject']);

/**
 * Keeps a project read: `merge` lays its fields over a kept copy's (a list row lacks some), `keep`
 * lets a kept copy's win (it may be fuller), `replace` drops the kept copy (a fresh read of it).
 */
export function rememberProject(store: AppStore, project: Project, how: 'merge' | 'keep' | 'replace' = 'merge'): void {
  writeProjects(store, (s) => {
    const kept = s.projects[project.id];
    const next = how === 'replace' ? project : how === 'keep' ? { ...project, ...kept } : { ...kept, ...project };
    return { projects: { ...s.projects, [project.id]: next } };
  });
}

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends ProjectsSlice {}
  interface PaneKinds {
    projects: { kind: 'projects' };
    project: { kind: 'project'; projectId: number; path: string; tab: ProjectTab };
    /** `--project` while it is looked up, or why it could not be opened (lookup.ts). */
    projectLookup: { kind: 'projectLookup'; ref: string; from?: string };
  }
}
