// The user's commands as keymap rows (`run.NAME`, one per command, bound in its scope's panes), and
// the key that cancels one running. Their keys are checked like the user's other key settings
// (src/config/user-keys.ts): a key that would collide with another command wherever both apply is
// refused with a message naming the line, and the command stays runnable with `:run NAME`.
import { changesGitLab, type CustomCommand } from '../../config/user-commands.js';
import type { ConfigWarning } from '../../config/user-config.js';
import type { Binding } from '../../keymap/bindings.js';
import type { Command } from '../../store/command.js';
import { toast } from '../../store/store.js';
import { cancelRunning, findCommand, startCommand } from './run.js';
import { prettyKey } from '../../keymap/matcher.js';
import { KEYMAP_SCOPES } from './context.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'commands.cancel': true;
  }
}

export const COMMAND_BINDINGS: Command[] = [
  {
    command: 'commands.cancel',
    keys: ['ctrl+g'],
    description: 'Cancel the command of yours that is running (its whole process group)',
    category: 'Actions',
    scopes: ['global'],
    run: (ctx) => cancelRunning(ctx),
  },
];

/**
 * The keymap row of a user's command (keys: none when it has no key or the key was refused), with
 * what it runs: the controller takes its handler from the table it is given (Controller.useBindings).
 */
export function commandBinding(command: CustomCommand, keys: string[]): Command {
  return {
    run(ctx, pane) {
      const found = findCommand(ctx, command.name);
      if (!found) return;
      const message = startCommand(ctx, found, pane);
      if (message) toast(ctx.store, 'info', message);
    },
    refusal: () => (command.dangerous ? `the command ${command.name}` : `the command ${command.name} (it gets the token)`),
    command: `run.${command.name}`,
    keys,
    // Help shows a command with no key as `:run NAME` in the keys column (src/ui/HelpScreen.tsx).
    description: `${command.description}${keys.length ? ` (:run ${command.name})` : ''}${command.output === 'terminal' ? ' — in the terminal' : ''}`,
    category: 'Actions',
    scopes: KEYMAP_SCOPES[command.scope],
    ...(keys.length ? { hint: `${prettyKey(keys[0]!)} ${command.name}` } : {}),
    ...(changesGitLab(command) ? { mutates: true } : {}),
  };
}

/**
 * The table with the user's commands added: a command's key is refused when another row (or an
 * earlier command) has it in a scope live at the same time (`overlaps`: store/keymap.ts
 * scopesOverlap). In read-only mode a command that can change GitLab (dangerous, or given the
 * token) is left out: it is refused there, so help and the footer do not offer it.
 */
export function withUserCommands(
  table: readonly Binding[],
  commands: readonly CustomCommand[],
  opts: { file: string; readOnly: boolean; overlaps: (a: string, b: string) => boolean },
): { bindings: Binding[]; warnings: ConfigWarning[] } {
  const rows = [...table];
  const warnings: ConfigWarning[] = [];
  for (const command of commands) {
    if (opts.readOnly && changesGitLab(command)) continue;
    const keys: string[] = [];
    if (command.key) {
      const scopes = KEYMAP_SCOPES[command.scope];
      const other = rows.find((row) => row.keys.includes(command.key!) && row.scopes.some((a) => scopes.some((b) => opts.overlaps(a, b))));
      if (other) {
        const where = other.scopes.find((a) => scopes.some((b) => opts.overlaps(a, b)));
        warnings.push({
          file: opts.file,
          ...(command.line !== undefined ? { line: command.line } : {}),
          key: `commands.${command.name}`,
          message: `'${command.key}' is already ${other.command.startsWith('run.') ? `the command ${other.command.slice(4)}` : other.command} (${where}); not bound (:run ${command.name} still runs it)`,
        });
      } else keys.push(command.key);
    }
    rows.push(commandBinding(command, keys));
  }
  return { bindings: rows, warnings };
}
