// The surface of the user's commands: the feature, their keymap rows (bound by src/tui.tsx), and
// the pager and editor hand-over the log uses.
export { commandsFeature } from './feature.js';
export { withUserCommands } from './bindings.js';
export { editFile, pageFile, tempPath } from './external.js';
