import { describe, expect, it } from 'vitest';
import { createServerClock } from './server-clock.js';

const httpDate = (ms: number): string => new Date(ms).toUTCString();

/** A server `skew` ms ahead that answers `at` ms into the exchange, as its Date header would say. */
function exchange(local: number, skew: number, at: number, took: number): [string, number, number] {
  return [httpDate(local + at + skew), local, local + took];
}

describe('createServerClock', () => {
  it('starts at the local clock', () => {
    const clock = createServerClock({ localNow: () => 1_000_000 });
    expect(clock.offset()).toBe(0);
    expect(clock.now()).toBe(1_000_000);
  });

  it('one exchange: offset within the header second plus the round trip', () => {
    let local = Date.parse('2026-11-23T12:00:00.400Z');
    const clock = createServerClock({ localNow: () => local });
    clock.observe(...exchange(local, 180_000, 20, 40));
    expect(Math.abs(clock.offset() - 180_000)).toBeLessThanOrEqual(540);
    local += 5_000;
    expect(Math.abs(clock.now() - (local + 180_000))).toBeLessThanOrEqual(540);
  });

  it('narrows below the 1 s resolution as exchanges land at different sub-second phases', () => {
    const skew = 180_321;
    const clock = createServerClock();
    let local = Date.parse('2026-11-23T12:00:00.000Z');
    for (let i = 0; i < 12; i += 1) {
      clock.observe(...exchange(local, skew, 15, 30));
      local += 1_237; // a poll interval that is not a whole number of seconds
    }
    expect(Math.abs(clock.offset() - skew)).toBeLessThanOrEqual(60);
  });

  it('a slow exchange widens nothing and cannot pull the estimate away', () => {
    const skew = -42_000;
    const clock = createServerClock();
    let local = Date.parse('2026-11-23T12:00:00.000Z');
    for (let i = 0; i < 8; i += 1) {
      clock.observe(...exchange(local, skew, 10, 20));
      local += 1_130;
    }
    const before = clock.offset();
    clock.observe(...exchange(local, skew, 29_000, 30_000)); // a 30 s download, stamped near its end
    expect(clock.offset()).toBe(before);
    expect(Math.abs(clock.offset() - skew)).toBeLessThanOrEqual(120);
  });

  it('follows a clock that moved: older exchanges that disagree are dropped', () => {
    const clock = createServerClock();
    let local = Date.parse('2026-11-23T12:00:00.000Z');
    for (let i = 0; i < 12; i += 1) {
      clock.observe(...exchange(local, 0, 10, 20));
      local += 1_237;
    }
    expect(Math.abs(clock.offset())).toBeLessThanOrEqual(120);
    clock.observe(...exchange(local, 180_000, 10, 20));
    expect(Math.abs(clock.offset() - 180_000)).toBeLessThanOrEqual(1_000);
  });

  it('ignores responses without a usable Date header or with times out of order', () => {
    const clock = createServerClock();
    clock.observe(undefined, 0, 10);
    clock.observe('not a date', 0, 10);
    clock.observe(httpDate(Date.now() + 60_000), 100, 50);
    clock.observe(httpDate(Date.now() + 60_000), Number.NaN, 50);
    expect(clock.offset()).toBe(0);
  });
});
