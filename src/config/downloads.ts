// Where downloads (artifacts, saved logs) go: the config file's `downloads:` when set, else
// ~/Downloads when that directory exists, else the directory pipetop was started from — not that directory
// always: inside a git checkout, files there would be left as untracked files.
import { statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

export interface DownloadDirContext {
  /** The config file's `downloads:`, as written. */
  configured?: string | undefined;
  home?: string | undefined;
  cwd: string;
  /** Whether a path is a directory (a test passes its own). */
  isDirectory?: (path: string) => boolean;
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The downloads directory, absolute: what the prompts offer and the toasts name in full. */
export function downloadDir(ctx: DownloadDirContext): string {
  const { configured, home, cwd } = ctx;
  if (configured) {
    const expanded = configured === '~' && home ? home : configured.startsWith('~/') && home ? join(home, configured.slice(2)) : configured;
    return isAbsolute(expanded) ? expanded : resolve(cwd, expanded);
  }
  if (home && (ctx.isDirectory ?? isDir)(join(home, 'Downloads'))) return join(home, 'Downloads');
  return cwd;
}
