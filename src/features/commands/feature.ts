// The user's own commands (config file `commands:`, src/config/user-commands.ts) as a feature:
// `:run NAME` in the palette, `run.NAME` keys (bound by the composition root, bindings.ts), the
// confirm of a command with `confirm: true`, and ^g to cancel one running.
import type { CustomCommand } from '../../config/user-commands.js';
import type { Feature } from '../../store/feature.js';
import { safeText } from '../../text/safe.js';
import { COMMAND_BINDINGS } from './bindings.js';
import { findCommand, runConfirmed, startCommand, userCommands } from './run.js';
import { confirmsBy } from '../../store/continuations.js';
import type { Ctx } from '../../store/ctx.js';
import { changesGitLab } from '../../config/user-commands.js';

export const commandsFeature: Feature = {
  name: 'commands',
  palette: {
    run: {
      usage: 'run <name>',
      order: 160,
      description: 'run a command of yours (config file commands:) on what is on screen',
      // A command marked `dangerous`, or given the token, can change things: read-only mode refuses it.
      mutates: (ctx, args) => {
        const command = args[0] ? findCommand(ctx, args[0]) : undefined;
        if (!command || !changesGitLab(command)) return null;
        return command.dangerous ? `the command ${command.name}` : `the command ${command.name} (it gets the token)`;
      },
      run(ctx, args) {
        const names = userCommands(ctx).map((c) => c.name);
        const name = args[0];
        if (!name) return names.length ? `Which command? ${names.join(', ')}` : 'No commands in your config file (commands:, see the README)';
        const command = findCommand(ctx, name);
        if (!command) return `No command named "${safeText(name, 40)}"${names.length ? ` — yours: ${names.join(', ')}` : ''}`;
        // A confirm replaces the palette (startCommand closes it); a message keeps it to the controller.
        return startCommand(ctx, command);
      },
    },
  },
  commands: COMMAND_BINDINGS,

  confirmed: confirmsBy<CommandConfirms, Ctx>({ 'commands.runConfirmed': runConfirmed }),
};

// This feature's part of the core's types (declaration merging: store/types.ts says why): the
// commands of the config file, handed in with the rest of it, and the confirm it opens.
declare module '../../store/types.js' {
  interface AppConfigView {
    /** The user's own commands from the config file; absent: none. */
    commands?: readonly CustomCommand[];
  }
}
/** What this feature's confirms carry, by command. */
export interface CommandConfirms {
  /** A user's command with `confirm: true`, with the values of the object it was asked about. */
  'commands.runConfirmed': { name: string; vars: Record<string, string> };
}
declare module '../../store/continuations.js' {
  interface ConfirmPayloads {
    commands: Continuations<CommandConfirms>;
  }
}
