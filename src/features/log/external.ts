// The log outside pipetop: `|` in the user's $PAGER, `v` in $EDITOR at the cursor's line (a plain
// text copy in pipetop's private temp directory, removed when the program ends; `w` saves one to
// keep), `Y` the cursor's line to the clipboard. The terminal is handed over and restored whole
// (features/commands, Platform.suspend).
import { rm } from 'node:fs/promises';
import { editFile, pageFile, tempPath } from '../commands/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { toast } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import type { LogRegistry } from './log-view.js';

/** Characters of one line put on the clipboard: a log line can be megabytes; OSC 52 has its own cap too. */
const COPY_MAX = 10_000;

/** The cursor's line: its index in the log (0-based) and text; null before the log is in. */
function cursorLine(logs: LogRegistry, jobId: number): { index: number; text: string } | null {
  const model = logs.model(jobId);
  if (!model || model.visibleCount === 0) return null;
  const index = model.visibleLine(Math.min(logs.view(jobId).cursor, model.visibleCount - 1));
  return { index, text: model.line(index).text };
}

export async function openLogOutside(ctx: Ctx, logs: LogRegistry, jobId: number, where: 'pager' | 'editor'): Promise<void> {
  const model = logs.model(jobId);
  const line = cursorLine(logs, jobId);
  if (!model || !line) return void toast(ctx.store, 'info', 'The log is not loaded yet');
  let path: string;
  try {
    // Plain text, colours removed (log-model.ts saveTo): an editor would show escapes as junk.
    path = (await model.saveTo(tempPath(), { explicit: true })).path;
  } catch (error) {
    return void toast(ctx.store, 'error', `Cannot write the log for the ${where}: ${describeError(error)}`);
  }
  const error = where === 'pager' ? await pageFile(ctx, path) : await editFile(ctx, path, line.index + 1);
  if (where === 'editor') await rm(path, { force: true });
  if (error) toast(ctx.store, 'error', safeText(error, 200));
}

export function copyLogLine(ctx: Ctx, logs: LogRegistry, jobId: number): void {
  const line = cursorLine(logs, jobId);
  if (!line) return void toast(ctx.store, 'info', 'The log is not loaded yet');
  // Only checked text goes to the clipboard writer (Platform.copy): no escape or control of the line.
  ctx.platform.copy(safeText(line.text, COPY_MAX));
  const cut = line.text.length > COPY_MAX ? ` (its first ${COPY_MAX.toLocaleString('en')} characters)` : '';
  toast(ctx.store, 'info', `Line ${line.index + 1}${cut} ${ctx.platform.copyNotice ?? 'sent to the terminal'}`);
}
