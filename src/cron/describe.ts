/**
 * A schedule in words for the schedules pane ("every 30 minutes, 09:00–17:59, Mon–Fri"), or the
 * expression itself when no short reading is honest.
 */
import { parseCron, type ParsedCron } from './grammar.js';

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
