// The activity filter line: the action and target type values of docs/gitlab-api.md §6, real dates, sort.
import { describe, expect, it } from 'vitest';
import { formatEventFilters, parseEventFilters } from './events-filter.js';

describe('event filters', () => {
  it('parses every filter of the API', () => {
    expect(parseEventFilters('action=pushed target_type=merge_request after=2026-11-01 before=2026-11-20 sort=asc')).toEqual({
      filters: { action: 'pushed', target_type: 'merge_request', after: '2026-11-01', before: '2026-11-20', sort: 'asc' },
    });
    expect(parseEventFilters('  ')).toEqual({ filters: {} });
  });

  it("rejects values outside the API's lists, naming what is allowed", () => {
    expect(parseEventFilters('action=opened')).toEqual({
      error: expect.stringContaining('action must be one of created, updated, closed, reopened, pushed, commented, merged, joined, left, destroyed, expired'),
    });
    expect(parseEventFilters('target_type=Issue')).toEqual({ error: expect.stringContaining('target_type must be one of issue, milestone') });
    expect(parseEventFilters('sort=newest')).toEqual({ error: 'sort must be one of asc, desc' });
    expect(parseEventFilters('author=bob')).toEqual({ error: expect.stringContaining('Unknown filter "author"') });
    expect(parseEventFilters('action=')).toEqual({ error: 'action= needs a value' });
    expect(parseEventFilters('pushed')).toEqual({ error: expect.stringContaining('Expected key=value') });
  });

  it('accepts only real calendar days as YYYY-MM-DD', () => {
    // The same checks as before, through the filter parser (src/time/relative-date.ts reads dates).
    expect(parseEventFilters('after=2026-11-01')).toEqual({ filters: { after: '2026-11-01' } });
    expect(parseEventFilters('after=2024-02-29')).toEqual({ filters: { after: '2024-02-29' } });
    expect(parseEventFilters('after=2026-02-29')).toEqual({ error: expect.stringMatching(/^after: .*not a day of the calendar/) });
    expect(parseEventFilters('after=2026-13-01')).toEqual({ error: expect.stringMatching(/^after: .*not a day/) });
    expect(parseEventFilters('after=01/11/2026')).toEqual({ error: expect.stringMatching(/^after: .*YYYY-MM-DD/) });
    expect(parseEventFilters('before=2026-11-31')).toEqual({ error: expect.stringMatching(/^before: 2026-11-31 is not a day/) });
    expect(parseEventFilters('after=someday')).toEqual({ error: expect.stringMatching(/^after: .*YYYY-MM-DD/) });
  });

  it('takes relative dates, counted from the clock it is given', () => {
    const ctx = { now: Date.UTC(2026, 10, 20, 12), timeZone: 'UTC' };
    expect(parseEventFilters('after=7d before=yesterday', ctx)).toEqual({ filters: { after: '2026-11-13', before: '2026-11-19' } });
  });

  it("refuses a window no day fits in (GitLab's before and after both exclude their day)", () => {
    expect(parseEventFilters('after=2026-11-10 before=2026-11-11')).toEqual({ error: expect.stringContaining('No day is both after') });
    expect(parseEventFilters('after=2026-11-10 before=2026-11-12')).toEqual({ filters: { after: '2026-11-10', before: '2026-11-12' } });
  });

  it('formats back in a fixed order', () => {
    expect(formatEventFilters({ sort: 'asc', action: 'pushed' })).toBe('action=pushed sort=asc');
    expect(formatEventFilters(undefined)).toBe('');
  });
});
