// `pipetop watch [PIPELINE_ID] [--ref R] [--notify] [--interval S] [--give-up S] [--json]`: the
// watch options are taken out here and everything else (--host, --token, --project, --demo…) goes
// to resolveConfig unchanged, so the GitLab, token and project come from exactly where the TUI's do.
import { parseArgs } from 'node:util';
import { CLI_RANGES } from '../lib/budgets.js';
import { numberInRange, OPTIONS } from './flags.js';

export interface WatchArgs {
  pipelineId?: number;
  ref?: string;
  notify: boolean;
  json: boolean;
  /** Seconds between two reads of the pipeline. */
  intervalS: number;
  /** Seconds of GitLab being unreachable, without one success, before giving up (exit 3). */
  giveUpS: number;
  help: boolean;
  /** The other arguments, for resolveConfig. */
  rest: string[];
}

/** glab's `ci status --live` asks again as soon as an answer arrives; 3 s is a fresh view at a fraction of that. */
export const DEFAULT_INTERVAL_S = 3;
export const MIN_INTERVAL_S = CLI_RANGES.interval.min;
export const DEFAULT_GIVE_UP_S = 300;

const WATCH_OPTIONS = {
  ref: { type: 'string' },
  notify: { type: 'boolean' },
  json: { type: 'boolean' },
  interval: { type: 'string' },
  'give-up': { type: 'string' },
} as const;

export type WatchArgsResult = { ok: true; args: WatchArgs } | { ok: false; message: string };

export function parseWatchArgs(argv: string[]): WatchArgsResult {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...OPTIONS, ...WATCH_OPTIONS }, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    const err = error as { code?: string; message?: string };
    const quoted = /'([^']+)'/.exec(err.message ?? '')?.[1];
    return { ok: false, message: err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? `unknown option ${quoted ?? err.message}` : String(err.message) };
  }
  const { values, positionals, tokens } = parsed;
  const args: WatchArgs = {
    notify: values.notify === true,
    json: values.json === true,
    intervalS: DEFAULT_INTERVAL_S,
    giveUpS: DEFAULT_GIVE_UP_S,
    help: values.help === true,
    rest: [],
  };
  for (const token of tokens ?? []) {
    if (token.kind !== 'option' || token.name in WATCH_OPTIONS) continue;
    if (token.value === undefined) args.rest.push(token.rawName);
    else if (token.inlineValue) args.rest.push(`${token.rawName}=${token.value}`);
    else args.rest.push(token.rawName, token.value);
  }
  if (args.help) return { ok: true, args };

  if (positionals.length > 1) return { ok: false, message: `watch takes one pipeline id, got ${positionals.length} arguments: ${positionals.join(' ')}` };
  const id = positionals[0];
  if (id !== undefined) {
    const digits = id.replace(/^#/, '');
    if (!/^\d+$/.test(digits) || !Number.isSafeInteger(Number(digits)) || Number(digits) === 0)
      return { ok: false, message: `the pipeline id must be a number, got "${id}"` };
    args.pipelineId = Number(digits);
  }
  if (values.ref !== undefined) {
    if (values.ref.trim() === '') return { ok: false, message: '--ref needs a branch or tag name' };
    if (args.pipelineId !== undefined) return { ok: false, message: 'give a pipeline id or --ref, not both' };
    args.ref = values.ref.trim();
  }
  // Each within its range (src/lib/budgets.ts CLI_RANGES): 3,000,000 s overflowed Node's timer,
  // which then fired every millisecond.
  if (values.interval !== undefined) {
    const interval = numberInRange('--interval', values.interval, CLI_RANGES.interval);
    if (typeof interval === 'string') return { ok: false, message: interval };
    args.intervalS = interval;
  }
  if (values['give-up'] !== undefined) {
    const giveUp = numberInRange('--give-up', values['give-up'], CLI_RANGES['give-up']);
    if (typeof giveUp === 'string') return { ok: false, message: giveUp };
    args.giveUpS = giveUp;
  }
  return { ok: true, args };
}

export const WATCH_HELP = `Usage: pipetop watch [PIPELINE_ID] [options]

Follows one pipeline until it ends, then exits with its outcome — for a
terminal, a script or a CI job. Without PIPELINE_ID it watches the newest
pipeline of --ref, else of the current git branch (when the project comes
from the git remote), else of the project's default branch.

Options:
  --ref REF           branch or tag whose newest pipeline to watch
  --project PATH|ID   project (default: from the git remote, as pipetop)
  --notify            when it ends: terminal bell, desktop notification
                      (OSC 777 and OSC 9, through tmux/screen) and title
  --interval S        seconds between reads of the pipeline (default ${DEFAULT_INTERVAL_S},
                      ${CLI_RANGES.interval.min}–${CLI_RANGES.interval.max})
  --give-up S         seconds of GitLab unreachable before exit 3
                      (default ${DEFAULT_GIVE_UP_S}, ${CLI_RANGES['give-up'].min}–${CLI_RANGES['give-up'].max})
  --json              one JSON object per line and per change
  --demo [--speed X]  watch a pipeline of the built-in simulator (every
                      line says DEMO); never without --demo
  --host, --token     as for pipetop (pipetop --help); with no GitLab
                      configured, exit 2

Output: on a terminal a live view a few lines high; otherwise one line per
change (a job or the pipeline changing status). At the end: the failed jobs,
their web URLs and the first failure line of each log.

Exit status:
  0  the pipeline succeeded
  1  it failed, was canceled or skipped, or waits on a manual job
  2  usage or configuration error (bad option, no GitLab configured,
     no project, token refused)
  3  GitLab unreachable (for --give-up seconds) or the pipeline not found
  130 interrupted (Ctrl-C)
  A reader that goes away (| head -1) ends it quietly with 0.`;
