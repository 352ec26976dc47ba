// Reading what `:browse` shows. The listing: the archive's last ARTIFACT_TAIL_BYTES with `Range`
// (GitLab honours it: docs/gitlab-api.md "Artifacts archive: listing and single files"), then the
// central directory when it was not in them; where the answer is the whole archive instead (a proxy
// dropped Range), the archive goes to a private temporary file in $TMPDIR/pipetop-<uid>/, bounded by
// archiveSpoolBudget, and is read from there. A preview: one file through GitLab's single-file
// endpoint, refused before any request when the directory says it is too big or its name is unsafe,
// and after it when its bytes are binary.
import { archiveKey, type ArchiveListing, type FilePreview, previewKey, writeBrowse } from './slice.js';
import type { ArchiveRead } from '../../api/index.js';
import {
  ARTIFACT_LISTING_LIMITS,
  ARTIFACT_TREE_MAX_FOLDERS,
  ARTIFACT_PREVIEW_MAX,
  ARTIFACT_TAIL_BYTES,
  archiveSpoolBudget,
  formatSize,
} from '../../lib/budgets.js';
import { readZipDirectory, type ZipEntry, type ZipSource } from '../../lib/zip.js';
import { TempFile, freeBytes, pipetopTempDir } from '../../log/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { buildTree, initiallyOpen, visibleRows, type Tree, type TreeRow } from './tree.js';

const trees = new WeakMap<readonly ZipEntry[], Tree>();
/** The tree of a listing's entries, built once per listing. */
export function treeOf(entries: readonly ZipEntry[]): Tree {
  let tree = trees.get(entries);
  if (!tree) {
    tree = buildTree(entries, ARTIFACT_TREE_MAX_FOLDERS);
    trees.set(entries, tree);
  }
  return tree;
}

/** The rows of a listing as shown (folders open or closed). */
export function rowsOf(listing: ArchiveListing): TreeRow[] {
  return visibleRows(treeOf(listing.entries).root, new Set(listing.open));
}

/** What the listing leaves out and why (a bound of the reader or of the tree), or null when it lists all. */
export function leftOutNote(listing: ArchiveListing): string | null {
  const why: string[] = [];
  let entries = listing.left?.entries ?? 0;
  if (listing.left) why.push(listing.left.why);
  const { notPlaced } = treeOf(listing.entries);
  if (notPlaced) {
    entries += notPlaced;
    why.push(`${notPlaced.toLocaleString('en')} past the ${ARTIFACT_TREE_MAX_FOLDERS.toLocaleString('en')} folders pipetop shows`);
  }
  if (!entries) return null;
  return `Not listed: ${entries.toLocaleString('en')} entr${entries === 1 ? 'y' : 'ies'} (${why.join('; ')}).`;
}

function patch(ctx: Ctx, key: string, change: Partial<ArchiveListing>): void {
  writeBrowse(ctx.store, (s) => ({
    archives: { ...s.archives, [key]: { ...(s.archives[key] ?? { state: 'loading', entries: [], open: [], selected: 0, reads: 0, bytes: 0 }), ...change } },
  }));
}

export async function loadListing(ctx: Ctx, projectId: number, jobId: number): Promise<void> {
  const key = archiveKey(projectId, jobId);
  patch(ctx, key, { state: 'loading', error: undefined });
  let reads = 0;
  let bytes = 0;
  let spool: TempFile | null = null;
  try {
    const first = await ctx.gl.jobs.artifactsRange(projectId, jobId, { suffix: ARTIFACT_TAIL_BYTES });
    reads++;
    let source: ZipSource;
    let via: 'range' | 'download';
    if (first.kind === 'partial') {
      via = 'range';
      bytes += first.bytes.length;
      const tailEnd = first.start + first.bytes.length;
      source = {
        size: first.total,
        async read(start, end) {
          if (start >= first.start && end <= tailEnd) return first.bytes.subarray(start - first.start, end - first.start);
          const more = await ctx.gl.jobs.artifactsRange(projectId, jobId, { start, end }, { url: first.url });
          reads++;
          if (more.kind !== 'partial') {
            more.response.body.destroy();
            throw new Error('GitLab stopped honouring Range halfway through the listing');
          }
          bytes += more.bytes.length;
          return more.bytes;
        },
      };
    } else {
      via = 'download';
      spool = await spoolWhole(ctx, first);
      bytes += spool.size;
      const file = spool;
      source = { size: file.size, read: async (start, end) => file.read(start, end - start) };
    }
    const dir = await readZipDirectory(source, ARTIFACT_LISTING_LIMITS, ARTIFACT_TAIL_BYTES);
    const open = ctx.store.getState().archives[key]?.open;
    patch(ctx, key, {
      state: 'ready',
      entries: dir.entries,
      // A re-read (R) keeps what the user opened; a first read opens a lone top folder.
      open: open?.length ? open : initiallyOpen(treeOf(dir.entries).root),
      left: dir.left ?? undefined,
      via,
      reads,
      bytes,
      total: source.size,
      zip64: dir.zip64,
    });
  } catch (error) {
    patch(ctx, key, { state: 'error', error: describeError(error), reads, bytes });
  } finally {
    spool?.remove();
  }
}

/** Our own reasons to stop a spool (the budget, a short body); anything else is the connection's. */
class SpoolError extends Error {}

/** The whole archive (Range was not honoured) into a private temp file, within the disk budget. */
async function spoolWhole(ctx: Ctx, read: Extract<ArchiveRead, { kind: 'whole' }>): Promise<TempFile> {
  const dir = pipetopTempDir();
  const budget = archiveSpoolBudget(freeBytes(dir), ctx.platform.logDiskBytes, ctx.platform.maxDownloadBytes);
  const tooBig = (n: number) =>
    new SpoolError(`GitLab sent the whole archive (Range not honoured) and it is ${formatSize(n)}, over the ${formatSize(budget)} a listing may copy to disk`);
  if (read.length !== undefined && read.length > budget) {
    read.response.body.destroy();
    throw tooBig(read.length);
  }
  const file = new TempFile(dir, 'archive');
  try {
    for await (const chunk of read.response.body as AsyncIterable<Buffer>) {
      if (file.size + chunk.length > budget) throw tooBig(file.size + chunk.length);
      file.append(chunk);
    }
    if (read.length !== undefined && file.size !== read.length) throw new SpoolError(`the archive was cut off after ${file.size} of ${read.length} bytes`);
    return file;
  } catch (error) {
    read.response.body.destroy();
    file.remove();
    throw error instanceof SpoolError ? error : read.response.fail(error);
  }
}

function setPreview(ctx: Ctx, key: string, change: Partial<FilePreview>): void {
  writeBrowse(ctx.store, (s) => ({
    previews: { ...s.previews, [key]: { ...(s.previews[key] ?? { state: 'loading', lines: [], scroll: 0, bytes: 0 }), ...change } },
  }));
}

/** Why an entry is not previewed before anything is asked (null: ask GitLab for it). */
export function refusal(entry: ZipEntry): string | null {
  if (entry.unsafe) return `Not opened: its name is unsafe as a path (${entry.unsafe}).`;
  if (entry.encrypted) return 'Not shown: the file is encrypted.';
  if (entry.size > ARTIFACT_PREVIEW_MAX)
    return `Not shown: ${formatSize(entry.size)} is more than the ${formatSize(ARTIFACT_PREVIEW_MAX)} a preview reads (s saves it).`;
  return null;
}

/** Why a file whose bytes are not text is not shown (the preview and `|` say the same). */
export const BINARY_REFUSAL = 'Not shown: a binary file (s saves it).';

/** Text, or null for bytes that are not (a NUL, or not UTF-8). */
export function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export async function loadPreview(ctx: Ctx, projectId: number, jobId: number, entry: ZipEntry): Promise<void> {
  const key = previewKey(projectId, jobId, entry.name);
  const refused = refusal(entry);
  if (refused) return setPreview(ctx, key, { state: 'refused', message: refused, lines: [] });
  setPreview(ctx, key, { state: 'loading', message: undefined });
  try {
    const bytes = await ctx.gl.jobs.artifactFile(projectId, jobId, entry.name, { maxBytes: ARTIFACT_PREVIEW_MAX });
    const text = asText(bytes);
    if (text === null) return setPreview(ctx, key, { state: 'refused', message: BINARY_REFUSAL, lines: [], bytes: bytes.length });
    const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    setPreview(ctx, key, { state: 'ready', lines: lines.map((l) => l.replace(/\t/g, '  ')), bytes: bytes.length });
  } catch (error) {
    setPreview(ctx, key, { state: 'error', message: describeError(error) });
  }
}
