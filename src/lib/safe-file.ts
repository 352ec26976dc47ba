// Writing a user's file without harming anything already there (`w` saves a log, `d` downloads
// artifacts). The data goes to a private temp file in the target's own directory and is put in
// place only when complete, by a hard link that fails when the name is taken (so a file that
// appeared meanwhile is never clobbered) or, once the user agreed to replace a file, by a rename.
//   * a target that exists and is not a regular file (device, FIFO, socket, directory) is refused:
//     renaming onto /dev/null once turned it into a regular file for the whole machine;
//   * a symbolic link is never replaced, and never followed out of its directory;
//   * a default name that is taken gets a free suffix (`job-1.log` → `job-1 (1).log`); a name the
//     user typed that is taken is answered with `exists`, for the caller to ask before `overwrite`;
//   * temp files are named `.pipetop-<pid>-<hex>.part`, removed on every failure, at exit and on
//     SIGINT/SIGTERM/SIGHUP; after a SIGKILL the next start removes those whose process is gone.
import { constants, unlinkSync, type Stats } from 'node:fs';
import { link, lstat, open, readdir, realpath, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { nodeCrypto } from './builtins.js';

export type TargetCheck = { kind: 'ok'; path: string } | { kind: 'exists'; path: string } | { kind: 'refused'; path: string; message: string };

export interface TargetOptions {
  /** The user typed (or changed) this name. A default name that is taken gets a free suffix instead. */
  explicit: boolean;
  /** The user agreed to replace an existing regular file. */
  overwrite?: boolean;
}

/** Thrown by beginSafeWrite (and so by the writers built on it) when the target is not ok. */
export class TargetError extends Error {
  readonly kind: 'exists' | 'refused';
  readonly path: string;
  constructor(check: Exclude<TargetCheck, { kind: 'ok' }>) {
    super(check.kind === 'exists' ? `${check.path} exists` : check.message);
    this.name = 'TargetError';
    this.kind = check.kind;
    this.path = check.path;
  }
}

/** Where a write of `requested` would go, or why it must not (or not without asking). No side effects. */
export async function checkTarget(requested: string, opts: TargetOptions): Promise<TargetCheck> {
  const path = resolve(requested);
  if (requested.trim() === '' || /[/\\]$/.test(requested)) return refused(path, `${requested || 'an empty name'} is not a file name`);
  const dir = dirname(path);
  let realDir: string;
  try {
    realDir = await realpath(dir);
    if (!(await stat(realDir)).isDirectory()) return refused(path, `${dir} is not a directory`);
  } catch {
    return refused(path, `the directory ${dir} does not exist`);
  }
  if (!opts.explicit) return { kind: 'ok', path: await freeName(path) };
  const st = await lstatOrNull(path);
  if (!st) return { kind: 'ok', path };
  if (!st.isSymbolicLink()) return classify(path, st, opts);
  const real = await realpath(path).catch(() => null);
  if (!real) return refused(path, `${path} is a symbolic link to nothing; pipetop does not write through it`);
  if (dirname(real) !== realDir) return refused(path, `${path} is a symbolic link out of its directory; pipetop does not follow it`);
  // A link to a sibling: that sibling is the target, and the link stays as it is.
  const realStat = await lstatOrNull(real);
  return realStat ? classify(real, realStat, opts) : { kind: 'ok', path: real };
}

function classify(path: string, st: Stats, opts: TargetOptions): TargetCheck {
  if (st.isFile()) return opts.overwrite ? { kind: 'ok', path } : { kind: 'exists', path };
  return refused(path, `${path} is ${kindOf(st)}, not a regular file; pipetop does not write to it`);
}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a plain file';
}

const refused = (path: string, message: string): TargetCheck => ({ kind: 'refused', path, message });

async function lstatOrNull(path: string): Promise<Stats | null> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** `path` itself when nothing is there, else the first free `name (N).ext`. */
async function freeName(path: string, from = 0): Promise<string> {
  const dir = dirname(path);
  const { stem, ext } = splitExt(basename(path));
  for (let n = from; n < 10_000; n++) {
    const candidate = n === 0 ? path : join(dir, `${stem} (${n})${ext}`);
    if (!(await lstatOrNull(candidate))) return candidate;
  }
  throw new Error(`no free name like ${path}`);
}

function splitExt(name: string): { stem: string; ext: string } {
  const m = /(\.tar)?\.[A-Za-z0-9]{1,10}$/.exec(name);
  return m && m.index > 0 ? { stem: name.slice(0, m.index), ext: m[0] } : { stem: name, ext: '' };
}

// ---- names from the server ------------------------------------------------------------------------

/**
 * A job, ref or project name reduced to one harmless file name (pipetop never takes a file name from
 * a Content-Disposition header: GitLab's is always artifacts.zip, and a hostile one is a path):
 * no path separators, no `..`, no control, format (bidi, zero-width) or line-separator characters,
 * no leading dots, dashes, underscores or blanks (hidden files, options to the next command), at most `maxBytes`
 * bytes of UTF-8 with the extension kept. `fallback` when nothing is left.
 */
export function safeBasename(name: string, fallback = 'file', maxBytes = 100): string {
  let s = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[/\\<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/\.{2,}/g, '.')
    .replace(/^[\s._-]+/, '')
    .replace(/[\s.]+$/, '');
  if (Buffer.byteLength(s) > maxBytes) {
    const { stem, ext } = splitExt(s);
    const keep = Buffer.byteLength(ext) < maxBytes / 2 ? ext : '';
    s = truncateBytes(keep ? stem : s, maxBytes - Buffer.byteLength(keep)).replace(/[\s.]+$/, '') + keep;
  }
  return s.replace(/^[\s._-]+/, '') || fallback;
}

function truncateBytes(s: string, max: number): string {
  let out = '';
  let bytes = 0;
  for (const ch of s) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

// ---- the write ------------------------------------------------------------------------------------

export interface PendingWrite {
  /** The final name (a default name may have been given a suffix). */
  readonly target: string;
  /** The temp file, in the target's directory. */
  readonly tempPath: string;
  readonly handle: FileHandle;
  /** A stream writing into the temp file; it leaves the file open for commit (which syncs it first). */
  stream(): Writable;
  /** Closes the temp file and puts it in place; returns the path it now has. */
  commit(): Promise<string>;
  /** Closes and removes the temp file. Safe to call more than once, and after commit. */
  discard(): Promise<void>;
}

const TEMP_NAME = /^\.pipetop-(\d+)-[0-9a-f]{12}\.part$/;

/** Checks the target, then opens a private temp file next to it. Throws TargetError when not ok. */
export async function beginSafeWrite(requested: string, opts: TargetOptions): Promise<PendingWrite> {
  const check = await checkTarget(requested, opts);
  if (check.kind !== 'ok') throw new TargetError(check);
  let target = check.path;
  const tempPath = join(dirname(target), `.pipetop-${process.pid}-${nodeCrypto().randomBytes(6).toString('hex')}.part`);
  // O_EXCL + O_NOFOLLOW: never reuse or follow whatever might sit at the temp name.
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  let handle: FileHandle;
  try {
    handle = await open(tempPath, flags, 0o600);
  } catch (error) {
    // The temp name means nothing to the user: name the directory and the reason.
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new TargetError({ kind: 'refused', path: target, message: `cannot write in ${dirname(target)} (${code})` });
  }
  register(tempPath);
  let closed = false;
  let done = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  };
  const discard = async (): Promise<void> => {
    await close();
    if (!done) await unlink(tempPath).catch(() => undefined);
    done = true;
    unregister(tempPath);
  };
  const commit = async (): Promise<string> => {
    try {
      await handle.datasync().catch(() => undefined);
      await close();
      target = await place(tempPath, target, resolve(requested), opts);
      done = true;
      unregister(tempPath);
      return target;
    } catch (error) {
      await discard();
      throw error;
    }
  };
  const stream = (): Writable =>
    new Writable({
      write(chunk: Buffer, _enc, done) {
        writeAll(handle, chunk).then(() => done(), done);
      },
    });
  return {
    get target() {
      return target;
    },
    tempPath,
    handle,
    stream,
    commit,
    discard,
  };
}

/** Writes `write`'s output to `requested` through beginSafeWrite; returns the final path. */
export async function writeFileSafely(requested: string, opts: TargetOptions, write: (out: FileHandle) => Promise<void>): Promise<string> {
  const pending = await beginSafeWrite(requested, opts);
  try {
    await write(pending.handle);
  } catch (error) {
    await pending.discard();
    throw error;
  }
  return pending.commit();
}

async function writeAll(handle: FileHandle, buf: Buffer): Promise<void> {
  for (let done = 0; done < buf.length;) done += (await handle.write(buf, done, buf.length - done)).bytesWritten;
}

/** `requested`: the name asked for, from which a default name's next free suffix is counted. */
async function place(tempPath: string, target: string, requested: string, opts: TargetOptions): Promise<string> {
  if (opts.overwrite) {
    // Agreed to replace a regular file: still refuse if something else took its place meanwhile.
    const st = await lstatOrNull(target);
    if (st && !st.isFile()) throw new TargetError(classify(target, st, { explicit: true }) as Exclude<TargetCheck, { kind: 'ok' }>);
    await rename(tempPath, target);
    return target;
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      // link() fails if the name exists, whatever it is: nothing is ever clobbered by a race.
      await link(tempPath, target);
      await unlink(tempPath).catch(() => undefined);
      return target;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') {
        if (opts.explicit) throw new TargetError({ kind: 'exists', path: target });
        target = await freeName(requested, 1);
        continue;
      }
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS' && code !== 'EXDEV') throw error;
      // No hard links on this file system (FAT, some network mounts): check, then rename.
      if (await lstatOrNull(target)) {
        if (opts.explicit) throw new TargetError({ kind: 'exists', path: target });
        target = await freeName(requested, 1);
      }
      await rename(tempPath, target);
      return target;
    }
  }
  throw new Error(`no free name like ${target}`);
}

// ---- saying what was done ----------------------------------------------------------------------

/**
 * What became of `requested` when the file went to `final`, for the toast: '' when it is the name
 * asked for; a free name when that one was taken; the sibling a symbolic link points at, replaced
 * through the link (the link stays). Plain text, for the caller to make safe.
 */
export async function placementNote(requested: string, final: string): Promise<string> {
  const asked = resolve(requested);
  if (final === asked) return '';
  const st = await lstatOrNull(asked).catch(() => null);
  if (st?.isSymbolicLink() && (await realpath(asked).catch(() => null)) === final)
    return `written through the link ${basename(asked)}, which points at ${basename(final)}; the link is kept`;
  return `${basename(asked)} exists, so a new name`;
}

/** The question before replacing: the file, and the link the user named when it is one. */
export function replaceQuestion(requested: string, existing: string): string {
  const asked = resolve(requested);
  // The question first: the paths are long, and the line is cut at the terminal's width.
  return asked === existing ? `${existing} exists. Replace it?` : `Replace ${basename(existing)}? ${basename(asked)} is a link to it, in ${dirname(existing)}`;
}

// ---- temp files left behind -----------------------------------------------------------------------

const live = new Set<string>();
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let exitHooked = false;
let signalsHooked = false;

/** Removes every temp file still being written. Synchronous: callable from an exit path. */
export function cleanupTempFiles(): void {
  for (const path of live) {
    try {
      unlinkSync(path);
    } catch {
      // Gone already.
    }
  }
  live.clear();
  unhookSignals();
}

/** Temp files being written right now (tests, diagnostics). */
export function liveSafeWrites(): readonly string[] {
  return [...live];
}

function register(path: string): void {
  live.add(path);
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', cleanupTempFiles);
  }
  // Listeners are attached only while a file is being written: a listener replaces Node's default
  // (exit) for that signal, so outside a write the app's own handling is untouched.
  if (!signalsHooked) {
    signalsHooked = true;
    for (const signal of SIGNALS) process.on(signal, onSignal);
  }
}

function unregister(path: string): void {
  live.delete(path);
  if (live.size === 0) unhookSignals();
}

function unhookSignals(): void {
  if (!signalsHooked) return;
  signalsHooked = false;
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function onSignal(signal: NodeJS.Signals): void {
  cleanupTempFiles(); // also detaches these listeners
  // Raised again without them: Node's default (exit), or the app's own handlers, take it from here.
  // Ink's signal-exit acts only when its listeners are the only ones, so it must not see these.
  process.kill(process.pid, signal);
}

/**
 * Removes `.pipetop-<pid>-….part` files in `dir` whose process is gone (killed with SIGKILL while
 * writing): only regular files, only the current user's. Returns the names removed.
 */
export async function removeStaleTempFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(TEMP_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    const path = join(dir, name);
    const st = await lstatOrNull(path).catch(() => null);
    if (!st?.isFile() || (process.getuid && st.uid !== process.getuid())) continue;
    if (
      await unlink(path).then(
        () => true,
        () => false,
      )
    )
      removed.push(name);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
