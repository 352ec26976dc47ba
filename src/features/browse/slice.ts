// The artifacts browser's part of the store (zustand's slices pattern; composed by the app shell).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { ZipEntry } from '../../lib/zip.js';
import type { AppState } from '../../store/types.js';
import type { Continuations } from '../../store/continuations.js';

/** A job's archive as `:browse` read it. */
export interface ArchiveListing {
  state: 'loading' | 'ready' | 'error';
  error?: string;
  entries: ZipEntry[];
  /** Open folders (tree paths). */
  open: string[];
  /** The selected row of the tree as shown. */
  selected: number;
  /** How the listing was read: byte ranges of the archive, or all of it (Range not honoured). */
  via?: 'range' | 'download';
  /** Requests the listing took, and the bytes they brought. */
  reads: number;
  bytes: number;
  /** The archive's size. */
  total?: number;
  zip64?: boolean;
  /** Entries a bound of the listing left out, and why (src/lib/budgets.ts ARTIFACT_LISTING_LIMITS). */
  left?: { entries: number; why: string };
}

/** One file of the archive in the preview. */
export interface FilePreview {
  state: 'loading' | 'ready' | 'refused' | 'error';
  /** Why it is not shown (binary, too big, an unsafe name) or what failed. */
  message?: string;
  lines: string[];
  scroll: number;
  bytes: number;
}

export interface BrowseSlice {
  /** By `projectId:jobId`. */
  archives: Record<string, ArchiveListing>;
  /** By `projectId:jobId:entry name`. */
  previews: Record<string, FilePreview>;
}

export const archiveKey = (projectId: number, jobId: number) => `${projectId}:${jobId}`;
export const previewKey = (projectId: number, jobId: number, name: string) => `${projectId}:${jobId}:${name}`;

export const createBrowseSlice: StateCreator<AppState, [], [], BrowseSlice> = () => ({
  archives: {},
  previews: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeBrowse = sliceWriter('browse', ['archives', 'previews']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends BrowseSlice {}
  interface PaneKinds {
    /** `:browse` / `b`: a job's artifacts as a file tree; `file`: one file of it in the preview. */
    browse: { kind: 'browse'; projectId: number; path: string; jobId: number; file?: string };
  }
}

// The confirm and prompt this feature opens, and what they carry (store/continuations.ts).
/** What this feature's confirms carry, by command (its feature.ts answers them). */
export interface BrowseConfirms {
  /** `s`: a typed file name that exists: save again, replacing it. */
  'browse.saveOverwrite': { projectId: number; jobId: number; name: string; size: number; dest: string };
}
/** What this feature's prompts carry, by command. */
export interface BrowsePrompts {
  /** `s`: where to save one file of the archive. */
  'browse.save': { projectId: number; jobId: number; name: string; size: number; offered: string };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    browse: Continuations<BrowseConfirms>;
  }
  interface PromptPayloads {
    browse: Continuations<BrowsePrompts>;
  }
}
