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
// - release V8 does not check the cache's bytes, and a damaged file (a tail of zeros that a power
//   cut after an unsynced rename leaves, a flipped byte) crashes it: so every file starts with a
//   header of ours, a CRC-32 of the bytes after it and their length, checked before V8 sees them; a
//   file that fails is removed (and the user told). It is written with fsync before the rename;
// - V8 could still crash on a file that passes (a bug of its own): a marker file beside the cache
//   file lives while V8 reads it, so the next start finds the marker of a run that died there, and
//   removes that cache file instead of crashing the same way (markLoading);
// - anything else unexpected means no cache, silently: the chunk is compiled as without one.
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
  fsyncSync,
  readFileSync,
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
  return crc32Value(data, native).toString(16).padStart(8, '0');
}

/** CRC-32 as an unsigned number (crc32 above gives it as 8 hex digits). */
function crc32Value(
  data: string | Uint8Array,
  native: ((data: string | Uint8Array) => number) | null | undefined = (zlib as { crc32?: (data: string | Uint8Array) => number }).crc32,
): number {
  if (native) return native(data) >>> 0;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * The header of a cache file: 'PTC1', the CRC-32 of the bytes after the header, their length
 * (little-endian). Its version is in the file names too (cacheName), so files of another format are
 * never read, only pruned.
 */
const MAGIC = 0x31435450;
const HEADER_BYTES = 12;
const FORMAT = 'c1';

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
  return `${chunk.replace(/[^A-Za-z0-9_.-]/g, '_')}.${crc32(source)}${runtime}.${FORMAT}.v8`;
}

/**
 * The cache file's bytes for V8, undefined when there is none to use (missing, a symlink, not ours,
 * unreadable, too big), or 'damaged' when it is ours but fails its header's checks (short, zeros,
 * another CRC): that file is removed, so the next run writes a sound one.
 */
export function readCache(dir: string, name: string): Buffer | 'damaged' | undefined {
  let fd: number | undefined;
  const path = join(dir, name);
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    const st = fstatSync(fd);
    const me = uid();
    if (!st.isFile() || (me !== undefined && st.uid !== me) || st.size > MAX_BYTES) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let at = 0;
    while (at < st.size) {
      const n = readSync(fd, buf, at, st.size - at, at);
      if (n === 0) break;
      at += n;
    }
    const sound =
      at === st.size &&
      at > HEADER_BYTES &&
      buf.readUInt32LE(0) === MAGIC &&
      buf.readUInt32LE(8) === at - HEADER_BYTES &&
      buf.readUInt32LE(4) === crc32Value(buf.subarray(HEADER_BYTES));
    if (sound) return buf.subarray(HEADER_BYTES);
    removeQuietly(path);
    return 'damaged';
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already, or not ours to remove: the next run checks it again.
  }
}

const markerOf = (dir: string, name: string) => join(dir, `.${name}.loading`);
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Called before V8 reads a cache file: 'go' (the marker is made; unmarkLoading after), 'busy'
 * (another pipetop reading the same file right now: this run goes without it), or 'crashed': a run
 * died while V8 read it (its marker stayed, its process is gone), so the file is removed.
 */
export function markLoading(dir: string, name: string): 'go' | 'busy' | 'crashed' {
  const marker = markerOf(dir, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(marker, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      return 'go';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) return 'busy';
      let pid = NaN;
      try {
        pid = Number(readFileSync(marker, 'utf8'));
      } catch {
        // Unreadable: treated as a dead run's.
      }
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) return 'busy';
      removeQuietly(join(dir, name));
      removeQuietly(marker);
      return 'crashed';
    }
  }
  return 'busy';
}

export function unmarkLoading(dir: string, name: string): void {
  removeQuietly(markerOf(dir, name));
}

/**
 * Writes the cache file atomically and durably: a new private file with our header, synced to disk,
 * then renamed over the name (a rename before the data is on disk is what leaves a file of zeros
 * after a power cut); false on failure.
 */
export function writeCache(dir: string, name: string, data: Buffer): boolean {
  // Unique, not secret: the directory is the user's alone, and O_EXCL refuses a name that exists.
  const tmp = join(dir, `.${name}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    const header = Buffer.alloc(HEADER_BYTES);
    header.writeUInt32LE(MAGIC, 0);
    header.writeUInt32LE(crc32Value(data), 4);
    header.writeUInt32LE(data.length, 8);
    const whole = Buffer.concat([header, data]);
    let at = 0;
    while (at < whole.length) at += writeSync(fd, whole, at, whole.length - at);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, join(dir, name));
    return true;
  } catch {
    if (fd !== undefined) closeSync(fd);
    removeQuietly(tmp);
    return false;
  }
}

/**
 * Keeps the directory to MAX_FILES cache files, removing the least recently written, and removes
 * what dead runs left: a temporary file of a write that was killed (`.NAME.PID.STAMP.tmp`), a marker
 * of a read (markLoading) whose run is gone.
 */
export function prune(dir: string, keep: ReadonlySet<string>): void {
  try {
    const all = readdirSync(dir);
    for (const f of all) {
      const pid = /^\..+\.(\d+)\.[a-z0-9]+\.tmp$/.exec(f)?.[1];
      if (pid !== undefined && Number(pid) !== process.pid && !alive(Number(pid))) removeQuietly(join(dir, f));
    }
    const files = all.filter((f) => f.endsWith('.v8') && !keep.has(f));
    if (files.length + keep.size <= MAX_FILES) return;
    const dated = files.map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs })).sort((a, b) => a.t - b.t);
    for (const { f } of dated.slice(0, files.length + keep.size - MAX_FILES)) rmSync(join(dir, f), { force: true });
  } catch {
    // Pruning is housekeeping: a failure leaves a few stale files.
  }
}
