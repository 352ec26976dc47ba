// The FF_TIMESTAMPS line prefix: `2024-11-12T09:31:54.628123Z 00O ` (32 characters: UTC time with
// microseconds, a space, the stream as 2 hex digits, O or E for stdout/stderr, then ' ' or '+').
// A '+' means the runner broke the line where the job did not: the text continues the previous line.

export const TIMESTAMP_PREFIX_LENGTH = 32;

const TEMPLATE = '0000-00-00T00:00:00.000000Z 00O ';
const FULL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z [0-9a-fA-F]{2}[OE][ +]$/;

export interface TimestampPrefix {
  /** Epoch ms. */
  time: number;
  /** '+': continues the previous line. */
  continuation: boolean;
}

/** Could `s` (shorter than 32 characters) still grow into a prefix? Lets a plain line be decided at once. */
export function couldBeTimestampPrefix(s: string): boolean {
  for (let i = 0; i < s.length && i < TIMESTAMP_PREFIX_LENGTH; i++) {
    if (!fits(TEMPLATE.charCodeAt(i), s.charCodeAt(i), i)) return false;
  }
  return true;
}

function fits(t: number, c: number, i: number): boolean {
  if (i === 28 || i === 29) return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
  if (t === 0x30) return c >= 0x30 && c <= 0x39;
  if (i === 30) return c === 0x4f || c === 0x45;
  if (i === 31) return c === 0x20 || c === 0x2b;
  return c === t;
}

// Formatting dominates otherwise: lines of one second share the parse of their second.
let lastSecond = '';
let lastSecondMs = 0;

/** Parses the 32-character prefix at `s[at..]`, or null when there is none. */
export function parseTimestampPrefix(s: string, at = 0): TimestampPrefix | null {
  if (s.length - at < TIMESTAMP_PREFIX_LENGTH) return null;
  // Cheap rejection before the regex: almost every line of a log without the feature fails here.
  if (s.charCodeAt(at + 4) !== 0x2d || s.charCodeAt(at + 10) !== 0x54 || s.charCodeAt(at + 26) !== 0x5a) return null;
  const prefix = s.slice(at, at + TIMESTAMP_PREFIX_LENGTH);
  if (!FULL.test(prefix)) return null;
  const second = prefix.slice(0, 19);
  if (second !== lastSecond) {
    const ms = Date.parse(`${second}Z`);
    if (Number.isNaN(ms)) return null;
    lastSecond = second;
    lastSecondMs = ms;
  }
  return { time: lastSecondMs + Number(prefix.slice(20, 23)), continuation: prefix.charCodeAt(31) === 0x2b };
}
