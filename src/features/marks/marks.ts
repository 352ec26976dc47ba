// Watched pipelines ("marks"): `m` in the pipelines list or the pipeline pane marks one; a pipeline
// the user retried or created is marked by itself. When a marked pipeline ends, the user is told —
// a toast, and through the terminal the bell, a desktop notification (OSC 777/9) and the window
// title (platform/notify.ts), each of which the config file can turn off.
import { writeMarks } from './slice.js';
import type { PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { toast } from '../../store/store.js';
import type { AppState } from '../../store/types.js';
import type { PipelineMark } from './slice.js';
import { notificationBytes } from '../../platform/notify.js';
import { safeText } from '../../text/safe.js';
import { MARKS } from '../../ui/glyphs.js';

/** At most this many at once: each running one costs a request per poll (poll.ts). */
export const MAX_MARKS = 10;
/** Drawn beside a marked pipeline's id. */
export const MARK_GLYPH = MARKS.marked.glyph;

const ENDED = new Set(['success', 'failed', 'canceled', 'skipped']);
export const isEnded = (status: string | null | undefined): boolean => status != null && ENDED.has(status);

type Target = Pick<PipelineBasic, 'id' | 'ref' | 'status'>;

/** Marks `pipeline` (no-op when marked already). False when the cap refuses it. */
export function markPipeline(ctx: Ctx, pipeline: Target, projectId: number, path: string): boolean {
  const { marks } = ctx.store.getState();
  if (marks[pipeline.id]) return true;
  if (Object.keys(marks).length >= MAX_MARKS) return false;
  const mark: PipelineMark = { projectId, path, ref: pipeline.ref, status: pipeline.status };
  writeMarks(ctx.store, (s) => ({ marks: { ...s.marks, [pipeline.id]: mark } }));
  return true;
}

/** `m`: marks or unmarks, and says what will happen. */
export function toggleMark(ctx: Ctx, pipeline: Target, projectId: number, path: string): void {
  const label = `pipeline #${pipeline.id} (${safeText(pipeline.ref, 60)})`;
  if (ctx.store.getState().marks[pipeline.id]) {
    writeMarks(ctx.store, (s) => {
      const { [pipeline.id]: _, ...rest } = s.marks;
      return { marks: rest };
    });
    return toast(ctx.store, 'info', `Stopped watching ${label}`);
  }
  if (!markPipeline(ctx, pipeline, projectId, path)) return toast(ctx.store, 'error', `Already watching ${MAX_MARKS} pipelines: unmark one first (m)`);
  toast(
    ctx.store,
    'info',
    isEnded(pipeline.status)
      ? `Watching ${label}: it has ${pipeline.status}; you will be told if it runs again and ends`
      : `Watching ${label}: you will be told when it ends`,
  );
}

const OUTCOME: Record<string, string> = { success: 'passed', failed: 'failed', canceled: 'was canceled', skipped: 'was skipped' };

/**
 * For the poller (Feature.poll → watch): on every store change, compares each mark's last seen status with
 * the pipeline's status in the store, and tells the user once when one that had not ended has.
 */
export function watchMarks(ctx: Ctx): (state: AppState) => void {
  return () => {
    // The store as it is now, not as this notification saw it: a nested update may have moved on.
    const state = ctx.store.getState();
    const changed: Record<number, PipelineMark> = {};
    const ended: [number, PipelineMark, string][] = [];
    for (const [key, mark] of Object.entries(state.marks)) {
      const id = Number(key);
      const status = state.pipelines[id]?.status;
      if (status === undefined || status === mark.status) continue;
      changed[id] = { ...mark, status };
      if (mark.status !== null && !isEnded(mark.status) && isEnded(status)) ended.push([id, mark, status]);
    }
    if (Object.keys(changed).length === 0) return;
    writeMarks(ctx.store, (s) => {
      const marks = { ...s.marks };
      for (const [id, mark] of Object.entries(changed)) if (marks[Number(id)]) marks[Number(id)] = mark;
      return { marks };
    });
    for (const [id, mark, status] of ended) tell(ctx, id, mark, status);
  };
}

function tell(ctx: Ctx, id: number, mark: PipelineMark, status: string): void {
  const said = OUTCOME[status] ?? status;
  const ref = safeText(mark.ref, 60);
  toast(ctx.store, status === 'success' ? 'success' : 'error', `Pipeline #${id} on ${ref} ${said} (${safeText(mark.path, 60)})`);
  const { platform } = ctx;
  if (!platform.write) return;
  // The bytes sanitize the ref and path themselves (notify.ts): a branch name cannot end the sequence.
  const bytes = notificationBytes(
    { title: safeText(`pipetop: pipeline ${said}`), body: safeText(`#${id} ${said} · ${mark.ref} · ${mark.path}`) },
    platform.notifications ?? {},
    platform.env ?? {},
  );
  if (bytes) platform.write(bytes);
}
