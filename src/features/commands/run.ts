// Running a user's command: the object's values as PIPETOP_* variables (context.ts), the token only
// with `token: true`, read-only mode refusing a dangerous one, `confirm: true` asking first; then
// its output as the command says (none, toast, pager, terminal). A failure shows its exit status
// and the last lines of its stderr; `^g` cancels a running one (its whole process group).
import { setConfirm, setPrompt } from '../../store/writers.js';
import { promises as fs } from 'node:fs';
import type { CustomCommand } from '../../config/user-commands.js';
import { commandEnv, runShell, type RunningShell, type ShellResult } from '../../platform/shell.js';
import type { Ctx } from '../../store/ctx.js';
import { guarded } from '../../store/guard.js';
import { toast, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { safeText, visiblyEscaped } from '../../text/safe.js';
import { commandVars } from './context.js';
import { inTerminal, pageFile, pagerText, tempPath } from './external.js';
import { formatSize } from '../../lib/budgets.js';

/** The commands running in the background, per controller (a test's app, the TUI's). */
const running = new WeakMap<Ctx, Map<string, RunningShell>>();

export function userCommands(ctx: Ctx): readonly CustomCommand[] {
  return ctx.store.getState().config.commands ?? [];
}

export function findCommand(ctx: Ctx, name: string): CustomCommand | undefined {
  return userCommands(ctx).find((c) => c.name === name);
}

/** A key or `:run NAME`: the values of what is on screen, then a confirm or the run. A message, or null. */
export function startCommand(ctx: Ctx, command: CustomCommand, pane: Pane = topPane(ctx.store.getState())): string | null {
  const found = commandVars(ctx, pane, command.scope, command.name);
  if ('missing' in found) return found.missing;
  if (command.confirm) {
    const on = found.vars.PIPETOP_JOB_NAME ?? found.vars.PIPETOP_ENVIRONMENT ?? found.vars.PIPETOP_PROJECT;
    setPrompt(ctx.store, null);
    setConfirm(ctx.store, {
      // Server text set apart: quoted, on one line, what a line cannot show written out (\u{202E}).
      message: `Run ${command.name}${on ? ` on "${visiblyEscaped(on, 80)}"` : ''}?`,
      detail: safeText(command.description, 200),
      yes: { owner: 'commands', command: 'commands.runConfirmed', args: { name: command.name, vars: found.vars } },
    });
    return null;
  }
  void execute(ctx, command, found.vars);
  return null;
}

/** `y` on the confirm: the values as they were when it asked. */
export function runConfirmed(ctx: Ctx, args: { name: string; vars: Record<string, string> }): void {
  const command = findCommand(ctx, args.name);
  if (command) void execute(ctx, command, args.vars);
}

/** `^g`: cancels the commands running in the background. */
export function cancelRunning(ctx: Ctx): void {
  const mine = running.get(ctx);
  if (!mine || mine.size === 0) return void toast(ctx.store, 'info', 'No command of yours is running');
  for (const shell of mine.values()) shell.cancel();
}

async function execute(ctx: Ctx, command: CustomCommand, vars: Record<string, string>): Promise<void> {
  try {
    await executeGuarded(ctx, command, vars);
  } catch (error) {
    // A key's work never ends the app: a write that failed, a program that could not be handed the terminal.
    toast(ctx.store, 'error', `${command.name}: ${safeText((error as Error).message, 200)}`);
  }
}

async function executeGuarded(ctx: Ctx, command: CustomCommand, vars: Record<string, string>): Promise<void> {
  const env = commandEnv(ctx.platform.env ?? process.env, vars, command.token ? ctx.platform.token?.() : undefined);
  const label = command.output === 'terminal' ? `Running ${command.name}` : `Running ${command.name} (^g cancels)`;
  await guarded(ctx, `run:${command.name}`, label, async () => {
    if (command.output === 'terminal') {
      const result = await inTerminal(ctx, command.run, [], env, `[pipetop] ${command.name} ended — press Enter to return`);
      if (typeof result === 'string') return void toast(ctx.store, 'error', `${command.name}: ${result}`);
      report(ctx, command, result);
      return;
    }
    const shell = runShell(command.run, { env, stdio: 'capture', label: command.name, ...(ctx.platform.cwd ? { cwd: ctx.platform.cwd } : {}) });
    const mine = running.get(ctx) ?? new Map<string, RunningShell>();
    running.set(ctx, mine);
    mine.set(command.name, shell);
    let result: ShellResult;
    try {
      result = await shell.done;
    } finally {
      mine.delete(command.name);
    }
    if (!report(ctx, command, result) || command.output !== 'pager') return;
    const path = tempPath();
    await fs.writeFile(path, pagerOutput(command.name, result), { mode: 0o600 });
    const error = await pageFile(ctx, path);
    if (error) toast(ctx.store, 'error', safeText(error, 200));
  });
}

/** Says how it ended; true when it succeeded (the pager then shows its output). */
function report(ctx: Ctx, command: CustomCommand, result: ShellResult): boolean {
  const { store } = ctx;
  if (result.error) {
    toast(store, 'error', `${command.name} could not start: ${safeText(result.error, 200)}`);
    return false;
  }
  if (result.cancelled) {
    toast(store, 'info', `${command.name} cancelled`);
    return false;
  }
  if (result.code !== 0) {
    const status = result.code === null ? `killed by ${result.signal ?? 'a signal'}` : `exit status ${result.code}`;
    const tail = lastLines(result.stderr, 3);
    toast(store, 'error', `${command.name} failed (${status})${tail ? `: ${safeText(tail, 300)}` : ''}`);
    return false;
  }
  if (command.output === 'toast') toast(store, 'success', toastOutput(command.name, result));
  else if (command.output === 'none' || command.output === 'terminal') {
    toast(store, 'success', `${command.name} done`);
  }
  return true;
}

/** What the pager shows: the output kept, after a line that says what was cut when the bound cut its start. */
export function pagerOutput(name: string, result: Pick<ShellResult, 'stdout' | 'stdoutBytes'>): string {
  const kept = Buffer.byteLength(result.stdout);
  const note =
    result.stdoutBytes > kept
      ? `[pipetop] ${name} wrote ${formatSize(result.stdoutBytes)}; this is its last ${formatSize(kept)} (the rest was not kept)\n\n`
      : '';
  return note + pagerText(result.stdout);
}

/** The toast of `output: toast`: the last line, and what was cut from it when it does not show whole. */
export function toastOutput(name: string, result: Pick<ShellResult, 'stdout' | 'stdoutBytes'>): string {
  const last = lastLines(result.stdout, 1);
  if (!last) return result.stdoutBytes > 0 ? `${name} done (its output holds no text to show)` : `${name} done (no output)`;
  const shown = safeText(last, TOAST_CHARS);
  const bytes = Buffer.byteLength(last);
  // The line began before what was kept: only its end is here.
  const begunBefore = result.stdoutBytes > Buffer.byteLength(result.stdout) && !/[\r\n]/.test(result.stdout.trimEnd());
  if (!shown.trim()) return `${name} done (its last line has nothing printable)`;
  if (begunBefore) return `${name}: ${shown} (the start of the last ${formatSize(bytes)} of a line; it wrote ${formatSize(result.stdoutBytes)})`;
  if (last.length > TOAST_CHARS) return `${name}: ${shown} (the first ${TOAST_CHARS} of ${last.length.toLocaleString('en')} characters of its last line)`;
  return `${name}: ${shown}`;
}

/** Characters of a line a toast shows. */
const TOAST_CHARS = 300;

/** The last `n` lines that have something in them, joined with ' · ' for one status line. */
function lastLines(text: string, n: number): string {
  return text
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-n)
    .join(' · ');
}
