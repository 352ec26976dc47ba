// A command as one object, owned by the feature that runs it (or by the core: moving, lists, the
// app): its keys, where they work, what help and the footer say, whether it changes GitLab, why it
// may do nothing here now, and what it runs. The controller looks a resolved key's command up by
// id and by the pane's scopes, most specific first (handlerOf below), never by asking features in
// turn; read-only mode refuses a command that `mutates` there, once, before it runs.
import type { Binding, CommandId, Scope } from '../keymap/bindings.js';
import type { Command, CommandRun, Ctx, Handler, Takeover } from './feature.js';
import type { Pane, PaneKind, PaneKinds } from './types.js';

export type { Command, CommandRun, Handler, Takeover } from './feature.js';

/** Every command's handler, by id and then by scope. */
export type CommandTable = ReadonlyMap<CommandId, ReadonlyMap<Scope, Handler>>;

/**
 * The table of handlers, from the commands and takeovers given. In a scope, a takeover replaces the
 * command's own run; two commands, or two takeovers, for one id in one scope are a mistake of the
 * registry, caught here rather than settled by the order features are listed in.
 */
export function commandTable(commands: readonly Command[], takeovers: readonly Takeover[]): CommandTable {
  const table = new Map<CommandId, Map<Scope, Handler>>();
  const add = (id: CommandId, scopes: readonly Scope[], handler: Handler, seen: Set<string>) => {
    let byScope = table.get(id);
    if (!byScope) table.set(id, (byScope = new Map()));
    for (const scope of scopes) {
      if (seen.has(`${id} ${scope}`)) throw new Error(`Two handlers for ${id} in the ${scope} scope`);
      seen.add(`${id} ${scope}`);
      byScope.set(scope, handler);
    }
  };
  const own = new Set<string>();
  for (const command of commands) if (command.run) add(command.command, command.scopes, command as Handler, own);
  const taken = new Set<string>();
  for (const takeover of takeovers) add(takeover.command, takeover.scopes, takeover, taken);
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

/**
 * A run (of a command or a takeover) on the panes of `kinds`, typed by their pane: its scopes are
 * the ones those kinds' specs give, so the pane in front is one of them; on any other it does
 * nothing. The one place a command asks the kind of the pane it runs on.
 */
export function onPane<K extends PaneKind>(kinds: K | readonly K[], run: (ctx: Ctx, pane: PaneKinds[K]) => void): (ctx: Ctx, pane: Pane) => void {
  const of = new Set<PaneKind>(typeof kinds === 'string' ? [kinds] : kinds);
  return (ctx, pane) => {
    if (of.has(pane.kind)) run(ctx, pane as PaneKinds[K]);
  };
}
