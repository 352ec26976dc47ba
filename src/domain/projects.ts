// The projects read (list rows, opened projects, those the pulse draws) and the one pipetop was
// started on: records every feature shows, with their writer (store/writer.ts). Composed into the
// store by the app shell with the other domain slices (src/domain/slices.ts).
import { sliceWriter } from '../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Project } from '../api/index.js';
import type { AppState } from '../store/types.js';
import type { AppStore } from '../store/store.js';

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

/** The writer of these records: every feature changes them through it (store/writer.ts). */
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

declare module '../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends ProjectsSlice {}
}
