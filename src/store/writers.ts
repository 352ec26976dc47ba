// The core's writers (every write has an owner: scripts/check-source.mjs): the one way to change the core's own
// state — the prompt, the confirm, help, the `/` filter, the connection, the viewport, actions in
// flight, load errors, a list's server-side filters, the download bar, the fatal message, quitting,
// the request rate the header shows.
// The trail has its own (nav.ts), the lists and the toast theirs (store.ts patchList, toast). The
// features' records are written by their slices' writers (store/writer.ts), never from here.
import { sliceWriter } from './writer.js';
import type { AppStore } from './store.js';
import type { AppState, ConfirmState, ConnectionState, DownloadState, ListKey, PromptState, Viewport } from './types.js';
import { listKeyText } from './types.js';

/** The core's keys, each changed only through one of the writers below. */
const writeCore = sliceWriter('core', [
  'config',
  'viewport',
  'user',
  'connection',
  'listFilters',
  'inflight',
  'toast',
  'confirm',
  'prompt',
  'filtering',
  'help',
  'download',
  'loadErrors',
  'fatal',
  'quit',
  'requestRate',
]);

/** Opens a prompt (or closes it: null). */
export function setPrompt(store: AppStore, prompt: PromptState | null): void {
  writeCore(store, { prompt });
}

/** Changes the prompt that is open (when `id` is given: only if it is that one); nothing when none is. */
export function patchPrompt(store: AppStore, patch: Partial<PromptState> | ((prompt: PromptState) => PromptState), id?: string): void {
  writeCore(store, (s) => {
    if (!s.prompt || (id !== undefined && s.prompt.id !== id)) return {};
    return { prompt: typeof patch === 'function' ? patch(s.prompt) : { ...s.prompt, ...patch } };
  });
}

/** Asks a `[y/N]` question (or closes it: null). */
export function setConfirm(store: AppStore, confirm: ConfirmState | null): void {
  writeCore(store, { confirm });
}

/** Changes the question that is open; nothing when none is. */
export function patchConfirm(store: AppStore, patch: (confirm: ConfirmState) => ConfirmState | null): void {
  writeCore(store, (s) => (s.confirm ? { confirm: patch(s.confirm) } : {}));
}

/** Opens help at `help.offset`, moves in it, or closes it (null). */
export function setHelp(store: AppStore, help: AppState['help']): void {
  writeCore(store, { help });
}

/** The list whose `/` filter is being typed, or null when none is. */
export function setFiltering(store: AppStore, filtering: ListKey | null): void {
  writeCore(store, { filtering });
}

export function setConnection(store: AppStore, connection: ConnectionState): void {
  writeCore(store, { connection });
}

export function setViewport(store: AppStore, viewport: Viewport): void {
  writeCore(store, { viewport });
}

/** The requests a second the header shows, or null where it shows none. */
export function setRequestRate(store: AppStore, requestRate: number | null): void {
  writeCore(store, { requestRate });
}

export function setUser(store: AppStore, user: AppState['user']): void {
  writeCore(store, { user });
}

/** A one-shot fatal message, shown instead of the panes. */
export function setFatal(store: AppStore, fatal: string): void {
  writeCore(store, { fatal });
}

/** Ends the app (the TUI exits when it sees it). */
export function quit(store: AppStore): void {
  writeCore(store, { quit: true });
}

/** Clears the footer's message. */
export function clearToast(store: AppStore): void {
  writeCore(store, { toast: null });
}

/** An action in flight under `key` (its label), or done (null). */
export function setInflight(store: AppStore, key: string, label: string | null): void {
  writeCore(store, (s) => {
    const inflight = withEntry(s.inflight, key, label);
    return inflight === s.inflight ? {} : { inflight };
  });
}

/** Why the object `key` could not be loaded, or null once it loads. */
export function setLoadError(store: AppStore, key: string, message: string | null): void {
  writeCore(store, (s) => {
    const loadErrors = withEntry(s.loadErrors, key, message);
    return loadErrors === s.loadErrors ? {} : { loadErrors };
  });
}

/** `record` with `key` set to `value`, or without it (null); the same object when that changes nothing to remove. */
function withEntry(record: Readonly<Record<string, string>>, key: string, value: string | null): Record<string, string> {
  if (value !== null) return { ...record, [key]: value };
  if (!(key in record)) return record;
  const { [key]: _, ...rest } = record;
  return rest;
}

/** A list's server-side filters (none: null or empty). */
export function setListFilters(store: AppStore, key: ListKey, filters: Record<string, string> | null): void {
  writeCore(store, (s) => {
    const listFilters = { ...s.listFilters };
    if (filters && Object.keys(filters).length) listFilters[listKeyText(key)] = filters;
    else delete listFilters[listKeyText(key)];
    return { listFilters };
  });
}

/** The download bar: what is read and how far, or null when none runs. */
export function setDownload(store: AppStore, download: DownloadState | null): void {
  writeCore(store, { download });
}
