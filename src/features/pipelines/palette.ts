// The pipelines feature's `:` commands: open a pipeline, a merge request's pipelines, a new pipeline.
import { setPrompt } from '../../store/writers.js';
import { describeError } from '../../store/errors.js';
import type { PaletteCommand } from '../../store/feature.js';
import { branchChoices, idArgument, needProject, pushPane, tabCommand } from '../../store/palette.js';
import { openMergeRequest } from './mr.js';
import { openNewPipelineForm } from './run-form-actions.js';
import { writePipelineRecords } from '../../domain/pipelines.js';

export const PIPELINES_PALETTE: Record<string, PaletteCommand> = {
  pipelines: tabCommand('pipelines', { usage: 'pipelines', description: 'the project’s pipelines (its Pipelines tab)', order: 70 }),
  pipeline: {
    usage: 'pipeline <id>',
    description: 'open a pipeline of the current project',
    order: 20,
    async run(ctx, args, at) {
      const missing = needProject(at);
      if (missing) return missing;
      const n = idArgument(args[0], 'pipeline');
      if (typeof n === 'string') return n;
      try {
        const pipeline = await ctx.gl.pipelines.get(at.project!.projectId, n);
        writePipelineRecords(ctx.store, (s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: pipeline } }));
        pushPane(ctx, { kind: 'pipeline', ...at.project!, pipelineId: n, view: 'list' });
        return null;
      } catch (error) {
        return `Cannot open pipeline ${n}: ${describeError(error)}`;
      }
    },
  },
  mr: {
    usage: 'mr <iid>',
    description: "a merge request's pipelines in the current project",
    order: 40,
    run: (ctx, args, at) => openMergeRequest(ctx, at.project, args[0]),
  },
  new: {
    usage: 'new [ref]',
    description: 'new pipeline',
    order: 60,
    mutates: 'creating pipelines',
    // Tab completes the ref from the branches of the project in front.
    complete: (ctx, args, at) => (args.length === 1 ? branchChoices(ctx, at) : []),
    run(ctx, args, at) {
      const missing = needProject(at);
      if (missing) return missing;
      if (args.length > 1) return `A ref has no spaces: ${args.join(' ')}`;
      setPrompt(ctx.store, null);
      // The ref typed (or Tab-completed) is the form's, not the default branch.
      openNewPipelineForm(ctx, at.project!.projectId, at.project!.path, args[0] || undefined);
      return null;
    },
  },
};
