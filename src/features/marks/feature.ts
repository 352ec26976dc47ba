// The marks feature as the core sees it: `m` on a pipeline (list row or pane), and the watcher that
// tells the user when a marked pipeline ends, and its poll of marks off screen (poll.ts), started
// and stopped with the controller (Feature.attach).
import type { PipelineBasic } from '../../api/index.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { listKeys } from '../../store/sources.js';
import { listOf, toast } from '../../store/store.js';
import { toggleMark, watchMarks } from './marks.js';
import { startMarkPolling, type MarkPoller } from './poll.js';
import { createMarksSlice } from './slice.js';

export const marksFeature: Feature = {
  slice: createMarksSlice,
  name: 'marks',
  run(ctx, command, pane) {
    if (command !== 'pipeline.mark') return false;
    let pipeline: PipelineBasic | undefined;
    if (pane.kind === 'pipeline') {
      const state = ctx.store.getState();
      pipeline =
        state.pipelines[pane.pipelineId] ?? listOf<PipelineBasic>(state, listKeys.pipelines(pane.projectId)).items.find((p) => p.id === pane.pipelineId);
    } else if (pane.kind === 'project' && pane.tab === 'pipelines') pipeline = selectedRow<PipelineBasic>(ctx, listKeys.pipelines(pane.projectId));
    else return false;
    if (!pipeline) toast(ctx.store, 'info', 'No pipeline selected (still loading?)');
    else toggleMark(ctx, pipeline, pane.projectId, pane.path);
    return true;
  },
  poll: (ctx) => ({ watch: watchMarks(ctx) }),
  attach(ctx, { timing }) {
    let poller: MarkPoller | null = null;
    return {
      start: () => void (poller = startMarkPolling(ctx, timing.activeMs, timing.idleMs)),
      stop: () => poller?.stop(),
    };
  },
};
