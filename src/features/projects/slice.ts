// The projects feature's panes: the project list, a project (its tabs), `--project`'s lookup. Its
// records, the projects, are the domain's (src/domain/projects.ts): every feature shows them.
import type { TabName } from '../../store/types.js';

/**
 * The project pane's tabs. Each is another feature's (its `tab`, with its place, label, body and
 * list: the core's Tab and number keys cycle them in those places, store/core-commands.ts); their
 * names are the pane's `tab` values, each declared by its feature (store/types.ts PaneTabs).
 */
export type ProjectTab = TabName;

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  interface PaneKinds {
    projects: { kind: 'projects' };
    project: { kind: 'project'; projectId: number; path: string; tab: ProjectTab };
    /** `--project` while it is looked up, or why it could not be opened (lookup.ts). */
    projectLookup: { kind: 'projectLookup'; ref: string; from?: string };
  }
}
