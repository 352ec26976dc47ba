// The jobs feature's `:` commands: open a job, download the artifacts of a ref's latest job.
import { describeError } from '../../store/errors.js';
import type { PaletteCommand } from '../../store/feature.js';
import { markFresh } from '../../store/fresh.js';
import { branchChoices, idArgument, needProject, pushPane } from '../../store/palette.js';
import { downloadArtifactsByRef } from './actions.js';
import { writeJobs } from '../../domain/jobs.js';

export const JOBS_PALETTE: Record<string, PaletteCommand> = {
  job: {
    usage: 'job <id>',
    description: 'open a job of the current project',
    order: 30,
    async run(ctx, args, at) {
      const missing = needProject(at);
      if (missing) return missing;
      const n = idArgument(args[0], 'job');
      if (typeof n === 'string') return n;
      try {
        const job = await ctx.gl.jobs.get(at.project!.projectId, n);
        writeJobs(ctx.store, (s) => ({ jobs: { ...s.jobs, [job.id]: job } }));
        // Read just now: the poll that follows the navigation does not read it again.
        markFresh(ctx, `job:${job.id}`);
        pushPane(ctx, { kind: 'job', ...at.project!, jobId: n });
        return null;
      } catch (error) {
        return `Cannot open job ${n}: ${describeError(error)}`;
      }
    },
  },
  artifacts: {
    usage: 'artifacts <ref> <job>',
    description: 'download the artifacts of the latest successful <job> on <ref>',
    order: 50,
    // Tab completes the ref from the branches of the project in front.
    complete: (ctx, args, at) => (args.length === 1 ? branchChoices(ctx, at) : []),
    run(ctx, args, at) {
      const missing = needProject(at);
      if (missing) return missing;
      if (args.length < 2) return 'Usage: :artifacts <ref> <job name>';
      return downloadArtifactsByRef(ctx, at.project!.projectId, args[0]!, args.slice(1).join(' '));
    },
  },
};
