// pipetop's own directory for temp files: $TMPDIR/pipetop-<uid>/, mode 700, so what a followed log
// spools is visible (`du`, `ls`) and private, and one `rm -r` removes it. Files of pipetop
// processes that are gone (killed before their exit hook ran) are removed when the next one starts;
// the directory itself is removed at exit when no other pipetop uses it.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, statfsSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dirs = new Map<string, string>();

/** The private pipetop directory under `base` (default os.tmpdir()), created on first use. */
export function pipetopTempDir(base = tmpdir()): string {
  const known = dirs.get(base);
  // Another pipetop that exits while this one has no file there yet removes the (empty) directory
  // (cleanUpTempDir): it is made again, or a new spool file would find no directory to go in.
  if (known && existsSync(known)) return known;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const wanted = join(base, `pipetop-${uid ?? process.env.USERNAME ?? 'user'}`);
  const dir = ownPrivateDir(wanted) ?? mkdtempSync(`${wanted}-`);
  dirs.set(base, dir);
  removeOrphans(dir);
  if (!known) process.once('exit', () => cleanUpTempDir(dirs.get(base) ?? dir));
  return dir;
}

/**
 * `path` as a directory of ours that only we can enter, created if missing; null when it is not one
 * (another user's, a symlink someone planted in a shared /tmp): the caller makes a fresh one instead.
 */
function ownPrivateDir(path: string): string | null {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const st = lstatSync(path);
    if (!st.isDirectory() || st.isSymbolicLink()) return null;
    if (typeof process.getuid === 'function' && (st.uid !== process.getuid() || (st.mode & 0o077) !== 0)) return null;
    return path;
  } catch {
    return null;
  }
}

const TEMP_NAME = /^pipetop-[a-z]+-(\d+)-[0-9a-f]+\.tmp$/;

/** At exit: this process's files (whichever exit hook runs first), then the directory if no other pipetop uses it. */
export function cleanUpTempDir(dir: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return; // gone already
  }
  for (const name of names) {
    if (Number(TEMP_NAME.exec(name)?.[1]) !== process.pid) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Removed meanwhile.
    }
  }
  try {
    rmdirSync(dir);
  } catch {
    // Not empty: another pipetop runs.
  }
}

/** Removes the temp files of pipetop processes that no longer run (their pid is in the name). */
function removeOrphans(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Free bytes for an unprivileged user on the file system of `dir`; undefined when it cannot be asked. */
export function freeBytes(dir: string): number | undefined {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}
