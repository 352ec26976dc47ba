// The shape of pipetop's state. Panes are a stack (Enter pushes, Esc pops); lists are keyed by what
// they show, so going back finds a list as it was left (selection, filter, pages loaded).
import type { Job, PipelineBasic, Project } from '../api/index.js';
import type { ConfirmAction, PromptAction } from './commands.js';
import type { DeploymentsSlice } from '../features/deployments/index.js';
import type { JobsSlice } from '../features/jobs/index.js';
import type { KeysSlice } from '../features/keys/index.js';
import type { LogSlice } from '../features/log/index.js';
import type { MarksSlice } from '../features/marks/index.js';
import type { PipelinesSlice } from '../features/pipelines/index.js';
import type { ProjectsSlice } from '../features/projects/index.js';
import type { PulseSlice } from '../features/pulse/index.js';
import type { RequestsSlice } from '../features/requests/index.js';
import type { FailuresSlice } from '../features/failures/index.js';
import type { CompareSlice } from '../features/compare/index.js';
import type { SchedulesSlice } from '../features/schedules/index.js';

export type ProjectTab = 'pipelines' | 'jobs' | 'schedules' | 'deployments' | 'events';
export const PROJECT_TABS: ProjectTab[] = ['pipelines', 'jobs', 'schedules', 'deployments', 'events'];

export type Pane =
  | { kind: 'projects' }
  | { kind: 'project'; projectId: number; path: string; tab: ProjectTab }
  | { kind: 'pipeline'; projectId: number; path: string; pipelineId: number; view: PipelineView; parent?: PipelineParent }
  | { kind: 'job'; projectId: number; path: string; jobId: number }
  | { kind: 'schedule'; projectId: number; path: string; scheduleId: number }
  /** The create/edit form of a schedule (its state is `scheduleForm`); scheduleId null = new. */
  | { kind: 'scheduleForm'; projectId: number; path: string; scheduleId: number | null }
  | { kind: 'deployment'; projectId: number; path: string; deploymentId: number }
  /** Activity: the caller's (`:events`) or a user's (`:user <name-or-id>`). */
  | { kind: 'events'; who: 'me' | { user: string } }
  /** Administrator SSH key lookup (`:key <id>`). */
  | { kind: 'key'; keyId: number }
  /** A merge request's pipelines (`:mr <iid>`). */
  | { kind: 'mergeRequest'; projectId: number; path: string; iid: number }
  /** `N` (new pipeline) or `p` on a manual job: ref, variables, inputs (its state is `runForm`). */
  | { kind: 'runForm'; projectId: number; path: string }
  /** A pipeline's test report (`T`): failed cases first; `open` shows the selected case's output. */
  | { kind: 'tests'; projectId: number; path: string; pipelineId: number; open: boolean; scroll?: number }
  /** `--project` while it is looked up, or why it could not be opened (features/projects/lookup.ts). */
  | { kind: 'projectLookup'; ref: string; from?: string }
  /** What is red or running across the user's projects (`:pulse`; the first screen without a project). */
  | { kind: 'pulse' }
  /** `:requests`: every request pipetop made (features/requests). */
  | { kind: 'requests' }
  /** `:failures` / `X`: why a pipeline failed (features/failures). */
  | { kind: 'failures'; projectId: number; path: string; pipelineId: number }
  /** `:compare` / `C`: against the last green pipeline on the ref (features/compare). */
  | { kind: 'compare'; projectId: number; path: string; pipelineId: number };

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
export type PipelineView = 'list' | 'graph' | 'timeline';

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
export type ListKey =
  | { kind: 'projects' }
  | { kind: 'pipelines'; projectId: number }
  | { kind: 'projectJobs'; projectId: number }
  | { kind: 'pipelineJobs'; projectId: number; pipelineId: number }
  | { kind: 'schedules'; projectId: number }
  | { kind: 'deployments'; projectId: number }
  | { kind: 'events'; of: 'project'; projectId: number }
  | { kind: 'events'; of: 'me' }
  | { kind: 'events'; of: 'user'; user: string }
  | { kind: 'mrPipelines'; projectId: number; iid: number }
  | { kind: 'testCases'; projectId: number; pipelineId: number }
  | { kind: 'requests' };

/** The stable string form of a list key: what the store's records are indexed by. */
export type ListKeyText = string;

export function listKeyText(key: ListKey): ListKeyText {
  switch (key.kind) {
    case 'projects':
      return 'projects';
    case 'requests':
      return 'requests';
    case 'pipelineJobs':
      return `pipelineJobs:${key.projectId}:${key.pipelineId}`;
    case 'mrPipelines':
      return `mrPipelines:${key.projectId}:${key.iid}`;
    case 'testCases':
      return `testCases:${key.projectId}:${key.pipelineId}`;
    case 'events':
      return key.of === 'me' ? 'events:me' : key.of === 'user' ? `events:user:${key.user}` : `events:project:${key.projectId}`;
    default:
      return `${key.kind}:${key.projectId}`;
  }
}

export interface ToastState {
  kind: 'info' | 'success' | 'error';
  message: string;
  id: number;
}

/** A `[y/N]` question; `y` runs `yes` (a command and its arguments, see commands.ts). */
export interface ConfirmState {
  message: string;
  /** Shown on a second line: the consequence, when the question is long already. */
  detail?: string;
  /** What will run: pipeline, ref, short sha, commit title, age (features/pipelines/what-runs.ts). */
  about?: string;
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
}

/** The rows the terminal gives the pane in front (App sets it with `setViewport`). */
export interface Viewport {
  width: number;
  /** Rows of the body, between header and footer. */
  height: number;
}

/**
 * The core's part of the state: what the shell and the controller own. Each feature owns the rest,
 * its records (src/features/<name>/slice.ts); src/store/create.ts composes them into one store.
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
  /** `?` help: the first line shown, and the last useful one (HelpScreen reports it once laid out). */
  help: { offset: number; max?: number } | null;
  download: DownloadState | null;
  /** Why a detail pane's object could not be loaded, by what it is (`job:12`, `project.lookup:acme/x`); cleared when it loads. */
  loadErrors: Record<string, string>;
  /** A one-shot fatal message (token rejected): shown instead of the panes. */
  fatal: string | null;
  quit: boolean;
}

/** The whole state: the core's slice and each feature's (zustand's slices pattern, src/store/create.ts). */
export type AppState = CoreSlice &
  ProjectsSlice &
  PipelinesSlice &
  JobsSlice &
  LogSlice &
  SchedulesSlice &
  DeploymentsSlice &
  KeysSlice &
  PulseSlice &
  RequestsSlice &
  FailuresSlice &
  CompareSlice &
  MarksSlice;

export type Row = PipelineBasic | Job | Project;
