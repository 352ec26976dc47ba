// The job log as a feature: its shortcuts; in a job pane the moving keys and the log's own keys go
// to the log (their commands, commands.ts); the log's search and save prompts and the overwrite
// confirm; the log engine (LogRegistry, one per controller, on ctx.logs) started and stopped with
// the controller; and while the log in front is tailed live, its job is polled slowly (the tail is
// the fast signal, log-view.ts).
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import type { CommandId } from '../../keymap/bindings.js';
import { onPane, withRuns } from '../../store/command.js';
import { toast } from '../../store/store.js';
import { LOG_BINDINGS } from './bindings.js';
import { runLogCommand } from './commands.js';
import { jobPaneLayoutOf } from './log-layout.js';
import { DEFAULT_LOG_TIMING, LogRegistry, type LogTiming } from './log-view.js';
import { createLogSlice } from './slice.js';
import { JobPane } from './JobPane.js';
import { safeText } from '../../text/safe.js';
import { confirmsBy, promptsBy } from '../../store/continuations.js';
import { jobHintPlaces, jobUrl, pollJobs } from '../jobs/index.js';
import type { LogConfirms, LogPrompts } from './slice.js';

/** The log engine attached to this context (Feature.attach runs first, when the controller is built). */
function logsOf(ctx: Ctx): LogRegistry {
  if (!ctx.logs) throw new Error('The log engine is not attached');
  return ctx.logs;
}

/** Runs a log command on the job pane's log. */
const onLog = (command: CommandId) => onPane('job', (ctx, pane) => runLogCommand(ctx, logsOf(ctx), pane.jobId, command));

const LOG_MOVES: CommandId[] = ['nav.down', 'nav.up', 'nav.top', 'nav.bottom', 'nav.pageDown', 'nav.pageUp'];

export const logFeature: Feature = {
  slice: createLogSlice,
  name: 'log',
  scopeNames: { job: 'a job’s log' },
  // The job pane is this feature's: its scopes, hints, page and poll (the job's record, read by
  // the jobs feature's pollJobs; how fast while the log is tailed, here). Its job keys are the
  // pipelines feature's commands in the 'job' scope (features/pipelines/job-commands.ts).
  specs: {
    job: {
      view: JobPane,
      crumb: (s, pane) => safeText(s.jobs[pane.jobId]?.name ?? `job ${pane.jobId}`, 40),
      scopes: () => ['job', 'global'],
      hintPlaces: jobHintPlaces,
      url: jobUrl,
      // The job whose log is tailed live is read at tailedJobMs: the tail calls for a read when it matters.
      poll: (ctx, timing) => ({
        ...pollJobs(ctx),
        delay: (pane) => (ctx.logs?.tailing(pane.jobId) ? (timing.tailedJobMs ?? timing.idleMs) : undefined),
      }),
    },
  },
  // A job pane on the stack keeps its job and its log view; a log view no pane shows goes.
  retain: {
    records: ['logViews'],
    pin: ({ state }) => {
      const shown = state.stack.flatMap((pane) => (pane.kind === 'job' ? [pane.jobId] : []));
      return { jobs: shown, logViews: shown };
    },
  },
  // The log's keys act on the log in front; in a job pane, moving moves through the log (Esc and
  // Enter stay the core's).
  commands: withRuns(LOG_BINDINGS, Object.fromEntries(LOG_BINDINGS.map((b) => [b.command, { run: onLog(b.command) }]))),
  takes: LOG_MOVES.map((command) => ({ command, scopes: ['job'], run: onLog(command) })),
  confirmed: confirmsBy<LogConfirms, Ctx>({
    'log.saveOverwrite': (ctx, a) =>
      void logsOf(ctx)
        .save(a.jobId, a.path, true)
        .then((msg) => msg && toast(ctx.store, 'error', msg)),
  }),
  submitted: promptsBy<LogPrompts, Ctx>({
    'log.search': (ctx, a, value) => logsOf(ctx).search(a.jobId, value),
    'log.save': (ctx, a, value) => (value.trim() ? logsOf(ctx).save(a.jobId, value.trim()) : 'Type a file path'),
  }),
  attach(ctx, options) {
    // The tail tells the poller when the job in front has likely changed (log-view.ts).
    const logs = new LogRegistry(ctx, options.logTiming ?? DEFAULT_LOG_TIMING, {
      jobMayHaveChanged: () => ctx.refreshNow?.(),
      rows: (jobId) => jobPaneLayoutOf(ctx.store.getState(), jobId).log,
    });
    ctx.logs = logs;
    ctx.searchLog = (jobId, query) => logs.search(jobId, query);
    let unsubscribe: (() => void) | null = null;
    return {
      start() {
        unsubscribe = ctx.store.subscribe((state) => logs.sync(state));
        logs.sync(ctx.store.getState());
      },
      stop() {
        unsubscribe?.();
        void logs.dispose();
      },
      refresh: () => logs.refresh(),
    };
  },
};

// The log engine the feature attaches to the controller's context, and how often it reads (declaration merging: store/types.ts says why).
declare module '../../store/feature.js' {
  interface Ctx {
    /** The job log engine (attached above): the job pane's keys, the log's prompts, the tail's state. */
    logs?: LogRegistry;
  }
}
declare module '../../store/feature.js' {
  interface FeatureOptions {
    /** How often the log in front is read. */
    logTiming?: LogTiming;
  }
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    job: true;
  }
}
