// The simulator's cron (src/sim/world/cron.ts) is its own reading of Fugit, apart from the client's
// (src/cron): here the two are held against each other on what they accept and when a schedule runs,
// across zones and daylight-saving changes. A disagreement is a finding about one of them.
import { describe, expect, it } from 'vitest';
import { cronError, nextRuns, resolveTimeZone } from '../../src/cron/cron.js';
import { cronProblem, upcomingRuns, zoneOf } from '../../src/sim/world/cron.js';

const VALID = [
  '0 2 * * *',
  '*/5 * * * *',
  '30 3 * * 1-5',
  '0 0 1 1 *',
  '15 10 L * *',
  '0 9 * * mon#2',
  '0 22-2 * * *',
  '0 24 * * *',
  '0 0 * * 7',
  '0 12 1,15 * fri',
  '5-20/5 */3 * jan-mar *',
  '@daily',
  '@hourly',
  '@weekly',
  '0 0 29 2 *',
  '0 0 31 * *',
];
const INVALID = ['0 0 31 2 *', '0 0 30,31 feb *', '61 * * * *', 'every day', '* * * *', '0 0 32 * *', '0 0 * 13 *', '0 0 * * 8', '*/0 * * * *', ''];

describe("the simulator's cron agrees with the client's", () => {
  it.each(VALID)('accepts %s', (expr) => {
    expect(cronError(expr)).toBeNull();
    expect(cronProblem(expr)).toBeNull();
  });

  it.each(INVALID)('rejects %j', (expr) => {
    expect(cronError(expr)).not.toBeNull();
    expect(cronProblem(expr)).not.toBeNull();
  });

  it('resolves the same time zones (Rails names, IANA names and links)', () => {
    for (const name of [
      'UTC',
      'Berlin',
      'Eastern Time (US & Canada)',
      'Europe/Berlin',
      'America/New_York',
      'US/Eastern',
      'Mars/Olympus_Mons',
      'europe/berlin',
      '',
    ]) {
      expect(zoneOf(name), name).toBe(resolveTimeZone(name));
    }
  });

  it('computes the same next runs, across daylight-saving changes', () => {
    const from = Date.UTC(2026, 2, 1, 12, 0); // March: Europe and the US change their clocks
    for (const zone of ['UTC', 'Europe/Berlin', 'Eastern Time (US & Canada)', 'Asia/Kolkata']) {
      for (const expr of VALID) {
        const count = expr === '*/5 * * * *' ? 30 : 12;
        expect(upcomingRuns(expr, zone, from, count), `${expr} in ${zone}`).toEqual(nextRuns(expr, zone, from, count));
      }
    }
  });
});
