// The guard every GitLab action goes through: one already in flight cannot be fired twice. (Read-only
// mode is refused before: the controller refuses a command that `mutates`, store/command.ts, and
// the forms that write are opened only by such commands.)
import type { Ctx } from './ctx.js';
import { toast } from './store.js';
import { setInflight } from './writers.js';

/**
 * The in-flight key of `action` on one object of `kind`: `job.retry:42`. What `guarded` is given
 * for an action on an object, and what `busyWith` finds it by; `id` may hold colons
 * (`mr.pipeline:101:12`), `kind` and `action` may not.
 */
export function actionKey(kind: string, action: string, id: number | string): string {
  return `${kind}.${action}:${id}`;
}

/** The label of an action in flight on object `id` of `kind` (any action), or undefined. */
export function busyWith(inflight: Readonly<Record<string, string>>, kind: string, id: number | string): string | undefined {
  const prefix = `${kind}.`;
  const suffix = `:${id}`;
  for (const [key, label] of Object.entries(inflight)) {
    if (key.length <= prefix.length + suffix.length || !key.startsWith(prefix) || !key.endsWith(suffix)) continue;
    const action = key.slice(prefix.length, key.length - suffix.length);
    if (!action.includes(':') && !action.includes('.')) return label;
  }
  return undefined;
}

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
