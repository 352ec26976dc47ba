// `:browse` and `b` on a job: its artifacts archive as a file tree (read from the zip's central
// directory: this folder's load.ts). j/k move, Enter opens or closes a folder and shows a file in
// the preview (text only; a binary file, a big one or one with an unsafe name is refused with a
// message), `s` saves the file, `|` opens it in $PAGER (pager.ts). The archive does not change: it
// is read when first opened and on `R`.
import { archiveKey, type ArchiveListing, createBrowseSlice, previewKey, writeBrowse } from './slice.js';
import * as nav from '../../store/nav.js';
import type { Job } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { toast, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { targetJob } from '../jobs/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import { onPane, withRuns, type Takeover } from '../../store/command.js';
import { BROWSE_BINDINGS } from './bindings.js';
import { loadListing, loadPreview, rowsOf } from './load.js';
import { pageEntry } from './pager.js';
import { askSave, saveEntry, submitSave } from './save.js';
import { BrowsePane } from './BrowsePane.js';
import { confirmsBy, promptsBy } from '../../store/continuations.js';
import type { BrowseConfirms, BrowsePrompts } from './slice.js';

type BrowsePane = Extract<Pane, { kind: 'browse' }>;

const MOVES: Record<string, (i: number, n: number) => number> = {
  'nav.down': (i) => i + 1,
  'nav.up': (i) => i - 1,
  'nav.top': () => 0,
  'nav.bottom': (_, n) => n - 1,
  'nav.pageDown': (i) => i + 10,
  'nav.pageUp': (i) => i - 10,
};

const listingOf = (ctx: Ctx, pane: BrowsePane): ArchiveListing | undefined => ctx.store.getState().archives[archiveKey(pane.projectId, pane.jobId)];

function setListing(ctx: Ctx, pane: BrowsePane, change: Partial<ArchiveListing>): void {
  const key = archiveKey(pane.projectId, pane.jobId);
  writeBrowse(ctx.store, (s) => (s.archives[key] ? { archives: { ...s.archives, [key]: { ...s.archives[key], ...change } } } : {}));
}

/** The file shown, or the tree's selected row when it is a file. */
function selectedEntry(ctx: Ctx, pane: Extract<Pane, { kind: 'browse' }>) {
  const listing = listingOf(ctx, pane);
  if (pane.file !== undefined) return listing?.entries.find((e) => e.name === pane.file);
  return listing?.state === 'ready' ? rowsOf(listing)[listing.selected]?.node.entry : undefined;
}

export const browseFeature: Feature = {
  name: 'browse',
  scopeNames: { browse: 'the artifacts browser', artifactFile: 'a file of the artifacts' },
  slice: createBrowseSlice,
  specs: {
    browse: {
      view: BrowsePane,
      // Over the job's crumb; a file's crumb is its base name.
      crumb: (_state, pane) => (pane.file === undefined ? 'artifacts' : safeText(pane.file.split('/').pop() || pane.file, 40)),
      scopes: (pane) => (pane.file === undefined ? ['browse', 'global'] : ['artifactFile', 'global']),
      open(ctx, pane) {
        if (pane.file !== undefined) return true;
        const listing = listingOf(ctx, pane);
        const row = listing?.state === 'ready' ? rowsOf(listing)[listing.selected] : undefined;
        if (!listing || !row) return true;
        if (row.folder) {
          const open = row.open ? listing.open.filter((p) => p !== row.node.path && !p.startsWith(`${row.node.path}/`)) : [...listing.open, row.node.path];
          setListing(ctx, pane, { open });
          return true;
        }
        const entry = row.node.entry!;
        nav.push(ctx.store, { ...pane, file: entry.name } satisfies Pane);
        return true;
      },
      url(ctx, pane) {
        const job = ctx.store.getState().jobs[pane.jobId];
        return { url: job?.web_url ? `${job.web_url}/artifacts/browse` : undefined };
      },
      // The archive does not change: read when first opened and on `R` (its takeover forgets it first).
      poll: (ctx) => ({
        refresh(pane, { full }) {
          if (!full) return undefined;
          const listing = listingOf(ctx, pane);
          if (pane.file === undefined) return listing && listing.state !== 'loading' ? undefined : loadListing(ctx, pane.projectId, pane.jobId);
          if (ctx.store.getState().previews[previewKey(pane.projectId, pane.jobId, pane.file)]) return undefined;
          const entry = listing?.entries.find((e) => e.name === pane.file);
          return entry ? loadPreview(ctx, pane.projectId, pane.jobId, entry) : undefined;
        },
        moving: () => false,
      }),
    },
  },
  commands: withRuns(BROWSE_BINDINGS, {
    'job.browse': {
      rows: true,
      run(ctx, pane) {
        const job = targetJob(ctx, pane);
        if (!job || !('projectId' in pane)) return void toast(ctx.store, 'info', 'No job selected (still loading?)');
        const error = browseJob(ctx, job, pane.projectId, pane.path);
        if (error) toast(ctx.store, 'info', error);
      },
    },
    'browse.save': {
      run: onPane('browse', (ctx, pane) => {
        const entry = selectedEntry(ctx, pane);
        if (!entry) toast(ctx.store, 'info', 'Select a file to save (a folder is not saved)');
        else askSave(ctx, pane.projectId, pane.jobId, entry);
      }),
    },
    'browse.pager': {
      run: onPane('browse', (ctx, pane) => {
        const entry = selectedEntry(ctx, pane);
        if (!entry) toast(ctx.store, 'info', 'Select a file to open in the pager (a folder is not opened)');
        else void pageEntry(ctx, pane.projectId, pane.jobId, entry);
      }),
    },
  }),
  takes: [
    // j/k move through the tree, or scroll the file in the preview.
    ...Object.entries(MOVES).map(([command, move]): Takeover => ({
      command: command as CommandId,
      scopes: ['browse', 'artifactFile'],
      run: onPane('browse', (ctx, pane) => {
        if (pane.file !== undefined) {
          const key = previewKey(pane.projectId, pane.jobId, pane.file);
          return writeBrowse(ctx.store, (s) => {
            const now = s.previews[key];
            if (!now) return {};
            const scroll = Math.max(0, Math.min(Math.max(0, now.lines.length - 1), move(now.scroll, now.lines.length)));
            return { previews: { ...s.previews, [key]: { ...now, scroll } } };
          });
        }
        const listing = listingOf(ctx, pane);
        const n = listing?.state === 'ready' ? rowsOf(listing).length : 0;
        if (listing && n > 0) setListing(ctx, pane, { selected: Math.max(0, Math.min(n - 1, move(listing.selected, n))) });
      }),
    })),
    // The archive does not change, so only R reads it again: forget it, then the core's refresh runs.
    {
      command: 'app.refresh',
      scopes: ['browse', 'artifactFile'],
      thenCore: true,
      run: onPane('browse', (ctx, pane) => {
        if (pane.file !== undefined) {
          const key = previewKey(pane.projectId, pane.jobId, pane.file);
          writeBrowse(ctx.store, (s) => ({ previews: Object.fromEntries(Object.entries(s.previews).filter(([k]) => k !== key)) }));
        } else if (listingOf(ctx, pane)) setListing(ctx, pane, { state: 'loading' });
      }),
    },
  ],
  palette: {
    browse: {
      usage: 'browse [job id]',
      order: 170,
      description: 'the job’s artifacts as a file tree (preview a file, save one)',
      run(ctx, args, at) {
        const arg = args[0];
        if (arg !== undefined) {
          if (!/^\d+$/.test(arg)) return `browse takes a job id, e.g. :browse 81234 (got "${safeText(arg, 40)}")`;
          if (!at.project) return 'Open a project first (or :project <path>)';
          return openBrowse(ctx, { ...at.project, jobId: Number(arg) });
        }
        const top = at.stack.at(-1);
        const job = top ? targetJob(ctx, top) : undefined;
        if (!job || !top || !('projectId' in top)) return 'Which job? Select one or open its log first, or :browse <job id>';
        return browseJob(ctx, job, top.projectId, top.path);
      },
    },
  },
  confirmed: confirmsBy<BrowseConfirms, Ctx>({
    'browse.saveOverwrite': (ctx, a) => void saveEntry(ctx, a, true, true),
  }),
  submitted: promptsBy<BrowsePrompts, Ctx>({
    'browse.save': submitSave,
  }),
};

/** `b` / `:browse` on a job: says why not when it has no artifacts, else opens the browser. */
function browseJob(ctx: Ctx, job: Job, projectId: number, path: string): string | null {
  if (!job.artifacts_file) return `${safeText(job.name, 60)} (#${job.id}) has no artifacts archive to browse${job.erased_at ? ' (erased)' : ''}`;
  return openBrowse(ctx, { projectId, path, jobId: job.id });
}

/** Opens the browser of a job's archive over the pane in front (the poller reads it). */
export function openBrowse(ctx: Ctx, at: { projectId: number; path: string; jobId: number }): null {
  const top = topPane(ctx.store.getState());
  if (top.kind === 'browse' && top.jobId === at.jobId && top.file === undefined) return null;
  nav.push(ctx.store, { kind: 'browse', ...at } satisfies Pane);
  return null;
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    browse: true;
    artifactFile: true;
  }
}
