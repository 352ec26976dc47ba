// A private temporary file (os.tmpdir, unique name, mode 600) written and read synchronously by
// position. Every open one is removed by a single process 'exit' hook, so a crash of the UI or a
// forgotten dispose() does not leave hundreds of MB of log behind.
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, ftruncateSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** Paths of temp files currently open (for tests and diagnostics). */
export function liveTempFiles(): readonly string[] {
  return [...live];
}

export class TempFile {
  readonly path: string;
  private fd: number;
  /** Bytes written. */
  size = 0;

  constructor(dir: string | undefined, label: string) {
    this.path = join(dir ?? tmpdir(), `pipetop-${label}-${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
    // 'wx': never follow or reuse an existing path (another user's symlink in a shared /tmp).
    this.fd = openSync(this.path, 'wx+', 0o600);
    track(this.path);
    try {
      fchmodSync(this.fd, 0o600); // the umask can only remove bits, but be explicit
    } catch {
      // Filesystems without permissions (some mounts on Windows): the name is still unguessable.
    }
  }

  append(data: Buffer): void {
    let done = 0;
    while (done < data.length) done += writeSync(this.fd, data, done, data.length - done, this.size + done);
    this.size += data.length;
  }

  read(position: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n === 0) break;
      done += n;
    }
    return done === length ? buf : buf.subarray(0, done);
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
    try {
      unlinkSync(this.path);
    } catch {
      // Removed by someone else (tmp cleaners): fine.
    }
    live.delete(this.path);
  }
}
