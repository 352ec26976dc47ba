// The projects feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { Project } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

/**
 * The project pane's tabs. Each is another feature's (its `tab`, with its place in the bar: the
 * core's Tab and 1…5 cycle them in those places, store/core-commands.ts); their names are the
 * pane's `tab` values, typed here where the pane is declared.
 */
export type ProjectTab = 'pipelines' | 'jobs' | 'schedules' | 'deployments' | 'events';

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
  interface ListKeyKinds {
    projects: { kind: 'projects' };
  }
}
