/**
 * The grammar of a GitLab schedule's cron expression: Fugit's (`Gitlab::Ci::CronParser`), with its
 * quirks, since GitLab validates a schedule by handing `"#{cron} #{cron_timezone}"` to Fugit. The
 * simulator must accept and reject the same input as a real GitLab, and the TUI must flag a bad
 * expression before the API does, so this follows Fugit rather than cron-parser (which accepts `?`,
 * `H`, seconds and more, and rejects things Fugit allows such as hour 24 or wrap-around ranges like
 * `22-2`). The result is plain value lists that next-runs.ts and describe.ts read.
 */
/** A weekday entry: `day` 0-6 (Sunday = 0); `nth` 1-5 for `#n`, -1 for the last one in the month. */
export interface Weekday {
  readonly day: number;
  readonly nth: number | null;
}

/**
 * The sets Fugit derives from an expression. `null` means "unrestricted",
 * which is not the same as "every value listed": the day-of-month /
 * day-of-week OR rule applies only when both day fields are restricted.
 */
export interface ParsedCron {
  readonly minutes: readonly number[] | null;
  readonly hours: readonly number[] | null;
  /** 1-31; -1 is `L` (last day of the month). */
  readonly days: readonly number[] | null;
  readonly months: readonly number[] | null;
  readonly weekdays: readonly Weekday[] | null;
}

export type Parsed = { readonly ok: true; readonly cron: ParsedCron } | { readonly ok: false; readonly error: string };

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

export function parseCron(expr: string): Parsed {
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
