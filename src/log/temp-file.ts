// A private temporary file (os.tmpdir, unique name, mode 600) written and read synchronously by
// position, through its descriptor only. Hundreds of MB of log must never be left behind:
//   * where the OS allows it (POSIX), the name is unlinked as soon as the file is open, so the data
//     goes away with the descriptor, however the process ends (SIGTERM, SIGHUP, SIGKILL, a crash);
//   * elsewhere (Windows refuses to unlink an open file) the file is removed by dispose() or, at the
//     latest, by one process 'exit' hook shared by every open temp file.
import { closeSync, fchmodSync, fstatSync, ftruncateSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeCrypto } from '../lib/builtins.js';

const live = new Set<string>();
let hooked = false;

function track(path: string): void {
  live.add(path);
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const p of live) {
      try {
        unlinkSync(p);
      } catch {
        // Already gone: nothing to do while the process exits.
      }
    }
  });
}

/** Paths of named temp files currently open, which the 'exit' hook would remove (tests, diagnostics). */
export function liveTempFiles(): readonly string[] {
  return [...live];
}

export interface TempFileOptions {
  /** Unlink the name right away when the OS allows it (default true). */
  anonymous?: boolean;
}

export class TempFile {
  readonly path: string;
  /** The name is already gone: only the descriptor holds the data. */
  readonly anonymous: boolean;
  private fd: number;
  /** Bytes written. */
  size = 0;

  constructor(dir: string | undefined, label: string, opts: TempFileOptions = {}) {
    this.path = join(dir ?? tmpdir(), `pipetop-${label}-${process.pid}-${nodeCrypto().randomBytes(8).toString('hex')}.tmp`);
    // 'wx': never follow or reuse an existing path (another user's symlink in a shared /tmp).
    this.fd = openSync(this.path, 'wx+', 0o600);
    try {
      fchmodSync(this.fd, 0o600); // the umask can only remove bits, but be explicit
    } catch {
      // Filesystems without permissions (some mounts on Windows): the name is still unguessable.
    }
    let anonymous = false;
    if (opts.anonymous !== false) {
      try {
        unlinkSync(this.path);
        anonymous = true;
      } catch {
        // Not allowed while open (Windows): removed by remove() or the exit hook instead.
      }
    }
    this.anonymous = anonymous;
    if (!anonymous) track(this.path);
  }

  /** Permission bits of the file (0o600). */
  mode(): number {
    return fstatSync(this.fd).mode & 0o777;
  }

  append(data: Buffer): void {
    let done = 0;
    while (done < data.length) done += writeSync(this.fd, data, done, data.length - done, this.size + done);
    this.size += data.length;
  }

  /** `length` bytes from `position`, into `into` when it is big enough (no allocation per read). */
  read(position: number, length: number, into?: Buffer): Buffer {
    const buf = into && into.length >= length ? into : Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n === 0) break;
      done += n;
    }
    return done === buf.length ? buf : buf.subarray(0, done);
  }

  truncate(): void {
    ftruncateSync(this.fd, 0);
    this.size = 0;
  }

  /** Closes and deletes the file. Safe to call twice. */
  remove(): void {
    if (this.fd >= 0) {
      try {
        closeSync(this.fd);
      } catch {
        // Closing can only fail if it is closed already.
      }
      this.fd = -1;
    }
    if (!this.anonymous) {
      try {
        unlinkSync(this.path);
      } catch {
        // Removed by someone else (tmp cleaners): fine.
      }
      live.delete(this.path);
    }
  }
}
