// What a feature (src/features/<name>/) plugs into the core: the keymap scopes of its panes, its
// commands (asked before the core's), where Enter leads, the web page `o`
// opens, the keys and pastes of a form that owns the keyboard, the confirms and prompts it answers,
// what a poll re-reads for its panes, how fast, and whether they are still moving, and what it keeps
// running beside the controller (the log engine, background pollers). The controller and the poller
// ask each feature in turn and never name one; the list of features is handed in by whoever builds
// the controller.
import type { GitLab } from '../api/index.js';
import type { LogTiming } from '../features/log/index.js';
import type { Binding, CommandId, HintPlace, Scope } from '../keymap/bindings.js';
import type { ConfirmHandlers, PromptHandlers } from './commands.js';
import type { Ctx } from './ctx.js';
import type { PollTiming } from './polling.js';
import type { ListSource } from './sources.js';
import type { AppState, ListKey, Pane } from './types.js';

/** Where a `:` command was typed: the trail, and the project the user is in (if any). */
export interface PaletteAt {
  stack: readonly Pane[];
  project: { projectId: number; path: string } | null;
}

/** A `:` command a feature owns (`:failures`, `:requests`…): the palette lists it and runs it by name. */
export interface PaletteCommand {
  usage: string;
  description: string;
  /** An error message keeps the palette's text; null closes it. */
  run(ctx: Ctx, args: string[], at: PaletteAt): string | null | Promise<string | null>;
}

export interface Feature {
  readonly name: string;
  /** Its `:` commands, by name. */
  readonly palette?: Readonly<Record<string, PaletteCommand>>;
  /** Its shortcuts (src/features/<name>/bindings.ts), merged into the keymap by store/keymap.ts. */
  readonly bindings?: readonly Binding[];
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
   * Runs `command` for the pane in front, asked before the core's handling, so a feature may also
   * take a core command on its own pane (the pulse moves its own cursor; a job pane's moving keys
   * move through its log); false when it is not this feature's to run.
   */
  run?(ctx: Ctx, command: CommandId, pane: Pane): boolean;
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
  /** How often the log in front is read (features/log). */
  logTiming?: LogTiming;
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
