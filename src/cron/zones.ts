/**
 * Time zones of GitLab pipeline schedules: GitLab maps a Rails zone name ("Eastern Time (US &
 * Canada)") to its IANA identifier (rails-zones.ts) before Fugit reads it, and Fugit's tokenizer
 * limits which IANA spellings pass.
 */
import { RAILS_TIME_ZONES } from './rails-zones.js';

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
