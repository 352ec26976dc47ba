// Public surface of the projects feature for the app's shell (src/tui.tsx, src/ui): the lookup of
// `--project` and its pane.
export { openProjectRef } from './lookup.js';
export { ProjectLookupPane } from './ProjectLookupPane.js';
export { ProjectPane } from './ProjectPane.js';
export { ProjectsPane } from './ProjectsPane.js';
export { projectsFeature } from './feature.js';
export { createProjectsSlice, type ProjectsSlice } from './slice.js';
