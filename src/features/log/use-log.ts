// The job pane's log as the view reads it: through the store, never the controller. The engine
// (log-view.ts) puts a handle on the open log's model in the log's slice and bumps the view's
// version as lines arrive; this hook subscribes to both, so a frame follows the lines.
import { useAppState } from '../../ui/context.js';
import type { LogHandle, LogViewState } from './slice.js';

export function useLog(jobId: number): { view: LogViewState | undefined; lines: LogHandle | null } {
  const view = useAppState((s) => s.logViews[jobId]);
  const lines = useAppState((s) => s.logHandles[jobId] ?? null);
  return { view, lines };
}
