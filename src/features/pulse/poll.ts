// The pulse's own poller: while the pulse is in front, every tick asks planPulseFetches which rows
// on screen are due (≤ 1 request per visible project per PULSE_INTERVAL_MS, counted from the send)
// and reads those — one GET each, revalidated by ETag. Nothing is read for rows off screen, nor
// while another pane is in front. The config file's projects are read the same way: a row on
// screen that stands for an entry not read yet (rows.ts placeholder) is looked up, once.
import { writePulse } from './slice.js';
import { isGitLabApiError } from '../../api/index.js';
import { describeError } from '../../store/errors.js';
import type { Ctx } from '../../store/ctx.js';
import { topPane } from '../../store/store.js';
import { fetchPulsePipelines, samePulsePage } from './fetch.js';
import { PULSE_INTERVAL_MS, planLookups, planPulseFetches, type PulseFetchState } from './plan.js';
import { entryOf, isPlaceholder, memoPulseRows, pulseProjects, visiblePulseIds } from './rows.js';

/** Failed entries named in the line under the pulse; the rest are counted. */
const NAMED_FAILURES = 3;

export interface PulsePoller {
  stop(): void;
}

/** `tickMs`: how often the plan is asked (cheap, no request unless a row is due). */
export function startPulsePolling(ctx: Ctx, tickMs = 1000): PulsePoller {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Every tick asks which rows are on screen; they change only when the projects or their pipelines do.
  const rowsOf = memoPulseRows();

  const setFetch = (id: number, next: PulseFetchState) => writePulse(ctx.store, (s) => ({ pulse: { ...s.pulse, fetch: { ...s.pulse.fetch, [id]: next } } }));

  const read = async (id: number, sentAt: number) => {
    const project = pulseProjects(ctx.store.getState()).find((p) => p.id === id);
    if (!project) return;
    setFetch(id, { sentAt, inFlight: true });
    try {
      const page = await fetchPulsePipelines(ctx.gl, project);
      if (stopped) return;
      setFetch(id, { sentAt });
      if (!samePulsePage(ctx.store.getState().pulse.pipelines[id], page)) {
        writePulse(ctx.store, (s) => ({ pulse: { ...s.pulse, pipelines: { ...s.pulse.pipelines, [id]: page } } }));
      }
      ctx.connectionOk();
    } catch (error) {
      // Retry-After (429) or the poll's own back-off: this row waits, the others go on.
      const wait = isGitLabApiError(error) && error.retryAfterMs ? error.retryAfterMs : 0;
      setFetch(id, { sentAt, ...(wait ? { notBefore: ctx.now() + wait } : {}) });
      ctx.connectionFailed(error);
    }
    // An answer frees a slot, and may have sorted unread rows on screen: plan again now, not at the tick.
    soon();
  };

  const setLookup = (id: number, next: PulseFetchState & { error?: string }) =>
    writePulse(ctx.store, (s) => ({ pulse: { ...s.pulse, lookups: { ...s.pulse.lookups, [id]: next } } }));
  /** Why entries could not be read, by placeholder id: the line under the pulse names them, in the file's order. */
  const failures = new Map<number, { entry: string; why: string }>();
  const showFailures = () => {
    const named = [...failures]
      .sort(([a], [b]) => b - a)
      .slice(0, NAMED_FAILURES)
      .map(([, f]) => `${f.entry} (${f.why})`);
    const more = failures.size - named.length;
    const error = failures.size ? `Cannot read ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}` : null;
    if (ctx.store.getState().pulse.error !== error) writePulse(ctx.store, (s) => ({ pulse: { ...s.pulse, error } }));
  };

  /** One config file entry: its project replaces the placeholder row (and keeps the cursor on it). */
  const lookUp = async (id: number, sentAt: number) => {
    const entry = entryOf(ctx.store.getState(), id);
    if (entry === undefined) return;
    setLookup(id, { sentAt, inFlight: true });
    try {
      const project = await ctx.gl.projects.get(/^\d+$/.test(entry) ? Number(entry) : entry);
      if (stopped) return;
      setLookup(id, { sentAt });
      failures.delete(id);
      writePulse(ctx.store, (s) => ({
        pulse: { ...s.pulse, listed: { ...s.pulse.listed, [entry]: project }, selectedId: s.pulse.selectedId === id ? project.id : s.pulse.selectedId },
      }));
      ctx.connectionOk();
    } catch (error) {
      if (stopped) return;
      failures.set(id, { entry, why: describeError(error) });
      const status = isGitLabApiError(error) ? error.status : undefined;
      if (status === 401 || status === 403 || status === 404) {
        // GitLab says no: not asked again; the row stays, named under the pulse, until pipetop restarts.
        setLookup(id, { sentAt });
        writePulse(ctx.store, (s) => ({ pulse: { ...s.pulse, listed: { ...s.pulse.listed, [entry]: null } } }));
      } else {
        const wait = isGitLabApiError(error) && error.retryAfterMs ? error.retryAfterMs : PULSE_INTERVAL_MS;
        setLookup(id, { sentAt, notBefore: ctx.now() + wait });
        ctx.connectionFailed(error);
      }
    }
    showFailures();
  };

  let kicked = false;
  const soon = () => {
    if (stopped || kicked) return;
    kicked = true;
    setImmediate(() => {
      kicked = false;
      tick();
    });
  };

  const tick = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const state = ctx.store.getState();
    if (topPane(state).kind === 'pulse') {
      const now = ctx.now();
      const visible = visiblePulseIds(state, rowsOf(state));
      const toMap = (r: Record<number, PulseFetchState>) => new Map(Object.entries(r).map(([id, f]) => [Number(id), f]));
      for (const id of planLookups(visible.filter(isPlaceholder), toMap(state.pulse.lookups), now)) void lookUp(id, now);
      const plan = planPulseFetches(
        visible.filter((id) => !isPlaceholder(id)),
        toMap(state.pulse.fetch),
        now,
      );
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
