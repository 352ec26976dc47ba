// `pipetop watch`: follows one pipeline until it ends and exits with its outcome (0 success; 1 failed,
// canceled, skipped or blocked on a manual job; 2 usage or configuration; 3 GitLab unreachable or the
// pipeline not found; 130 interrupted). Configuration comes from resolveConfig, as for the TUI.
import { sentences } from '../text/words.js';
import { setTimeout as delay } from 'node:timers/promises';
import { createGitLab, isGitLabApiError, proxyDispatcher, type ClientOptions, type GitLab, type Job, type Project } from '../api/index.js';
import { tracePath } from '../api/trace.js';
import { resolveConfig, type GitRunner } from '../config/index.js';
import { formatWarning, loadUserConfig } from '../config/user-config.js';
import { readAll, TOKEN_INPUT_MAX } from '../config/read-stdin.js';
import { currentBranch, runGit } from '../config/git-remote.js';
import { parseWatchArgs, WATCH_HELP, type WatchArgs } from '../config/watch-args.js';
import { notificationBytes, type NotifyChannels } from '../platform/notify.js';
import type { Simulator } from '../sim/index.js';
import { safeText } from '../text/safe.js';
import { VERSION } from '../version.js';
import { firstFailureLine } from '../watch/failure-line.js';
import { failedJobsWithDownstream } from '../watch/failures.js';
import { exitCodeOf, type Outcome, type Snapshot } from '../watch/model.js';
import { GaveUp, persistently, Stopped, troubleOf, watchLoop, type Patience } from '../watch/poll.js';
import { colorWanted, jsonLine, tagLines, type FailedJobReport } from '../watch/render.js';
import { createReporter, DEMO_JSON, DEMO_TAG, type Reporter } from '../watch/report.js';

export interface WatchStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
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

/**
 * Ends with 130 as soon as `signal` aborts, wherever the watch is (resolving the configuration, a
 * request that never answers, the failed jobs' logs): nothing it waits on can hold a Ctrl-C back.
 */
export async function runWatch(argv: string[], io: WatchIo, hooks: WatchHooks = {}): Promise<number> {
  const { signal } = hooks;
  if (!signal) return watch(argv, io, hooks, (p) => p);
  if (signal.aborted) return EXIT.interrupted;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => (onAbort = () => reject(new Stopped())));
  aborted.catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await watch(argv, io, hooks, (p) => Promise.race([p, aborted]));
  } catch (error) {
    if (error instanceof Stopped) return EXIT.interrupted;
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Not configured: the demo runs only when asked, so `pipetop watch && ./deploy.sh` never acts on fake data. */
export const NO_GITLAB_MESSAGE = `pipetop watch: no GitLab configured, and it watches the demo only with --demo.
Configure a GitLab one of these ways:
  --host URL (or GITLAB_HOST) and a token: GITLAB_TOKEN=… in the environment, or --token-file PATH
  log in with \`glab auth login\` (pipetop reads glab's config)
To watch a pipeline of the built-in simulator: pipetop watch --demo`;

/** The abort reason when stdout or stderr can no longer be written. */
export const OUTPUT_GONE = 'output gone';

type Guard = <T>(work: Promise<T>) => Promise<T>;

async function watch(argv: string[], io: WatchIo, hooks: WatchHooks, guard: Guard): Promise<number> {
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
  const resolved = await guard(
    resolveConfig({
      argv: args.rest,
      env: io.env,
      cwd: io.cwd,
      home: io.home,
      git,
      ...(io.stdinIsTTY !== undefined ? { stdinIsTTY: io.stdinIsTTY } : {}),
      ...(io.readStdin ? { readStdin: io.readStdin } : {}),
    }),
  );
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
  const config = resolved.config;
  if (config.mode === 'demo' && !config.demoAsked) {
    // The warnings may say why nothing was found (glab's config unreadable, say).
    for (const warning of resolved.warnings) io.stderr.write(`pipetop: ${warning}\n`);
    if (args.json)
      io.stdout.write(
        `${jsonLine({ type: 'error', at: new Date((hooks.now ?? Date.now)()).toISOString(), exit_code: EXIT.usage, message: NO_GITLAB_MESSAGE })}\n`,
      );
    io.stderr.write(`${NO_GITLAB_MESSAGE}\n`);
    return EXIT.usage;
  }
  const demo = config.mode === 'demo';
  // Every line says DEMO on the simulator, stderr's too.
  const stderr = demo ? (t: string) => io.stderr.write(tagLines(t, DEMO_TAG)) : (t: string) => io.stderr.write(t);
  for (const warning of resolved.warnings) stderr(`pipetop: ${warning}\n`);

  let sim: Simulator | null = null;
  let baseUrl = config.baseUrl;
  let token = config.token;
  // Patience (--give-up, the waits) goes by real time; what is shown, by the world's.
  const clock = hooks.now ?? Date.now;
  let now = clock;
  if (demo) {
    const { DEMO_TOKENS, startSimulator } = await import('../sim/index.js');
    sim = await guard(startSimulator({ port: 0, seed: config.seed ?? 42, speed: config.speed ?? 1 }));
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
  const host = demo ? 'the demo simulator' : new URL(baseUrl!).host;
  const tty = io.stdout.isTTY === true;
  // A terminal that cannot move its cursor (TERM=dumb: Emacs' shell, some CI consoles) gets plain lines.
  const mode = args.json ? 'json' : tty && io.env.TERM !== 'dumb' ? 'live' : 'plain';
  const patience: Patience = {
    now: clock,
    sleep: hooks.sleep ?? defaultSleep,
    intervalMs: args.intervalS * 1000,
    giveUpMs: args.giveUpS * 1000,
    ...(hooks.signal ? { signal: hooks.signal } : {}),
  };
  let reporter: Reporter | null = null;
  const early = (exitCode: number, message: string) => {
    if (args.json)
      io.stdout.write(
        `${jsonLine({ ...(demo ? { demo: DEMO_JSON } : {}), type: 'error', at: new Date(now()).toISOString(), exit_code: exitCode, message })}\n`,
      );
    stderr(`${message}\n`);
    return exitCode;
  };
  patience.onTrouble = (message, wait) =>
    reporter ? reporter.trouble(message, wait) : stderr(`pipetop: ${safeText(message, 500)}; trying again in ${Math.ceil(wait / 1000)}s\n`);
  const signal = hooks.signal ? { signal: hooks.signal } : {};

  try {
    // 1. The project.
    let project: Project;
    const wanted = config.project ?? (demo ? await guard(persistently(() => newestProject(gl, hooks.signal), patience)) : undefined);
    if (wanted === undefined) {
      return early(EXIT.usage, 'pipetop watch: no project. Pass --project group/project (or a numeric id), or run it inside a checkout of a GitLab project.');
    }
    try {
      project = await guard(persistently(() => gl.projects.get(/^\d+$/.test(wanted) ? Number(wanted) : wanted, signal), patience));
    } catch (error) {
      if (troubleOf(error) === 'not-found')
        return early(EXIT.unreachable, `pipetop watch: project ${safeText(wanted, 200)} not found on ${host} (or the token cannot see it).`);
      throw error;
    }
    const projectName = project.path_with_namespace;

    // 2. The pipeline: by id, else the newest of the ref.
    let pipelineId = args.pipelineId;
    if (pipelineId === undefined) {
      const fromCheckout = config.mode === 'gitlab' && config.projectSource?.startsWith('git remote') ? await guard(currentBranch(git, io.cwd)) : null;
      const ref = args.ref ?? fromCheckout ?? project.default_branch ?? undefined;
      const [newest] = await guard(persistently(() => gl.pipelines.list(project.id, { ...(ref ? { ref } : {}), perPage: 1, ...signal }).all(1), patience));
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
      height: () => io.stdout.rows || 24,
      now,
      demo,
      project: projectName,
      tickMs: mode === 'live' && !hooks.sleep ? 1000 : 0,
    });
    let ended;
    try {
      ended = await guard(
        watchLoop({
          ...patience,
          gl,
          projectId: project.id,
          projectPath: projectName,
          pipelineId,
          jobsEveryMs: hooks.jobsEveryMs ?? patience.intervalMs * 3,
          onSnapshot: (snap, events, first) => reporter!.snapshot(snap, events, first),
          onFallback: (reason) => reporter!.notice(`${reason}; the pipeline is read over REST from now on`),
        }),
      );
    } catch (error) {
      if (troubleOf(error) === 'not-found') {
        reporter.error(EXIT.unreachable, `pipetop watch: pipeline #${pipelineId} not found in ${safeText(projectName, 200)}.`);
        return EXIT.unreachable;
      }
      throw error;
    }
    const exitCode = exitCodeOf(ended.outcome);
    const failed = await guard(failureReports(gl, project.id, ended.snapshot, hooks.signal));
    reporter.end(ended.snapshot, ended.outcome, exitCode, failed);
    if (args.notify) notifyEnd(io, args, ended.snapshot, ended.outcome, projectName, hooks.notify ?? (await notifyChannels(io, stderr)), demo);
    return exitCode;
  } catch (error) {
    const { code, message } = describe(error, host);
    // Nobody left to read a message.
    if (hooks.signal?.reason === OUTPUT_GONE) return code;
    if (reporter) reporter.error(code, message);
    else if (code !== EXIT.interrupted) early(code, message);
    return code;
  } finally {
    reporter?.close();
    // Interrupted: the process ends now; a request still open must not hold the simulator's close.
    if (hooks.signal?.aborted) void sim?.close();
    else await sim?.close();
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

async function newestProject(gl: GitLab, signal: AbortSignal | undefined): Promise<string | undefined> {
  const [p] = await gl.projects.list({ membership: true, order_by: 'last_activity_at', perPage: 1, ...(signal ? { signal } : {}) }).all(1);
  return p?.path_with_namespace;
}

/**
 * Each failed job — the pipeline's own (those that may not fail first), then those of downstream
 * pipelines behind failed bridges (src/watch/failures.ts) — with the first failure line of its log:
 * one read each, capped. `signal` (Ctrl-C) ends the reads at once.
 */
async function failureReports(gl: GitLab, projectId: number, snap: Snapshot, signal: AbortSignal | undefined): Promise<FailedJobReport[]> {
  const failed = await failedJobsWithDownstream(gl, projectId, snap, {}, signal);
  return Promise.all(
    failed.map(async (f, i) => ({
      job: f.job,
      failureLine: i < MAX_FAILED_LOGS ? await failureLineOf(gl, f.projectId, f.job, signal) : null,
      ...(f.via.length ? { via: f.via, pipelineId: f.pipelineId } : {}),
    })),
  );
}

async function failureLineOf(gl: GitLab, projectId: number, job: Job, signal: AbortSignal | undefined): Promise<string | null> {
  try {
    const res = await gl.client.request<Buffer>('GET', tracePath(projectId, job.id), {
      raw: true,
      etag: false,
      timeoutMs: TRACE_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
      headers: { accept: 'text/plain, */*' },
    });
    return firstFailureLine(res.data);
  } catch {
    return null; // the summary still names the job and its URL
  }
}

/** The config file's `notifications:` (src/config/user-config.ts): its warnings about them go to stderr. */
async function notifyChannels(io: WatchIo, stderr: (text: string) => void): Promise<NotifyChannels> {
  // No command ids: the file's `keys:` are the TUI's business, and their warnings are left out here.
  const { config, warnings } = await loadUserConfig({ env: { HOME: io.home, ...io.env }, commands: [] });
  for (const w of warnings) if (w.key === undefined || w.key.startsWith('notifications')) stderr(`pipetop: ${formatWarning(w)}\n`);
  return config.notifications;
}

function notifyEnd(io: WatchIo, args: WatchArgs, snap: Snapshot, outcome: Outcome, project: string, channels: NotifyChannels | undefined, demo: boolean): void {
  // Only into a terminal, and never into the JSON stream.
  const target = io.stdout.isTTY && !args.json ? io.stdout : io.stderr.isTTY ? io.stderr : null;
  if (!target) return;
  const said = outcome === 'manual' ? 'waits on a manual job' : outcome;
  const bytes = notificationBytes(
    {
      title: safeText(`pipetop${demo ? ' DEMO' : ''}: pipeline ${said}`),
      body: safeText(`${demo ? 'DEMO ' : ''}#${snap.pipeline.id} ${said} · ${snap.pipeline.ref} · ${project}`),
    },
    channels,
    io.env,
  );
  if (bytes) target.write(bytes);
}

/**
 * The CLI entry: the process's streams, and Ctrl-C (or SIGTERM) ends the watch with 130. A reader
 * that goes away (`pipetop watch | head -1`: EPIPE) ends it quietly with 0, as the reader asked for
 * no more; any other failure to write ends it with 3 (the outcome is unknown).
 */
export async function runWatchCli(argv: string[]): Promise<number> {
  const { homedir } = await import('node:os');
  const abort = new AbortController();
  const stop = () => abort.abort();
  let broken: 'closed' | 'failed' | null = null;
  const onWriteError = (error: NodeJS.ErrnoException) => {
    // Later writes to the closed stream fail too: the first error decides.
    broken ??= error.code === 'EPIPE' ? 'closed' : 'failed';
    abort.abort(OUTPUT_GONE);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.on('error', onWriteError);
  process.stderr.on('error', onWriteError);
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
    const code = await runWatch(argv, io, { signal: abort.signal });
    return broken === 'closed' ? EXIT.success : broken === 'failed' ? EXIT.unreachable : code;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
