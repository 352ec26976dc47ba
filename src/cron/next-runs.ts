/**
 * The next runs of a schedule. The arithmetic (next run, DST gaps) is cron-parser's: what Fugit
 * accepted (grammar.ts) is normalised into plain value lists cron-parser understands, so both agree
 * on which minutes, hours and days match.
 */
import { CronExpressionParser } from 'cron-parser';
import { parseCron, type ParsedCron } from './grammar.js';
import { resolveTimeZone } from './zones.js';

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
