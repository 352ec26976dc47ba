// pipetop's own directory for temp files: $TMPDIR/pipetop-<uid>/, mode 700, so what a followed log
// spools is visible (`du`, `ls`) and private, and one `rm -r` removes it. Files of pipetop
// processes that are gone (killed before their exit hook ran) are removed when the next one starts;
// the directory itself is removed at exit when no other pipetop uses it.
//
// $TMPDIR may be no usable directory (missing, a device, a FIFO, read-only): then /tmp, then the
// cache directory ($XDG_CACHE_HOME/pipetop or ~/.cache/pipetop); when none will do, TempDirError
// says why for each, and the pane that wanted a file says so instead of pipetop crashing.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, statfsSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

const dirs = new Map<string, string>();

/** No directory for temporary files: every place tried, with why it would not do. */
export class TempDirError extends Error {
  override name = 'TempDirError';
}

/**
 * Where temporary files may go, in order: os.tmpdir() (on Linux and macOS $TMPDIR, $TMP, $TEMP,
 * then /tmp: each of those that is set, in that order), then the cache directory.
 */
export function tempBases(env: NodeJS.ProcessEnv = process.env): { base: string; label: string; make?: boolean }[] {
  const bases: { base: string; label: string; make?: boolean }[] = [];
  const add = (base: string, label: string, make = false) => {
    if (isAbsolute(base) && !bases.some((b) => b.base === base)) bases.push({ base, label, ...(make ? { make } : {}) });
  };
  if (process.platform === 'win32') add(tmpdir(), 'the temporary directory');
  else {
    for (const name of ['TMPDIR', 'TMP', 'TEMP'] as const) if (env[name]) add(env[name].replace(/(.)\/+$/, '$1'), `$${name}`);
    add('/tmp', '/tmp');
  }
  const cache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : env.HOME && isAbsolute(env.HOME) ? join(env.HOME, '.cache') : null;
  if (cache) bases.push({ base: join(cache, 'pipetop'), label: 'the cache directory', make: true });
  return bases;
}

/**
 * The private pipetop directory under `base` (default: the first of tempBases that works), created
 * on first use; TempDirError when none works.
 */
export function pipetopTempDir(base?: string): string {
  const key = base ?? '';
  const known = dirs.get(key);
  // Another pipetop that exits while this one has no file there yet removes the (empty) directory
  // (cleanUpTempDir): it is made again, or a new spool file would find no directory to go in.
  if (known && existsSync(known)) return known;
  const why: string[] = [];
  let dir: string | null = null;
  for (const b of base !== undefined ? [{ base, label: base }] : tempBases()) {
    dir = privateDirUnder(b.base, b.make === true, (reason) => why.push(`${b.label} (${b.base}): ${reason}`));
    if (dir) break;
  }
  if (!dir) throw new TempDirError(`no directory for temporary files: ${why.join('; ')}`);
  dirs.set(key, dir);
  removeOrphans(dir);
  if (!known) process.once('exit', () => cleanUpTempDir(dirs.get(key) ?? dir));
  return dir;
}

/** pipetop-<uid> under `base` (or a fresh pipetop-<uid>-XXXXXX when that one is not ours), or null. */
function privateDirUnder(base: string, make: boolean, refused: (reason: string) => void): string | null {
  try {
    if (make) mkdirSync(base, { recursive: true, mode: 0o700 });
    // Followed: $TMPDIR may well be a link to a directory (what is made in it is checked unfollowed).
    const st = statSync(base);
    if (!st.isDirectory()) {
      refused(st.isFIFO() ? 'a FIFO, not a directory' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device, not a directory' : 'not a directory');
      return null;
    }
    const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
    const wanted = join(base, `pipetop-${uid ?? process.env.USERNAME ?? 'user'}`);
    return ownPrivateDir(wanted) ?? mkdtempSync(`${wanted}-`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    refused(
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
          ? 'cannot be written'
          : code === 'ENOTDIR'
            ? 'not a directory'
            : (code ?? 'unusable'),
    );
    return null;
  }
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
