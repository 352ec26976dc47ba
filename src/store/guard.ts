// The guard every GitLab action goes through: one already in flight cannot be fired twice. (Read-only
// mode is refused before: the controller refuses a command that `mutates`, store/command.ts, and
// the forms that write are opened only by such commands.)
import type { Ctx } from './ctx.js';
import { toast } from './store.js';
import { setInflight } from './writers.js';

/** Runs `work` unless the same action is in flight. */
export async function guarded(ctx: Ctx, key: string, label: string, work: () => Promise<void>): Promise<void> {
  const state = ctx.store.getState();
  if (state.inflight[key]) {
    toast(ctx.store, 'info', `${state.inflight[key]} — already in progress`);
    return;
  }
  setInflight(ctx.store, key, label);
  try {
    await work();
  } finally {
    setInflight(ctx.store, key, null);
  }
}
