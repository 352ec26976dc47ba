// The shapes config resolution hands to the CLI. Sources are recorded as names, never values, so the
// UI and error messages can say where a setting came from without ever printing a token.
import type { Stats } from 'node:fs';

export interface AppConfig {
  mode: 'demo' | 'gitlab';
  /** Demo mode because --demo asked for it (not because nothing was configured): `pipetop watch` runs the demo only then. */
  demoAsked?: boolean;
  /** e.g. https://gitlab.example.com (no trailing slash, no /api/v4; a relative-URL-root path is kept). Absent in demo mode. */
  baseUrl?: string;
  token?: string;
  /** "--token", "GITLAB_TOKEN", "glab config (~/.config/glab-cli/config.yml)" — never the token itself. */
  tokenSource?: string;
  hostSource?: string;
  /** A full path (group/sub/project) or a numeric id. */
  project?: string;
  projectSource?: string;
  readOnly: boolean;
  /** Demo world options (--seed, --speed). */
  seed?: number;
  speed?: number;
  /** --debug-log FILE: only parsed here; the caller writes it. */
  debugLog?: string;
  /** Hard cap on one artifacts download, bytes (--max-download / PIPETOP_MAX_DOWNLOAD). */
  maxDownload?: number;
  /** Cap on the temp files of followed logs together, bytes (--log-disk / PIPETOP_LOG_DISK); absent: src/lib/budgets.ts's default. */
  logDisk?: number;
  /** The token came from standard input (`--token -`): stdin is a pipe, keys must come from the terminal. */
  tokenFromStdin?: boolean;
}

export type ConfigResult =
  { kind: 'run'; config: AppConfig; warnings: string[] } | { kind: 'help'; text: string } | { kind: 'version' } | { kind: 'error'; message: string };

/** The two file-system calls config needs; node:fs/promises fits, tests pass a fake. */
export interface ConfigFs {
  readFile(path: string, encoding: 'utf8'): Promise<string>;
  stat(path: string): Promise<Pick<Stats, 'mode'>>;
}

/** Runs git with the given arguments in cwd; the trimmed stdout, or null on any failure. */
export type GitRunner = (args: string[], cwd: string) => Promise<string | null>;

export interface ConfigInput {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  home: string;
  fs?: ConfigFs;
  git?: GitRunner;
  /** Permission bits mean nothing on Windows, so the "config.yml is private" check is skipped there. */
  platform?: NodeJS.Platform;
  /** `--token -`: reads all of standard input; absent (or stdin a terminal) refuses `--token -`. */
  readStdin?: () => Promise<string>;
  stdinIsTTY?: boolean;
}
