// `s` in the artifacts browser: one file of the archive to the downloads directory, by the same safe
// write as the archive's `d` (src/lib/safe-file.ts: a private temp file put in place when complete,
// never onto a device, FIFO, symlink or a file the user did not agree to replace). The name offered
// is the entry's base name made file-safe: an entry's name is never used as a path.
import { setConfirm, setDownload, setPrompt } from '../../store/writers.js';
import { join } from 'node:path';
import { placementNote, replaceQuestion, TargetError } from '../../lib/safe-file.js';
import type { ZipEntry } from '../../lib/zip.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { guarded } from '../../store/guard.js';
import { toast } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import { refusal } from './load.js';

const fileSafe = (s: string) =>
  s
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 80) || 'artifact';

/** The path offered: the downloads directory and the file's base name, made safe. */
export function offeredPath(ctx: Ctx, entry: ZipEntry): string {
  return join(ctx.platform.downloadDir, fileSafe(entry.segments.at(-1) ?? 'artifact'));
}

export function askSave(ctx: Ctx, projectId: number, jobId: number, entry: ZipEntry): void {
  if (entry.unsafe) return void toast(ctx.store, 'error', `Not saved: ${refusal(entry)!.replace(/^Not opened: /, '')}`);
  setPrompt(ctx.store, {
    id: 'browse.save',
    label: 'Save file to:',
    initial: offeredPath(ctx, entry),
    hint: `${entry.size.toLocaleString('en')} bytes · the downloads directory (config downloads:) · enter to save · esc to cancel`,
    submit: { owner: 'browse', command: 'browse.save', args: { projectId, jobId, name: entry.name, size: entry.size, offered: offeredPath(ctx, entry) } },
  });
}

export function submitSave(ctx: Ctx, a: { projectId: number; jobId: number; name: string; size: number; offered: string }, value: string): string | null {
  const dest = value.trim();
  if (!dest) return 'Type a file path';
  // A typed name that differs from the one offered is explicit: if it exists, ask before replacing.
  void saveEntry(ctx, { ...a, dest }, dest !== a.offered, false);
  return null;
}

export function saveEntry(
  ctx: Ctx,
  a: { projectId: number; jobId: number; name: string; size: number; dest: string },
  explicit: boolean,
  overwrite: boolean,
): Promise<void> {
  const what = safeText(a.name.split('/').pop() ?? a.name, 80);
  return guarded(ctx, `browse.save:${a.jobId}:${a.name}`, `Saving ${what}…`, async () => {
    setDownload(ctx.store, { label: what, received: 0 });
    try {
      const result = await ctx.gl.jobs.downloadArtifactFile(a.projectId, a.jobId, a.name, a.dest, {
        explicit,
        overwrite,
        expectedSize: a.size,
        onProgress: (p) => setDownload(ctx.store, { label: what, received: p.received, ...(p.total !== undefined ? { total: p.total } : {}) }),
        ...(ctx.platform.maxDownloadBytes !== undefined ? { maxBytes: ctx.platform.maxDownloadBytes } : {}),
      });
      const note = await placementNote(a.dest, result.path);
      toast(
        ctx.store,
        'success',
        `Saved ${what} to ${safeText(result.path, 300)} (${result.bytes.toLocaleString('en')} bytes${note ? `; ${safeText(note, 200)}` : ''})`,
      );
    } catch (error) {
      if (error instanceof TargetError && error.kind === 'exists') {
        setConfirm(ctx.store, {
          message: safeText(replaceQuestion(a.dest, error.path), 400),
          yes: { owner: 'browse', command: 'browse.saveOverwrite', args: a },
        });
      } else {
        toast(ctx.store, 'error', `Saving ${what} failed: ${error instanceof TargetError ? safeText(error.message, 300) : describeError(error)}`);
      }
    } finally {
      setDownload(ctx.store, null);
    }
  });
}
