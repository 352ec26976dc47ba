// Where downloads (artifacts, saved logs) go: the config file's `downloads:` when set, else
// ~/Downloads when that directory exists, else the directory pipetop was started from — not that directory
// always: inside a git checkout, files there would be left as untracked files.
import { statSync } from 'node:fs';
import { kindOf } from './debug-log.js';
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

/** Why `dir` cannot take downloads (it is a device, a FIFO, a socket or a file, or a link to one), or null. */
export function downloadDirProblem(dir: string): string | null {
  const kind = kindOf(dir);
  if (kind && !kind.endsWith('a directory')) return `${dir} is ${kind}, not a directory: saving will be refused until it names one`;
  try {
    if (!statSync(dir).isDirectory()) return `${dir} is a file, not a directory: saving will be refused until it names one`;
  } catch {
    // Missing: the save says so, and may be given another place.
  }
  return null;
}
