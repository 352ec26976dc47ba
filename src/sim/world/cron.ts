// The simulator's cron: what GitLab accepts for a pipeline schedule and when it runs next. GitLab
// hands `"#{cron} #{cron_timezone}"` to Fugit (lib/gitlab/ci/cron_parser.rb), after mapping a Rails
// zone name to its IANA identifier. This is the simulator's own reading of Fugit's grammar — five
// fields, `*`, lists, ranges (wrap-around `22-2` too), steps, month and day names, day 7 = Sunday,
// hour 24, `L` for the last day of the month, `day#n` for the nth weekday, the `@daily` family —
// written apart from the client's (src/cron), so the two can disagree and a test can tell.
import { RAILS_ZONES } from './rails-zones.js';

interface Cron {
  minutes: Set<number>;
  hours: Set<number>;
  /** 1-31, -1 for `L`; null when `*`. */
  days: Set<number> | null;
  months: Set<number>;
  /** 0-6; null when `*`. */
  weekdays: Set<number> | null;
  /** `day#n` entries: [weekday, n]. */
  nths: [number, number][];
}

const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** One field's values, or null when the field does not parse. */
function field(text: string, min: number, max: number, names: string[] = [], nameBase = 0): Set<number> | null {
  const out = new Set<number>();
  const value = (t: string): number | null => {
    const named = names.indexOf(t.toLowerCase());
    if (named >= 0) return named + nameBase;
    if (!/^\d{1,2}$/.test(t)) return null;
    const n = Number(t);
    return n >= min && n <= max ? n : null;
  };
  for (const part of text.split(',')) {
    const m = /^(\*|[^-/]+)(?:-([^/]+))?(?:\/(\d{1,2}))?$/.exec(part);
    if (!m) return null;
    const step = m[3] === undefined ? 1 : Number(m[3]);
    if (step < 1) return null;
    let from = min;
    let to = max;
    if (m[1] !== '*') {
      const a = value(m[1]!);
      if (a === null) return null;
      from = a;
      to = m[2] === undefined ? (m[3] === undefined ? a : max) : (value(m[2]) ?? NaN);
      if (Number.isNaN(to)) return null;
    } else if (m[2] !== undefined) return null;
    // Fugit takes `22-2` as a range that wraps round the field's end.
    const span = to >= from ? to - from : max - from + 1 + (to - min);
    for (let i = 0; i <= span; i += step) out.add(from + i > max ? from + i - (max - min + 1) : from + i);
  }
  return out;
}

function parse(expression: string): Cron | null {
  const text = MACROS[expression.trim()] ?? expression.trim();
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return null;
  const [mi, ho, dom, mo, dow] = parts as [string, string, string, string, string];
  const minutes = field(mi, 0, 59);
  const hours = field(ho, 0, 24);
  const months = field(mo, 1, 12, MONTHS, 1);
  if (!minutes || !hours || !months) return null;
  if (hours.delete(24)) hours.add(0);
  let days: Set<number> | null = null;
  if (dom !== '*') {
    days = new Set();
    for (const part of dom.split(',')) {
      if (part.toUpperCase() === 'L') days.add(-1);
      else {
        const values = field(part, 1, 31);
        if (!values) return null;
        for (const v of values) days.add(v);
      }
    }
  }
  // Fugit drops days that never occur in the chosen months; none left is an invalid expression
  // (`0 0 31 2 *`). Longest month lengths: February counts 29.
  if (days !== null && mo !== '*') {
    const longest = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if (![...days].some((d) => [...months].some((m) => d === -1 || d <= longest[m - 1]!))) return null;
  }
  let weekdays: Set<number> | null = null;
  const nths: [number, number][] = [];
  if (dow !== '*') {
    weekdays = new Set();
    for (const part of dow.split(',')) {
      const nth = /^([a-zA-Z]{3}|\d)#([1-5])$/.exec(part);
      if (nth) {
        const day = field(nth[1]!, 0, 7, DAYS);
        if (!day || day.size !== 1) return null;
        nths.push([[...day][0]! % 7, Number(nth[2])]);
        continue;
      }
      const values = field(part, 0, 7, DAYS);
      if (!values) return null;
      for (const v of values) weekdays.add(v % 7);
    }
  }
  return { minutes, hours, days, months, weekdays, nths };
}

/** Null when GitLab would accept the expression, else why not. */
export function cronProblem(expression: string): string | null {
  return typeof expression === 'string' && parse(expression) ? null : 'syntax is invalid';
}

const intlZones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);

/** The IANA zone GitLab would use for `name` (a Rails name or an IANA one), or null. */
export function zoneOf(name: string): string | null {
  if (typeof name !== 'string' || name === '') return null;
  if (intlZones.has(name)) return name;
  if (Object.hasOwn(RAILS_ZONES, name)) return RAILS_ZONES[name] ?? null;
  // Link names (US/Eastern, Asia/Kolkata) that Intl knows, spelled exactly as tzdata spells them.
  if (!/^[A-Z][A-Za-z0-9+-]*(?:\/[A-Z][A-Za-z0-9+\-_]*){0,2}$/.test(name)) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() && resolved !== name ? null : name;
  } catch {
    return null;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock fields of an instant in a zone. */
function wall(ms: number, zone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(zone, format);
  }
  const parts = format.formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

/** The zone's offset from UTC at an instant (ms). */
function offsetAt(ms: number, zone: string): number {
  const w = wall(ms, zone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant of a wall-clock time in a zone. A time that the clocks skip (a spring-forward gap)
 * is taken with the offset before the change — `0 2 * * *` runs at 03:00 the night New York skips
 * 02:00, as cron runs what the skipped hour held; of a repeated time, the first.
 */
function instant(y: number, mo: number, d: number, h: number, mi: number, zone: string): number {
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const before = asUtc - offsetAt(asUtc - 12 * 3_600_000, zone);
  const w = wall(before, zone);
  if (w.h === h && w.mi === mi && w.d === d) return before;
  const after = asUtc - offsetAt(asUtc + 12 * 3_600_000, zone);
  const v = wall(after, zone);
  return v.h === h && v.mi === mi && v.d === d ? after : before;
}

function dayMatches(cron: Cron, y: number, mo: number, d: number): boolean {
  if (!cron.months.has(mo)) return false;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  const byDay = cron.days === null ? null : cron.days.has(d) || (cron.days.has(-1) && d === last);
  const byWeekday =
    cron.weekdays === null && !cron.nths.length
      ? null
      : (cron.weekdays?.has(weekday) ?? false) || cron.nths.some(([w, n]) => w === weekday && Math.ceil(d / 7) === n);
  // As cron (and Fugit) do: both day fields restricted → either matches; one → that one.
  if (byDay === null && byWeekday === null) return true;
  if (byDay === null) return byWeekday!;
  if (byWeekday === null) return byDay;
  return byDay || byWeekday;
}

/** The next `count` runs strictly after `from` (epoch ms), in the schedule's zone (Feb 29th: `count` leap years ahead). */
export function upcomingRuns(expression: string, timeZone: string, from: number, count: number): number[] {
  const cron = parse(expression);
  const zone = zoneOf(timeZone);
  if (!cron || !zone) throw new Error(`cannot schedule "${expression}" in "${timeZone}"`);
  const out: number[] = [];
  const start = wall(from, zone);
  const hours = [...cron.hours].sort((a, b) => a - b);
  const minutes = [...cron.minutes].sort((a, b) => a - b);
  let day = Date.UTC(start.y, start.mo - 1, start.d);
  for (let i = 0, days = 366 * 4 * (count + 1); i < days && out.length < count; i++, day += 86_400_000) {
    const date = new Date(day);
    const [y, mo, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (!dayMatches(cron, y, mo, d)) continue;
    for (const h of hours) {
      for (const mi of minutes) {
        if (out.length >= count) break;
        const t = instant(y, mo, d, h, mi, zone);
        if (t > from && !out.includes(t)) out.push(t);
      }
    }
  }
  return out.sort((a, b) => a - b);
}
