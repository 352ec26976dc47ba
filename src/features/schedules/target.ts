// The schedule a key or `:play` acts on, wherever it is typed.
import type { PipelineSchedule } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import type { Pane } from '../../store/types.js';

/** The schedule pane's, or the selected row of the schedules the pane shows (store/registry.ts listOf: the Schedules tab's). */
export function targetSchedule(ctx: Ctx, pane: Pane): PipelineSchedule | undefined {
  if (pane.kind === 'schedule') return ctx.store.getState().schedules[pane.scheduleId];
  const key = listKeyOf(pane);
  return key?.kind === 'schedules' ? selectedRow<PipelineSchedule>(ctx, key) : undefined;
}
