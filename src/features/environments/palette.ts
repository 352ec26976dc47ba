// The `:` commands of environments: the tab, an environment's pane, one deployment, and the
// actions on the environment in front (its pane, or the tab's selected row).
import type { Deployment } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import type { PaletteAt, PaletteCommand } from '../../store/feature.js';
import { listOf } from '../../store/store.js';
import { idArgument, needProject, pushPane, tabCommand } from '../../store/palette.js';
import type { ListKey, Pane } from '../../store/types.js';
import { listKeyOf } from '../../store/sources.js';
import { askApproval, askRollback, askStop, openEnvironment, type EnvAt } from './actions.js';
import { envListKeys } from './keys.js';
import type { EnvRow } from './slice.js';
import { selectedRow } from '../../store/lists.js';

/** `:approve` and `:reject`: the same question, GitLab's two verdicts on a blocked deployment. */
function verdictCommand(status: 'approved' | 'rejected', order: number): PaletteCommand {
  const verb = status === 'approved' ? 'approve' : 'reject';
  return {
    usage: `${verb} [comment]`,
    description: `${verb} the deployment of the environment waiting for an approval`,
    order,
    mutates: `${status === 'approved' ? 'approving' : 'rejecting'} deployments`,
    run(ctx, args, at) {
      const env = onEnvironment(at, ctx);
      if (typeof env === 'string') return env;
      void askApproval(ctx, env, status, args.join(' ').trim() || undefined, selectedDeployment(ctx, at.stack[at.stack.length - 1]!));
      return null;
    },
  };
}

export const ENVIRONMENTS_TAB = 'environments' as const;

/** The environments the pane lists (the Environments tab's, as the registry says: store/registry.ts listOf). */
export const envListOf = (pane: Pane): ListKey | null => {
  const key = listKeyOf(pane);
  return key?.kind === 'environments' ? key : null;
};

/** The environment an action acts on: the pane's, or the selected row of the environments the pane lists. */
export function envAt(ctx: Ctx, pane: Pane): EnvAt | null {
  if (pane.kind === 'environment') return { projectId: pane.projectId, path: pane.path, name: pane.name };
  const key = envListOf(pane);
  const row = key ? selectedRow<EnvRow>(ctx, key) : undefined;
  return row && 'path' in pane ? { projectId: row.projectId, path: pane.path, name: row.env.name } : null;
}

/** In an environment's pane (the pane listing its deployments), the deployment under the cursor, when it is not the newest (the default's). */
export function selectedDeployment(ctx: Ctx, pane: Pane): number | undefined {
  const key = listKeyOf(pane);
  if (key?.kind !== 'envDeployments') return undefined;
  const list = listOf<Deployment>(ctx.store.getState(), key);
  if (list.selected <= 0) return undefined;
  const d = selectedRow<Deployment>(ctx, key);
  return d ? (d.iid ?? d.id) : undefined;
}

const NO_ENV = 'Open an environment first (:environment <name>, or select it in :environments)';

/** A number typed after the command (`:rollback 12`), or the message saying what was expected. */
function optionalNumber(value: string | undefined, what: string): number | undefined | string {
  if (value === undefined) return undefined;
  return /^#?\d+$/.test(value) ? Number(value.replace('#', '')) : `${what} takes a deployment number, e.g. :${what} 12`;
}

function onEnvironment(at: PaletteAt, ctx: Ctx): EnvAt | string {
  return envAt(ctx, at.stack[at.stack.length - 1]!) ?? NO_ENV;
}

/** The environment names read for this project (Tab completes `:environment`). */
function namesOf(ctx: Ctx, projectId: number): string[] {
  const rows = listOf<EnvRow>(ctx.store.getState(), envListKeys.environments(projectId)).items;
  const known = Object.values(ctx.store.getState().environments).filter((r) => r.projectId === projectId);
  return [...new Set([...rows, ...known].map((r) => r.env.name))].sort();
}

export const ENVIRONMENTS_PALETTE: Record<string, PaletteCommand> = {
  environments: tabCommand(ENVIRONMENTS_TAB, {
    usage: 'environments',
    description: 'the project’s environments: what runs where',
    aliases: ['envs'],
    order: 72,
  }),
  environment: {
    usage: 'environment <name>',
    description: 'an environment of the project: what runs there, its deployments',
    order: 73,
    complete(ctx, args, at) {
      return args.length === 1 && at.project ? namesOf(ctx, at.project.projectId) : [];
    },
    run(ctx, args, at) {
      const missing = needProject(at);
      if (missing) return missing;
      const name = args.join(' ').trim();
      if (!name) return 'Which environment? e.g. :environment production';
      openEnvironment(ctx, { ...at.project!, name });
      return null;
    },
  },
  deployment: {
    usage: 'deployment <id>',
    description: 'open a deployment of the current project',
    order: 74,
    async run(ctx, args, at) {
      const missing = needProject(at);
      if (missing) return missing;
      const n = idArgument(args[0]?.replace('#', ''), 'deployment');
      if (typeof n === 'string') return n;
      try {
        // Read first, so a number that is no deployment of this project says so here.
        await ctx.gl.deployments.get(at.project!.projectId, n);
        pushPane(ctx, { kind: 'deployment', ...at.project!, deploymentId: n });
        return null;
      } catch (error) {
        return `Cannot open deployment ${n}: ${describeError(error)}`;
      }
    },
  },
  rollback: {
    usage: 'rollback [deployment]',
    description: 'roll the environment back: to the previous successful deployment, or the one given',
    order: 76,
    mutates: 'rolling back environments',
    run(ctx, args, at) {
      const env = onEnvironment(at, ctx);
      if (typeof env === 'string') return env;
      const wanted = optionalNumber(args[0], 'rollback');
      if (typeof wanted === 'string') return wanted;
      void askRollback(ctx, env, wanted);
      return null;
    },
  },
  approve: verdictCommand('approved', 77),
  reject: verdictCommand('rejected', 78),
  stop: {
    usage: 'stop',
    description: 'stop the environment (its stop job runs, if it has one)',
    order: 79,
    mutates: 'stopping environments',
    run(ctx, _args, at) {
      const env = onEnvironment(at, ctx);
      if (typeof env === 'string') return env;
      void askStop(ctx, env);
      return null;
    },
  },
};
