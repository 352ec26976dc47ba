// The marks feature as the core sees it: `m` on a pipeline (list row or pane), and the watcher that
// tells the user when a marked pipeline ends, and its poll of marks off screen (poll.ts), started
// and stopped with the controller (Feature.attach).
import type { PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import type { Pane } from '../../store/types.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { listOf, toast } from '../../store/store.js';
import { toggleMark, watchMarks } from './marks.js';
import { startMarkPolling, type MarkPoller } from './poll.js';
import { createMarksSlice } from './slice.js';
import { listKeys } from '../../domain/list-keys.js';

/** The pipeline `m` marks: the pipeline pane's, or the selected row of the pipelines the pane shows (store/registry.ts listOf). */
function markTarget(ctx: Ctx, pane: Pane): PipelineBasic | undefined {
  const state = ctx.store.getState();
  if (pane.kind === 'pipeline')
    return state.pipelines[pane.pipelineId] ?? listOf<PipelineBasic>(state, listKeys.pipelines(pane.projectId)).items.find((p) => p.id === pane.pipelineId);
  const key = listKeyOf(pane);
  return key?.kind === 'pipelines' ? selectedRow<PipelineBasic>(ctx, key) : undefined;
}

export const marksFeature: Feature = {
  slice: createMarksSlice,
  name: 'marks',
  // `m` is bound beside the pipeline keys (features/pipelines/bindings.ts); marking is this feature's.
  takes: [
    {
      command: 'pipeline.mark',
      scopes: ['pipelines', 'pipeline'],
      run(ctx, pane) {
        const pipeline = markTarget(ctx, pane);
        if (!pipeline || !('projectId' in pane)) return void toast(ctx.store, 'info', 'No pipeline selected (still loading?)');
        toggleMark(ctx, pipeline, pane.projectId, pane.path);
      },
    },
  ],
  // Watched pipelines stay: their ending is told from what the store holds (marks.ts).
  retain: { pin: ({ state }) => ({ pipelines: Object.keys(state.marks).map(Number) }) },
  poll: (ctx) => ({ watch: watchMarks(ctx) }),
  attach(ctx, { timing }) {
    let poller: MarkPoller | null = null;
    return {
      start: () => void (poller = startMarkPolling(ctx, timing.activeMs, timing.idleMs)),
      stop: () => poller?.stop(),
    };
  },
};
