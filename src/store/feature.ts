// What a feature (a folder of its own under src, beside the core) plugs into the core: the keymap scopes of its panes, its
// commands (one object each, store/command.ts) and its own way with a core command on its panes, where Enter leads, the web page `o`
// opens, the keys and pastes of a form that owns the keyboard, the confirms and prompts it answers,
// what a poll re-reads for its panes, how fast, and whether they are still moving, and what it keeps
// running beside the controller (the log engine, background pollers) — and what it adds to the app:
// its slice of the state, its panes with their components, and the list each pane shows. One object
// per feature (its `definition`); the app shell (src/app/features.ts) lists them and composes the
// store, the keymap and the pane switch from them, so neither the store nor the UI kit names one.
import type { GitLab, Page } from '../api/index.js';
import type { InkFeed } from '../input/ink-feed.js';
import type { NotificationBytes, NotifyChannels } from '../platform/notify.js';
import type { SafeString } from '../text/safe.js';
import type { AppStore } from './store.js';
import type { Binding, CommandId, HintPlace, Scope } from '../keymap/bindings.js';
import type { ConfirmHandlers, PromptHandlers } from './commands.js';
import type { ReactNode } from 'react';
import type { StateCreator } from 'zustand/vanilla';
import type { AppState, ListKey, Pane, PaneKind, PaneKinds } from './types.js';

/** Where a `:` command was typed: the trail, and the project the user is in (if any). */
export interface PaletteAt {
  stack: readonly Pane[];
  project: { projectId: number; path: string } | null;
  /** The name typed (one of the command's names, when it has aliases). */
  command: string;
}

/** A `:` command a feature owns (`:failures`, `:requests`…): the palette lists it and runs it by name. */
export interface PaletteCommand {
  usage: string;
  description: string;
  /** Other names it answers to (`:p` for `:project`). */
  aliases?: readonly string[];
  /** Its place in the palette's list (hint, help), lower first; unplaced ones follow in the registry's order. */
  order?: number;
  /**
   * It changes GitLab: read-only mode refuses it, naming it so ("creating pipelines"); a function
   * when that depends on the words typed (a user's `dangerous` command), null when these do not.
   */
  mutates?: string | ((ctx: Ctx, args: readonly string[]) => string | null);
  /** An error message keeps the palette's text; null closes it. */
  run(ctx: Ctx, args: string[], at: PaletteAt): string | null | Promise<string | null>;
  /**
   * What Tab completes for its argument being typed, the last of `args` (store/completion.ts): a
   * list, or one being read (the branches of the project in front: palette.ts branchChoices).
   */
  complete?(ctx: Ctx, args: readonly string[], at: PaletteAt): readonly string[] | Promise<readonly string[]>;
}

/** What a pane's component gets: its pane, and the rows and columns it may fill. */
export interface PaneProps<P extends Pane = Pane> {
  pane: P;
  width: number;
  height: number;
}

/** A pane's component, by kind. */
export type PaneViews = { readonly [K in PaneKind]?: (props: PaneProps<PaneKinds[K]>) => ReactNode };

/** What the header's trail calls a pane, by kind (safe text: src/text/safe.ts). */
export type PaneCrumbs = { readonly [K in PaneKind]?: (state: AppState, pane: PaneKinds[K]) => string };

/** What the header shows beside a pane (Feature.headers). */
export interface PaneHeader {
  /** pipetop's requests per minute over the last minute (AppState.requestRate, kept by the controller). */
  readonly rate?: boolean;
}

/** The list a pane shows (and its cursor moves in), by pane kind; null: none. */
export type PaneLists = { readonly [K in PaneKind]?: (pane: PaneKinds[K]) => ListKey | null };

export interface Feature {
  readonly name: string;
  /** Its slice of the state (its records and their writers), composed into the one store by src/app/create.ts. */
  readonly slice?: StateCreator<AppState, [], [], object>;
  /** The panes it owns (their kinds declared in store/types.ts PaneKinds), with their components. */
  readonly panes?: PaneViews;
  /** What the header's trail calls each of its panes. */
  readonly crumbs?: PaneCrumbs;
  /** What the header shows beside each of its panes, by pane kind (the pulse: the request rate). */
  readonly headers?: { readonly [K in PaneKind]?: PaneHeader };
  /** The list each of its panes shows, by pane kind (store/sources.ts listKeyOf). */
  readonly lists?: PaneLists;
  /** Its `:` commands, by name. */
  readonly palette?: Readonly<Record<string, PaletteCommand>>;
  /**
   * Its commands, one object each (store/command.ts): keys, scopes, words, whether it changes
   * GitLab, and what it runs. Their bindings join the keymap (store/keymap.ts) in this order.
   */
  readonly commands?: readonly Command[];
  /** Core commands it runs its own way in its own scopes (the pulse's moving keys move its cursor). */
  readonly takes?: readonly Takeover[];
  /** What help calls the scopes it adds (keymap/bindings.ts FeatureScopes): "the greeting". */
  readonly scopeNames?: { readonly [S in Scope]?: string };
  /** The source of a list this feature owns (its API call, row identity, filter text); undefined for other keys. */
  source?(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined;
  /** Keymap scopes of a pane (or project tab) this feature owns, most specific first; undefined when not its pane. */
  scopes?(pane: Pane): Scope[] | undefined;
  /**
   * The state of a pane this feature owns, as the footer ranks hints by it (Binding.rank): e.g.
   * `job:failed` on a failed job's log. Undefined when not its pane.
   */
  hintPlaces?(state: AppState, pane: Pane): HintPlace[] | undefined;
  /**
   * Every key while this feature's pane owns the keyboard (a form): `command` as the keymap resolved
   * it in the pane's scopes and 'edit', else null and the key's `text`. False when not its pane.
   */
  keys?(ctx: Ctx, pane: Pane, command: CommandId | null, text: string | undefined): boolean;
  /**
   * ↓/↑ while the `/` filter of `key` is typed, for a list whose cursor the feature keeps itself (the
   * pulse's); false when not its list (the core moves the list's own cursor).
   */
  moveInFilter?(ctx: Ctx, key: ListKey, by: 1 | -1): boolean;
  /**
   * A paste (the whole of it, lines and all) while this feature's pane is in front and no overlay
   * (prompt, confirm, `/` filter) is open; false to leave it to store/modal-keys.ts pasteInto.
   */
  paste?(ctx: Ctx, pane: Pane, text: string): boolean;
  /** What `y` runs for the confirms this feature opens (store/commands.ts), merged by the controller. */
  readonly confirms?: Partial<ConfirmHandlers<Ctx>>;
  /** What Enter runs for the prompts this feature opens, merged by the controller. */
  readonly prompts?: Partial<PromptHandlers<Ctx>>;
  /** Enter on the pane in front; false when not its pane. */
  open?(ctx: Ctx, pane: Pane): boolean;
  /**
   * The web page of what the pane shows or has selected: `{ url }` for its panes, undefined for
   * others. `anyHost`: the page may be off GitLab (an environment's external_url); it is checked all the same.
   */
  url?(ctx: Ctx, pane: Pane): { url: string | undefined; anyHost?: boolean } | undefined;
  /**
   * For the poller: this feature's share of each poll, made once per poller (startPolling), so what
   * it remembers between polls (when the pipeline in front was last read) belongs to that poller.
   */
  poll?(ctx: Ctx, timing: PollTiming): FeaturePoll;
  /**
   * Whether `pane` shows what its keys act on (undefined: not this feature's pane). Keys typed
   * before it does wait for it (store/type-ahead.ts). The core's answer: its list loaded once.
   */
  ready?(ctx: Ctx, pane: Pane, state: AppState): boolean | undefined;
  /**
   * What this feature keeps running beside the controller (the log engine, a background poller):
   * made when the controller is built, started after the token check, stopped with the controller.
   */
  attach?(ctx: Ctx, options: FeatureOptions): Attached;
}

// ---- commands (store/command.ts composes them into the table the controller looks up) ----

/**
 * A command as one object, owned by the feature that runs it (or by the core): its binding (keys,
 * scopes, words, `mutates`) and what it runs.
 */
export interface Command extends Binding {
  /**
   * Runs on the pane in front (one of whose scopes is among `scopes`). Absent for the keys a form
   * reads itself while it owns the keyboard (Feature.keys: Tab, ^S in the run form).
   */
  run?(ctx: Ctx, pane: Pane): void;
  /**
   * Why the command does nothing here now ("No job selected (still loading?)"), said in the footer
   * instead of running; null when it may run.
   */
  disabledReason?(state: AppState, pane: Pane): string | null;
  /** How read-only mode names what it refuses ("deleting schedules", by the row it would act on); the id when absent. */
  refusal?(ctx: Ctx, pane: Pane): string;
  /** Acts on the pane's rows or its selected row: typed before they came, it waits (type-ahead.ts). */
  rows?: boolean;
}

/**
 * A command run a feature's own way in its own scopes: the pulse moves its own cursor, a job pane's
 * moving keys move through its log, `:jobs` runs the job keys on its rows. The keys, words and
 * `mutates` stay the command's (its binding's); in these scopes this run replaces the command's own.
 */
export interface Takeover {
  command: CommandId;
  scopes: Scope[];
  run(ctx: Ctx, pane: Pane): void;
  disabledReason?(state: AppState, pane: Pane): string | null;
  refusal?(ctx: Ctx, pane: Pane): string;
  /** The core's own run of the command follows this one (the browser forgets its archive, then `R` refreshes as anywhere). */
  thenCore?: boolean;
}

/** What runs a command in one scope. */
export interface Handler {
  run(ctx: Ctx, pane: Pane): void;
  disabledReason?(state: AppState, pane: Pane): string | null;
  refusal?(ctx: Ctx, pane: Pane): string;
  thenCore?: boolean;
}

/** What a feature's command does, beside its binding's data. */
export type CommandRun = Pick<Command, 'run' | 'disabledReason' | 'refusal' | 'rows'>;

/** One poller's view of a feature (Feature.poll). */
export interface FeaturePoll {
  /**
   * What a poll re-reads for the pane beyond its list (a detail pane's object); undefined when not
   * its pane. `full`: navigation or R (read everything); otherwise a timer's tick.
   */
  refresh?(pane: Pane, opts: { full: boolean }): Promise<void> | undefined;
  /** Called on every store change while the poller runs: reads what the rows on screen lack (components never do). */
  watch?(state: AppState): void;
  /** This feature reads the pane's list itself (when, is its business): the core does not. */
  ownsList?(pane: Pane): boolean;
  /**
   * Whether the pane still moves: true or false decides, undefined leaves it to the others and to
   * the list's first rows.
   */
  moving?(pane: Pane): boolean | undefined;
  /** The wait before the next poll of this pane, when its own (`moving`: the core's verdict); undefined for the usual one. */
  delay?(pane: Pane, moving: boolean): number | undefined;
}

/** What the controller hands the features it attaches. */
export interface FeatureOptions {
  timing: PollTiming;
  // A feature adds its own options by declaration merging (the log's `logTiming`).
}

/** A feature's part of the controller's lifetime (Feature.attach). */
export interface Attached {
  start?(): void;
  stop?(): void;
  /** `R`: re-read what it keeps. */
  refresh?(): Promise<void>;
}

/** The first answer a feature (or a feature's poll) gives, in the order the features were listed. */
export function ask<F, T>(features: readonly F[], question: (feature: F) => T | undefined): T | undefined {
  for (const feature of features) {
    const answer = question(feature);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

export interface Platform {
  openUrl(url: string): Promise<{ opened: boolean; message: string }>;
  /** Puts text on the user's clipboard (OSC 52 through the terminal); only text that passed src/text/safe.ts. */
  copy(text: SafeString): void;
  /**
   * What to say after `copy`: no terminal confirms OSC 52, so where the text went and, under tmux,
   * which setting lets it through (platform/osc52.ts osc52Notice). "sent to the terminal" when absent.
   */
  copyNotice?: string;
  /** Where downloads go by default. */
  downloadDir: string;
  /** Hard cap on one download in bytes (--max-download); the API's default when absent. */
  maxDownloadBytes?: number;
  /** The disk a followed log's temp files may take (--log-disk); src/lib/budgets.ts's default when absent. */
  logDiskBytes?: number;
  /** Writes bytes to the terminal beside Ink: only notificationBytes (bell, OSC 777/9, title), built from SafeStrings. */
  write?(bytes: NotificationBytes): void;
  /** The environment the terminal bytes are wrapped for (tmux, screen). */
  env?: NodeJS.ProcessEnv;
  /** Which notification channels are on (config file `notifications:`); all on when absent. */
  notifications?: NotifyChannels;
  /**
   * Hands the terminal to `work` (a pager, an editor, a user's command with `output: terminal`):
   * the alternate screen and raw mode are left, keys are not read and nothing is drawn until it
   * ends; then the screen is restored whole (src/terminal-host.ts). `pause`: a line shown after
   * it, waiting for Enter, so its last output can be read. Absent: there is no terminal to hand over.
   */
  suspend?<T>(work: () => Promise<T>, opts?: { pause?: string }): Promise<T>;
  /** The token, for a user's command that asks for it (`token: true`, features/commands); nothing else reads it here. */
  token?(): string | undefined;
  /** Where the user's commands run: pipetop's working directory. */
  cwd?: string;
}

export interface Ctx {
  store: AppStore;
  gl: GitLab;
  platform: Platform;
  now(): number;
  connectionOk(): void;
  connectionFailed(error: unknown): void;
  /** An action changed something on screen: re-read it now and poll fast until it settles. */
  acted?(): void;
  /** Re-read the pane in front now (the poller's refreshNow), e.g. when its job's log says the job changed. */
  refreshNow?(): void;
  /** The features plugged in (store/feature.ts), asked in turn by the controller and the poller. */
  features: readonly Feature[];
  /** The log engine's search on the job log in front (the controller's LogRegistry): for features that open a log at a line. */
  searchLog?: (jobId: number, query: string) => Promise<string | null>;
  /** Keys for the Ink components in front (ink-text-input, ink-select-input): src/input/ink-feed.ts. */
  ink?: InkFeed;
  // A feature adds what it attaches by declaration merging (the log engine's `logs`).
}

export interface PollTiming {
  /** While something on screen runs. */
  activeMs: number;
  /** When everything on screen is finished. */
  idleMs: number;
  /** Longest back-off after errors. */
  maxBackoffMs: number;
  /**
   * The job in front while its log is tailed live (default idleMs). The tail is the fast signal —
   * it has the job re-read at once when the log ends, resets, or goes quiet (the log feature's log-view.ts) — so
   * this read is only a backstop; on a quiet log over HTTP/2 it was a third of the bytes.
   */
  tailedJobMs?: number;
}

/** How a list is read and shown (a feature's `source`; store/sources.ts). */
export interface ListSource<T> {
  fetch(page: number, signal?: AbortSignal): Promise<Page<T>>;
  idOf(item: T): number;
  textOf(item: T): string;
  /** Load every page on refresh (a pipeline's jobs), rather than only the first. */
  complete: boolean;
  /**
   * The rows shown for the rows read, when they differ (a pipeline's jobs: one row per job out of
   * all its attempts). Must return the same array for the same `items` (it runs on every render).
   * Applied when rows are shown; `arrange` below changes the rows kept.
   */
  present?(items: unknown[]): unknown[];
  perPage: number;
  /** A complete list's rows once every page is in (a pipeline's jobs take its trigger jobs in among them). */
  arrange?(items: T[]): T[];
}
