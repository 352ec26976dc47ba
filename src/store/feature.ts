// What a feature (src/features/<name>/) plugs into the core: the keymap scopes of its panes, its
// commands, where Enter leads, the web page `o` opens, what a poll re-reads for its detail panes
// and whether they are still moving. The controller and the poller ask each feature in turn and
// never name one; the list of features is handed in by whoever builds the controller.
import type { GitLab } from '../api/index.js';
import type { CommandId, Scope } from '../keymap/bindings.js';
import type { Ctx } from './ctx.js';
import type { ListSource } from './sources.js';
import type { AppState, ListKey, Pane } from './types.js';

export interface Feature {
  readonly name: string;
  /** The source of a list this feature owns (its API call, row identity, filter text); undefined for other keys. */
  source?(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined;
  /** Keymap scopes of a pane (or project tab) this feature owns, most specific first; undefined when not its pane. */
  scopes?(pane: Pane): Scope[] | undefined;
  /** Runs `command` for the pane in front; false when it is not this feature's to run. */
  run?(ctx: Ctx, command: CommandId, pane: Pane): boolean;
  /** Enter on the pane in front; false when not its pane. */
  open?(ctx: Ctx, pane: Pane): boolean;
  /** The web page of what the pane shows or has selected: `{ url }` for its panes, undefined for others. */
  url?(ctx: Ctx, pane: Pane): { url: string | undefined } | undefined;
  /**
   * What a poll re-reads for this pane beyond its list (a detail pane's object); undefined when not
   * its pane. `full`: navigation or R (read everything); otherwise a timer's tick.
   */
  refresh?(ctx: Ctx, pane: Pane, opts?: { full: boolean }): Promise<void> | undefined;
  /**
   * For the poller: a watcher called on every store change while polling runs, which reads what
   * the rows on screen lack (components never do). One per poller, so it may keep its own state.
   */
  watch?(ctx: Ctx): (state: AppState) => void;
  /** Something on this pane still moves: poll fast. */
  moving?(ctx: Ctx, pane: Pane): boolean;
}

/** The first answer a feature gives, in the order the features were listed. */
export function ask<T>(features: readonly Feature[], question: (feature: Feature) => T | undefined): T | undefined {
  for (const feature of features) {
    const answer = question(feature);
    if (answer !== undefined) return answer;
  }
  return undefined;
}
