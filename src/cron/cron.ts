/**
 * Cron expressions and time zones of GitLab pipeline schedules.
 *
 * GitLab validates a schedule by handing `"#{cron} #{cron_timezone}"` to
 * Fugit (`Gitlab::Ci::CronParser`), after mapping a Rails zone name to its
 * IANA identifier. The simulator must accept and reject the same input as a
 * real GitLab, and the TUI must flag a bad expression before the API does, so
 * validation here follows Fugit's grammar and quirks rather than
 * cron-parser's (which accepts `?`, `H`, seconds and more, and rejects things
 * Fugit allows such as hour 24 or wrap-around ranges like `22-2`).
 *
 * The schedule arithmetic (next run, DST gaps) is cron-parser's: we only
 * normalise what Fugit accepted into plain value lists cron-parser
 * understands, so both agree on which minutes/hours/days match.
 */
import { CronExpressionParser } from 'cron-parser';
import { RAILS_TIME_ZONES } from './rails-zones.js';

/** A weekday entry: `day` 0-6 (Sunday = 0); `nth` 1-5 for `#n`, -1 for the last one in the month. */
interface Weekday {
  readonly day: number;
  readonly nth: number | null;
}

/**
 * The sets Fugit derives from an expression. `null` means "unrestricted",
 * which is not the same as "every value listed": the day-of-month /
 * day-of-week OR rule applies only when both day fields are restricted.
 */
interface ParsedCron {
  readonly minutes: readonly number[] | null;
  readonly hours: readonly number[] | null;
  /** 1-31; -1 is `L` (last day of the month). */
  readonly days: readonly number[] | null;
  readonly months: readonly number[] | null;
  readonly weekdays: readonly Weekday[] | null;
}

type Parsed = { readonly ok: true; readonly cron: ParsedCron } | { readonly ok: false; readonly error: string };

/** Fugit's `SPECIALS`, minus `@reboot` (no schedule) and `@noon` (see the module report). Case-sensitive, like Fugit. */
const MACROS: Readonly<Record<string, string>> = Object.freeze({
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
});

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Longest month lengths (February = 29), as Fugit uses to reject days that never occur in the chosen months. */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

interface FieldSpec {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** Fugit's value regex for the field; anchored here because Fugit must consume the whole token. */
  readonly value: RegExp;
  /** Names accepted instead of numbers (index + offset = value). */
  readonly names?: readonly string[];
  readonly nameOffset?: number;
}

// These regexes are Fugit's (lib/fugit/cron.rb): they also define which
// spellings are legal, e.g. "07" is a minute but "007" is not, and hour 24 is
// accepted (Fugit turns it into 0).
const MINUTE: FieldSpec = { name: 'minute', min: 0, max: 59, value: /^[0-5]?\d$/ };
const HOUR: FieldSpec = { name: 'hour', min: 0, max: 23, value: /^(?:2[0-4]|[01]?\d)$/ };
const DAY: FieldSpec = { name: 'day-of-month', min: 1, max: 31, value: /^(?:3[01]|[12]\d|0?[1-9])$/ };
const MONTH: FieldSpec = {
  name: 'month',
  min: 1,
  max: 12,
  value: /^(?:1[0-2]|0?[1-9]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)$/i,
  names: MONTH_NAMES,
  nameOffset: 1,
};
const WEEKDAY: FieldSpec = {
  name: 'day-of-week',
  min: 0,
  max: 7,
  value: /^(?:[0-7]|sun|mon|tue|wed|thu|fri|sat)$/i,
  names: DAY_NAMES,
  nameOffset: 0,
};

/** Parse failure carried up to the caller as a short reason. */
class CronSyntaxError extends Error {}

function fail(reason: string): never {
  throw new CronSyntaxError(reason);
}

function toValue(spec: FieldSpec, token: string): number {
  if (!spec.value.test(token)) {
    if (/^\d+$/.test(token)) fail(`${spec.name} ${token} is out of range (${spec.min}-${spec.max})`);
    fail(`invalid ${spec.name} value "${token}"`);
  }
  if (/^\d+$/.test(token)) return Number(token);
  const index = spec.names?.indexOf(token.toLowerCase()) ?? -1;
  return index + (spec.nameOffset ?? 0);
}

/**
 * Fugit's step is `/` plus one or two digits. Step 0 crashes Fugit (modulo by
 * zero) everywhere except day-of-week, where Fugit reads it as 1.
 */
function toStep(spec: FieldSpec, token: string): number {
  if (!/^\d{1,2}$/.test(token)) fail(`invalid ${spec.name} step "/${token}"`);
  const step = Number(token);
  if (step === 0 && spec !== WEEKDAY) fail(`${spec.name} step must be at least 1`);
  return Math.max(step, 1);
}

interface Element {
  readonly start: number | null;
  readonly end: number | null;
  readonly step: number | null;
}

/** One comma-separated item: `*`, `a`, `a-b`, each optionally with `/s`, or a bare `/s` (Fugit reads it as `*\/s`). */
function parseElement(spec: FieldSpec, item: string): Element {
  const match = /^(?:(\*)|([^-/*]+)(?:-([^-/*]+))?)?(?:\/(.*))?$/.exec(item);
  if (!match || (match[1] === undefined && match[2] === undefined && match[4] === undefined)) {
    fail(`invalid ${spec.name} "${item}"`);
  }
  const start = match[2] === undefined ? null : toValue(spec, match[2]);
  const end = match[3] === undefined ? null : toValue(spec, match[3]);
  const step = match[4] === undefined ? null : toStep(spec, match[4]);
  return { start, end, step };
}

/**
 * Fugit's `Cron#range`: walks from `start` to `end`, wrapping past the
 * field's maximum (so `22-2` is 22,23,0,1,2), then keeps every `step`-th
 * value counted from `start`. A full range with step 1 is "unrestricted".
 */
function walkRange(min: number, max: number, start: number, end: number, step: number): number[] | null {
  if (start === min && end === max && step === 1) return null;
  const walked: number[] = [];
  let cur = start;
  let last = end;
  for (;;) {
    walked.push(cur);
    if (cur === last) break;
    cur += 1;
    if (cur > max) {
      cur = min;
      if (last > max) last = last - max - 1;
    }
    // Fugit raises here ("too many loops"); with the value regexes above it cannot happen, but never spin.
    if (walked.length > 2 * max + 2) fail(`invalid range ${start}-${end}`);
  }
  return [...new Set(walked.filter((_, i) => i % step === 0))];
}

/** Fugit's `Cron#expand` for minute, hour, day-of-month and month elements. */
function expand(spec: FieldSpec, element: Element): number[] | null {
  const { start, step } = element;
  // "a/s" means "a-max/s" (Fugit >= 1.4.6), so a step fills in a missing end.
  const end = step !== null && element.end === null ? spec.max : element.end;
  if (start === null && end === null && step === null) return null; // "*"
  if (start !== null && end === null) return [start];
  return walkRange(spec.min, spec.max, start ?? spec.min, end ?? spec.max, step ?? 1);
}

/** Splits a field on commas; Fugit tolerates empty items (",5,,10,") as long as one item is present. */
function items(spec: FieldSpec, field: string): string[] {
  const parts = field.split(',').filter((part) => part !== '');
  if (parts.length === 0) fail(`empty ${spec.name} field`);
  return parts;
}

function parseSimpleField(spec: FieldSpec, field: string): number[] | null {
  const values: number[] = [];
  let unrestricted = false;
  for (const item of items(spec, field)) {
    const expanded = expand(spec, parseElement(spec, item));
    // Fugit: one "*" anywhere in the list makes the whole field unrestricted.
    if (expanded === null) unrestricted = true;
    else values.push(...expanded);
  }
  if (unrestricted) return null;
  const normalised = spec === HOUR ? values.map((h) => (h === 24 ? 0 : h)) : values;
  return [...new Set(normalised)].sort((a, b) => a - b);
}

function rejectExtensions(spec: FieldSpec, field: string): void {
  // Fugit accepts a trailing "&" (day-of-month AND day-of-week); cron-parser
  // cannot express it, so accepting it would promise runs we cannot compute.
  if (field.includes('&')) fail(`the "&" extension in ${spec.name} is not supported`);
}

function parseDays(field: string): number[] | null {
  rejectExtensions(DAY, field);
  const values: number[] = [];
  let unrestricted = false;
  for (const item of items(DAY, field)) {
    if (/^(?:last|l)$/i.test(item)) {
      values.push(-1);
      continue;
    }
    // Fugit also reads "-3" as "third-to-last day" and "-7-L" as a range;
    // cron-parser knows only a bare L, so those are refused explicitly.
    if (item.startsWith('-') || /l/i.test(item)) {
      fail(`day-of-month "${item}": only a bare L (last day) is supported, not negative days or ranges with L`);
    }
    const expanded = expand(DAY, parseElement(DAY, item));
    if (expanded === null) unrestricted = true;
    else values.push(...expanded);
  }
  if (unrestricted) return null;
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Ruby's Array#<=> on [day] / [day, nth]: by day, a plain day before any #n, then by nth. */
function compareWeekdays(a: Weekday, b: Weekday): number {
  if (a.day !== b.day) return a.day - b.day;
  if (a.nth === b.nth) return 0;
  if (a.nth === null) return -1;
  if (b.nth === null) return 1;
  return a.nth - b.nth;
}

/** Fugit's `determine_weekdays`, including its quirks (see inline notes). */
function parseWeekdays(field: string): Weekday[] | null {
  rejectExtensions(WEEKDAY, field);
  const entries: Weekday[] = [];
  for (const item of items(WEEKDAY, field)) {
    if (item.includes('%')) fail(`the "%" (every n-th week) extension in day-of-week is not supported`);
    const hash = /^([^#]+)#(.*)$/.exec(item);
    if (hash) {
      const day = toValue(WEEKDAY, hash[1] ?? '');
      const nthToken = (hash[2] ?? '').toLowerCase();
      let nth: number;
      if (nthToken === 'l' || nthToken === 'last' || nthToken === '-1') nth = -1;
      else if (/^[1-5]$/.test(nthToken)) nth = Number(nthToken);
      else if (/^-[2-5]$/.test(nthToken)) fail(`day-of-week "${item}": counting back further than the last weekday is not supported`);
      else fail(`invalid day-of-week "${item}"`);
      entries.push({ day, nth });
      continue;
    }
    const { start, end, step } = parseElement(WEEKDAY, item);
    if (step !== null) {
      // Fugit: "a/s" here is just a..a (not a..6), and a reversed range with a step is empty.
      const from = start ?? 0;
      const to = end ?? (start !== null ? start : 6);
      for (let d = from; d <= to; d += step) entries.push({ day: d, nth: null });
    } else if (start !== null && end !== null) {
      // Fugit wraps reversed ranges through the week: "fri-mon" is 5,6,0,1.
      const to = start > end ? end + 7 : end;
      for (let d = start; d <= to; d += 1) entries.push({ day: d > 6 ? d - 7 : d, nth: null });
    } else if (start !== null) {
      entries.push({ day: start, nth: null });
    }
    // A bare "*" adds nothing; unlike other fields, "*,1" is therefore just Monday.
  }
  const unique = new Map<string, Weekday>();
  for (const entry of entries) {
    const normalised = { day: entry.day === 7 ? 0 : entry.day, nth: entry.nth };
    unique.set(`${normalised.day}#${normalised.nth}`, normalised);
  }
  if (unique.size === 0) return null;
  // Fugit's matcher takes the first entry per weekday after sorting, so
  // "1,1#2" is every Monday and "1#2,1#3" only the second Monday.
  const firstPerDay = new Map<number, Weekday>();
  for (const entry of [...unique.values()].sort(compareWeekdays)) {
    if (!firstPerDay.has(entry.day)) firstPerDay.set(entry.day, entry);
  }
  return [...firstPerDay.values()];
}

function parseFields(fields: readonly string[]): ParsedCron {
  const [minuteField = '', hourField = '', dayField = '', monthField = '', weekdayField = ''] = fields;
  const minutes = parseSimpleField(MINUTE, minuteField);
  const hours = parseSimpleField(HOUR, hourField);
  let days = parseDays(dayField);
  let months = parseSimpleField(MONTH, monthField);
  const weekdays = parseWeekdays(weekdayField);

  // Fugit's compact_month_days: with both restricted, drop days that never
  // occur in the chosen months (and months left without any day); nothing
  // left makes the expression invalid, e.g. "0 0 30 2 *".
  if (days !== null && months !== null) {
    const keptMonths = new Set<number>();
    const keptDays = new Set<number>();
    for (const month of months) {
      for (const day of days) {
        if (day > (MAX_DAYS[month - 1] ?? 31)) continue;
        keptMonths.add(month);
        keptDays.add(day);
      }
    }
    if (keptMonths.size === 0) fail('day-of-month never occurs in the given month(s)');
    months = [...keptMonths];
    days = [...keptDays];
  }
  return { minutes, hours, days, months, weekdays };
}

function parseCron(expr: string): Parsed {
  if (typeof expr !== 'string') return { ok: false, error: 'not a string' };
  const text = expr.trim();
  if (text === '') return { ok: false, error: 'empty expression' };
  let body = text;
  if (text.startsWith('@')) {
    const macro = MACROS[text];
    if (macro === undefined || !Object.hasOwn(MACROS, text)) {
      return { ok: false, error: `unknown macro "${text}" (use ${Object.keys(MACROS).join(', ')})` };
    }
    body = macro;
  }
  // Fugit separates fields with spaces and tabs only.
  const fields = body.split(/[ \t]+/);
  if (fields.length === 6) {
    return { ok: false, error: '6 fields: a seconds field is not accepted, use minute hour day-of-month month day-of-week' };
  }
  if (fields.length !== 5) {
    return { ok: false, error: `expected 5 fields (minute hour day-of-month month day-of-week), got ${fields.length}` };
  }
  try {
    return { ok: true, cron: parseFields(fields) };
  } catch (error) {
    if (error instanceof CronSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

export function cronError(expr: string): string | null {
  const parsed = parseCron(expr);
  return parsed.ok ? null : parsed.error;
}

/* ------------------------------------------------------------------ */
/* Time zones                                                          */
/* ------------------------------------------------------------------ */

let ianaNamesCache: ReadonlySet<string> | undefined;

/** The runtime's canonical IANA names plus the UTC spellings V8 folds into "UTC" and does not list. */
function ianaNames(): ReadonlySet<string> {
  ianaNamesCache ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC']);
  return ianaNamesCache;
}

/**
 * Fugit's zone-name regex (`_tz_name`): GitLab appends the zone to the cron
 * string, so a name Fugit cannot tokenise is rejected even if tzinfo knows it.
 * It also gives us the case-sensitivity Intl lacks for link names.
 */
const FUGIT_ZONE_SHAPE = /^[A-Z][a-zA-Z0-9+-]+(?:\/[A-Z][a-zA-Z0-9+\-_]+){0,2}$/;

/** Intl's canonical name for a zone, or null when the runtime does not know it. */
function intlZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function resolveTimeZone(name: string): string | null {
  if (typeof name !== 'string' || name === '') return null;
  if (ianaNames().has(name)) return name;
  if (Object.hasOwn(RAILS_TIME_ZONES, name)) return RAILS_TIME_ZONES[name] ?? null;
  // Link names ("Asia/Kolkata", "US/Eastern", "GMT") are not listed by
  // supportedValuesOf on Node 20's ICU but tzinfo and Intl accept them.
  // Intl matches case-insensitively, so "Europe/BERLIN" must be caught here:
  // a case-only difference from the canonical name is a wrong spelling.
  if (!FUGIT_ZONE_SHAPE.test(name)) return null;
  const canonical = intlZone(name);
  if (canonical === null) return null;
  if (canonical !== name && canonical.toLowerCase() === name.toLowerCase()) return null;
  return name;
}

export function timeZoneNames(): string[] {
  return [...new Set([...ianaNames(), ...Object.keys(RAILS_TIME_ZONES)])].sort();
}

/* ------------------------------------------------------------------ */
/* Next runs                                                           */
/* ------------------------------------------------------------------ */

function list(values: readonly number[] | null, render: (value: number) => string = String): string {
  return values === null ? '*' : values.map(render).join(',');
}

/**
 * Plain cron-parser expressions whose union is the schedule. cron-parser
 * refuses `#` inside a list, so every `#n` / last-weekday entry gets its own
 * expression; the union is exact because day-of-month OR day-of-week
 * distributes over the weekday list.
 */
function toCronParserExpressions(cron: ParsedCron): string[] {
  const head = [list(cron.minutes), list(cron.hours), list(cron.days, (day) => (day === -1 ? 'L' : String(day))), list(cron.months)].join(' ');
  if (cron.weekdays === null) return [`${head} *`];
  const plain = cron.weekdays.filter((w) => w.nth === null).map((w) => w.day);
  const expressions = plain.length > 0 ? [`${head} ${plain.join(',')}`] : [];
  for (const w of cron.weekdays) {
    if (w.nth === null) continue;
    expressions.push(`${head} ${w.nth === -1 ? `${w.day}L` : `${w.day}#${w.nth}`}`);
  }
  return expressions;
}

export function nextRuns(expr: string, timeZone: string, from: number, count: number): number[] {
  const parsed = parseCron(expr);
  if (!parsed.ok) throw new Error(`invalid cron "${expr}": ${parsed.error}`);
  const zone = resolveTimeZone(timeZone);
  if (zone === null) throw new Error(`unknown time zone "${timeZone}"`);
  if (!Number.isFinite(from)) throw new RangeError(`invalid start time ${from}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`invalid count ${count}`);
  if (count === 0) return [];

  const iterators = toCronParserExpressions(parsed.cron).map((e) => CronExpressionParser.parse(e, { currentDate: new Date(from), tz: zone }));
  const heads = iterators.map((it) => it.next().toDate().getTime());
  const runs: number[] = [];
  // k-way merge of ascending streams; equal instants from different streams collapse.
  while (runs.length < count) {
    let best = 0;
    for (let i = 1; i < heads.length; i += 1) {
      if ((heads[i] ?? Infinity) < (heads[best] ?? Infinity)) best = i;
    }
    const next = heads[best] ?? Infinity;
    const previous = runs.length > 0 ? (runs[runs.length - 1] ?? from) : from;
    if (next > previous) runs.push(next);
    const iterator = iterators[best];
    if (iterator === undefined) break;
    heads[best] = iterator.next().toDate().getTime();
  }
  return runs;
}

/* ------------------------------------------------------------------ */
/* Description                                                         */
/* ------------------------------------------------------------------ */

const DAY_WORDS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'] as const;

const pad = (n: number): string => String(n).padStart(2, '0');

/** The N of an evenly spaced set "0, N, 2N, … " covering the whole field, or null. */
function evenStep(values: readonly number[] | null, size: number): number | null {
  if (values === null || values.length < 2 || values[0] !== 0) return null;
  const step = values[1] ?? 0;
  if (step <= 1 || size % step !== 0 || values.length !== size / step) return null;
  return values.every((v, i) => v === i * step) ? step : null;
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Runs of consecutive values: [1,2,3,5] → [[1,3],[5,5]]. */
function runs(values: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const v of values) {
    const last = out[out.length - 1];
    if (last !== undefined && v === last[1] + 1) last[1] = v;
    else out.push([v, v]);
  }
  return out;
}

/** "Mon–Fri", "Mon, Wed and Fri", "Mon–Wed and Fri": runs of three or more read as a range. */
function namedRuns(values: readonly number[], names: readonly string[]): string {
  const parts = runs(values).flatMap(([a, b]) => {
    if (b - a >= 2) return [`${names[a] ?? a}\u2013${names[b] ?? b}`];
    return a === b ? [names[a] ?? String(a)] : [names[a] ?? String(a), names[b] ?? String(b)];
  });
  return joinWords(parts);
}

/** "the 1st", "the 22nd": day-of-month ordinals. */
function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The minute field on its own, when every hour it applies to is meant: "every minute", "every 15
 * minutes", "every hour at :05 and :35". Null when it has no short honest reading, e.g. `*\/7`
 * (0, 7, … 56 and then 0 again: the gap across the hour is 4 minutes, not 7).
 */
function minutePhrase(minutes: readonly number[] | null): string | null {
  if (minutes === null) return 'every minute';
  const step = evenStep(minutes, 60);
  if (step !== null) return `every ${step} minutes`;
  if (minutes.length <= 4) return `every hour at ${joinWords(minutes.map((m) => `:${pad(m)}`))}`;
  const [run] = runs(minutes);
  if (run !== undefined && runs(minutes).length === 1) return `every minute from :${pad(run[0])} to :${pad(run[1])}`;
  return null;
}

/**
 * The hours a minute phrase applies to, as clock windows: 9-17 → "09:00–17:59", 9,13 →
 * "09:00–09:59 and 13:00–13:59", `*\/2` → "in every 2nd hour". A window ends at the last minute
 * the schedule may fire in it, as a person reading a timetable expects ("every 30 minutes,
 * 09:00–17:59" runs at 17:30 too). Null past three windows: a list that long reads worse than cron.
 */
function hourWindows(hours: readonly number[], minutes: readonly number[] | null): string | null {
  const step = evenStep(hours, 24);
  if (step !== null) return `in every ${ordinal(step)} hour`;
  const windows = runs(hours);
  if (windows.length > 3) return null;
  // A cadence ("every 30 minutes") fills whole hours; a few fixed minutes span first to last run.
  const cadence = minutes === null || evenStep(minutes, 60) !== null || minutes.length > 4;
  const first = cadence ? 0 : (minutes[0] ?? 0);
  const last = cadence ? 59 : (minutes[minutes.length - 1] ?? 59);
  return joinWords(windows.map(([a, b]) => `${pad(a)}:${pad(first)}\u2013${pad(b)}:${pad(last)}`));
}

/** The N of `min/N` over a whole field (min, min+N, … up to the last value that fits), or null. */
function fieldStep(values: readonly number[], min: number, max: number): number | null {
  if (values.length < 2 || values[0] !== min) return null;
  const step = (values[1] ?? min) - min;
  if (step <= 1 || values.length !== Math.floor((max - min) / step) + 1) return null;
  return values.every((v, i) => v === min + i * step) ? step : null;
}

/** The day restriction after a time phrase, or null when it has no short reading (then the raw expression is kept). */
function dayPhrase(cron: ParsedCron): string | null {
  const { days, months, weekdays } = cron;
  // Both day fields restricted means day-of-month OR day-of-week: words would mislead, keep cron.
  if (days !== null && weekdays !== null) return null;
  const parts: string[] = [];
  if (weekdays !== null) {
    if (weekdays.every((w) => w.nth === null)) {
      // With Saturday in the list, Sunday reads as the end of the week: "Fri–Sun", "Sat and Sun".
      const days0 = weekdays.map((w) => w.day);
      const list = days0.includes(6) ? days0.map((d) => (d === 0 ? 7 : d)).sort((a, b) => a - b) : days0;
      const names = [...DAY_SHORT, 'Sun'];
      if (list.length === 1) parts.push(`on ${DAY_WORDS[(list[0] ?? 0) % 7]}s`);
      else if (runs(list).length === 1 && list.length > 2) parts.push(namedRuns(list, names));
      else parts.push(`on ${namedRuns(list, names)}`);
    } else if (weekdays.length === 1 && weekdays[0] !== undefined) {
      const only = weekdays[0];
      parts.push(`on the ${only.nth === -1 ? 'last' : ORDINALS[only.nth ?? 1]} ${DAY_WORDS[only.day]} of the month`);
    } else return null;
  }
  if (days !== null) {
    const plain = days.filter((d) => d !== -1);
    const words: string[] = [];
    const step = days.includes(-1) ? null : fieldStep(plain, 1, 31);
    if (step !== null) words.push(`every ${ordinal(step)} day`);
    else if (plain.length > 0) {
      const ranges = runs(plain).map(([a, b]) => (a === b ? ordinal(a) : b - a === 1 ? `${ordinal(a)} and ${ordinal(b)}` : `${ordinal(a)}\u2013${ordinal(b)}`));
      if (ranges.length > 4) return null;
      words.push(`the ${joinWords(ranges)}`);
    }
    if (days.includes(-1)) words.push('the last day');
    parts.push(`on ${joinWords(words)} of the month`);
  }
  if (months !== null) {
    const step = fieldStep(months, 1, 12);
    parts.push(
      step !== null && months.length > 4
        ? `in every ${ordinal(step)} month`
        : `in ${
            runs(months).length === 1 && months.length > 2
              ? namedRuns(
                  months.map((m) => m - 1),
                  MONTH_SHORT,
                )
              : joinWords(months.map((m) => MONTH_SHORT[m - 1] ?? String(m)))
          }`,
    );
  }
  return parts.join(' ');
}

/** The shapes that read best as one or a few clock times: "every day at 02:00", "every Monday at 06:30". */
function describeAtTimes(cron: ParsedCron, at: string): string | null {
  const { days, months, weekdays } = cron;
  const everyDay = days === null && months === null && weekdays === null;
  if (everyDay) return `every day at ${at}`;
  if (days === null && months === null && weekdays !== null) {
    const plain = weekdays.every((w) => w.nth === null);
    const dayList = weekdays.map((w) => w.day);
    if (plain && dayList.length === 1) return `every ${DAY_WORDS[dayList[0] ?? 0]} at ${at}`;
    if (plain && sameValues(dayList, [1, 2, 3, 4, 5])) return `at ${at} on weekdays (Mon\u2013Fri)`;
    if (plain && sameValues(dayList, [0, 6])) return `at ${at} on weekends (Sat\u2013Sun)`;
    const [only] = weekdays;
    if (!plain && weekdays.length === 1 && only !== undefined && only.nth !== null) {
      const which = only.nth === -1 ? 'last' : ORDINALS[only.nth];
      return `on the ${which} ${DAY_WORDS[only.day]} of every month at ${at}`;
    }
  }
  if (weekdays === null && days !== null && days.length === 1) {
    const day = days[0] ?? 1;
    const dayWords = day === -1 ? 'the last day' : `day ${day}`;
    if (months === null) return `on ${dayWords} of every month at ${at}`;
    if (months.length === 1 && day !== -1) return `every year on ${MONTH_SHORT[(months[0] ?? 1) - 1]} ${day} at ${at}`;
  }
  const when = dayPhrase(cron);
  if (when === null) return null;
  return /^(?:on|in) /.test(when) ? `at ${at} ${when}` : `at ${at} on ${when}`;
}

/**
 * Words for a parsed expression, or null to show the expression itself. A few clock times read as
 * times ("every day at 09:00 and 17:00"); anything denser reads as a cadence, then the hours it
 * runs in, then the days: "every 30 minutes, 09:00–17:59, Mon–Fri" (crontab.guru says "At every
 * 30th minute past every hour from 9 through 17 on every day-of-week from Monday through Friday").
 */
function describeParsed(cron: ParsedCron): string | null {
  const { minutes, hours, days, months, weekdays } = cron;
  const everyDay = days === null && months === null && weekdays === null;
  const timeCount = (minutes?.length ?? 60) * (hours?.length ?? 24);

  if (minutes !== null && hours !== null && timeCount <= 6 && minutes.length === 1) {
    return describeAtTimes(cron, joinWords(hours.map((h) => `${pad(h)}:${pad(minutes[0] ?? 0)}`)));
  }
  const when = everyDay ? '' : dayPhrase(cron);
  if (when === null) return null;
  const days_ = when === '' ? '' : /^on |^in /.test(when) ? ` ${when}` : `, ${when}`;

  const hourStep = hours === null ? null : evenStep(hours, 24);
  if (minutes !== null && minutes.length === 1 && hourStep !== null) return `every ${hourStep} hours at :${pad(minutes[0] ?? 0)}${days_}`;
  const cadence = minutePhrase(minutes);
  if (cadence === null) return null;
  if (hours === null) return `${cadence}${days_}`;
  const windows = hourWindows(hours, minutes);
  if (windows === null) return null;
  return `${cadence}${windows.startsWith('in ') ? ' ' : ', '}${windows}${days_}`;
}

export function describeCron(expr: string): string {
  const parsed = parseCron(expr);
  const words = parsed.ok ? describeParsed(parsed.cron) : null;
  return words ?? (typeof expr === 'string' ? expr.trim() : String(expr));
}
