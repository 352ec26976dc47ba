// --debug-log FILE, opened at start so that a mistake is said before the TUI takes the screen: a
// directory wrote nothing and said nothing; a FIFO nobody reads made quitting wait for ever (the
// open blocked in Node's thread pool, and the log's close waited on it). A FIFO is tried without
// blocking first: one with a reader is used (`cat FIFO` in another terminal), one without is refused.
import { closeSync, constants, fstatSync, lstatSync, openSync, statSync } from 'node:fs';

/** What kind of thing a path is, in words (a link: what it points at, said so). */
export function kindOf(path: string): string | null {
  try {
    const st = statSync(path);
    const link = lstatSync(path).isSymbolicLink() ? 'a link to ' : '';
    if (st.isDirectory()) return `${link}a directory`;
    if (st.isFIFO()) return `${link}a FIFO`;
    if (st.isSocket()) return `${link}a socket`;
    if (st.isCharacterDevice() || st.isBlockDevice()) return `${link}a device`;
    return null;
  } catch {
    return null;
  }
}

/** An open file descriptor to append to, or why not (the message names the flag and the path). */
export function openDebugLogTarget(path: string): { fd: number } | { error: string } {
  const kind = kindOf(path);
  const refuse = (why: string) => ({ error: `--debug-log ${path}: ${why}` });
  if (kind?.endsWith('a directory')) return refuse(`${kind}: give a file name`);
  if (kind?.endsWith('a socket')) return refuse(`${kind}: give a file name`);
  if (kind?.endsWith('a FIFO')) {
    try {
      // O_NONBLOCK: ENXIO at once when nothing reads it, instead of waiting for a reader.
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch (error) {
      return refuse(
        (error as NodeJS.ErrnoException).code === 'ENXIO' ? `${kind} that nothing reads: start its reader first, or give a file` : (error as Error).message,
      );
    }
  }
  try {
    const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
    if (fstatSync(fd).isDirectory()) {
      closeSync(fd);
      return refuse('a directory: give a file name');
    }
    return { fd };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(
      code === 'ENOENT'
        ? 'its directory does not exist'
        : code === 'EACCES' || code === 'EROFS'
          ? 'cannot be written'
          : code === 'ENXIO'
            ? 'nothing reads it'
            : (error as Error).message,
    );
  }
}
