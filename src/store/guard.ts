// The guard every mutating path goes through: read-only mode refuses before anything is asked or
// sent (one message, one function), and an action already in flight cannot be fired twice.
import type { Ctx } from './ctx.js';
import { toast } from './store.js';

/** Read-only mode refuses before anything is asked or sent. Returns true when refused. */
export function refuseReadOnly(ctx: Ctx, label: string): boolean {
  if (!ctx.store.getState().config.readOnly) return false;
  toast(ctx.store, 'error', `Read-only mode: ${label} is disabled (pipetop was started with --read-only)`);
  return true;
}

/** Runs `work` unless the same action is in flight; read-only mode refuses mutations. */
export async function guarded(ctx: Ctx, key: string, label: string, mutates: boolean, work: () => Promise<void>): Promise<void> {
  if (mutates && refuseReadOnly(ctx, label.toLowerCase())) return;
  const state = ctx.store.getState();
  if (state.inflight[key]) {
    toast(ctx.store, 'info', `${state.inflight[key]} — already in progress`);
    return;
  }
  ctx.store.setState((s) => ({ inflight: { ...s.inflight, [key]: label } }));
  try {
    await work();
  } finally {
    ctx.store.setState((s) => {
      const { [key]: _, ...rest } = s.inflight;
      return { inflight: rest };
    });
  }
}
