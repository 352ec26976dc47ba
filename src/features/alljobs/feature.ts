// `:jobs [scope…]`: jobs across the projects the pulse watches, newest first, one row per job with
// its project — "which deploy is waiting?" is `:jobs manual` and Enter. Every key of a project's
// Jobs tab works on the row: `p` (a manual job's variables first; a deploy asks), `r` (a deploy
// retried asks), `c` and `E` (asked), `K`, `d` — run by the pipelines and jobs features as there.
// The rows are read by this feature's poll at a bounded cost (read.ts).
import { createAllJobsSlice, writeAllJobs } from './slice.js';
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { tabCommand } from '../../store/palette.js';
import { patchList, toast, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { AllJobsPane } from './AllJobsPane.js';
import { JOB_KEYS, jobRefusal, type JobKey } from '../pipelines/index.js';
import type { Takeover } from '../../store/command.js';
import { safeText } from '../../text/safe.js';
import { ALL_JOBS_BINDINGS } from './bindings.js';
import { FILTER_WORDS, filterText, parseAllJobsFilter } from './filter.js';
import { allJobsKey, createAllJobsReader } from './read.js';
import type { FleetJob } from './slice.js';
import { allJobsSource } from './source.js';
import { rememberJob } from '../../domain/jobs.js';

/** How often the timer asks what is due (cheap: nothing is sent unless a project is due, read.ts). */
const TICK_MS = 5_000;

/** The row under the cursor, with its job as the store last has it (after an action). */
function selected(ctx: Ctx): FleetJob | undefined {
  const row = selectedRow<FleetJob>(ctx, allJobsKey());
  if (!row) return undefined;
  const known = ctx.store.getState().jobs[row.job.id];
  return known ? { ...row, job: known } : row;
}

/** The job keys on a row: what they do to a job wherever it is listed (features/pipelines/job-commands.ts), on the row's job. */
const jobKeys = (Object.keys(JOB_KEYS) as JobKey[]).map((command): Takeover => ({
  command,
  scopes: ['allJobs'],
  refusal: () => jobRefusal(command),
  run(ctx) {
    const row = selected(ctx);
    if (!row) return void toast(ctx.store, 'info', 'No job selected (still loading?)');
    JOB_KEYS[command](ctx, row.job, row);
  },
}));

/** `:jobs …`: the filter, then the view (over the pane in front, or in its place when it is in front). */
export function openAllJobs(ctx: Ctx, args: readonly string[]): string | null {
  const filter = parseAllJobsFilter(args);
  if (typeof filter === 'string') return filter;
  const state = ctx.store.getState();
  const changed = filterText(filter) !== filterText(state.allJobs.filter);
  writeAllJobs(ctx.store, (s) => ({ allJobs: { ...s.allJobs, filter } }));
  // Rows of another filter are not shown under this one: empty until its read answers.
  if (changed) patchList(ctx.store, allJobsKey(), { items: [], loadedAt: null, selected: 0, filter: '' });
  const top = topPane(state);
  if (top.kind !== 'allJobs') nav.push(ctx.store, { kind: 'allJobs' } satisfies Pane);
  // Already in front: the poller sees no navigation, so read now.
  else void ctx.refreshNow?.();
  return null;
}

/** `:jobs` with no words inside a project: its Jobs tab (as `:pipelines`, `:schedules`… switch tabs). */
const jobsTab = tabCommand('jobs', { usage: 'jobs', description: '' });

export const allJobsFeature: Feature = {
  name: 'alljobs',
  scopeNames: { allJobs: 'jobs across projects (:jobs)' },
  listKinds: ['allJobs'],
  slice: createAllJobsSlice,
  specs: {
    allJobs: {
      view: AllJobsPane,
      crumb: (s) => safeText(`jobs${filterText(s.allJobs.filter) ? ` ${filterText(s.allJobs.filter)}` : ''}`, 60),
      list: () => allJobsKey(),
      scopes: () => ['allJobs', 'list', 'global'],
      open(ctx) {
        const row = selected(ctx);
        if (!row) return true;
        rememberJob(ctx.store, row.job, { keep: true });
        nav.push(ctx.store, { kind: 'job', projectId: row.projectId, path: row.path, jobId: row.job.id });
        return true;
      },
      rowProject(ctx) {
        const row = selected(ctx);
        return row ? { projectId: row.projectId, path: row.path } : undefined;
      },
      url: (ctx) => ({ url: selected(ctx)?.job.web_url }),
      // The rows are read by this feature's reader at a bounded cost (read.ts), on its own clock.
      poll(ctx) {
        const reader = createAllJobsReader(ctx);
        return { ownsList: true, refresh: (_pane, { full }) => reader.sync(full), moving: () => true, delay: () => TICK_MS };
      },
    },
  },
  commands: ALL_JOBS_BINDINGS,
  palette: {
    jobs: {
      usage: 'jobs [failed|manual|running|pending|created|canceled…] [name=] [ref=] [stage=]',
      description: 'jobs across the pulse’s projects, newest first (in a project without words: its Jobs tab; :jobs all for every job)',
      order: 75,
      run: (ctx, args, at) => (args.length === 0 && at.project ? jobsTab.run(ctx, args, at) : openAllJobs(ctx, args)),
      // Tab: its words (statuses, all, name= ref= stage=), less those typed already.
      complete: (_ctx, args) => FILTER_WORDS.filter((w) => !args.slice(0, -1).includes(w)),
    },
  },
  source: (key, _gl, state) => allJobsSource(key, state),
  takes: jobKeys,
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    allJobs: true;
  }
}
