// The pipelines feature as the core sees it: the pipeline lists' sources; in the pipeline pane its
// trigger jobs (bridges.ts), the failed-jobs cursor (failed.ts), merge requests (mr.ts), the run
// form's and the Tests view's keys, and the watchers that read what rows and panes lack; the
// pipeline keys of the pipelines tab and the pipeline pane, Enter on a pipeline row and `o`
// (commands.ts); the run form's keys, pastes and confirms; the pipeline pane's polls (poll.ts).
import * as nav from '../../store/nav.js';
import type { Job, PipelineBasic } from '../../api/index.js';
import type { Feature, Retention } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import { isBridge, openDownstream, refreshBridges, type BridgeReads } from './bridges.js';
import { nextFailed, watchFirstFocus } from './failed.js';
import { watchPipelineRows } from './hydrate.js';
import { newMergeRequestPipeline, watchMergeRequests } from './mr.js';
import { mrKey } from '../../domain/merge-request-refs.js';
import { toggleDetails, watchPipelineExtras } from './pipeline-extras.js';
import { pipelinesSource } from './source.js';
import { toggleFailureSort, watchTestHistory } from './test-history.js';
import { caseLog, closeTests, moveTests, openTests, rememberReports, testCasesSource, toggleCase } from './tests-view.js';
import { refreshJobHistory } from './history.js';
import { PIPELINE_BINDINGS } from './bindings.js';
import { openPipelineRow, PIPELINE_RUNS, pipelinesTabUrl } from './commands.js';
import { JOB_COMMANDS } from './job-commands.js';
import { openJob } from '../jobs/index.js';
import { onPane, withRuns, type CommandRun } from '../../store/command.js';
import { submitPipelineFilters } from './filters.js';
import { closeRunForm, handleRunFormKey, pasteIntoRunForm, playWithVariables } from './run-form-actions.js';
import { runPipelineAction } from './actions.js';
import { pollPipelines } from './poll.js';
import { graphServes } from './graph-poll.js';
import { createPipelinesSlice } from './slice.js';
import { PipelinePane } from './PipelinePane.js';
import { MergeRequestPane } from './MergeRequestPane.js';
import { RunFormPane } from './RunFormPane.js';
import { TestsPane } from './TestsPane.js';
import { PIPELINES_PALETTE } from './palette.js';
import { safeText } from '../../text/safe.js';
import { confirmsBy, promptsBy } from '../../store/continuations.js';
import type { PipelineConfirms, PipelinePrompts } from './slice.js';
import type { Ctx } from '../../store/ctx.js';
import { listKeys } from '../../domain/list-keys.js';
import { mrPipelinesList, testCasesList } from './list-keys.js';
import { createElement } from 'react';
import { PipelinesTab } from './PipelinesTab.js';

/** j/k and paging in the Tests view: through its cases, or a case's output. */
function testsMove(by: (page: number) => number): CommandRun {
  return { run: onPane('tests', (ctx, pane) => moveTests(ctx, pane, by(Math.max(1, ctx.store.getState().viewport.height - 4)))) };
}

/**
 * What a pipeline pane and the Tests view keep (store/retention.ts): their pipeline, its trigger
 * jobs (the pipeline pane's), variables, test summary and (big) test report; the pipelines of kept
 * pipeline lists and of kept jobs.
 */
const pipelineRetention: Retention = {
  lists: ['pipelines', 'testCases'],
  // A project on the stack keeps its pipelines (its tab keeps its rows and cursor).
  keep: (stack) => stack.flatMap((pane) => ('projectId' in pane ? [listKeys.pipelines(pane.projectId)] : [])),
  records: ['pipelines', 'bridges', 'pipelineExtras', 'testReports'],
  pin({ state, lists, pinned }) {
    const shown = state.stack.flatMap((pane) => (pane.kind === 'pipeline' || pane.kind === 'tests' ? [pane.pipelineId] : []));
    const rows = lists.flatMap((list) => (list.key?.kind === 'pipelines' ? (list.items as PipelineBasic[]).map((p) => p.id) : []));
    const ofJobs = [...pinned('jobs')].flatMap((id) => state.jobs[id]?.pipeline?.id ?? []);
    return {
      pipelines: [...shown, ...rows, ...ofJobs],
      bridges: state.stack.flatMap((pane) => (pane.kind === 'pipeline' ? [pane.pipelineId] : [])),
      pipelineExtras: shown,
      testReports: shown,
    };
  },
};

export const pipelinesFeature: Feature = {
  retain: pipelineRetention,
  palette: PIPELINES_PALETTE,
  slice: createPipelinesSlice,
  commands: [
    ...withRuns(PIPELINE_BINDINGS, {
      ...PIPELINE_RUNS,
      'pipeline.nextFailed': { rows: true, run: onPane('pipeline', nextFailed) },
      'mr.newPipeline': {
        refusal: (_ctx, pane) => ('iid' in pane ? `creating a pipeline for !${pane.iid}…` : 'creating pipelines'),
        run: onPane('mergeRequest', newMergeRequestPipeline),
      },
      'pipeline.tests': { run: onPane('pipeline', openTests) },
      'pipeline.details': { run: onPane('pipeline', (ctx, pane) => toggleDetails(ctx, pane.pipelineId)) },
      'tests.sortFailures': { run: onPane('tests', (ctx, pane) => toggleFailureSort(ctx, pane.projectId, pane.pipelineId)) },
      'tests.log': { run: onPane('tests', (ctx, pane) => void (ctx.searchLog && caseLog(ctx, pane, ctx.searchLog))) },
      'tests.down': testsMove(() => 1),
      'tests.up': testsMove(() => -1),
      'tests.pageDown': testsMove((page) => page),
      'tests.pageUp': testsMove((page) => -page),
      'tests.back': { run: onPane('tests', closeTests) },
      // `m` is bound here, beside the pipeline keys; marking is the marks feature's (its takeover).
      'pipeline.mark': { rows: true },
    }),
    ...JOB_COMMANDS,
  ],
  name: 'pipelines',
  scopeNames: { pipelines: 'pipelines list', pipeline: 'a pipeline', mergeRequest: 'a merge request', runForm: 'the run form', tests: 'the Tests view' },
  tab: {
    of: 'project',
    name: 'pipelines',
    place: 1,
    label: 'Pipelines',
    view: ({ pane, width, height }) => createElement(PipelinesTab, { projectId: pane.projectId, width, height }),
    list: (pane) => listKeys.pipelines(pane.projectId),
    scopes: () => ['pipelines', 'project', 'list', 'global'],
    open: openPipelineRow,
    url: pipelinesTabUrl,
  },
  specs: {
    pipeline: {
      view: PipelinePane,
      // Its project, when the trail has not named it yet, is a crumb of its own (src/ui/Header.tsx).
      crumb: (_s, pane) => `#${pane.pipelineId}`,
      list: (pane) => listKeys.pipelineJobs(pane.projectId, pane.pipelineId),
      scopes: () => ['pipeline', 'list', 'global'],
      // Ready for keys once every job and its trigger jobs are in (or its list failed): then its
      // cursor is on the first failed job (failed.ts), where `⏎` typed ahead opens.
      ready(_ctx, pane, state) {
        const list = listOf(state, listKeyOf(pane)!);
        if (list.error !== null) return true;
        return list.loadedAt !== null && list.nextPage === null && state.bridges[pane.pipelineId] !== undefined;
      },
      open(ctx, pane) {
        // A trigger job leads to its downstream pipeline (a job's pane would be GitLab's 404); a
        // job to its pane, as on the Jobs tab (the jobs feature's openJob).
        const row = selectedRow<Job>(ctx, listKeyOf(pane)!);
        if (!isBridge(row)) return openJob(ctx, pane);
        openDownstream(ctx, pane, row);
        return true;
      },
      url: (ctx, pane) => ({ url: ctx.store.getState().pipelines[pane.pipelineId]?.web_url }),
      poll(ctx, timing) {
        const pipeline = pollPipelines(ctx, timing);
        const bridgeReads: BridgeReads = new Map();
        // Once the tree is read over GraphQL (graph-poll.ts), its answer carries the bridges' statuses.
        const treeServes = (pipelineId: number) => {
          const s = ctx.store.getState();
          return graphServes(ctx) && s.pipelineGraphs[pipelineId] !== undefined && s.bridges[pipelineId] !== undefined;
        };
        return {
          ...pipeline,
          // The pipeline and its jobs (poll.ts) with its bridges.
          refresh(pane, opts) {
            const reads = [
              pipeline.refresh?.(pane, opts),
              treeServes(pane.pipelineId) && !opts.full ? undefined : refreshBridges(ctx, pane, opts.full, bridgeReads),
            ];
            const work = reads.filter((read) => read !== undefined);
            return work.length ? Promise.all(work).then(() => undefined) : undefined;
          },
        };
      },
    },
    mergeRequest: {
      view: MergeRequestPane,
      crumb: (_s, pane) => `!${pane.iid}`,
      list: (pane) => mrPipelinesList(pane.projectId, pane.iid),
      scopes: () => ['mergeRequest', 'list', 'global'],
      open(ctx, pane) {
        const pipeline = selectedRow<PipelineBasic>(ctx, mrPipelinesList(pane.projectId, pane.iid));
        if (pipeline) nav.push(ctx.store, { kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: pipeline.id, view: 'list' });
        return true;
      },
      url(ctx, pane) {
        const row = selectedRow<PipelineBasic>(ctx, mrPipelinesList(pane.projectId, pane.iid));
        return { url: row?.web_url ?? ctx.store.getState().mergeRequests[mrKey(pane.projectId, pane.iid)]?.web_url };
      },
    },
    runForm: {
      view: RunFormPane,
      crumb: (s) => (s.runForm?.target.kind === 'job' ? `play ${safeText(s.runForm.target.job.name, 40)}` : 'new pipeline'),
      ownConfirm: true,
      // Keys go to the run form itself (keys), resolved in this scope and 'edit'; it also feeds the footer and help.
      scopes: () => ['runForm'],
      // The run form (`N`, `p` on a manual job) owns the keyboard: Tab, typing, Enter sends, Esc.
      keys(ctx, _pane, command, text) {
        handleRunFormKey(ctx, command, text);
        return true;
      },
      // It takes a multi-line paste whole, as several variable lines.
      paste: (ctx, _pane, text) => pasteIntoRunForm(ctx, text),
    },
    tests: {
      view: TestsPane,
      crumb: (_s, pane) => (pane.open ? 'tests › case' : 'tests'),
      list: (pane) => testCasesList(pane.projectId, pane.pipelineId),
      // The report its read brought, kept; then the ref's test history, read once.
      poll(ctx) {
        const reports = rememberReports(ctx);
        const history = watchTestHistory(ctx);
        return {
          watch(state, pane) {
            reports(state, pane);
            history(state, pane);
          },
        };
      },
      scopes: () => ['tests', 'list', 'global'],
      open(ctx, pane) {
        toggleCase(ctx, pane);
        return true;
      },
    },
  },
  listKinds: ['pipelines', 'mrPipelines', 'testCases'],
  // A job's usual duration, on the job pane (history.ts refreshJobHistory, in its poll's refresh).
  readsOn: ['job'],
  source: (key, gl, state) => pipelinesSource(key, gl, state) ?? testCasesSource(key, gl, state),
  poll(ctx) {
    const watchers = [watchPipelineRows(ctx), watchFirstFocus(ctx), watchMergeRequests(ctx), watchPipelineExtras(ctx)];
    return {
      watch(state) {
        for (const watch of watchers) watch(state);
      },
      // On the job pane (readsOn), a job's usual duration: its project's recent successful jobs, once per 10 minutes.
      refresh: (pane) => refreshJobHistory(ctx, pane),
    };
  },
  confirmed: confirmsBy<PipelineConfirms, Ctx>({
    'pipeline.cancelConfirmed': (ctx, a) => void runPipelineAction(ctx, 'cancel', a.pipeline, a.projectId),
    'pipeline.retryConfirmed': (ctx, a) => void runPipelineAction(ctx, 'retry', a.pipeline, a.projectId),
    'run.discardForm': (ctx) => closeRunForm(ctx),
    'job.playConfirmed': (ctx, a) => void playWithVariables(ctx, a),
  }),
  submitted: promptsBy<PipelinePrompts, Ctx>({ 'pipelines.filters': submitPipelineFilters }),
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    pipelines: true;
    pipeline: true;
    mergeRequest: true;
    runForm: true;
    tests: true;
  }
}

// Its tab of the project pane (store/types.ts PaneTabs).
declare module '../../store/types.js' {
  interface PaneTabs {
    pipelines: true;
  }
}
