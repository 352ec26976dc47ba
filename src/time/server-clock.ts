// The server's clock, estimated from the `Date` header of its responses, so that "created 3m ago"
// is counted on GitLab's clock rather than this machine's (a skewed host, or the simulator with
// `--speed`, otherwise makes fresh rows read "created in 3m").
//
// A `Date` header says the whole second in which the server produced the response (RFC 9110
// §6.6.1: HTTP-date has one-second resolution), at some instant between our sending the request
// and our receiving the response. One exchange therefore bounds the offset (server − local):
//
//   date − receivedAt  ≤  offset  <  date + 1000 − sentAt
//
// Each exchange is such an interval; the estimator intersects the newest ones and takes the middle
// of what is left. A few fast exchanges pin the offset well below the header's 1 s resolution, and
// a slow one (a long download) adds nothing wrong, only a wide interval. When the newest interval
// no longer meets the older ones, the clock moved (an NTP step here or there, a simulator running
// fast): older samples are dropped until the rest agree with the newest, so the estimate follows.

export interface ServerClock {
  /** Feed one response: its `Date` header and the local times (ms) the request left and the response arrived. */
  observe(dateHeader: string | undefined, sentAt: number, receivedAt: number): void;
  /** The server's current time in ms, by the local clock plus the estimated offset. */
  now(): number;
  /** Estimated server − local in ms (0 before any usable response). */
  offset(): number;
}

export interface ServerClockOptions {
  /** The local clock; Date.now by default. */
  localNow?: () => number;
  /** Newest exchanges kept (default 16): enough to narrow the interval, few enough to follow drift. */
  window?: number;
}

interface Bound {
  readonly low: number;
  readonly high: number;
}

export function createServerClock(options: ServerClockOptions = {}): ServerClock {
  const localNow = options.localNow ?? Date.now;
  const window = Math.max(1, options.window ?? 16);
  let bounds: Bound[] = [];
  let estimate = 0;

  const recompute = (): void => {
    // Newest first: the newest interval always counts; older ones only while they agree with it.
    let low = -Infinity;
    let high = Infinity;
    let kept = 0;
    for (let i = bounds.length - 1; i >= 0; i -= 1) {
      const b = bounds[i]!;
      const nextLow = Math.max(low, b.low);
      const nextHigh = Math.min(high, b.high);
      if (nextLow > nextHigh) break;
      low = nextLow;
      high = nextHigh;
      kept += 1;
    }
    bounds = bounds.slice(bounds.length - kept);
    estimate = Math.round((low + high) / 2);
  };

  return {
    observe(dateHeader, sentAt, receivedAt) {
      if (dateHeader === undefined || !Number.isFinite(sentAt) || !Number.isFinite(receivedAt) || receivedAt < sentAt) return;
      const date = Date.parse(dateHeader);
      if (!Number.isFinite(date)) return;
      bounds.push({ low: date - receivedAt, high: date + 1000 - sentAt });
      if (bounds.length > window) bounds = bounds.slice(bounds.length - window);
      recompute();
    },
    now: () => localNow() + estimate,
    offset: () => estimate,
  };
}
