// The projects feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { Project } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

export interface ProjectsSlice {
  /** Projects by id: list rows, opened projects and those the pulse draws. */
  projects: Record<number, Project>;
}

export const createProjectsSlice: StateCreator<AppState, [], [], ProjectsSlice> = () => ({
  projects: {},
});
