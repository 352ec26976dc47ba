// Marked pipelines keep being read while their pane is not in front: the pipeline alone (one GET,
// a 304 through the client's ETag cache while nothing changed), at the running cadence, and only
// for marks that have not ended — at most MAX_MARKS requests a round. The pane in front is the
// poller's (store/polling.ts); what both read lands in `pipelines`, where watchMarks sees endings.
import type { Ctx } from '../../store/ctx.js';
import { topPane } from '../../store/store.js';
import { isEnded } from './marks.js';

export interface MarkPoller {
  stop(): void;
}

export function startMarkPolling(ctx: Ctx, intervalMs: number): MarkPoller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const round = async () => {
    const state = ctx.store.getState();
    const top = topPane(state);
    const due = Object.entries(state.marks).filter(([id, mark]) => !isEnded(mark.status) && !(top.kind === 'pipeline' && top.pipelineId === Number(id)));
    await Promise.all(
      due.map(async ([id, mark]) => {
        try {
          const p = await ctx.gl.pipelines.get(mark.projectId, Number(id));
          if (!stopped && ctx.store.getState().pipelines[p.id] !== p) ctx.store.setState((s) => ({ pipelines: { ...s.pipelines, [p.id]: p } }));
        } catch (error) {
          ctx.connectionFailed(error);
        }
      }),
    );
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void round().finally(schedule), intervalMs);
    timer.unref?.();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
