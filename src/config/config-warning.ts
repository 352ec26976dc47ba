// A warning about the config file, naming the file, the line and the setting: its own file so that
// the parsers of parts of the file (src/config/user-commands.ts) and src/config/user-config.ts, which
// calls them, both use it without importing each other.
export interface ConfigWarning {
  file: string;
  line?: number;
  /** The setting, e.g. 'keys.job.retry' or 'theme'. */
  key?: string;
  message: string;
}
