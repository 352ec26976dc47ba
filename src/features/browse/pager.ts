// `|` in the artifacts browser: one text file of the archive in the user's $PAGER, as `|` shows a
// job's log (src/features/log/external.ts). Its bytes come from GitLab's single-file endpoint, as
// the preview's do (load.ts), and the same files are refused with the same messages: an unsafe
// name, an encrypted or too big file before any request, a binary one after it. The text goes to a
// private file in pipetop's temp directory with every escape but colour (SGR) dropped
// (features/commands pagerText), so the pager cannot be made to drive the terminal; the terminal
// hand-over and the file's removal afterwards are features/commands' pageFile.
import { writeFile } from 'node:fs/promises';
import { ARTIFACT_PREVIEW_MAX } from '../../lib/budgets.js';
import type { ZipEntry } from '../../lib/zip.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { actionKey, guarded } from '../../store/guard.js';
import { toast } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import { pageFile, pagerText, tempPath } from '../commands/index.js';
import { BINARY_REFUSAL, asText, refusal } from './load.js';

export function pageEntry(ctx: Ctx, projectId: number, jobId: number, entry: ZipEntry): Promise<void> {
  const refused = refusal(entry);
  if (refused) return Promise.resolve(void toast(ctx.store, 'info', refused));
  const what = safeText(entry.segments.at(-1) ?? entry.name, 80);
  return guarded(ctx, actionKey('browse', 'pager', `${jobId}:${entry.name}`), `Opening ${what} in the pager`, async () => {
    let path: string;
    try {
      const text = asText(await ctx.gl.jobs.artifactFile(projectId, jobId, entry.name, { maxBytes: ARTIFACT_PREVIEW_MAX }));
      if (text === null) return void toast(ctx.store, 'info', BINARY_REFUSAL);
      path = tempPath();
      // 'wx': a fresh name, never a file (or link) that was there; 0600: the artifact stays the user's.
      await writeFile(path, pagerText(text), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      return void toast(ctx.store, 'error', `Cannot open ${what} in the pager: ${describeError(error)}`);
    }
    const error = await pageFile(ctx, path);
    if (error) toast(ctx.store, 'error', safeText(error, 200));
  });
}
