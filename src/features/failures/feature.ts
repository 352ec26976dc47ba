// `:failures` and `X` on a pipeline: why it failed, on one screen — every failed job of the pipeline
// and of the pipelines downstream of it, each with the failure line of its log and the lines around
// it. Enter opens that job's log at that line; `r` retries the failed jobs (a pipeline retry, asked
// first with their count). Read once when opened and on `R`: a finished pipeline's failures do not
// move.
import { confirmRun, pipelineRun, RERUNS_OLDER } from '../../store/confirm-run.js';
import { createFailuresSlice, digestKey, type FailureDigest, writeFailures } from './slice.js';
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { pipelineOnTrail } from '../../domain/trail.js';
import { toast, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { logLoaded } from '../log/index.js';
import { runPipelineAction } from '../pipelines/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import { onPane, withRuns } from '../../store/command.js';
import { FAILURE_BINDINGS } from './bindings.js';
import { loadFailures } from './load.js';
import { FailuresPane } from './FailuresPane.js';
import { confirmsBy } from '../../store/continuations.js';
import type { FailureConfirms } from './slice.js';

type FailuresPane = Extract<Pane, { kind: 'failures' }>;

const MOVES: Record<string, (i: number, n: number) => number> = {
  'nav.down': (i) => i + 1,
  'nav.up': (i) => i - 1,
  'nav.top': () => 0,
  'nav.bottom': (_, n) => n - 1,
  'nav.pageDown': (i) => i + 5,
  'nav.pageUp': (i) => i - 5,
};

const digestOf = (ctx: Ctx, pane: FailuresPane): FailureDigest | undefined => ctx.store.getState().failures[digestKey(pane.projectId, pane.pipelineId)];

export const failuresFeature: Feature = {
  slice: createFailuresSlice,
  specs: {
    failures: {
      view: FailuresPane,
      // Opened over the pipeline, whose crumb names it already.
      crumb: () => 'failures',
      scopes: () => ['failures', 'global'],
      open(ctx, pane) {
        void openAtFailure(ctx, pane);
        return true;
      },
      // Read once when opened and on `R`: a finished pipeline's failures do not move.
      poll: (ctx) => ({
        refresh: (pane, { full }) => (full ? loadFailures(ctx, pane.projectId, pane.pipelineId) : undefined),
        moving: () => false,
      }),
    },
  },
  name: 'failures',
  scopeNames: { failures: 'why a pipeline failed' },
  commands: withRuns(FAILURE_BINDINGS, {
    // `X` on the pipeline pane (the pipelines feature's).
    'pipeline.failures': {
      run: onPane('pipeline', (ctx, pane) => openFailures(ctx, { projectId: pane.projectId, path: pane.path, pipelineId: pane.pipelineId })),
    },
    'failures.retry': { refusal: () => 'retry failed jobs', run: onPane('failures', (ctx, pane) => askRetry(ctx, pane, digestOf(ctx, pane))) },
  }),
  // Moving moves through the digest's failed jobs (it is no store list).
  takes: Object.entries(MOVES).map(([command, move]) => ({
    command: command as CommandId,
    scopes: ['failures'],
    run: onPane('failures', (ctx, pane) => {
      const digest = digestOf(ctx, pane);
      const n = digest?.items.length ?? 0;
      if (!digest || n === 0) return;
      const selected = Math.max(0, Math.min(n - 1, move(digest.selected, n)));
      const key = digestKey(pane.projectId, pane.pipelineId);
      writeFailures(ctx.store, (s) => ({ failures: { ...s.failures, [key]: { ...digest, selected } } }));
    }),
  })),
  palette: {
    failures: {
      usage: 'failures [pipeline id]',
      order: 140,
      description: 'why the pipeline failed: each failed job (downstream too) with its failure line',
      run(ctx, args, at) {
        const pipeline = pipelineOnTrail(ctx, at, args[0], 'failures');
        return typeof pipeline === 'string' ? pipeline : openFailures(ctx, pipeline);
      },
    },
  },
  confirmed: confirmsBy<FailureConfirms, Ctx>({
    'failures.retryConfirmed': (ctx, a) => {
      const pipeline = ctx.store.getState().pipelines[a.pipelineId];
      if (!pipeline) return void toast(ctx.store, 'error', `Pipeline #${a.pipelineId} is not loaded: open it and retry there`);
      void runPipelineAction(ctx, 'retry', pipeline, a.projectId).then(() => loadFailures(ctx, a.projectId, a.pipelineId));
    },
  }),
};

/** Opens the digest of a pipeline over the pane in front (the poller reads it). */
export function openFailures(ctx: Ctx, at: { projectId: number; path: string; pipelineId: number }): null {
  const top = topPane(ctx.store.getState());
  if (top.kind === 'failures' && top.pipelineId === at.pipelineId) return null;
  nav.push(ctx.store, { kind: 'failures', ...at } satisfies Pane);
  return null;
}

function askRetry(ctx: Ctx, pane: FailuresPane, digest: FailureDigest | undefined): void {
  const items = digest?.items ?? [];
  if (items.length === 0) return void toast(ctx.store, 'info', 'No failed job to retry');
  const own = items.filter((i) => i.via.length === 0).length;
  const below = items.length - own;
  const counted = [own ? `${own} failed job${own === 1 ? '' : 's'}` : '', below ? `${below} in downstream pipelines (their trigger jobs run again)` : '']
    .filter(Boolean)
    .join(' and ');
  // The same question as the pipeline's ^r (store/confirm-run.ts): what runs again, and whether a
  // newer pipeline on its ref makes this an older commit.
  const state = ctx.store.getState();
  const pipeline = state.pipelines[pane.pipelineId];
  confirmRun(ctx, {
    message: `Retry pipeline #${pane.pipelineId}: ${counted}?`,
    detail: 'GitLab retries every failed and canceled job of the pipeline.',
    yes: { owner: 'failures', command: 'failures.retryConfirmed', args: { projectId: pane.projectId, pipelineId: pane.pipelineId } },
    target: pipeline ? pipelineRun(state, pipeline, pane.projectId) : null,
    newer: RERUNS_OLDER,
  });
}

/** Enter: the job's log, searched for its failure line once it is loaded (as the Tests view's `L`). */
async function openAtFailure(ctx: Ctx, pane: FailuresPane): Promise<void> {
  const digest = digestOf(ctx, pane);
  const item = digest?.items[digest.selected];
  if (!item) return;
  const path = item.projectId === pane.projectId ? pane.path : String(item.projectId);
  nav.push(ctx.store, { kind: 'job', projectId: item.projectId, path, jobId: item.jobId });
  if (!item.block || !ctx.searchLog) return;
  const line = item.block.line;
  if (!(await logLoaded(ctx, item.jobId))) return;
  const error = await ctx.searchLog(item.jobId, line);
  if (error) toast(ctx.store, 'error', `Could not find the failure line: ${safeText(error, 200)}`);
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    failures: true;
  }
}
