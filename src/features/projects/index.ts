// Public surface of the projects feature for the app's shell (src/tui.tsx, src/ui): the lookup of
// `--project` and its pane.
export { openProjectRef } from './lookup.js';
export { ProjectLookupPane } from './ProjectLookupPane.js';
