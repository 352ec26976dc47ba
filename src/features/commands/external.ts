// $PAGER and $EDITOR on a file pipetop wrote: the terminal is handed over (Platform.suspend) and
// the screen restored whole afterwards. The command text is the user's own variable; the file and
// the line go in as the shell's positional arguments ("$1", "$2"), never spliced into it.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { pipetopTempDir } from '../../log/index.js';
import { commandEnv, runShell, type ShellResult } from '../../platform/shell.js';
import type { Ctx } from '../../store/ctx.js';
import { nodeCrypto } from '../../lib/builtins.js';

/**
 * `less -R` when $PAGER is unset: less pages backwards as well as forwards (`more` does not
 * everywhere), and -R lets through only colour (SGR) sequences, showing any other control
 * character as visible `^X` — so a command's coloured output keeps its colours and nothing in it
 * can drive the terminal. No -F: a short output would flash and vanish.
 */
export const DEFAULT_PAGER = 'less -R';

/** $VISUAL, then $EDITOR (the order git and crontab follow), else vi. */
export function editorOf(env: NodeJS.ProcessEnv): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

export function pagerOf(env: NodeJS.ProcessEnv): string {
  return env.PAGER?.trim() || DEFAULT_PAGER;
}

/**
 * The shell command that opens "$2" at line "$1": `+LINE FILE`, the convention vi, vim, nvim, nano,
 * emacs, micro, kakoune and less share; VS Code and its kin take `--goto FILE:LINE` instead. The
 * editor's value is split into words by the shell, as git does with core.editor.
 */
export function editorCommand(editor: string): string {
  const program = editor.split(/\s+/)[0]!.split('/').pop()!;
  if (/^(code|codium|code-insiders|cursor)$/.test(program)) return `${editor} --goto "$2:$1"`;
  if (/^(hx|helix)$/.test(program)) return `${editor} "$2:$1"`;
  return `${editor} "+$1" "$2"`;
}

/**
 * Text for a pager: line breaks made `\n`, colour (SGR) sequences kept, every other escape sequence
 * and control character dropped, so even a pager that passes everything through (`cat`, `less -r`)
 * cannot be made to drive the terminal.
 */
export function pagerText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(
      /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[PX^_][^\x1b]*(?:\x1b\\)?|\x1b[^[\]PX^_]?|[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f]/g,
      (m) => (/^\x1b\[[0-9;:]*m$/.test(m) ? m : ''),
    );
}

/** A fresh name in pipetop's private temp directory (a file left there is removed at exit, log/temp-dir.ts). */
export function tempPath(): string {
  return join(pipetopTempDir(), `pipetop-view-${process.pid}-${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
}

/** Why the terminal cannot be handed over, or null. */
function noTerminal(ctx: Ctx): string | null {
  return ctx.platform.suspend ? null : 'There is no terminal to hand over here';
}

/** Runs a command that owns the terminal (`$1`… are `args`), the screen restored after. */
export async function inTerminal(ctx: Ctx, command: string, args: string[], env: NodeJS.ProcessEnv, pause?: string): Promise<ShellResult | string> {
  const why = noTerminal(ctx);
  if (why) return why;
  try {
    return await ctx.platform.suspend!(
      () => runShell(command, { env, stdio: 'terminal', args, ...(ctx.platform.cwd ? { cwd: ctx.platform.cwd } : {}) }).done,
      pause ? { pause } : {},
    );
  } catch (error) {
    // Another program has the terminal (a command's pager ending while an editor is open).
    return `not run: ${(error as Error).message}`;
  }
}

/** Shows a file in the user's pager, then removes it. An error message, or null. */
export async function pageFile(ctx: Ctx, path: string): Promise<string | null> {
  // The pager gets pipetop's environment without the token (as a user's command does, platform/shell.ts).
  const env = commandEnv(ctx.platform.env ?? process.env, {});
  try {
    const result = await inTerminal(ctx, `${pagerOf(env)} "$1"`, [path], env);
    return typeof result === 'string' ? result : failure(`The pager (${pagerOf(env)})`, result);
  } finally {
    await fs.rm(path, { force: true });
  }
}

/** Opens a file in the user's editor at `line` (1-based). An error message, or null. */
export async function editFile(ctx: Ctx, path: string, line: number): Promise<string | null> {
  const env = commandEnv(ctx.platform.env ?? process.env, {});
  const editor = editorOf(env);
  const result = await inTerminal(ctx, editorCommand(editor), [String(line), path], env);
  return typeof result === 'string' ? result : failure(`The editor (${editor})`, result);
}

/** A message when a program handed the terminal did not end well. */
function failure(what: string, result: ShellResult): string | null {
  if (result.error) return `${what} could not start: ${result.error}`;
  if (result.code === 127) return `${what} was not found (exit 127)`;
  if (result.code !== 0 && result.code !== null) return `${what} ended with exit status ${result.code}`;
  return null;
}
