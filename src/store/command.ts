// A command as one object, owned by the feature that runs it (or by the core: moving, lists, the
// app): its keys, where they work, what help and the footer say, whether it changes GitLab, why it
// may do nothing here now, and what it runs. The controller looks a resolved key's command up by
// id and by the pane's scopes, most specific first (commandsOf below), never by asking features in
// turn; read-only mode refuses a command that `mutates` there, once, before it runs.
import type { Binding, CommandId, Scope } from '../keymap/bindings.js';
import type { Ctx } from './ctx.js';
import type { AppState, Pane } from './types.js';

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
 * A core command run a feature's own way in its scopes: the pulse moves its own cursor, a job
 * pane's moving keys move through its log, Enter on a feature's rows opens what they are. The keys,
 * help and hint stay the core command's.
 */
export interface Takeover {
  command: CommandId;
  scopes: Scope[];
  run(ctx: Ctx, pane: Pane): void;
  disabledReason?(state: AppState, pane: Pane): string | null;
}

/** What runs a command in one scope. */
export interface Handler {
  run(ctx: Ctx, pane: Pane): void;
  disabledReason?(state: AppState, pane: Pane): string | null;
  refusal?(ctx: Ctx, pane: Pane): string;
  mutates?: boolean;
  rows?: boolean;
}

/** Every command's handler, by id and then by scope. */
export type CommandTable = ReadonlyMap<CommandId, ReadonlyMap<Scope, Handler>>;

/**
 * The table of handlers, from the commands and takeovers given. Two handlers for one command in
 * one scope are a mistake of the registry, caught here rather than settled by the order features
 * are listed in.
 */
export function commandTable(commands: readonly Command[], takeovers: readonly Takeover[]): CommandTable {
  const table = new Map<CommandId, Map<Scope, Handler>>();
  const add = (id: CommandId, scopes: readonly Scope[], handler: Handler) => {
    let byScope = table.get(id);
    if (!byScope) table.set(id, (byScope = new Map()));
    for (const scope of scopes) {
      if (byScope.has(scope)) throw new Error(`Two handlers for ${id} in the ${scope} scope`);
      byScope.set(scope, handler);
    }
  };
  for (const command of commands) if (command.run) add(command.command, command.scopes, command as Handler);
  for (const takeover of takeovers) add(takeover.command, takeover.scopes, takeover);
  return table;
}

/** The handler of `id` on a pane with these scopes (most specific first), or null. */
export function handlerOf(table: CommandTable, id: CommandId, scopes: readonly Scope[]): Handler | null {
  const byScope = table.get(id);
  if (!byScope) return null;
  for (const scope of scopes) {
    const handler = byScope.get(scope);
    if (handler) return handler;
  }
  return null;
}

/** What read-only mode says when it refuses `what` ("deleting schedules"). */
export const readOnlyRefusal = (what: string) => `Read-only mode: ${what} is disabled (pipetop was started with --read-only)`;

/** What a feature's command does, beside its binding's data. */
export type CommandRun = Pick<Command, 'run' | 'disabledReason' | 'refusal' | 'rows'>;

/**
 * A feature's commands: its bindings (keys, scopes, words: its bindings.ts) each with what it
 * runs. A run for a command the bindings lack is a mistake, caught here.
 */
export function withRuns(bindings: readonly Binding[], runs: Partial<Record<CommandId, CommandRun>>): Command[] {
  const used = new Set(bindings.map((b) => b.command));
  const stray = Object.keys(runs).filter((id) => !used.has(id as CommandId));
  if (stray.length) throw new Error(`No binding for ${stray.join(', ')}`);
  return bindings.map((binding) => ({ ...binding, ...runs[binding.command] }));
}
