// `pipetop watch`: follows one pipeline until it ends and exits with its outcome (0 success; 1 failed,
// canceled, skipped or blocked on a manual job; 2 usage or configuration; 3 GitLab unreachable or the
// pipeline not found; 130 interrupted). Configuration comes from resolveConfig, as for the TUI.
import { sentences } from '../text/words.js';
import { setTimeout as delay } from 'node:timers/promises';
import { createGitLab, isGitLabApiError, proxyDispatcher, type ClientOptions, type GitLab, type Job, type Project } from '../api/index.js';
import { tracePath } from '../api/trace.js';
import { resolveConfig, type GitRunner } from '../config/index.js';
import { readAll, TOKEN_INPUT_MAX } from '../config/read-stdin.js';
import { currentBranch, runGit } from '../config/git-remote.js';
import { parseWatchArgs, WATCH_HELP, type WatchArgs } from '../config/watch-args.js';
import { notificationBytes, type NotifyChannels } from '../platform/notify.js';
import type { Simulator } from '../sim/index.js';
import { safeText } from '../text/safe.js';
import { VERSION } from '../version.js';
import { firstFailureLine } from '../watch/failure-line.js';
import { exitCodeOf, failedJobs, type Outcome, type Snapshot } from '../watch/model.js';
import { GaveUp, persistently, Stopped, troubleOf, watchLoop, type Patience } from '../watch/poll.js';
import { colorWanted, jsonLine, type FailedJobReport } from '../watch/render.js';
import { createReporter, type Reporter } from '../watch/report.js';

export interface WatchStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface WatchIo {
  stdout: WatchStream;
  stderr: WatchStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  home: string;
  /** For `--token -` (the token on standard input), as for the TUI. */
  stdinIsTTY?: boolean;
  readStdin?: () => Promise<string>;
}

/** Seams for tests (a simulator's clock, no real waits) and for the CLI (Ctrl-C). */
export interface WatchHooks {
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  git?: GitRunner;
  signal?: AbortSignal;
  client?: Partial<ClientOptions>;
  /** Jobs are re-read at least this often while the pipeline runs (default 3 rounds). */
  jobsEveryMs?: number;
  /** Channels of --notify (the config file's `notifications: {bell, desktop, title}`). */
  notify?: NotifyChannels;
}

export const EXIT = { success: 0, failed: 1, usage: 2, unreachable: 3, interrupted: 130 } as const;
/** Failed jobs whose log is read for the summary (one read each). */
export const MAX_FAILED_LOGS = 5;
const TRACE_TIMEOUT_MS = 15_000;

const defaultSleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined);

export async function runWatch(argv: string[], io: WatchIo, hooks: WatchHooks = {}): Promise<number> {
  const parsed = parseWatchArgs(argv);
  if (!parsed.ok) {
    io.stderr.write(`pipetop watch: ${parsed.message}\nRun \`pipetop watch --help\` for the options.\n`);
    return EXIT.usage;
  }
  const args = parsed.args;
  if (args.help) {
    io.stdout.write(`${WATCH_HELP}\n`);
    return 0;
  }
  const git = hooks.git ?? runGit;
  const resolved = await resolveConfig({
    argv: args.rest,
    env: io.env,
    cwd: io.cwd,
    home: io.home,
    git,
    ...(io.stdinIsTTY !== undefined ? { stdinIsTTY: io.stdinIsTTY } : {}),
    ...(io.readStdin ? { readStdin: io.readStdin } : {}),
  });
  if (resolved.kind === 'error') {
    io.stderr.write(`${resolved.message}\n`);
    return EXIT.usage;
  }
  if (resolved.kind === 'help') {
    io.stdout.write(`${WATCH_HELP}\n`);
    return 0;
  }
  if (resolved.kind === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }
  for (const warning of resolved.warnings) io.stderr.write(`pipetop: ${warning}\n`);
  const config = resolved.config;

  let sim: Simulator | null = null;
  let baseUrl = config.baseUrl;
  let token = config.token;
  let now = hooks.now ?? Date.now;
  if (config.mode === 'demo') {
    const { DEMO_TOKENS, startSimulator } = await import('../sim/index.js');
    sim = await startSimulator({ port: 0, seed: config.seed ?? 42, speed: config.speed ?? 1 });
    baseUrl = sim.url;
    token = DEMO_TOKENS.user;
    // Times in the demo are the simulated world's.
    if (!hooks.now) now = () => sim!.clock.now();
  }
  const dispatcher = config.mode === 'gitlab' ? await proxyDispatcher(io.env) : undefined;
  const gl = createGitLab({
    baseUrl: baseUrl!,
    token,
    readOnly: true,
    userAgent: `pipetop/${VERSION} watch`,
    // The loop has its own patience (--give-up); the client's retries stay short.
    maxRetries: 2,
    ...(dispatcher ? { dispatcher } : {}),
    ...hooks.client,
  });
  const host = config.mode === 'demo' ? 'the demo simulator' : new URL(baseUrl!).host;
  const tty = io.stdout.isTTY === true;
  const mode = args.json ? 'json' : tty ? 'live' : 'plain';
  const patience: Patience = {
    now,
    sleep: hooks.sleep ?? defaultSleep,
    intervalMs: args.intervalS * 1000,
    giveUpMs: args.giveUpS * 1000,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
  };
  let reporter: Reporter | null = null;
  const early = (exitCode: number, message: string) => {
    if (args.json) io.stdout.write(`${jsonLine({ type: 'error', at: new Date(now()).toISOString(), exit_code: exitCode, message })}\n`);
    io.stderr.write(`${message}\n`);
    return exitCode;
  };
  patience.onTrouble = (message, wait) =>
    reporter ? reporter.trouble(message, wait) : io.stderr.write(`pipetop: ${safeText(message, 500)}; trying again in ${Math.ceil(wait / 1000)}s\n`);

  try {
    // 1. The project.
    let project: Project;
    const wanted = config.project ?? (config.mode === 'demo' ? await persistently(() => newestProject(gl), patience) : undefined);
    if (wanted === undefined) {
      return early(EXIT.usage, 'pipetop watch: no project. Pass --project group/project (or a numeric id), or run it inside a checkout of a GitLab project.');
    }
    try {
      project = await persistently(() => gl.projects.get(/^\d+$/.test(wanted) ? Number(wanted) : wanted), patience);
    } catch (error) {
      if (troubleOf(error) === 'not-found')
        return early(EXIT.unreachable, `pipetop watch: project ${safeText(wanted, 200)} not found on ${host} (or the token cannot see it).`);
      throw error;
    }
    const projectName = project.path_with_namespace;

    // 2. The pipeline: by id, else the newest of the ref.
    let pipelineId = args.pipelineId;
    if (pipelineId === undefined) {
      const fromCheckout = config.mode === 'gitlab' && config.projectSource?.startsWith('git remote') ? await currentBranch(git, io.cwd) : null;
      const ref = args.ref ?? fromCheckout ?? project.default_branch ?? undefined;
      const [newest] = await persistently(() => gl.pipelines.list(project.id, { ...(ref ? { ref } : {}), perPage: 1 }).all(1), patience);
      if (!newest) return early(EXIT.unreachable, `pipetop watch: no pipeline ${ref ? `on ref ${safeText(ref, 200)} ` : ''}in ${safeText(projectName, 200)}.`);
      pipelineId = newest.id;
    }

    // 3. Watch it.
    reporter = createReporter({
      mode,
      out: (t) => io.stdout.write(t),
      err: (t) => io.stderr.write(t),
      color: colorWanted(io.env, tty),
      width: () => io.stdout.columns || 80,
      now,
      project: projectName,
      tickMs: mode === 'live' && !hooks.sleep ? 1000 : 0,
    });
    let ended;
    try {
      ended = await watchLoop({
        ...patience,
        gl,
        projectId: project.id,
        pipelineId,
        jobsEveryMs: hooks.jobsEveryMs ?? patience.intervalMs * 3,
        onSnapshot: (snap, events, first) => reporter!.snapshot(snap, events, first),
      });
    } catch (error) {
      if (troubleOf(error) === 'not-found') {
        reporter.error(EXIT.unreachable, `pipetop watch: pipeline #${pipelineId} not found in ${safeText(projectName, 200)}.`);
        return EXIT.unreachable;
      }
      throw error;
    }
    const exitCode = exitCodeOf(ended.outcome);
    const failed = await failureReports(gl, project.id, ended.snapshot);
    reporter.end(ended.snapshot, ended.outcome, exitCode, failed);
    if (args.notify) notifyEnd(io, args, ended.snapshot, ended.outcome, projectName, hooks.notify);
    return exitCode;
  } catch (error) {
    const { code, message } = describe(error, host);
    if (reporter) reporter.error(code, message);
    else if (code !== EXIT.interrupted) early(code, message);
    return code;
  } finally {
    reporter?.close();
    await sim?.close();
  }
}

function describe(error: unknown, host: string): { code: number; message: string } {
  if (error instanceof Stopped) return { code: EXIT.interrupted, message: 'pipetop watch: interrupted' };
  if (error instanceof GaveUp) {
    return {
      code: EXIT.unreachable,
      message: `pipetop watch: GitLab at ${host} unreachable for ${Math.round(error.afterMs / 1000)}s; giving up (--give-up). Last error: ${safeText(error.last instanceof Error ? error.last.message : String(error.last), 500)}`,
    };
  }
  if (isGitLabApiError(error) && troubleOf(error) === 'denied') {
    return {
      code: EXIT.usage,
      message: sentences(
        `pipetop watch: GitLab at ${host} refused the request (${error.status}): ${safeText(error.reason, 300)}`,
        'Check the token (scope read_api) with --token or GITLAB_TOKEN',
      ),
    };
  }
  return { code: EXIT.unreachable, message: `pipetop watch: ${safeText(error instanceof Error ? error.message : String(error), 500)}` };
}

async function newestProject(gl: GitLab): Promise<string | undefined> {
  const [p] = await gl.projects.list({ membership: true, order_by: 'last_activity_at', perPage: 1 }).all(1);
  return p?.path_with_namespace;
}

/** Each failed job (those that may not fail first), with the first failure line of its log: one read each, capped. */
async function failureReports(gl: GitLab, projectId: number, snap: Snapshot): Promise<FailedJobReport[]> {
  const failed = failedJobs(snap.jobs).sort((a, b) => Number(a.allow_failure === true) - Number(b.allow_failure === true) || a.id - b.id);
  return Promise.all(failed.map(async (job, i) => ({ job, failureLine: i < MAX_FAILED_LOGS ? await failureLineOf(gl, projectId, job) : null })));
}

async function failureLineOf(gl: GitLab, projectId: number, job: Job): Promise<string | null> {
  try {
    const res = await gl.client.request<Buffer>('GET', tracePath(projectId, job.id), {
      raw: true,
      etag: false,
      timeoutMs: TRACE_TIMEOUT_MS,
      headers: { accept: 'text/plain, */*' },
    });
    return firstFailureLine(res.data);
  } catch {
    return null; // the summary still names the job and its URL
  }
}

function notifyEnd(io: WatchIo, args: WatchArgs, snap: Snapshot, outcome: Outcome, project: string, channels: NotifyChannels | undefined): void {
  // Only into a terminal, and never into the JSON stream.
  const target = io.stdout.isTTY && !args.json ? io.stdout : io.stderr.isTTY ? io.stderr : null;
  if (!target) return;
  const said = outcome === 'manual' ? 'waits on a manual job' : outcome;
  const bytes = notificationBytes(
    { title: `pipetop: pipeline ${said}`, body: `#${snap.pipeline.id} ${said} · ${snap.pipeline.ref} · ${project}` },
    channels,
    io.env,
  );
  if (bytes) target.write(bytes);
}

/** The CLI entry: the process's streams, and Ctrl-C (or SIGTERM) ends the watch with 130. */
export async function runWatchCli(argv: string[]): Promise<number> {
  const { homedir } = await import('node:os');
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    const io: WatchIo = {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      cwd: process.cwd(),
      home: homedir(),
      stdinIsTTY: process.stdin.isTTY === true,
      readStdin: () => readAll(process.stdin, TOKEN_INPUT_MAX),
    };
    return await runWatch(argv, io, { signal: abort.signal });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
