// Dates for the activity filters (`after=7d`, `before=yesterday`), turned into the `YYYY-MM-DD` the
// GitLab Events API takes. GitLab's `after` and `before` are both exclusive of their own day
// (EventsFinder compares created_at with after's end of day and before's start of day), so
// `after=2026-11-01` starts on 2 November. A relative form names a calendar day, exactly like an ISO
// date would, and the same exclusive reading applies:
//   today, yesterday, tomorrow     the day itself
//   7d, 2w, 7 days, 3 days ago     that many days / weeks before today ("7d" = "7 days ago")
// so `after=7d` is the last 7 days including today and `before=today` is everything until yesterday.
// "Today" is the calendar day at `now` in the given time zone: near midnight a UTC server and a
// Berlin user disagree about it, and the user means their own.

export interface RelativeDateContext {
  /** Milliseconds since the epoch; pass the server's clock estimate when there is one. */
  readonly now: number;
  /** IANA zone the words are read in, e.g. "Europe/Berlin"; the runtime's own when omitted. */
  readonly timeZone?: string;
}

export type RelativeDate = { readonly date: string } | { readonly error: string };

const DAY_MS = 86_400_000;
const HINT = 'use YYYY-MM-DD, today, yesterday, or an age like 7d, 2w, 3 days ago';
const UNITS: Readonly<Record<string, number>> = { d: 1, day: 1, days: 1, w: 7, week: 7, weeks: 7 };
const WORDS: Readonly<Record<string, number>> = { today: 0, yesterday: 1, tomorrow: -1 };

/** Day number (days since 1970-01-01) of the calendar day at `now` in `timeZone`. */
function localDay(now: number, timeZone: string | undefined): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(new Date(now));
  const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return Math.floor(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** An ISO date that exists (2026-02-30 does not), as a day number, or an error. */
function isoDate(text: string): number | string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== text) return `${text} is not a day of the calendar`;
  return ms / DAY_MS;
}

/**
 * `text` as a GitLab date, or a message saying what is accepted. Words are case-insensitive and
 * may be joined by spaces, dashes or underscores ("3-days-ago"), since a filter value has no spaces.
 */
export function resolveRelativeDate(text: string, context: RelativeDateContext): RelativeDate {
  const raw = text.trim();
  if (raw === '') return { error: `a date is needed — ${HINT}` };
  const iso = isoDate(raw);
  if (typeof iso === 'number') return { date: isoDay(iso) };
  if (typeof iso === 'string') return { error: iso };
  if (!Number.isFinite(context.now)) return { error: 'no clock to count from' };
  let today: number;
  try {
    today = localDay(context.now, context.timeZone);
  } catch {
    return { error: `unknown time zone "${context.timeZone}"` };
  }
  const words = raw.toLowerCase().replace(/[\s_-]+/g, ' ');
  const named = WORDS[words];
  if (named !== undefined && Object.hasOwn(WORDS, words)) return { date: isoDay(today - named) };
  const age = /^(\d+) ?([a-z]+)(?: ago)?$/.exec(words);
  if (age) {
    const unit = UNITS[age[2] ?? ''];
    if (unit === undefined || !Object.hasOwn(UNITS, age[2] ?? '')) {
      const months = /^(?:m|mo|mon|month|months|y|yr|year|years)$/.test(age[2] ?? '');
      return { error: months ? `"${raw}": count months and years in days or weeks (e.g. 30d, 52w)` : `"${raw}" is not a date — ${HINT}` };
    }
    const days = Number(age[1]) * unit;
    // Past 100 years the number is surely a typo (and far enough and Date overflows).
    if (days > 36_500) return { error: `"${raw}" is too far back` };
    return { date: isoDay(today - days) };
  }
  return { error: `"${raw}" is not a date — ${HINT}` };
}
