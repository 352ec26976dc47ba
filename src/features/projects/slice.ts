// The projects feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { Project } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

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
