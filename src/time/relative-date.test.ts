import { describe, expect, it } from 'vitest';
import { resolveRelativeDate } from './relative-date.js';

// 23:30 UTC on Monday 23 November 2026: already Tuesday 24 November in Berlin.
const now = Date.parse('2026-11-23T23:30:00Z');
const utc = { now, timeZone: 'UTC' };

describe('resolveRelativeDate', () => {
  it.each([
    ['2026-11-01', '2026-11-01'],
    ['today', '2026-11-23'],
    ['Today', '2026-11-23'],
    ['yesterday', '2026-11-22'],
    ['tomorrow', '2026-11-24'],
    ['7d', '2026-11-16'],
    ['0d', '2026-11-23'],
    ['2w', '2026-11-09'],
    ['7 days', '2026-11-16'],
    ['3 days ago', '2026-11-20'],
    ['3-days-ago', '2026-11-20'],
    ['1_week_ago', '2026-11-16'],
    ['30d', '2026-10-24'],
  ])('%j → %s (UTC)', (text, date) => {
    expect(resolveRelativeDate(text, utc)).toEqual({ date });
  });

  it('counts across month and year ends on the calendar', () => {
    const jan2 = { now: Date.parse('2027-01-02T12:00:00Z'), timeZone: 'UTC' };
    expect(resolveRelativeDate('2d', jan2)).toEqual({ date: '2026-12-31' });
    const mar1 = { now: Date.parse('2028-03-01T12:00:00Z'), timeZone: 'UTC' };
    expect(resolveRelativeDate('yesterday', mar1)).toEqual({ date: '2028-02-29' });
  });

  it("reads 'today' in the user's time zone, not UTC", () => {
    expect(resolveRelativeDate('today', { now, timeZone: 'Europe/Berlin' })).toEqual({ date: '2026-11-24' });
    expect(resolveRelativeDate('7d', { now, timeZone: 'Europe/Berlin' })).toEqual({ date: '2026-11-17' });
    expect(resolveRelativeDate('today', { now, timeZone: 'America/Los_Angeles' })).toEqual({ date: '2026-11-23' });
  });

  it('a day counted across a DST change is still one calendar day', () => {
    // Berlin leaves summer time on 25 October 2026: that day has 25 hours.
    const oct26 = { now: Date.parse('2026-10-26T00:30:00+01:00'), timeZone: 'Europe/Berlin' };
    expect(resolveRelativeDate('yesterday', oct26)).toEqual({ date: '2026-10-25' });
    expect(resolveRelativeDate('2d', oct26)).toEqual({ date: '2026-10-24' });
  });

  it.each([
    ['', /a date is needed/],
    ['2026-02-30', /not a day of the calendar/],
    ['2026-13-01', /not a day of the calendar/],
    ['26-11-01', /not a date — use YYYY-MM-DD, today, yesterday/],
    ['last week', /not a date/],
    ['7x', /not a date/],
    ['-3d', /not a date/],
    ['3m', /count months and years in days or weeks/],
    ['1y', /count months and years in days or weeks/],
    ['99999999d', /too far back/],
  ])('refuses %j with a clear message', (text, message) => {
    const result = resolveRelativeDate(text, utc);
    expect('error' in result && result.error).toMatch(message);
  });

  it('an unknown time zone is an error, not a crash', () => {
    expect(resolveRelativeDate('today', { now, timeZone: 'Mars/Olympus' })).toEqual({ error: 'unknown time zone "Mars/Olympus"' });
  });

  it('an ISO date needs no clock', () => {
    expect(resolveRelativeDate('2026-11-01', { now: Number.NaN })).toEqual({ date: '2026-11-01' });
  });
});
