// Times in a schedule's own zone (tz or Rails name), as GitLab's schedule pages show them:
// "Sat 2026-11-21 02:00 CET". Pure.
import { describeCron, resolveTimeZone } from '../../cron/cron.js';
import { displayWidth, safeText, truncateToWidth } from '../../text/safe.js';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(zone, f);
  }
  return f;
}

/** `Sat 2026-11-21 02:00 CET`; UTC when the zone is unknown. */
export function zonedTime(at: number | string | null | undefined, zoneName: string): string {
  if (at === null || at === undefined) return '—';
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '—';
  const zone = resolveTimeZone(zoneName) ?? 'UTC';
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.timeZoneName ?? zone}`;
}

/** "every day at 02:00"; an expression with no words stays as it is ("cron 5,10 * 1 * *"). */
function cronWords(cron: string): string {
  const words = describeCron(cron);
  return words === cron.trim() ? `cron ${words}` : words;
}

/** "every day at 02:00 Europe/Berlin"; an expression with no words stays as it is ("cron 5,10 * 1 * * UTC"). */
export function cronInWords(cron: string, zone: string): string {
  return `${cronWords(cron)} ${zone}`;
}

/**
 * cronInWords in at most `width` cells, sanitized (the zone is a server string). When it must be
 * cut, the words are cut and the zone stays whole: a time means little without its zone, and the
 * detail pane shows the words in full.
 */
export function cronInWordsFitted(cron: string, zone: string, width: number): string {
  const safeZone = safeText(zone, 100);
  const full = safeText(cronInWords(cron, safeZone));
  if (displayWidth(full) <= width) return full;
  const room = width - displayWidth(safeZone) - 1;
  // Too narrow for a few cells of words beside the zone: cut like any other cell.
  if (room < 6) return truncateToWidth(full, width);
  // Shorter words before cut words: "daily 02:00" says what "every day at 0…" no longer does.
  return `${truncateToWidth(compactWords(safeText(cronWords(cron))), room)} ${safeZone}`;
}

const COMPACT: [RegExp, string][] = [
  [/\bevery day at /, 'daily '],
  [/\bevery hour at /, 'hourly '],
  [/\bevery (Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*day at /, '$1 '],
  [/^at (\S+) on weekdays \(Mon\u2013Fri\)/, '$1 Mon–Fri'],
  [/^at (\S+) on weekends \(Sat\u2013Sun\)/, '$1 Sat–Sun'],
  [/\bevery (\d+) minutes\b/, 'every $1m'],
  [/\bevery (\d+) hours\b/, 'every $1h'],
  [/^on day (\d+) of every month at /, 'day $1 monthly '],
];

/** The cron in words, in fewer cells ("daily 02:00", "Mon 06:30", "03:00 Mon–Fri"). */
export function compactWords(words: string): string {
  return COMPACT.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), words);
}

/** How long until `at`, in at most 9 cells: "in 15m", "in 2h 5m", "in 13h", "in 4d 13h", "in 12d"; past: "due". */
export function untilTime(at: number | string | null | undefined, now: number): string {
  if (at === null || at === undefined) return '—';
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return '—';
  const min = Math.round((ms - now) / 60_000);
  if (min < 1) return 'due';
  if (min < 60) return `in ${min}m`;
  const h = Math.floor(min / 60);
  if (h < 10) return min % 60 ? `in ${h}h ${min % 60}m` : `in ${h}h`;
  if (h < 48) return `in ${Math.round(min / 60)}h`;
  const d = Math.floor(h / 24);
  return h % 24 && d < 10 ? `in ${d}d ${h % 24}h` : `in ${Math.round(h / 24)}d`;
}
