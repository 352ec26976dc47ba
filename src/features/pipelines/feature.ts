// The pipelines feature as the core sees it: the pipeline lists' sources, and in the pipeline pane
// its trigger jobs (bridges.ts), the failed-jobs cursor (failed.ts) and merge requests (mr.ts).
// (Its other commands and the pipeline pane's own polling are still the core's, store/controller.ts
// and store/polling.ts.)
import type { Job, PipelineBasic } from '../../api/index.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf, listKeys } from '../../store/sources.js';
import { isBridge, openDownstream, refreshBridges } from './bridges.js';
import { nextFailed, watchFirstFocus } from './failed.js';
import { watchPipelineRows } from './hydrate.js';
import { mrKey, newMergeRequestPipeline, watchMergeRequests } from './mr.js';
import { pipelinesSource } from './source.js';

export const pipelinesFeature: Feature = {
  name: 'pipelines',
  source: pipelinesSource,
  watch(ctx) {
    const watchers = [watchPipelineRows(ctx), watchFirstFocus(ctx), watchMergeRequests(ctx)];
    return (state) => {
      for (const watch of watchers) watch(state);
    };
  },
  scopes: (pane) => (pane.kind === 'mergeRequest' ? ['mergeRequest', 'list', 'global'] : undefined),
  run(ctx, command, pane) {
    if (command === 'pipeline.nextFailed' && pane.kind === 'pipeline') {
      nextFailed(ctx, pane);
      return true;
    }
    if (command === 'mr.newPipeline' && pane.kind === 'mergeRequest') {
      newMergeRequestPipeline(ctx, pane);
      return true;
    }
    return false;
  },
  open(ctx, pane) {
    if (pane.kind === 'pipeline') {
      // A trigger job leads to its downstream pipeline (a job's pane would be GitLab's 404).
      const row = selectedRow<Job>(ctx, listKeyOf(pane)!);
      if (!isBridge(row)) return false;
      openDownstream(ctx, pane, row);
      return true;
    }
    if (pane.kind !== 'mergeRequest') return false;
    const pipeline = selectedRow<PipelineBasic>(ctx, listKeys.mrPipelines(pane.projectId, pane.iid));
    if (pipeline) ctx.store.setState((s) => ({ stack: [...s.stack, { kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: pipeline.id, view: 'list' }] }));
    return true;
  },
  url(ctx, pane) {
    if (pane.kind === 'mergeRequest') {
      const row = selectedRow<PipelineBasic>(ctx, listKeys.mrPipelines(pane.projectId, pane.iid));
      return { url: row?.web_url ?? ctx.store.getState().mergeRequests[mrKey(pane.projectId, pane.iid)]?.web_url };
    }
    return undefined;
  },
  refresh: (ctx, pane, opts) => (pane.kind === 'pipeline' ? refreshBridges(ctx, pane, opts?.full ?? true) : undefined),
};
