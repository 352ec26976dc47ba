// Marked pipelines keep being read while their pane is not in front: the pipeline alone (one GET,
// a 304 through the client's ETag cache while nothing changed), at the running cadence, and only
// for marks that have not ended — at most MAX_MARKS requests a round. One that waits on a manual job
// (or a schedule) may wait for days: it is read at the idle cadence instead. The pane in front is the
// poller's (store/polling.ts); what both read lands in `pipelines`, where watchMarks sees endings.
import type { Ctx } from '../../store/ctx.js';
import { topPane } from '../../store/store.js';
import { isActiveStatus } from '../../store/sources.js';
import { isEnded } from './marks.js';
import { rememberPipeline } from '../../domain/pipelines.js';

export interface MarkPoller {
  stop(): void;
}

export function startMarkPolling(ctx: Ctx, intervalMs: number, idleMs = intervalMs): MarkPoller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  /** The round each mark was last read in (this poller's own record); idle marks every `every` rounds. */
  const readIn = new Map<number, number>();
  const every = Math.max(1, Math.round(idleMs / intervalMs));
  let rounds = 0;

  const round = async () => {
    const state = ctx.store.getState();
    const top = topPane(state);
    const n = ++rounds;
    const due = Object.entries(state.marks).filter(([id, mark]) => {
      if (isEnded(mark.status) || (top.kind === 'pipeline' && top.pipelineId === Number(id))) return false;
      const last = readIn.get(Number(id));
      return last === undefined || isActiveStatus(mark.status ?? undefined) || n - last >= every;
    });
    for (const [id] of due) readIn.set(Number(id), n);
    await Promise.all(
      due.map(async ([id, mark]) => {
        try {
          const p = await ctx.gl.pipelines.get(mark.projectId, Number(id));
          if (!stopped && ctx.store.getState().pipelines[p.id] !== p) rememberPipeline(ctx.store, p);
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
