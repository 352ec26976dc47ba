import { describe, expect, it } from 'vitest';
import { cronError, describeCron, nextRuns, resolveTimeZone, timeZoneNames } from './cron.js';
import { RAILS_TIME_ZONES } from './rails-zones.js';

const iso = (ms: number[]): string[] => ms.map((t) => new Date(t).toISOString());
const at = (s: string): number => Date.parse(s);

describe('cronError', () => {
  it.each([
    '0 2 * * *',
    '*/5 * * * *',
    '30 6 * * 1',
    '0 0 1 * *',
    '* * * * *',
    '0 9 * * 1-5',
    '0 0 * * 7', // 7 is Sunday
    '0 0 * JAN,jul mon-FRI',
    '0,15,30,45 8-18/2 1,15 */3 *',
    '00 07 01 01 *', // Fugit allows a leading zero
    '  0 2 * * *  ', // surrounding blanks are stripped
    '0\t2 * * *', // tabs separate fields
    '0 24 * * *', // Fugit accepts hour 24 as 0
    '0 22-2 * * *', // wrap-around range
    '0 0 * * fri-mon',
    '/15 * * * *', // bare step = */15
    '0 0 29 2 *', // leap day exists
    '0 0 L * *',
    '0 7 * * 5#2',
    '0 7 * * fri#L',
    '@yearly',
    '@annually',
    '@monthly',
    '@weekly',
    '@daily',
    '@midnight',
    '@hourly',
  ])('accepts %j', (expr) => {
    expect(cronError(expr)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['61 * * * *', /minute 61 is out of range \(0-59\)/],
    ['60 * * * *', /minute 60 is out of range/],
    ['0 25 * * *', /hour 25 is out of range \(0-23\)/],
    ['0 0 32 * *', /day-of-month 32 is out of range/],
    ['0 0 0 * *', /day-of-month 0 is out of range/],
    ['0 0 * 13 *', /month 13 is out of range/],
    ['0 2 * * 8', /day-of-week 8 is out of range \(0-7\)/],
    ['* * * *', /expected 5 fields.*got 4/],
    ['0 0 * * * *', /6 fields/],
    ['* * * * * * *', /expected 5 fields.*got 7/],
    ['nonsense', /expected 5 fields/],
    ['a b c d e', /invalid minute value "a"/],
    ['? * * * *', /invalid minute/],
    ['H * * * *', /invalid minute/],
    ['*/0 * * * *', /step must be at least 1/],
    ['*/100 * * * *', /invalid minute step/],
    ['007 * * * *', /invalid minute value "007"|out of range/],
    ['5-* * * * *', /invalid minute/],
    ['0 0 30 2 *', /never occurs/], // Fugit rejects February 30th
    ['0 0 31 4,6 1', /never occurs/],
    ['0 0 * * sunday', /invalid day-of-week value "sunday"/], // only 3-letter names
    ['0 0 * * 1#6', /invalid day-of-week/],
    ['0 0 * * 1%2', /"%"/],
    ['0 0 1-7& * 1', /"&"/],
    ['0 0 -1 * *', /only a bare L/],
    ['0 0 LW * *', /only a bare L/],
    ['@reboot', /unknown macro/],
    ['@Daily', /unknown macro/],
    ['@every 5m', /unknown macro/],
  ])('rejects %j', (expr, reason) => {
    expect(cronError(expr)).toMatch(reason);
  });
});

describe('resolveTimeZone', () => {
  it('maps Rails names to IANA names', () => {
    expect(resolveTimeZone('Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Eastern Time (US & Canada)')).toBe('America/New_York');
    expect(resolveTimeZone('Tokyo')).toBe('Asia/Tokyo');
    expect(resolveTimeZone('International Date Line West')).toBe('Etc/GMT+12');
    expect(resolveTimeZone("Nuku'alofa")).toBe('Pacific/Tongatapu');
  });

  it('passes IANA names through, UTC spellings included', () => {
    expect(resolveTimeZone('UTC')).toBe('UTC');
    expect(resolveTimeZone('Etc/UTC')).toBe('Etc/UTC');
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    // Link names Node's ICU does not list but tzinfo (and so GitLab) accepts.
    expect(resolveTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(resolveTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv');
  });

  it('rejects unknown names and wrong case, like Rails', () => {
    expect(resolveTimeZone('Mars/Olympus')).toBeNull();
    expect(resolveTimeZone('')).toBeNull();
    expect(resolveTimeZone('berlin')).toBeNull();
    expect(resolveTimeZone('europe/berlin')).toBeNull();
    expect(resolveTimeZone('Europe/BERLIN')).toBeNull();
    expect(resolveTimeZone('Utc')).toBeNull();
    expect(resolveTimeZone('eastern time (us & canada)')).toBeNull();
    // Object.prototype keys must not leak through the Rails table.
    expect(resolveTimeZone('constructor')).toBeNull();
    expect(resolveTimeZone('toString')).toBeNull();
  });

  it('every Rails target is a zone this runtime and cron-parser can use', () => {
    expect(Object.keys(RAILS_TIME_ZONES)).toHaveLength(151);
    expect(Object.isFrozen(RAILS_TIME_ZONES)).toBe(true);
    for (const name of Object.keys(RAILS_TIME_ZONES)) {
      const zone = resolveTimeZone(name);
      // "UTC" is also an IANA name, which wins (same zone as Rails' Etc/UTC).
      expect(zone, name).toBe(name === 'UTC' ? 'UTC' : RAILS_TIME_ZONES[name]);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone ?? '' }), name).not.toThrow();
      expect(nextRuns('0 12 * * *', name, at('2026-01-01T00:00:00Z'), 1), name).toHaveLength(1);
    }
  });
});

describe('timeZoneNames', () => {
  it('lists IANA and Rails names once each, all resolvable', () => {
    const names = timeZoneNames();
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['UTC', 'Etc/UTC', 'Europe/Berlin', 'Berlin', 'Eastern Time (US & Canada)', 'Samoa']) {
      expect(names).toContain(name);
    }
    expect(names.length).toBeGreaterThan(400);
    for (const name of names) expect(resolveTimeZone(name), name).not.toBeNull();
  });
});

describe('nextRuns', () => {
  it('daily at 02:00 Berlin, in winter time', () => {
    expect(iso(nextRuns('0 2 * * *', 'Europe/Berlin', at('2026-01-10T12:00:00Z'), 3))).toEqual([
      '2026-01-11T01:00:00.000Z',
      '2026-01-12T01:00:00.000Z',
      '2026-01-13T01:00:00.000Z',
    ]);
  });

  it('daily at 02:00 Berlin across the spring-forward gap (29 March 2026)', () => {
    const runs = nextRuns('0 2 * * *', 'Berlin', at('2026-03-27T12:00:00Z'), 4);
    // 02:00 does not exist on the 29th: cron-parser fires at the landing hour
    // 03:00 CEST (01:00Z). Fugit/GitLab skip that day instead (see report).
    expect(iso(runs)).toEqual([
      '2026-03-28T01:00:00.000Z', // 02:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-30T00:00:00.000Z', // 02:00 CEST
      '2026-03-31T00:00:00.000Z',
    ]);
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]).toBeGreaterThan(runs[i - 1] ?? Infinity);
  });

  it('fires once when fall-back repeats 02:30 (25 October 2026)', () => {
    expect(iso(nextRuns('30 2 * * *', 'Europe/Berlin', at('2026-10-24T12:00:00Z'), 3))).toEqual([
      '2026-10-25T00:30:00.000Z', // first 02:30, still CEST
      '2026-10-26T01:30:00.000Z',
      '2026-10-27T01:30:00.000Z',
    ]);
  });

  it('hourly at :15 in UTC, strictly after from', () => {
    expect(iso(nextRuns('15 * * * *', 'UTC', at('2026-01-01T00:15:00Z'), 3))).toEqual([
      '2026-01-01T01:15:00.000Z',
      '2026-01-01T02:15:00.000Z',
      '2026-01-01T03:15:00.000Z',
    ]);
    expect(iso(nextRuns('15 * * * *', 'Etc/UTC', at('2026-01-01T00:14:59.999Z'), 1))).toEqual(['2026-01-01T00:15:00.000Z']);
  });

  it('weekdays at 09:00 in a Rails zone', () => {
    // 2026-01-02 is a Friday; 09:00 EST = 14:00Z.
    expect(iso(nextRuns('0 9 * * 1-5', 'Eastern Time (US & Canada)', at('2026-01-02T00:00:00Z'), 3))).toEqual([
      '2026-01-02T14:00:00.000Z',
      '2026-01-05T14:00:00.000Z',
      '2026-01-06T14:00:00.000Z',
    ]);
  });

  it('applies Fugit quirks: hour 24, wrap-around ranges, 7 = Sunday', () => {
    const from = at('2026-01-01T00:00:00Z');
    expect(nextRuns('0 24 * * *', 'UTC', from, 3)).toEqual(nextRuns('0 0 * * *', 'UTC', from, 3));
    expect(iso(nextRuns('0 22-2 * * *', 'UTC', from, 5))).toEqual([
      '2026-01-01T01:00:00.000Z',
      '2026-01-01T02:00:00.000Z',
      '2026-01-01T22:00:00.000Z',
      '2026-01-01T23:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]);
    expect(nextRuns('0 0 * * 7', 'UTC', from, 3)).toEqual(nextRuns('0 0 * * 0', 'UTC', from, 3));
    // 2026-01-04 is the first Sunday.
    expect(iso(nextRuns('0 0 * * sun', 'UTC', from, 1))).toEqual(['2026-01-04T00:00:00.000Z']);
  });

  it('day-of-month and day-of-week restricted together match either (man 5 crontab)', () => {
    expect(iso(nextRuns('0 0 1 * 1', 'UTC', at('2026-01-01T00:00:00Z'), 3))).toEqual([
      '2026-01-05T00:00:00.000Z',
      '2026-01-12T00:00:00.000Z',
      '2026-01-19T00:00:00.000Z',
    ]);
    expect(iso(nextRuns('0 0 13 * 5', 'UTC', at('2026-01-31T00:00:00Z'), 3))).toEqual([
      '2026-02-06T00:00:00.000Z',
      '2026-02-13T00:00:00.000Z', // Friday the 13th counted once
      '2026-02-20T00:00:00.000Z',
    ]);
  });

  it('handles L, nth weekday and lists mixing them', () => {
    const from = at('2026-01-01T00:00:00Z');
    expect(iso(nextRuns('0 0 L * *', 'UTC', from, 2))).toEqual(['2026-01-31T00:00:00.000Z', '2026-02-28T00:00:00.000Z']);
    expect(iso(nextRuns('0 12 * * 1#2', 'UTC', from, 2))).toEqual(['2026-01-12T12:00:00.000Z', '2026-02-09T12:00:00.000Z']);
    expect(iso(nextRuns('0 7 * * fri#L', 'UTC', from, 2))).toEqual(['2026-01-30T07:00:00.000Z', '2026-02-27T07:00:00.000Z']);
    expect(iso(nextRuns('0 12 * * 5,1#2', 'UTC', from, 4))).toEqual([
      '2026-01-02T12:00:00.000Z',
      '2026-01-09T12:00:00.000Z',
      '2026-01-12T12:00:00.000Z',
      '2026-01-16T12:00:00.000Z',
    ]);
    // Fugit honours only the first entry per weekday: "1#2,1#3" is the second Monday only.
    expect(nextRuns('0 12 * * 1#2,1#3', 'UTC', from, 3)).toEqual(nextRuns('0 12 * * 1#2', 'UTC', from, 3));
  });

  it('leap day and macros', () => {
    expect(iso(nextRuns('0 0 29 2 *', 'UTC', at('2026-01-01T00:00:00Z'), 2))).toEqual(['2028-02-29T00:00:00.000Z', '2032-02-29T00:00:00.000Z']);
    expect(iso(nextRuns('@weekly', 'Tokyo', at('2026-01-01T00:00:00Z'), 1))).toEqual(['2026-01-03T15:00:00.000Z']);
    expect(nextRuns('@daily', 'UTC', 0, 0)).toEqual([]);
  });

  it('throws on invalid input', () => {
    expect(() => nextRuns('61 * * * *', 'UTC', 0, 1)).toThrow(/invalid cron/);
    expect(() => nextRuns('0 0 * * * *', 'UTC', 0, 1)).toThrow(/6 fields/);
    expect(() => nextRuns('0 2 * * *', 'Mars/Olympus', 0, 1)).toThrow(/unknown time zone/);
    expect(() => nextRuns('0 2 * * *', 'UTC', Number.NaN, 1)).toThrow(RangeError);
    expect(() => nextRuns('0 2 * * *', 'UTC', 0, -1)).toThrow(RangeError);
    expect(() => nextRuns('0 2 * * *', 'UTC', 0, 1.5)).toThrow(RangeError);
  });
});

describe('describeCron', () => {
  it.each([
    ['0 2 * * *', 'every day at 02:00'],
    ['15 * * * *', 'every hour at :15'],
    ['30 6 * * 1', 'every Monday at 06:30'],
    ['30 6 * * MON', 'every Monday at 06:30'],
    ['*/5 * * * *', 'every 5 minutes'],
    ['0 9 * * 1-5', 'at 09:00 on weekdays (Mon\u2013Fri)'],
    ['0 10 * * 6,0', 'at 10:00 on weekends (Sat\u2013Sun)'],
    ['0 10 * * 1,3,5', 'at 10:00 on Mon, Wed and Fri'],
    ['0 0 1 * *', 'on day 1 of every month at 00:00'],
    ['0 0 L * *', 'on the last day of every month at 00:00'],
    ['0 7 * * fri#L', 'on the last Friday of every month at 07:00'],
    ['0 7 * * 1#2', 'on the second Monday of every month at 07:00'],
    ['0 9,17 * * *', 'every day at 09:00 and 17:00'],
    ['0 */2 * * *', 'every 2 hours at :00'],
    ['* * * * *', 'every minute'],
    ['*/1 * * * *', 'every minute'],
    ['@daily', 'every day at 00:00'],
    ['@hourly', 'every hour at :00'],
    ['@weekly', 'every Sunday at 00:00'],
    ['@monthly', 'on day 1 of every month at 00:00'],
    ['@yearly', 'every year on Jan 1 at 00:00'],
  ])('%j → %j', (expr, words) => {
    expect(describeCron(expr)).toBe(words);
  });

  // Ranges, steps and lists in every field. crontab.guru's reading is quoted in each name: the words
  // here say the same thing the way a person would write it on a timetable.
  it.each([
    [
      '*/30 9-17 * * 1-5',
      'every 30 minutes, 09:00\u201317:59, Mon\u2013Fri',
      'At every 30th minute past every hour from 9 through 17 on every day-of-week from Monday through Friday',
    ],
    [
      '*/5 9-17 * * 1-5',
      'every 5 minutes, 09:00\u201317:59, Mon\u2013Fri',
      'At every 5th minute past every hour from 9 through 17 on every day-of-week from Monday through Friday',
    ],
    [
      '*/5 9-12,14-17 * * 1-5',
      'every 5 minutes, 09:00\u201312:59 and 14:00\u201317:59, Mon\u2013Fri',
      'At every 5th minute past every hour from 9 through 12 and every hour from 14 through 17 on every day-of-week from Monday through Friday',
    ],
    ['0 9-17 * * *', 'every hour at :00, 09:00\u201317:00', 'At minute 0 past every hour from 9 through 17'],
    ['15,45 8-20 * * *', 'every hour at :15 and :45, 08:15\u201320:45', 'At minute 15 and 45 past every hour from 8 through 20'],
    ['* 9 * * *', 'every minute, 09:00\u201309:59', 'At every minute past hour 9'],
    ['0-29 * * * *', 'every minute from :00 to :29', 'At every minute from 0 through 29'],
    ['5,10 * 1 * *', 'every hour at :05 and :10 on the 1st of the month', 'At minute 5 and 10 on day-of-month 1'],
    ['*/15 */2 * * *', 'every 15 minutes in every 2nd hour', 'At every 15th minute past every 2nd hour'],
    ['0 */3 * * 1-5', 'every 3 hours at :00, Mon\u2013Fri', 'At minute 0 past every 3rd hour on every day-of-week from Monday through Friday'],
    ['*/10 * * * 6,0', 'every 10 minutes on Sat and Sun', 'At every 10th minute on Saturday and Sunday'],
    ['0 20 * * 5-0', 'at 20:00 on Fri\u2013Sun', 'At 20:00 on every day-of-week from Friday through Sunday'],
    ['0 9 * * 1-3,5', 'at 09:00 on Mon\u2013Wed and Fri', 'At 09:00 on every day-of-week from Monday through Wednesday and Friday'],
    ['0 0 1,15 * *', 'at 00:00 on the 1st and 15th of the month', 'At 00:00 on day-of-month 1 and 15'],
    ['0 6 1-7 * *', 'at 06:00 on the 1st\u20137th of the month', 'At 06:00 on every day-of-month from 1 through 7'],
    ['0 12 */2 * *', 'at 12:00 on every 2nd day of the month', 'At 12:00 on every 2nd day-of-month'],
    ['0 0 * 1-3 *', 'at 00:00 in Jan\u2013Mar', 'At 00:00 in every month from January through March'],
    ['0 0 1 1,4,7,10 *', 'at 00:00 on the 1st of the month in Jan, Apr, Jul and Oct', 'At 00:00 on day-of-month 1 in January, April, July, and October'],
    ['0 0,12 1 */2 *', 'at 00:00 and 12:00 on the 1st of the month in every 2nd month', 'At minute 0 past hour 0 and 12 on day-of-month 1 in every 2nd month'],
    ['*/20 * * 12 *', 'every 20 minutes in Dec', 'At every 20th minute in December'],
    ['0 9,12,15,18,21 * * *', 'every day at 09:00, 12:00, 15:00, 18:00 and 21:00', 'At minute 0 past hour 9, 12, 15, 18, and 21'],
  ])('%j → %j (crontab.guru: %s)', (expr, words) => {
    expect(describeCron(expr)).toBe(words);
  });

  // '*/7' runs at :56 and then :00, 4 minutes later: "every 7 minutes" would be wrong. Both day
  // fields restricted means either matches (man 5 crontab); words would hide that, cron does not.
  it.each(['*/7 3 * * *', '0 0 1 * 1', '30 8 1-7 * 1', '*/5 1,3,5,7,9 * * *', 'nonsense', '0 0 * * * *'])('falls back to the raw expression for %j', (expr) => {
    expect(describeCron(expr)).toBe(expr);
  });
});
