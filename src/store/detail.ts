// One object read for a detail pane (an SSH key, a deployment, a schedule, a job, a pipeline): what
// was read is kept, and the pane's load error (AppState.loadErrors, store/writers.ts) says why when
// the read fails, so a pane with nothing to show says so instead of "Loading" for ever, and a later
// good read clears it.
import type { Ctx } from './ctx.js';
import { describeError } from './errors.js';
import { setLoadError } from './writers.js';

/**
 * Reads with `read` and hands the object to `keep`; on failure records why under `errorKey` and
 * tells the connection state. `handled`: a failure the caller deals with itself (true: nothing more
 * is recorded). The object, or null when the read failed.
 */
export async function readDetail<T>(
  ctx: Ctx,
  errorKey: string,
  read: () => Promise<T>,
  keep: (value: T) => void,
  handled?: (error: unknown) => boolean,
): Promise<T | null> {
  try {
    const value = await read();
    keep(value);
    setLoadError(ctx.store, errorKey, null);
    ctx.connectionOk();
    return value;
  } catch (error) {
    if (handled?.(error)) return null;
    setLoadError(ctx.store, errorKey, describeError(error));
    ctx.connectionFailed(error);
    return null;
  }
}
