// The pulse's own poller: while the pulse is in front, every tick asks planPulseFetches which rows
// on screen are due (≤ 1 request per visible project per PULSE_INTERVAL_MS, counted from the send)
// and reads those — one GET each, revalidated by ETag. Nothing is read for rows off screen, nor
// while another pane is in front.
import { isGitLabApiError } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { topPane } from '../../store/store.js';
import { fetchPulsePipelines, samePulsePage } from './fetch.js';
import { planPulseFetches, type PulseFetchState } from './plan.js';
import { memoPulseRows, pulseProjects, visiblePulseIds } from './rows.js';

export interface PulsePoller {
  stop(): void;
}

/** `tickMs`: how often the plan is asked (cheap, no request unless a row is due). */
export function startPulsePolling(ctx: Ctx, tickMs = 1000): PulsePoller {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Every tick asks which rows are on screen; they change only when the projects or their pipelines do.
  const rowsOf = memoPulseRows();

  const setFetch = (id: number, next: PulseFetchState) => ctx.store.setState((s) => ({ pulse: { ...s.pulse, fetch: { ...s.pulse.fetch, [id]: next } } }));

  const read = async (id: number, sentAt: number) => {
    const project = pulseProjects(ctx.store.getState()).find((p) => p.id === id);
    if (!project) return;
    setFetch(id, { sentAt, inFlight: true });
    try {
      const page = await fetchPulsePipelines(ctx.gl, project);
      if (stopped) return;
      setFetch(id, { sentAt });
      if (!samePulsePage(ctx.store.getState().pulse.pipelines[id], page)) {
        ctx.store.setState((s) => ({ pulse: { ...s.pulse, pipelines: { ...s.pulse.pipelines, [id]: page } } }));
      }
      ctx.connectionOk();
    } catch (error) {
      // Retry-After (429) or the poll's own back-off: this row waits, the others go on.
      const wait = isGitLabApiError(error) && error.retryAfterMs ? error.retryAfterMs : 0;
      setFetch(id, { sentAt, ...(wait ? { notBefore: ctx.now() + wait } : {}) });
      ctx.connectionFailed(error);
    }
  };

  const tick = () => {
    if (stopped) return;
    const state = ctx.store.getState();
    if (topPane(state).kind === 'pulse') {
      const now = ctx.now();
      const plan = planPulseFetches(visiblePulseIds(state, rowsOf(state)), new Map(Object.entries(state.pulse.fetch).map(([id, f]) => [Number(id), f])), now);
      for (const id of plan.fetch) void read(id, now);
    }
    timer = setTimeout(tick, tickMs);
    timer.unref?.();
  };
  tick();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
