// What a feature (a folder of its own under src, beside the core) plugs into the core. Everything
// about one pane kind it owns is that kind's spec (PaneSpec: its component, crumb, list, keymap
// scopes, Enter, `o`, the keys and pastes of a form that owns the keyboard, its poll…), and about
// one tab of another's pane its place (TabPlace); the rest is the feature's own: its slice of the
// state, its commands (one object each, store/command.ts), its `:` commands, the confirms and
// prompts it answers, its list sources, what it keeps of panes left, what it watches and what it
// keeps running beside the controller (the log engine, background pollers). One object per feature
// (its `definition`); the app shell (src/app/features.ts) lists them and composes the store, the
// keymap and the pane switch from them, so neither the store nor the UI kit names one. Who owns
// what (pane kinds, tabs, list kinds, `:` names) is a table in store/registry.ts: the core looks an
// owner up there, never asking the features in turn.
import type { GitLab, Page } from '../api/index.js';
import type { InkFeed } from '../input/ink-feed.js';
import type { NotificationBytes, NotifyChannels } from '../platform/notify.js';
import type { SafeString } from '../text/safe.js';
import type { AppStore } from './store.js';
import type { Binding, CommandId, HintPlace, Scope } from '../keymap/bindings.js';
import type { PromptResult } from './continuations.js';
import type { ReactNode } from 'react';
import type { StateCreator } from 'zustand/vanilla';
import type { AppState, ListKey, ListKind, ListState, Pane, PaneKind, PaneKinds, TabName } from './types.js';

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
  /** Its place in the palette's list (hint, help), lower first; unplaced ones follow by name (never by the registry's order). */
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

/** What the header shows beside a pane (PaneAnswers.header). */
export interface PaneHeader {
  /** pipetop's requests per minute over the last minute (AppState.requestRate, kept by the controller). */
  readonly rate?: boolean;
}

/**
 * One poller's questions about a pane of one kind (or tab), typed by its pane: made by the `poll` of
 * its spec once per poller (store/polling.ts startPolling), so what it remembers between polls (when
 * the pipeline in front was last read) is that poller's.
 */
export interface PanePoll<P extends Pane = Pane> {
  /**
   * What a poll re-reads for the pane beyond its list (a detail pane's object); undefined: nothing.
   * `full`: navigation or R (read everything); otherwise a timer's tick. It runs with the list's
   * read and the reads of features reading on the pane too (Feature.readsOn).
   */
  refresh?(pane: P, opts: { full: boolean }): Promise<void> | undefined;
  /** It reads the pane's list itself (when, is its business): the core does not. */
  readonly ownsList?: boolean;
  /** Whether the pane still moves: true or false decides, undefined leaves it to the list's first rows. */
  moving?(pane: P): boolean | undefined;
  /** The wait before the next poll of the pane, when its own (`moving`: the core's verdict); undefined for the usual one. */
  delay?(pane: P, moving: boolean): number | undefined;
  /**
   * Called on every store change while the pane is in front (after the features' `watch`): reads
   * what its rows lack, keeps what a read brought (components never do).
   */
  watch?(state: AppState, pane: P): void;
}

/**
 * What a pane of one kind answers — or one tab of a tabbed pane — typed by its pane, so none of it
 * asks `pane.kind` (or `pane.tab`) again: the registry finds them once by the pane's kind and tab
 * (store/registry.ts answer), the tab's before the kind's.
 */
export interface PaneAnswers<P extends Pane = Pane> {
  /** The list the pane shows (and its cursor moves in); none when absent (store/sources.ts listKeyOf). */
  list?(pane: P): ListKey | null;
  /** Keymap scopes of the pane, most specific first. */
  scopes?(pane: P): Scope[] | undefined;
  /** The state of the pane, as the footer ranks hints by it (Binding.rank): `job:failed` on a failed job's log. */
  hintPlaces?(state: AppState, pane: P): HintPlace[] | undefined;
  /**
   * Every key while the pane owns the keyboard (a form): `command` as the keymap resolved it in the
   * pane's scopes and 'edit', else null and the key's `text`. False: not now.
   */
  keys?(ctx: Ctx, pane: P, command: CommandId | null, text: string | undefined): boolean;
  /**
   * A paste (the whole of it, lines and all) while the pane is in front and no overlay (prompt,
   * confirm, `/` filter) is open; false to leave it to store/modal-keys.ts pasteInto.
   */
  paste?(ctx: Ctx, pane: P, text: string): boolean;
  /** Enter on the pane; false: nothing of its own (nothing runs). */
  open?(ctx: Ctx, pane: P): boolean;
  /**
   * The web page of what the pane shows or has selected. `anyHost`: the page may be off GitLab (an
   * environment's external_url); it is checked all the same.
   */
  url?(ctx: Ctx, pane: P): { url: string | undefined; anyHost?: boolean } | undefined;
  /**
   * Whether the pane shows what its keys act on (undefined: the core's answer: its list loaded
   * once). Keys typed before it does wait for it (store/type-ahead.ts).
   */
  ready?(ctx: Ctx, pane: P, state: AppState): boolean | undefined;
  /**
   * The project of the row selected on the pane, when its rows are of several projects (`:jobs`,
   * `:mrs`, the pulse): the palette's commands that need a project act on it (store/palette.ts).
   */
  rowProject?(ctx: Ctx, pane: P): { projectId: number; path: string } | undefined;
  /** What the header shows beside the pane (the pulse: the request rate). */
  readonly header?: PaneHeader;
  /** Its share of each poll, made once per poller (PanePoll). */
  poll?(ctx: Ctx, timing: PollTiming): PanePoll<P>;
}

/** A pane kind's spec (Feature.specs): its component, its crumb, and all it answers (PaneAnswers). */
export interface PaneSpec<P extends Pane = Pane> extends PaneAnswers<P> {
  /** Its component. */
  view: (props: PaneProps<P>) => ReactNode;
  /** What the header's trail calls it (safe text: src/text/safe.ts); its kind when absent. */
  crumb?(state: AppState, pane: P): string;
  /**
   * It draws a short `[y/N]` question (no `about`, no warning: ui/components/ConfirmBar.tsx
   * shortConfirm) under its own fields, where the eyes are (a form); the footer draws every other.
   */
  readonly ownConfirm?: boolean;
}

/** A spec for each pane kind a feature owns (Feature.specs). */
export type PaneSpecs = { readonly [K in PaneKind]?: PaneSpec<PaneKinds[K]> };

/**
 * A tab of another feature's pane (the project pane's Pipelines, Jobs…), owned by the feature that
 * declares it: the tabbed pane's owner draws the tab bar and the body from these, naming none; it
 * answers for the pane while the tab is in front, before the pane kind's spec.
 */
export interface TabPlace<K extends PaneKind = PaneKind> extends PaneAnswers<PaneKinds[K]> {
  /** The pane kind whose `tab` it is. */
  of: K;
  /** Its value of the pane's `tab` field (`'pipelines'`), what `:pipelines` and the trail call it. */
  name: TabName;
  /** Its place in the tab bar, from 1 (the number keys jump to it; Tab cycles in this order). */
  place: number;
  /** What the tab bar and help call it ("Pipelines"). */
  label: string;
  /** Its body, below the tab bar. */
  view: (props: PaneProps<PaneKinds[K]>) => ReactNode;
}

/** A tab of any tabbed pane kind (Feature.tab). */
export type AnyTabPlace = { [K in PaneKind]: TabPlace<K> }[PaneKind];

/** Record maps of the state (by id) that retention may thin (Feature.retain). */
export type RecordName = { [K in keyof AppState]: AppState[K] extends Readonly<Record<number, unknown>> ? K : never }[keyof AppState];

/** What the retention pass knows while features say what they keep (store/retention.ts). */
export interface RetainAt {
  state: AppState;
  /** The lists kept (those the stack shows, those a feature keeps, and every list not forgettable). */
  lists: readonly ListState<unknown>[];
  /** The ids pinned so far in a record: grows while features pin (kept jobs pin their pipelines). */
  pinned(record: RecordName): ReadonlySet<number>;
}

/**
 * What a feature keeps of panes the user has left (store/retention.ts): the lists that multiply
 * with browsing, the records thinned to what something still pins, and its pins.
 */
export interface Retention {
  /** Its list kinds dropped once no pane on the stack shows them and no feature keeps them. */
  readonly lists?: readonly ListKind[];
  /** Lists kept though no pane shows them (a project's pipelines while the project is on the stack). */
  keep?(stack: readonly Pane[]): readonly ListKey[];
  /** Records of its slice (maps by id) thinned to the ids pinned: what nothing pins is dropped. */
  readonly records?: readonly RecordName[];
  /**
   * The ids it pins, by record (any feature's): from the stack, the lists kept, and what is pinned
   * so far. Asked again until no feature pins more, so the order of the features changes nothing.
   */
  pin?(at: RetainAt): { readonly [R in RecordName]?: Iterable<number> };
}

/**
 * A feature: one object (its `definition`). It owns the pane kinds of its `specs`, the tab it
 * declares (`tab`) and the list kinds of its `listKinds`; two owners of one are an error at start.
 * Everything about one pane kind is in its spec (PaneSpec), about one tab in its place (TabPlace):
 * the registry finds them once by the pane's kind and tab (store/registry.ts), never by asking the
 * features in turn, so the order they are listed in changes nothing. What is left here is not
 * about one pane of its own. What one feature does on another's pane is declared as such: a
 * command or a takeover in the scopes of that pane (`takes`), or a read on it (`readsOn`).
 */
export interface Feature {
  /** Its name, unique in the registry: what its confirms and prompts name as their owner (store/continuations.ts). */
  readonly name: string;
  /** Its slice of the state (its records and their writers), composed into the one store by src/app/create.ts. */
  readonly slice?: StateCreator<AppState, [], [], object>;
  /**
   * The pane kinds it owns (declared in store/types.ts PaneKinds), one spec each: its component,
   * crumb, list, scopes, Enter, `o`, poll… typed by its pane (PaneSpec).
   */
  readonly specs?: PaneSpecs;
  /** The tab of another feature's pane that it owns (the project pane's tabs): it answers for the pane there (TabPlace). */
  readonly tab?: AnyTabPlace;
  /** What it keeps of panes the user has left (store/retention.ts). */
  readonly retain?: Retention;
  /** The pane the app opens on when it is given none (the project list). One feature at most. */
  readonly first?: Pane;
  /** The list kinds whose `source` is its own (store/types.ts ListKeyKinds): the registry maps each to it. */
  readonly listKinds?: readonly ListKind[];
  /** Its `:` commands, by name. A name or alias claimed by two features is an error at start (store/registry.ts). */
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
  /**
   * Pane kinds of other features on which its poll's `refresh` (FeaturePoll) reads too (the
   * pipelines feature reads a job's usual duration on the job pane): the poller runs these reads
   * beside the pane's own.
   */
  readonly readsOn?: readonly PaneKind[];
  /** Panes a trail starts from (the projects list, the pulse): a `:` jump to one is the trail's root, or the root and it. */
  readonly roots?: readonly PaneKind[];
  /**
   * The pane that stands for a project on a `:` jump's trail (`projects › acme/api › job`), and
   * the project the palette's commands act on when the trail has none (`--project`'s). One feature at most.
   */
  readonly projects?: {
    kind: PaneKind;
    /** The project's pane on `tab`: the registry passes its first tab (the lowest TabPlace.place) when none is asked for. */
    open(project: { projectId: number; path: string }, tab: TabName): Pane;
    home(state: AppState): { projectId: number; path: string } | null;
  };
  /** The source of a list of one of its `listKinds` (its API call, row identity, filter text). */
  source?(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined;
  /**
   * ↓/↑ while the `/` filter of `key` (a list kind it owns) is typed, for a list whose cursor the
   * feature keeps itself (the pulse's); false: the core moves the list's own cursor.
   */
  moveInFilter?(ctx: Ctx, key: ListKey, by: 1 | -1): boolean;
  /**
   * `y` on a confirm it opened: the data the confirm carries (its `yes`, store/continuations.ts
   * ConfirmPayloads[its name]), found by the owner's name. Typed by the feature: `never` here.
   */
  readonly confirmed?: (ctx: Ctx, payload: never) => void;
  /** Enter on a prompt it opened, with what was typed: an error message keeps the prompt open. */
  readonly submitted?: (ctx: Ctx, payload: never, value: string) => PromptResult;
  /**
   * For the poller: what this feature watches and reads beyond its own panes (whose polls are their
   * specs': PanePoll), made once per poller (startPolling), so what it remembers is that poller's.
   */
  poll?(ctx: Ctx, timing: PollTiming): FeaturePoll;
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
   * reads itself while it owns the keyboard (PaneAnswers.keys: Tab, ^S in the run form).
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

/** One poller's view of a feature beyond its own panes (Feature.poll). */
export interface FeaturePoll {
  /** Called on every store change while the poller runs: reads what the rows on screen lack (components never do). */
  watch?(state: AppState): void;
  /**
   * Its read on a pane of another feature's, one of its `readsOn` (a job's usual duration on the
   * job pane); undefined: nothing. It runs with the pane's own reads; `full` as PanePoll.refresh's.
   */
  refresh?(pane: Pane, opts: { full: boolean }): Promise<void> | undefined;
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
  /** The token, for a user's command that asks for it (`token: true`, the commands feature); nothing else reads it here. */
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
  /** The features plugged in (store/feature.ts); who owns what among them: store/registry.ts registryOf. */
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
  /**
   * Keeps the rows read in the owning feature's records too (through its slice's writer), so a pane
   * opened from a row shows it at once.
   */
  remember?(store: AppStore, items: T[]): void;
}
