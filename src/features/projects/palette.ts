// The projects feature's `:` commands: open a project, back to the list. Each tab's own `:` name
// (`:pipelines`, `:schedules`…) is the feature's that declares the tab (store/palette.ts tabCommand).
import * as nav from '../../store/nav.js';
import { describeError } from '../../store/errors.js';
import type { PaletteCommand } from '../../store/feature.js';
import { pushPane } from '../../store/palette.js';
import { registryOf } from '../../store/registry.js';
import { listOf } from '../../store/store.js';
import { safeText } from '../../text/safe.js';
import { rememberProject } from '../../domain/projects.js';

export const PROJECTS_PALETTE: Record<string, PaletteCommand> = {
  project: {
    usage: 'project <path|id>',
    description: 'open a project',
    aliases: ['p'],
    order: 10,
    // Tab completes a path from the projects read so far: those opened, and the project list's rows.
    complete(ctx, args) {
      if (args.length !== 1) return [];
      const state = ctx.store.getState();
      const listed = (listOf(state, { kind: 'projects' }).items as { path_with_namespace?: unknown }[]).map((p) => p.path_with_namespace);
      const paths = [...Object.values(state.projects).map((p) => p.path_with_namespace), ...listed];
      return [...new Set(paths.filter((p): p is string => typeof p === 'string'))].sort();
    },
    async run(ctx, args) {
      if (!args[0]) return 'Which project? e.g. :project acme/api';
      try {
        const project = await ctx.gl.projects.get(/^\d+$/.test(args[0]) ? Number(args[0]) : args[0]);
        rememberProject(ctx.store, project, 'replace');
        pushPane(ctx, registryOf(ctx.features).projects!.open({ projectId: project.id, path: project.path_with_namespace }));
        return null;
      } catch (error) {
        return `Cannot open ${safeText(args[0], 80)}: ${describeError(error)}`;
      }
    },
  },
  projects: {
    usage: 'projects',
    description: 'back to the project list',
    order: 110,
    run(ctx) {
      // Back to the list; over the pulse when the app started on it (Esc returns there).
      const root = ctx.store.getState().stack[0]!;
      nav.setTrail(ctx.store, root.kind === 'projects' ? [root] : [root, { kind: 'projects' }]);
      return null;
    },
  },
};
