// One read at a time, the asks in between folded into one more: the fleet panes' timers, `R` and a
// changed filter may each ask for a read while one runs, and two reads at once would race to write
// the same list. `full` (read everything) wins over a timer's lighter read when they are folded.

/** Runs `run` once at a time; a call while it runs makes one more run after it (full if any call was). */
export function oneRunAtATime(run: (full: boolean) => Promise<void>): (full: boolean) => Promise<void> {
  let running: Promise<void> | null = null;
  let again: boolean | null = null;
  const sync = (full: boolean): Promise<void> => {
    if (running) {
      again = (again ?? false) || full;
      return running;
    }
    running = run(full).finally(() => {
      running = null;
      if (again !== null) {
        const next = again;
        again = null;
        void sync(next);
      }
    });
    return running;
  };
  return sync;
}
