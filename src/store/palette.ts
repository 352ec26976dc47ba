// The `:` command palette: jump anywhere by name or id, and the commands that have no key.
import { safeText } from '../text/safe.js';
import { downloadArtifactsByRef } from '../features/jobs/index.js';
import { openMergeRequest } from '../features/pipelines/index.js';
import { openNewPipelineForm } from '../features/pipelines/index.js';
import { markFresh } from './fresh.js';
import type { Ctx } from './ctx.js';
import { describeError } from './errors.js';
import { listOf, topPane } from './store.js';
import { listKeys } from './sources.js';
import { openEvents } from '../features/activity/index.js';
import { lookupKey } from '../features/keys/index.js';
import type { Feature, PaletteAt } from './feature.js';
import type { Pane, PromptState } from './types.js';

export const PALETTE_COMMANDS: { usage: string; description: string }[] = [
  { usage: 'project <path|id>', description: 'open a project' },
  { usage: 'pipeline <id>', description: 'open a pipeline of the current project' },
  { usage: 'job <id>', description: 'open a job of the current project' },
  { usage: 'mr <iid>', description: "a merge request's pipelines in the current project" },
  { usage: 'artifacts <ref> <job>', description: 'download the artifacts of the latest successful <job> on <ref>' },
  { usage: 'new [ref]', description: 'new pipeline' },
  { usage: 'pipelines | jobs | schedules | deployments', description: 'switch the project tab' },
  { usage: 'events', description: 'your own activity' },
  { usage: 'user <name|id>', description: "a user's activity" },
  { usage: 'key <id>', description: 'an SSH key and its owner (administrators)' },
  { usage: 'projects', description: 'back to the project list' },
  { usage: 'pulse', description: 'what is red or running across your projects' },
];
const APP_COMMANDS = { usage: 'refresh | help | quit', description: '' };

/** Every `:` command: the core's, the features' own (Feature.palette), then refresh, help and quit. */
export function paletteCommands(features: readonly Feature[]): { usage: string; description: string }[] {
  return [...PALETTE_COMMANDS, ...features.flatMap((f) => Object.values(f.palette ?? {})), APP_COMMANDS];
}

/**
 * What Tab completes in a prompt (store/completion.ts): a feature's prompt its `choices`; the
 * palette its command names, then the argument: a project's path (`:project`, from the projects
 * read so far) or a ref (`:new`, `:artifacts`: the branches of the project in front, read from
 * GitLab on the first Tab that needs them).
 */
export function promptChoices(ctx: Ctx, prompt: PromptState, head: string): readonly string[] | Promise<readonly string[]> {
  if (prompt.id !== 'palette') return prompt.choices ?? [];
  const words = head.replace(/^:/, '').trimStart().split(/\s+/);
  if (words.length <= 1) return commandNames(ctx.features);
  const [command] = words;
  const arg = words.length - 1;
  const state = ctx.store.getState();
  if ((command === 'project' || command === 'p') && arg === 1) {
    // Those opened (state.projects) and the rows of the project list, if it was read.
    const listed = (listOf(state, listKeys.projects()).items as { path_with_namespace?: unknown }[]).map((p) => p.path_with_namespace);
    const paths = [...Object.values(state.projects).map((p) => p.path_with_namespace), ...listed];
    return [...new Set(paths.filter((p): p is string => typeof p === 'string'))].sort();
  }
  if ((command === 'new' || command === 'artifacts') && arg === 1) {
    const here = currentProject(state.stack) ?? state.homeProject;
    if (!here) return [];
    if (prompt.refs?.projectId === here.projectId) return prompt.refs.names;
    return readBranches(ctx, here.projectId);
  }
  return [];
}

/** The palette's command names: each usage's first word, and each of `a | b | c`. */
export function commandNames(features: readonly Feature[]): string[] {
  return paletteCommands(features).flatMap((c) => (c.usage.includes(' | ') ? c.usage.split(' | ') : [c.usage.split(' ')[0]!]));
}

/** The first 100 branches (GitLab's order: by name), kept on the prompt for the Tabs that follow. */
async function readBranches(ctx: Ctx, projectId: number): Promise<readonly string[]> {
  let names: string[] = [];
  try {
    const page = await ctx.gl.branches.list(projectId, { perPage: 100 }).all(100);
    names = page.map((b) => b.name);
  } catch (error) {
    const prompt = ctx.store.getState().prompt;
    if (prompt?.id === 'palette') ctx.store.setState({ prompt: { ...prompt, hint: `Cannot read the branches: ${describeError(error)}` } });
    return [];
  }
  const prompt = ctx.store.getState().prompt;
  if (prompt?.id === 'palette') ctx.store.setState({ prompt: { ...prompt, refs: { projectId, names } } });
  return names;
}

export interface PaletteHost {
  refresh(): Promise<void>;
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
  ctx.store.setState({
    prompt: {
      id: 'palette',
      label: ':',
      initial: '',
      hint: paletteCommands(ctx.features)
        .map((c) => c.usage)
        .join(' · '),
      submit: { command: 'palette', args: {} },
    },
  });
}

/** Enter in the palette. */
export async function submitPalette(ctx: Ctx, host: PaletteHost, text: string): Promise<string | null> {
  const before = ctx.store.getState().stack;
  const result = await execute(ctx, host, text.trim().replace(/^:/, ''));
  // A jump replaces the trail rather than stacking on it: `:job 7` from deep in another project
  // reads `projects › acme/api › job`, and Esc goes up from there, not back through every jump.
  const after = ctx.store.getState().stack;
  if (result === null && after.length > before.length && after.slice(0, before.length).every((pane, i) => pane === before[i])) {
    ctx.store.setState({ stack: jumpTrail(before, after[after.length - 1]!) });
  }
  return result;
}

/** The trail for a place reached by a jump: the root, the project it belongs to (if any), the place. */
export function jumpTrail(stack: Pane[], target: Pane): Pane[] {
  const root = stack[0] ?? ({ kind: 'projects' } as const);
  // The root itself (the projects list, or the pulse the app may start on): the trail is just it.
  if (target.kind === root.kind && (target.kind === 'projects' || target.kind === 'pulse')) return [root];
  if (target.kind === 'projects' || target.kind === 'pulse') return [root, target];
  if (target.kind === 'project' || !('projectId' in target)) return [root, target];
  // The project pane already on the trail keeps its tab; otherwise the project opens on pipelines.
  const project =
    stack.find((p): p is Extract<Pane, { kind: 'project' }> => p.kind === 'project' && p.projectId === target.projectId) ??
    ({ kind: 'project', projectId: target.projectId, path: target.path, tab: 'pipelines' } as const);
  return [root, project, target];
}

async function execute(ctx: Ctx, host: PaletteHost, text: string): Promise<string | null> {
  const [command = '', ...args] = text.split(/\s+/);
  const state = ctx.store.getState();
  // No project on the stack (`:key` replaced the trail): the one pipetop was started on, if any.
  const here = currentProject(state.stack) ?? state.homeProject;
  const push = (pane: Pane) => ctx.store.setState((s) => ({ stack: [...s.stack, pane] }));
  const needProject = () => (here ? null : 'Open a project first (or :project <path>)');
  const id = (value: string | undefined, what: string): number | string => {
    if (!value || !/^\d+$/.test(value)) return `${what} needs a numeric id, e.g. :${what} 4512`;
    return Number(value);
  };
  switch (command) {
    case '':
      return null;
    case 'project':
    case 'p': {
      if (!args[0]) return 'Which project? e.g. :project acme/api';
      try {
        const project = await ctx.gl.projects.get(/^\d+$/.test(args[0]) ? Number(args[0]) : args[0]);
        ctx.store.setState((s) => ({ projects: { ...s.projects, [project.id]: project } }));
        push({ kind: 'project', projectId: project.id, path: project.path_with_namespace, tab: 'pipelines' });
        return null;
      } catch (error) {
        return `Cannot open ${safeText(args[0], 80)}: ${describeError(error)}`;
      }
    }
    case 'pipeline':
    case 'job': {
      const missing = needProject();
      if (missing) return missing;
      const n = id(args[0], command);
      if (typeof n === 'string') return n;
      try {
        if (command === 'pipeline') {
          const pipeline = await ctx.gl.pipelines.get(here!.projectId, n);
          ctx.store.setState((s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: pipeline } }));
          push({ kind: 'pipeline', ...here!, pipelineId: n, view: 'list' });
        } else {
          const job = await ctx.gl.jobs.get(here!.projectId, n);
          ctx.store.setState((s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
          // Read just now: the poll that follows the navigation does not read it again.
          markFresh(ctx, `job:${job.id}`);
          push({ kind: 'job', ...here!, jobId: n });
        }
        return null;
      } catch (error) {
        return `Cannot open ${command} ${n}: ${describeError(error)}`;
      }
    }
    case 'artifacts': {
      const missing = needProject();
      if (missing) return missing;
      if (args.length < 2) return 'Usage: :artifacts <ref> <job name>';
      return downloadArtifactsByRef(ctx, here!.projectId, args[0]!, args.slice(1).join(' '));
    }
    case 'new': {
      const missing = needProject();
      if (missing) return missing;
      ctx.store.setState({ prompt: null });
      openNewPipelineForm(ctx, here!.projectId, here!.path);
      const prompt = ctx.store.getState().prompt;
      if (prompt && args[0]) ctx.store.setState({ prompt: { ...prompt, initial: args.join(' ') } });
      return null;
    }
    case 'pipelines':
    case 'jobs':
    case 'schedules':
    case 'deployments': {
      const top = topPane(state);
      if (top.kind !== 'project') {
        const missing = needProject();
        if (missing) return missing;
        push({ kind: 'project', ...here!, tab: command });
      } else ctx.store.setState((s) => ({ stack: [...s.stack.slice(0, -1), { ...top, tab: command }] }));
      return null;
    }
    case 'projects':
      // Back to the list; over the pulse when the app started on it (Esc returns there).
      ctx.store.setState((s) => ({ stack: s.stack[0]!.kind === 'projects' ? s.stack.slice(0, 1) : [s.stack[0]!, { kind: 'projects' }] }));
      return null;
    case 'pulse':
      if (topPane(state).kind !== 'pulse') push({ kind: 'pulse' });
      return null;
    case 'refresh':
      void host.refresh();
      return null;
    case 'help':
      ctx.store.setState({ prompt: null, help: { offset: 0 } });
      return null;
    case 'quit':
    case 'q':
      ctx.store.setState({ prompt: null, quit: true });
      return null;
    case 'events':
      return openEvents(ctx, null);
    case 'user':
      return args[0] ? openEvents(ctx, args.join(' ')) : 'Whose activity? e.g. :user bob (a username or a numeric id)';
    case 'key':
      return lookupKey(ctx, args[0]);
    case 'mr':
      return openMergeRequest(ctx, here, args[0]);
    default: {
      const own = ctx.features.find((f) => f.palette?.[command])?.palette?.[command];
      if (own) return own.run(ctx, args, { stack: state.stack, project: here });
      return `Unknown command "${safeText(command, 40)}" — try ${paletteCommands(ctx.features)
        .map((c) => c.usage.split(' ')[0])
        .join(', ')}`;
    }
  }
}

/**
 * For a feature's `:name [pipeline id]` command: the pipeline named (in the current project), else the
 * nearest one on the trail (a pipeline, a pane over one, or a job's); a message when there is none.
 */
export function pipelineOnTrail(
  ctx: Ctx,
  at: PaletteAt,
  arg: string | undefined,
  command: string,
): { projectId: number; path: string; pipelineId: number } | string {
  if (arg !== undefined) {
    if (!/^\d+$/.test(arg)) return `${command} takes a pipeline id, e.g. :${command} 4512 (got "${safeText(arg, 40)}")`;
    if (!at.project) return 'Open a project first (or :project <path>)';
    return { ...at.project, pipelineId: Number(arg) };
  }
  for (let i = at.stack.length - 1; i >= 0; i--) {
    const p = at.stack[i]!;
    if ('pipelineId' in p) return { projectId: p.projectId, path: p.path, pipelineId: p.pipelineId };
    const pipelineId = p.kind === 'job' ? ctx.store.getState().jobs[p.jobId]?.pipeline?.id : undefined;
    if (p.kind === 'job' && pipelineId) return { projectId: p.projectId, path: p.path, pipelineId };
  }
  return `Which pipeline? Open one first, or :${command} <pipeline id>`;
}
