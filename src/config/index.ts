// Public surface of config: the CLI needs resolveConfig and the help text; the parts stay internal.
export { resolveConfig } from './resolve.js';
export { HELP_TEXT } from './help.js';
export type { AppConfig, ConfigResult, ConfigInput, ConfigFs, GitRunner } from './types.js';
