// Where V8's compiled code for the bundle's chunks is kept between runs (src/boot/chunk-loader.ts
// uses it), and the checks that make that safe. A cache file is executable bytecode that V8 trusts
// after checking only its own version, its flags and the *length* of the source, so:
// - each file is named by the chunk's name (esbuild puts a hash of its content in it), a CRC-32 of
//   its content, and a CRC-32 of Node's version and the V8 flags of this process (execArgv,
//   NODE_OPTIONS): a different source of the same length, another Node or another flag set never
//   reads it. A CRC, not SHA-256: the names guard against accidents, not an attacker (who could
//   write the chunk itself), and node:crypto is 17 internal modules to load before the first frame;
//   zlib's CRC-32 is native and ~0.3 ms for the 1.1 MB that start-up reads;
// - it lives in a directory of the user's own ($XDG_CACHE_HOME/pipetop or ~/.cache/pipetop), created
//   0700, used only when it is a real directory (not a symlink), owned by this user, and writable by
//   no one else; each file is opened without following a symlink and must be a regular file owned by
//   this user; it is written to a temporary name and renamed into place;
// - anything unexpected means no cache, silently: the chunk is compiled as without one.
// PIPETOP_NO_CODE_CACHE=1 turns it off.
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
import * as zlib from 'node:zlib';

/**
 * CRC-32 (IEEE) of the bytes or of the string as UTF-8: zlib's (Node ≥ 20.15), or the same
 * function in JavaScript on an older Node 20 (package.json allows 20.11).
 */
export function crc32(
  data: string | Uint8Array,
  native: ((data: string | Uint8Array) => number) | null | undefined = (zlib as { crc32?: (data: string | Uint8Array) => number }).crc32,
): string {
  if (native) return (native(data) >>> 0).toString(16).padStart(8, '0');
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0');
}

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
  return crc32(`${process.version}\0${process.arch}\0${process.versions.v8}\0${execArgv.join('\0')}\0${env.NODE_OPTIONS ?? ''}`);
}

/** The cache file's name for a chunk: its name, then a CRC of its content, then the runtime's. */
export function cacheName(chunk: string, source: string | Uint8Array, runtime: string): string {
  return `${chunk.replace(/[^A-Za-z0-9_.-]/g, '_')}.${crc32(source)}${runtime}.v8`;
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
  // Unique, not secret: the directory is the user's alone, and O_EXCL refuses a name that exists.
  const tmp = join(dir, `.${name}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
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
