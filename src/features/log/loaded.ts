// Waiting for a job's log to be in, for those who open a log to search it (the Tests view's `L`,
// the failure digest's Enter): the log loads asynchronously after its pane opens.
import type { Ctx } from '../../store/ctx.js';
import { topPane } from '../../store/store.js';

/** True once the job's log is loaded while its pane is in front; false when the user left, or after `timeoutMs`. */
export function logLoaded(ctx: Ctx, jobId: number, timeoutMs = 30_000): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const s = ctx.store.getState();
      const top = topPane(s);
      if (top.kind !== 'job' || top.jobId !== jobId) return done(false);
      if (s.logViews[jobId]?.loaded) done(true);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    const unsubscribe = ctx.store.subscribe(check);
    function done(ok: boolean) {
      clearTimeout(timer);
      unsubscribe();
      resolve(ok);
    }
    check();
  });
}
