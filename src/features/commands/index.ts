// What other code may use of the user's commands (eslint/boundaries.mjs: through this file only):
// their keymap rows (bound by src/tui.tsx), and the pager and editor hand-over the log uses. Its
// definition, for the app shell alone, is feature.ts.
export { withUserCommands } from './bindings.js';
export { editFile, pageFile, tempPath } from './external.js';
