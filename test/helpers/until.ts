// The one bounded wait of the tests: a condition checked until it holds, or a failure naming what
// never came (and, where a test has one, the screen it saw). Tests wait on conditions, never on a
// fixed sleep; this is how.

export interface UntilOptions {
  /** Fails after this long (default 8 s). */
  timeoutMs?: number;
  /** Checks this often; 0 checks on every turn of the event loop (setImmediate), for work that needs no timer. */
  everyMs?: number;
  /** What the failure shows beside the message: the frame, the terminal's screen, the output so far. */
  show?: () => string;
  /** Stops early, failing, when this says why (the program under test exited). */
  abort?: () => string | null;
}

/** Waits until `check` holds; throws `timed out waiting for <what>` (and what `show` gives) after `timeoutMs`. */
export async function until(check: () => boolean, what: string, options: UntilOptions = {}): Promise<void> {
  const { timeoutMs = 8000, everyMs = 10, show, abort } = options;
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    const stopped = abort?.() ?? null;
    if (stopped !== null || Date.now() > deadline) {
      const reason = stopped ?? `timed out waiting for ${what}`;
      throw new Error(show ? `${reason}\n--- screen ---\n${show()}` : reason);
    }
    await new Promise((resolve) => (everyMs > 0 ? setTimeout(resolve, everyMs) : setImmediate(resolve)));
  }
}
