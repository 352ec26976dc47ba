// The pipelines feature as the core sees it: the pipeline list's source, the run form's and the
// Tests view's keys, and the watchers that read what rows and panes lack. (Most pipeline commands
// and the pipeline pane's polling are still the core's, store/controller.ts and store/polling.ts.)
import type { Feature } from '../../store/feature.js';
import { watchPipelineRows } from './hydrate.js';
import { toggleDetails, watchPipelineExtras } from './pipeline-extras.js';
import { pipelinesSource } from './source.js';
import { caseLog, closeTests, moveTests, openTests, rememberReports, testCasesSource, toggleCase } from './tests-view.js';

export const pipelinesFeature: Feature = {
  name: 'pipelines',
  source: (key, gl, state) => pipelinesSource(key, gl, state) ?? testCasesSource(key, gl, state),
  watch: (ctx) => {
    const watchers = [watchPipelineRows(ctx), watchPipelineExtras(ctx), rememberReports(ctx)];
    return (state) => watchers.forEach((watch) => watch(state));
  },
  scopes: (pane) => {
    // Keys go to the run form itself (controller.handleKey); this scope only feeds the footer and help.
    if (pane.kind === 'runForm') return ['runForm'];
    if (pane.kind === 'tests') return ['tests', 'list', 'global'];
    return undefined;
  },
  run(ctx, command, pane) {
    switch (command) {
      case 'pipeline.tests':
        if (pane.kind === 'pipeline') openTests(ctx, pane);
        return true;
      case 'pipeline.details':
        if (pane.kind === 'pipeline') toggleDetails(ctx, pane.pipelineId);
        return true;
      case 'tests.log':
        if (pane.kind === 'tests' && ctx.searchLog) void caseLog(ctx, pane, ctx.searchLog);
        return true;
      case 'tests.down':
      case 'tests.up':
      case 'tests.pageDown':
      case 'tests.pageUp': {
        if (pane.kind !== 'tests') return true;
        const page = Math.max(1, ctx.store.getState().viewport.height - 4);
        const by = command === 'tests.down' ? 1 : command === 'tests.up' ? -1 : command === 'tests.pageDown' ? page : -page;
        moveTests(ctx, pane, by);
        return true;
      }
      case 'tests.back':
        if (pane.kind === 'tests') closeTests(ctx, pane);
        return true;
      default:
        return false;
    }
  },
  open(ctx, pane) {
    if (pane.kind !== 'tests') return false;
    toggleCase(ctx, pane);
    return true;
  },
};
