// A counting semaphore with an ordered queue: at most `limit` holders at once, the rest wait in the
// order they asked. A waiter whose signal aborts leaves the queue at once (it never takes a slot).
// The API client keeps one per host (src/api/client.ts) so a burst of reads (a pulse list of 10,000
// projects, a prefetch) waits its turn instead of opening thousands of sockets.

export interface Slots {
  /** Resolves with a release function once a slot is free; rejects with the signal's reason on abort. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** Slots held now. */
  readonly active: number;
  /** Callers waiting for a slot. */
  readonly waiting: number;
}

interface Waiter {
  grant(): void;
}

export function createSlots(limit: number): Slots {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError(`slots: limit must be an integer ≥ 1, got ${limit}`);
  let active = 0;
  // A Set keeps insertion order and deletes in O(1): thousands of queued reads can abort at once.
  const queue = new Set<Waiter>();

  const releaser = (): (() => void) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      active--;
      const next = queue.values().next();
      if (!next.done) {
        queue.delete(next.value);
        next.value.grant();
      }
    };
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      if (active < limit && queue.size === 0) {
        active++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const onAbort = (): void => {
          queue.delete(waiter);
          reject(abortReason(signal!));
        };
        const waiter: Waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            active++;
            resolve(releaser());
          },
        };
        queue.add(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.size;
    },
  };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}
