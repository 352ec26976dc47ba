// Command-line flags. Strict parsing: a typo such as --tokne must fail loudly rather than fall back
// to another token source without the user noticing.
import { parseArgs } from 'node:util';
import { CLI_RANGES, outOfRange, type NumberRange } from '../lib/budgets.js';

export interface Flags {
  host?: string;
  /** `-` means: read it from standard input. */
  token?: string;
  tokenFile?: string;
  project?: string;
  demo: boolean;
  readOnly: boolean;
  seed?: number;
  speed?: number;
  debugLog?: string;
  /** --max-download, in bytes. */
  maxDownload?: number;
  /** --log-disk, in bytes: the temp files of followed logs, together. */
  logDisk?: number;
  help: boolean;
  version: boolean;
}

export const OPTIONS = {
  host: { type: 'string' },
  token: { type: 'string' },
  'token-file': { type: 'string' },
  project: { type: 'string' },
  demo: { type: 'boolean' },
  'read-only': { type: 'boolean' },
  seed: { type: 'string' },
  speed: { type: 'string' },
  'debug-log': { type: 'string' },
  'max-download': { type: 'string' },
  'log-disk': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

export type FlagsResult = { ok: true; flags: Flags } | { ok: false; message: string };

export function parseFlags(argv: string[]): FlagsResult {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    return { ok: false, message: describeParseError(error) };
  }
  // --help and --version answer even when other values are bad: someone asking for help should get it.
  const help = values.help === true;
  const version = values.version === true;
  const flags: Flags = { demo: values.demo === true, readOnly: values['read-only'] === true, help, version };
  if (help || version) return { ok: true, flags };

  if (values.host !== undefined) flags.host = values.host;
  if (values.token !== undefined) flags.token = values.token;
  if (values['token-file'] !== undefined) {
    if (values['token-file'].trim() === '') return { ok: false, message: '--token-file needs a file name' };
    if (flags.token !== undefined) return { ok: false, message: 'give --token or --token-file, not both' };
    flags.tokenFile = values['token-file'];
  }
  if (values.project !== undefined) flags.project = values.project;
  for (const name of ['max-download', 'log-disk'] as const) {
    const raw = values[name];
    if (raw === undefined) continue;
    const bytes = sizeInRange(`--${name}`, raw, CLI_RANGES[name]);
    if (typeof bytes === 'string') return { ok: false, message: bytes };
    if (name === 'max-download') flags.maxDownload = bytes;
    else flags.logDisk = bytes;
  }
  if (values['debug-log'] !== undefined) {
    if (values['debug-log'].trim() === '') return { ok: false, message: '--debug-log needs a file name' };
    flags.debugLog = values['debug-log'];
  }
  if (values.seed !== undefined) {
    const seed = numberInRange('--seed', values.seed, CLI_RANGES.seed);
    if (typeof seed === 'string') return { ok: false, message: seed };
    flags.seed = seed;
  }
  if (values.speed !== undefined) {
    const speed = numberInRange('--speed', values.speed, CLI_RANGES.speed);
    if (typeof speed === 'string') return { ok: false, message: speed };
    flags.speed = speed;
  }
  return { ok: true, flags };
}

/** The number `raw` reads as when it lies in `range`; else the message naming the range. */
export function numberInRange(name: string, raw: string, range: NumberRange): number | string {
  const n = raw.trim() === '' ? NaN : Number(raw);
  return outOfRange(name, n, raw, range) ?? n;
}

/** The size `raw` reads as (parseSize) when it lies in `range`; else the message naming the range. */
export function sizeInRange(name: string, raw: string, range: NumberRange): number | string {
  const n = parseSize(raw) ?? NaN;
  return outOfRange(name, n, raw, range) ?? n;
}

/** `1048576`, `500K`, `500M`, `8G`, `1.5GiB` (powers of 1024) → bytes; null when not a positive size. */
export function parseSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  if (!m) return null;
  const bytes = Math.floor(Number(m[1]) * 1024 ** ' kmgt'.indexOf((m[2] || ' ').toLowerCase()));
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : null;
}

// Node's messages are accurate but long and mention positional-argument tricks; name the culprit.
function describeParseError(error: unknown): string {
  const err = error as { code?: string; message?: string };
  const message = err.message ?? String(error);
  const quoted = /'([^']+)'/.exec(message)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${quoted ?? message}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted ?? message}" (pipetop takes only options)`;
    default:
      return message;
  }
}
