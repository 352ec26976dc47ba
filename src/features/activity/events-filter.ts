// The activity filters of docs/gitlab-api.md §4.6 / §6, typed as one line like the pipeline filters:
// `action=pushed target_type=issue after=2026-11-01 before=2026-11-20 sort=asc`. Values are checked
// against the API's lists and real calendar dates before anything is sent; a mistake keeps the
// prompt open with what was typed and says what is allowed.
import { EVENT_ACTIONS, EVENT_TARGET_TYPES, type EventFilters } from '../../api/index.js';
import { resolveRelativeDate, type RelativeDateContext } from '../../time/relative-date.js';

export const EVENT_FILTER_KEYS = ['action', 'target_type', 'before', 'after', 'sort'] as const;
type FilterKey = (typeof EVENT_FILTER_KEYS)[number];

const ENUMS: Partial<Record<FilterKey, readonly string[]>> = {
  action: EVENT_ACTIONS,
  target_type: EVENT_TARGET_TYPES,
  sort: ['asc', 'desc'],
};

/** `ctx`: the clock relative dates (`after=7d`, `before=yesterday`) count from — the server's when known. */
export function parseEventFilters(text: string, ctx: RelativeDateContext = { now: Date.now() }): { filters: EventFilters } | { error: string } {
  const filters: Record<string, string> = {};
  const re = /\s*([a-z_]+)=(\S*)/y;
  let rest = text.trim();
  while (rest.length) {
    re.lastIndex = 0;
    const m = re.exec(rest);
    if (!m) return { error: `Expected key=value at "${rest.slice(0, 20)}" — keys: ${EVENT_FILTER_KEYS.join(', ')}` };
    // `since=2d` says what `after=2d` means: the last two days (after is exclusive of its day).
    const key = (m[1] === 'since' ? 'after' : m[1]!) as FilterKey;
    let value = m[2]!;
    if (!EVENT_FILTER_KEYS.includes(key)) return { error: `Unknown filter "${m[1]}" — use ${EVENT_FILTER_KEYS.join(', ')} (since = after)` };
    if (value === '') return { error: `${key}= needs a value` };
    const allowed = ENUMS[key];
    if (allowed && !allowed.includes(value)) return { error: `${key} must be one of ${allowed.join(', ')}` };
    if (key === 'before' || key === 'after') {
      // GitLab takes a YYYY-MM-DD; a relative form becomes the day it names (both exclusive).
      const r = resolveRelativeDate(value, ctx);
      if ('error' in r) return { error: `${key}: ${r.error}` };
      value = r.date;
    }
    filters[key] = value;
    rest = rest.slice(re.lastIndex).trim();
  }
  // GitLab's `after` is exclusive of its day and `before` of its own: after=D1 before=D2 needs D2 > D1 + 1 day.
  if (filters.after && filters.before && Date.parse(filters.before) - Date.parse(filters.after) <= 86_400_000) {
    return { error: `No day is both after ${filters.after} and before ${filters.before} — before must be at least two days later` };
  }
  return { filters: filters as EventFilters };
}

export function formatEventFilters(filters: EventFilters | Record<string, string> | undefined): string {
  if (!filters) return '';
  return EVENT_FILTER_KEYS.filter((k) => (filters as Record<string, string | undefined>)[k] !== undefined)
    .map((k) => `${k}=${(filters as Record<string, string>)[k]}`)
    .join(' ');
}

/**
 * The days a filter keeps, both ends included, as the list's status line says them: GitLab's
 * `after=D` starts the day after D and `before=D` ends the day before D, which a newcomer reading
 * "after=2026-11-23" would not guess. Null without dates.
 */
export function eventDays(filters: EventFilters | Record<string, string> | undefined): string | null {
  const f = (filters ?? {}) as Record<string, string | undefined>;
  const shift = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
  const from = f.after ? shift(f.after, 1) : null;
  const until = f.before ? shift(f.before, -1) : null;
  if (from && until) return `days ${from} to ${until}`;
  if (from) return `days from ${from}`;
  if (until) return `days until ${until}`;
  return null;
}

// Dates first: they are what a newcomer gets wrong (GitLab's `after` excludes its own day); the
// prompt cuts the line at a ' · ' when the terminal is narrow.
export const EVENT_FILTER_HINT = [
  'since=2d: the last 2 days',
  'after=YYYY-MM-DD starts the day after (GitLab excludes that day)',
  'before=YYYY-MM-DD|yesterday',
  `action=${EVENT_ACTIONS.join('|')}`,
  `target_type=${EVENT_TARGET_TYPES.join('|')}`,
  'sort=asc|desc',
  'empty: all',
].join(' · ');
