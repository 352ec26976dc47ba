// The shape of pipetop's state. Panes are a stack (Enter pushes, Esc pops); lists are keyed by what
// they show, so going back finds a list as it was left (selection, filter, pages loaded).
import type { Job, PipelineBasic, Project } from '../api/index.js';
import type { SavedView } from '../config/views.js';
import type { ConfirmAction, PromptAction } from './continuations.js';

/**
 * The panes, by kind: each feature declares its own (TypeScript declaration merging, in its
 * definition: `declare module '../../store/types.js' { interface PaneKinds { job: {…} } }`), so the
 * core names none and the union is whatever the features compiled in declare. Declared below the
 * features, not inferred from the registry above them: features use the type, and inferring it from
 * the app shell would have every feature import the shell (an import circle).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface PaneKinds {}
export type Pane = PaneKinds[keyof PaneKinds];
export type PaneKind = keyof PaneKinds;

/**
 * The tabs of tabbed panes, by name: each tab's feature declares its own (declaration merging,
 * as PaneKinds), so a tabbed pane's `tab` field takes every tab compiled in and the core names none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface PaneTabs {}
export type TabName = keyof PaneTabs;

/**
 * The pipeline whose trigger job (bridge) opened a downstream pipeline: GitLab's pipeline JSON has
 * no parent field, so the pane knows it only from the bridge it was opened through.
 */
export interface PipelineParent {
  projectId: number;
  path: string;
  pipelineId: number;
  bridge: string;
}

/** The pipeline pane's views of its jobs (`v` cycles them). */
export type PipelineView = 'list' | 'graph' | 'needs' | 'timeline';

export interface ListState<T> {
  items: T[];
  loading: boolean;
  /** The last load's failure, shown in the pane; the items loaded before stay. */
  error: string | null;
  /** Not a failure but worth saying under the list: a refresh stopped at its page bound. */
  note?: string | null;
  /** Next page to load, or null when every page is in. */
  nextPage: number | null;
  selected: number;
  /** Text filter over the loaded rows (`/`). */
  filter: string;
  loadedAt: number | null;
  /** How often it was started over (its server-side filters changed): a read sent before is dropped (lists.ts). */
  generation?: number;
  /**
   * Ids of the rows the user acted on (play, retry, cancel…), the latest last and a few at most: a
   * refresh keeps them, where they stood, even when they no longer match the list's filter — the
   * cursor stays on the row acted on (lists.ts mergeRows).
   */
  acted?: number[];
  /** The list's key (set by patchList), so code that walks every list needs no string parsing. */
  key?: ListKey;
}

/**
 * Which list: typed, so a list's source switches on `kind` instead of parsing a string. The store
 * indexes lists by `listKeyText(key)`, a stable string form (`pipelineJobs:12:345`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface ListKeyKinds {}
export type ListKey = ListKeyKinds[keyof ListKeyKinds];
/** A list's kind (`pipelines`): the registry maps each to the feature whose source reads it (store/registry.ts). */
export type ListKind = ListKey['kind'];

/** The stable string form of a list key: what the store's records are indexed by. */
export type ListKeyText = string;

/**
 * The key's kind, then its fields' values in the order the key was built (each feature builds its
 * keys in one place: `pipelineJobs:12:345`, `events:user:bob`), so no list kind is named here.
 */
export function listKeyText(key: ListKey): ListKeyText {
  const { kind, ...rest } = key as { kind: string } & Record<string, unknown>;
  return [kind, ...Object.values(rest).filter((v) => v !== undefined)].join(':');
}

export interface ToastState {
  kind: 'info' | 'success' | 'error';
  message: string;
  id: number;
}

/** A `[y/N]` question; `y` runs `yes` (a command and its arguments, see continuations.ts). */
export interface ConfirmState {
  message: string;
  /** Shown on a second line: the consequence, when the question is long already. */
  detail?: string;
  /** What will run: pipeline, ref, short sha, commit title, age (confirm-run.ts). */
  about?: string;
  /** Lines after the detail, one each (a roll back's live and target deployments, the commits it takes off). */
  lines?: readonly string[];
  /** Something newer than what will run ("#5768 on main is newer: …"), or the check under way. */
  warning?: string;
  /** The check for something newer is under way: a `y` typed now waits for it (store/type-ahead.ts). */
  checking?: boolean;
  yes: ConfirmAction;
}

export interface PromptState {
  id: string;
  label: string;
  initial: string;
  /** What is typed so far (store-owned, so a burst of keys builds on itself); absent: `initial`. */
  value?: string;
  cursor?: number;
  /** Bumped when the controller set the value or cursor itself: the field on screen starts afresh (field-keys.ts). */
  epoch?: number;
  hint?: string;
  error?: string;
  /** What Enter runs with the typed value (commands.ts); its handler returns an error message to keep the prompt open with what was typed, or null to close it. */
  submit: PromptAction;
  /** The words Tab completes here (a feature's prompt: job statuses, filter keys); the palette finds its own. */
  choices?: readonly string[];
  /** The Tab-completion menu under the field (store/completion.ts), while it is open. */
  completion?: Completion;
  /** The branches read for completing a ref, and whose (the palette reads them on the first Tab that needs them). */
  refs?: { projectId: number; names: string[] };
}

/** Tab completion in a prompt: the choices for the word before the cursor, the one in the field. */
export interface Completion {
  items: string[];
  index: number;
  /** The value around the word: `before` + the choice + `after` is what the field holds. */
  before: string;
  after: string;
  /** What was typed of the word (Esc puts it back). */
  word: string;
}

export interface DownloadState {
  label: string;
  received: number;
  total?: number;
}

export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'live'; at: number }
  | { kind: 'retrying'; until: number; reason: string }
  | { kind: 'offline'; since: number; reason: string; until: number };

export interface AppConfigView {
  /** What the header shows as the host. */
  host: string;
  demo: boolean;
  readOnly: boolean;
  /** The pulse's projects from the config file (paths or ids); absent: the user's projects list. */
  pulse?: string[];
  /** Saved views from the config file (`:view NAME`, the views feature). */
  views?: SavedView[];
}

/** The rows the terminal gives the pane in front (the app shell sets it with `setViewport`, as App lays it out). */
export interface Viewport {
  width: number;
  /** Rows of the body, between header and footer. */
  height: number;
}

/**
 * The core's part of the state: what the shell and the controller own. Each feature owns the rest,
 * its records (its slice.ts); the app shell (src/app/create.tsx) composes them into one store.
 */
export interface CoreSlice {
  config: AppConfigView;
  viewport: Viewport;
  user: { username: string; name: string; isAdmin: boolean } | null;
  connection: ConnectionState;
  stack: Pane[];
  lists: Record<ListKeyText, ListState<unknown>>;
  /**
   * Server-side filters of a list, by list key: the schedule list's `scope` and the event lists'
   * filters. Kept by list like `lists` (not by feature): two features write it, each its own keys.
   */
  listFilters: Record<ListKeyText, Record<string, string>>;
  /** Keys of actions in flight ("job.retry:123"): the same action can't be fired twice. */
  inflight: Record<string, string>;
  toast: ToastState | null;
  confirm: ConfirmState | null;
  prompt: PromptState | null;
  /** `/` is being typed for this list. */
  filtering: ListKey | null;
  /**
   * pipetop's requests per minute over the last minute, rounded, while the pane in front shows it
   * in the header (PaneAnswers.header); null otherwise. The controller keeps it (countRequest).
   */
  requestRate: number | null;
  /** `?` help: the first line shown, and the last useful one (the controller counts it: helpMax). */
  help: { offset: number; max?: number } | null;
  download: DownloadState | null;
  /** Why a detail pane's object could not be loaded, by what it is (`job:12`, `project.lookup:acme/x`); cleared when it loads. */
  loadErrors: Record<string, string>;
  /** A one-shot fatal message (token rejected): shown instead of the panes. */
  fatal: string | null;
  quit: boolean;
}

/**
 * The whole state: the core's slice and each feature's (zustand's slices pattern, src/app/create.ts).
 * Each feature adds its slice's type by declaration merging (`interface AppState extends JobsSlice {}`
 * in its definition), for the reason PaneKinds gives.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface AppState extends CoreSlice {}

export type Row = PipelineBasic | Job | Project;
