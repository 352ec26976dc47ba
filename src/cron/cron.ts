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
  const head = [
    list(cron.minutes),
    list(cron.hours),
    list(cron.days, (day) => (day === -1 ? 'L' : String(day))),
    list(cron.months),
  ].join(' ');
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

  const iterators = toCronParserExpressions(parsed.cron).map((e) =>
    CronExpressionParser.parse(e, { currentDate: new Date(from), tz: zone }),
  );
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

function describeParsed(cron: ParsedCron): string | null {
  const { minutes, hours, days, months, weekdays } = cron;
  const everyDay = days === null && months === null && weekdays === null;

  if (hours === null && everyDay) {
    if (minutes === null) return 'every minute';
    const step = evenStep(minutes, 60);
    if (step !== null) return `every ${step} minutes`;
    if (minutes.length === 1) return `every hour at :${pad(minutes[0] ?? 0)}`;
    return null;
  }
  if (minutes === null || minutes.length !== 1) return null;
  const minute = minutes[0] ?? 0;
  if (hours === null) return null; // "every minute of…" shapes with a day restriction: leave raw
  const hourStep = evenStep(hours, 24);
  if (hourStep !== null) return everyDay ? `every ${hourStep} hours at :${pad(minute)}` : null;
  if (hours.length > 4) return null;
  const at = joinWords(hours.map((h) => `${pad(h)}:${pad(minute)}`));

  if (everyDay) return `every day at ${at}`;
  if (days === null && months === null && weekdays !== null) {
    const plain = weekdays.every((w) => w.nth === null);
    const dayList = weekdays.map((w) => w.day);
    if (plain && dayList.length === 1) return `every ${DAY_WORDS[dayList[0] ?? 0]} at ${at}`;
    if (plain && sameValues(dayList, [1, 2, 3, 4, 5])) return `at ${at} on weekdays (Mon\u2013Fri)`;
    if (plain && sameValues(dayList, [0, 6])) return `at ${at} on weekends (Sat\u2013Sun)`;
    if (plain) return `at ${at} on ${joinWords(dayList.map((d) => DAY_SHORT[d] ?? ''))}`;
    const [only] = weekdays;
    if (weekdays.length === 1 && only !== undefined && only.nth !== null) {
      const which = only.nth === -1 ? 'last' : ORDINALS[only.nth];
      return `on the ${which} ${DAY_WORDS[only.day]} of every month at ${at}`;
    }
    return null;
  }
  if (weekdays === null && days !== null && days.length === 1) {
    const day = days[0] ?? 1;
    const dayWords = day === -1 ? 'the last day' : `day ${day}`;
    if (months === null) return `on ${dayWords} of every month at ${at}`;
    if (months.length === 1 && day !== -1) return `every year on ${MONTH_SHORT[(months[0] ?? 1) - 1]} ${day} at ${at}`;
  }
  return null;
}

export function describeCron(expr: string): string {
  const parsed = parseCron(expr);
  const words = parsed.ok ? describeParsed(parsed.cron) : null;
  return words ?? (typeof expr === 'string' ? expr.trim() : String(expr));
}
