// The `:` command palette: jump anywhere by name or id. The commands are the features'
// (Feature.palette), looked up by name in the registry (store/registry.ts: a name or alias two
// features claim is an error at start, so none wins by the features' order); the core keeps only
// refresh, help and quit.
import * as nav from './nav.js';
import { readOnlyRefusal } from './command.js';
import { toast, topPane } from './store.js';
import { patchPrompt, quit, setHelp, setPrompt } from './writers.js';
import { safeText } from '../text/safe.js';
import type { Ctx } from './ctx.js';
import { describeError } from './errors.js';
import type { Feature, PaletteAt, PaletteCommand } from './feature.js';
import { registryOf, type Registry } from './registry.js';
import type { AppState, Pane, PromptState, TabName } from './types.js';

const APP_COMMANDS = { usage: 'refresh | help | quit', description: '' };

/** The features' `:` commands in the palette's order (PaletteCommand.order, then by name: not the registry's order). */
function ordered(features: readonly Feature[]): PaletteCommand[] {
  return features
    .flatMap((f) => Object.entries(f.palette ?? {}))
    .sort(([an, a], [bn, b]) => (a.order ?? Infinity) - (b.order ?? Infinity) || (an < bn ? -1 : an > bn ? 1 : 0))
    .map(([, command]) => command);
}

/** Every `:` command: the features' (Feature.palette), then refresh, help and quit. */
export function paletteCommands(features: readonly Feature[]): { usage: string; description: string }[] {
  return [...ordered(features), APP_COMMANDS];
}

/** The features' `:` commands by name and alias (the registry's table: one feature per name). */
function paletteIndex(features: readonly Feature[]): ReadonlyMap<string, PaletteCommand> {
  return registryOf(features).palette;
}

/** For a palette command: pushes a pane onto the trail (a jump then makes the trail, see submitPalette). */
export function pushPane(ctx: Ctx, pane: Pane): void {
  nav.push(ctx.store, pane);
}

/** For a palette command that needs a project: the message when there is none. */
export function needProject(at: PaletteAt): string | null {
  return at.project ? null : 'Open a project first (or :project <path>)';
}

/**
 * A `:` command that shows one tab of the pane standing for a project (the registry's `projects`:
 * the project pane): on that pane, the tab switches in place; elsewhere, the project of the trail
 * (or `--project`'s) opens on the tab. The feature that declares the tab owns the command.
 */
export function tabCommand(tab: TabName, entry: Omit<PaletteCommand, 'run'>): PaletteCommand {
  return {
    ...entry,
    run(ctx, _args, at) {
      const projects = registryOf(ctx.features).projects;
      if (!projects) return 'No pane shows a project here';
      const top = topPane(ctx.store.getState());
      if (top.kind === projects.kind && 'projectId' in top) {
        // What else the pane keeps (its own fields) stays: only the tab changes.
        nav.replaceTop(ctx.store, { ...top, ...projects.open({ projectId: top.projectId, path: top.path }, tab) } as Pane);
        return null;
      }
      const missing = needProject(at);
      if (missing) return missing;
      pushPane(ctx, projects.open(at.project!, tab));
      return null;
    },
  };
}

/** A numeric id argument, or the message saying what was expected. */
export function idArgument(value: string | undefined, what: string): number | string {
  if (!value || !/^\d+$/.test(value)) return `${what} needs a numeric id, e.g. :${what} 4512`;
  return Number(value);
}

/**
 * What Tab completes in a prompt (store/completion.ts): a feature's prompt its `choices`; the
 * palette its command names, then the argument being typed, as the command says
 * (PaletteCommand.complete: `:project` a project's path, `:new` and `:artifacts` a ref).
 */
export function promptChoices(ctx: Ctx, prompt: PromptState, head: string): readonly string[] | Promise<readonly string[]> {
  if (prompt.id !== 'palette') return prompt.choices ?? [];
  const [name = '', ...args] = head.replace(/^:/, '').trimStart().split(/\s+/);
  if (args.length === 0) return commandNames(ctx.features);
  const own = paletteIndex(ctx.features).get(name);
  if (!own?.complete) return [];
  const state = ctx.store.getState();
  const here = projectHere(ctx, state);
  return own.complete(ctx, args, { stack: state.stack, project: here, command: name });
}

/** The palette's command names (and the aliases longer than a letter), in its order, then refresh, help, quit. */
export function commandNames(features: readonly Feature[]): string[] {
  const named = features.flatMap((f) => Object.entries(f.palette ?? {}).map(([name, command]) => ({ name, command })));
  const order = ordered(features);
  named.sort((a, b) => order.indexOf(a.command) - order.indexOf(b.command));
  return [...named.flatMap(({ name, command }) => [name, ...(command.aliases ?? []).filter((a) => a.length > 1)]), 'refresh', 'help', 'quit'];
}

/**
 * For a command's `complete`: the branches of the project in front, read from GitLab on the first
 * Tab that needs them and kept on the palette's prompt for the Tabs that follow.
 */
export function branchChoices(ctx: Ctx, at: PaletteAt): readonly string[] | Promise<readonly string[]> {
  if (!at.project) return [];
  const refs = ctx.store.getState().prompt?.refs;
  if (refs?.projectId === at.project.projectId) return refs.names;
  return readBranches(ctx, at.project.projectId);
}

/** The first 100 branches (GitLab's order: by name), kept on the prompt for the Tabs that follow. */
async function readBranches(ctx: Ctx, projectId: number): Promise<readonly string[]> {
  let names: string[] = [];
  try {
    const page = await ctx.gl.branches.list(projectId, { perPage: 100 }).all(100);
    names = page.map((b) => b.name);
  } catch (error) {
    patchPrompt(ctx.store, { hint: `Cannot read the branches: ${describeError(error)}` }, 'palette');
    return [];
  }
  patchPrompt(ctx.store, { refs: { projectId, names } }, 'palette');
  return names;
}

export interface PaletteHost {
  refresh(): Promise<void>;
}

/** The project the palette's commands act on when the trail has none: the one a feature keeps (Feature.projects: `--project`'s). */
function homeProject(registry: Registry, state: AppState): { projectId: number; path: string } | null {
  return registry.projects?.home(state) ?? null;
}

/**
 * The project the palette's commands act on: the selected row's, on a pane of several projects'
 * rows (PaneAnswers.rowProject: `:deployments` from a `:jobs` row); else the nearest on the trail; else
 * the one pipetop was started on.
 */
function projectHere(ctx: Ctx, state: AppState): { projectId: number; path: string } | null {
  const top = state.stack[state.stack.length - 1];
  const registry = registryOf(ctx.features);
  const row = top ? registry.answer(top, (answers) => answers.rowProject?.(ctx, top)) : undefined;
  return row ?? currentProject(state.stack) ?? homeProject(registry, state);
}

/** The project the user is "in": the nearest pane on the stack that has one. */
function currentProject(panes: Pane[]): { projectId: number; path: string } | null {
  for (let i = panes.length - 1; i >= 0; i--) {
    const p = panes[i]!;
    if ('projectId' in p) return { projectId: p.projectId, path: p.path };
  }
  return null;
}

export function runPalette(ctx: Ctx): void {
  setPrompt(ctx.store, {
    id: 'palette',
    label: ':',
    initial: '',
    hint: paletteCommands(ctx.features)
      .map((c) => c.usage)
      .join(' · '),
    submit: { owner: 'palette' },
  });
}

/** Enter in the palette. */
export async function submitPalette(ctx: Ctx, host: PaletteHost, text: string): Promise<string | null> {
  const before = ctx.store.getState().stack;
  const typed = text.trim().replace(/^:/, '');
  const result = await execute(ctx, host, typed);
  // A jump replaces the trail rather than stacking on it: `:job 7` from deep in another project
  // reads `projects › acme/api › job`, and Esc goes up from there, not back through every jump.
  const after = ctx.store.getState().stack;
  if (result === null && after.length > before.length && after.slice(0, before.length).every((pane, i) => pane === before[i])) {
    nav.setTrail(ctx.store, jumpTrail(before, after[after.length - 1]!, registryOf(ctx.features)));
  }
  return result;
}

/**
 * The trail for a place reached by a jump: the root, the project it belongs to (if any), the place.
 * Which panes are roots and which pane stands for a project, the features say (Feature.roots,
 * Feature.projects: the projects list and the pulse; the project pane).
 */
export function jumpTrail(stack: Pane[], target: Pane, registry: Pick<Registry, 'roots' | 'projects'>): Pane[] {
  const root = stack[0] ?? target;
  // The root itself (the projects list, or the pulse the app may start on): the trail is just it.
  if (registry.roots.has(target.kind)) return target.kind === root.kind ? [root] : [root, target];
  const projects = registry.projects;
  if (!projects || target.kind === projects.kind || !('projectId' in target)) return [root, target];
  // The project's pane already on the trail keeps its tab; otherwise the project opens as its feature says.
  const project =
    stack.find((p) => p.kind === projects.kind && 'projectId' in p && p.projectId === target.projectId) ??
    projects.open({ projectId: target.projectId, path: target.path });
  return [root, project, target];
}

async function execute(ctx: Ctx, host: PaletteHost, text: string): Promise<string | null> {
  const [command = '', ...args] = text.split(/\s+/);
  const state = ctx.store.getState();
  switch (command) {
    case '':
      return null;
    case 'refresh':
      void host.refresh();
      return null;
    case 'help':
      setPrompt(ctx.store, null);
      setHelp(ctx.store, { offset: 0 });
      return null;
    case 'quit':
    case 'q':
      setPrompt(ctx.store, null);
      quit(ctx.store);
      return null;
  }
  const own = paletteIndex(ctx.features).get(command);
  // No project on the stack (`:key` replaced the trail): the one pipetop was started on, if any.
  const here = projectHere(ctx, state);
  // Read-only mode refuses a command that changes GitLab here, before it runs (as Controller.run does a key's).
  const refused = own?.mutates && state.config.readOnly ? (typeof own.mutates === 'string' ? own.mutates : own.mutates(ctx, args)) : null;
  // Said in the status line, the palette closed: the words were right, the mode forbids them.
  if (refused) return (void toast(ctx.store, 'error', readOnlyRefusal(refused)), null);
  if (own) return own.run(ctx, args, { stack: state.stack, project: here, command });
  return `Unknown command "${safeText(command, 40)}" — try ${paletteCommands(ctx.features)
    .map((c) => c.usage.split(' ')[0])
    .join(', ')}`;
}
