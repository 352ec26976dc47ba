// Where V8's compiled code for the bundle's chunks is kept between runs (src/boot/chunk-loader.ts
// uses it), and the checks that make that safe. A cache file is executable bytecode that V8 trusts
// after checking only its own version, its flags and the *length* of the source, so:
// - each file is named by a hash of the chunk's content, Node's version and the V8 flags of this
//   process (execArgv, NODE_OPTIONS): a different source of the same length, another Node or another
//   flag set never reads it;
// - it lives in a directory of the user's own ($XDG_CACHE_HOME/pipetop or ~/.cache/pipetop), created
//   0700, used only when it is a real directory (not a symlink), owned by this user, and writable by
//   no one else; each file is opened without following a symlink and must be a regular file owned by
//   this user; it is written to a temporary name and renamed into place;
// - anything unexpected means no cache, silently: the chunk is compiled as without one.
// PIPETOP_NO_CODE_CACHE=1 turns it off.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { isAbsolute, join } from 'node:path';

/** Cache files beyond this many (old builds, other Node versions) are removed, oldest first. */
const MAX_FILES = 64;
/** A cache file larger than this is not read (the largest chunk's is a few MB). */
const MAX_BYTES = 64 * 1024 * 1024;

export interface CodeCacheEnv {
  [name: string]: string | undefined;
}

/** The cache directory to use, or why there is none. Nothing is created here. */
export function cacheDirFor(env: CodeCacheEnv): { dir: string } | { off: string } {
  if (env.PIPETOP_NO_CODE_CACHE && env.PIPETOP_NO_CODE_CACHE !== '0') return { off: 'PIPETOP_NO_CODE_CACHE' };
  const xdg = env.XDG_CACHE_HOME;
  // The XDG spec: a relative path is invalid and is to be ignored.
  if (xdg && isAbsolute(xdg)) return { dir: join(xdg, 'pipetop') };
  if (env.HOME && isAbsolute(env.HOME)) return { dir: join(env.HOME, '.cache', 'pipetop') };
  return { off: 'no HOME' };
}

const uid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/** Whether `dir` is a directory we may trust: not a symlink, ours, writable by no one else. */
function trusted(dir: string): boolean {
  const st = lstatSync(dir);
  const me = uid();
  return st.isDirectory() && !st.isSymbolicLink() && (me === undefined || st.uid === me) && (st.mode & 0o022) === 0;
}

/** Makes (if missing) and checks the directory; false when it cannot be used. */
export function prepareDir(dir: string): boolean {
  try {
    try {
      return trusted(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    }
    const parent = join(dir, '..');
    mkdirSync(parent, { recursive: true, mode: 0o700 });
    mkdirSync(dir, { mode: 0o700 });
    return trusted(dir);
  } catch {
    return false;
  }
}

/** A hash of what V8 checks a cache against, besides the source: Node's version and the flags. */
export function runtimeKey(env: CodeCacheEnv = process.env, execArgv: readonly string[] = process.execArgv): string {
  return createHash('sha256')
    .update(`${process.version}\0${process.arch}\0${process.versions.v8}\0${execArgv.join('\0')}\0${env.NODE_OPTIONS ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

/** The cache file's name for a chunk: its name, then a hash of its content and the runtime. */
export function cacheName(chunk: string, source: string | Uint8Array, runtime: string): string {
  const hash = createHash('sha256').update(source).update('\0').update(runtime).digest('hex').slice(0, 32);
  return `${chunk.replace(/[^A-Za-z0-9_.-]/g, '_')}.${hash}.v8`;
}

/** The cache file's bytes, or undefined (missing, a symlink, not ours, unreadable, too big). */
export function readCache(dir: string, name: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    const me = uid();
    if (!st.isFile() || (me !== undefined && st.uid !== me) || st.size === 0 || st.size > MAX_BYTES) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let at = 0;
    while (at < st.size) {
      const n = readSync(fd, buf, at, st.size - at, at);
      if (n === 0) return undefined;
      at += n;
    }
    return buf;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes the cache file atomically (a new private file, renamed over the name); false on failure. */
export function writeCache(dir: string, name: string, data: Buffer): boolean {
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    let at = 0;
    while (at < data.length) at += writeSync(fd, data, at, data.length - at);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, join(dir, name));
    return true;
  } catch {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // It was never created, or is gone already.
    }
    return false;
  }
}

/** Keeps the directory to MAX_FILES cache files, removing the least recently written. */
export function prune(dir: string, keep: ReadonlySet<string>): void {
  try {
    const files = readdirSync(dir).filter((f) => f.endsWith('.v8') && !keep.has(f));
    if (files.length + keep.size <= MAX_FILES) return;
    const dated = files.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
    for (const { f } of dated.slice(0, files.length + keep.size - MAX_FILES)) rmSync(join(dir, f), { force: true });
  } catch {
    // Pruning is housekeeping: a failure leaves a few stale files.
  }
}
