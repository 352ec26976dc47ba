/**
 * Cron expressions and time zones of GitLab pipeline schedules: what the rest of the app imports.
 *
 * - grammar.ts: Fugit's grammar (what GitLab accepts and rejects), parsed into value lists;
 * - zones.ts: IANA and Rails zone names, as GitLab resolves them;
 * - next-runs.ts: when a schedule fires next (cron-parser's arithmetic over the parsed lists);
 * - describe.ts: a schedule in words.
 */
export { cronError } from './grammar.js';
export { describeCron } from './describe.js';
export { nextRuns } from './next-runs.js';
export { resolveTimeZone, timeZoneNames } from './zones.js';
