// The jobs feature as the core sees it: the job lists' source (its keys are the pipelines
// feature's: features/pipelines/job-commands.ts), Enter on a job row, `o`, the scopes of the jobs tab and the job pane, the
// confirms and prompts it opens, and a poll's read of the job pane's job (poll.ts).
import type { Feature } from '../../store/feature.js';
import { isActiveStatus } from '../../lib/status.js';
import { jobsSource } from './source.js';
import { downloadArtifactsByRefTo, downloadJobArtifacts, runJobAction, submitDownload, submitDownloadByRef } from './actions.js';
import { jobScopes, jobUrl, openJob } from './commands.js';
import { pollJobs } from './poll.js';
import { submitJobScopes } from './scopes.js';
import { createJobsSlice } from './slice.js';
import { JOBS_PALETTE } from './palette.js';

export const jobsFeature: Feature = {
  palette: JOBS_PALETTE,
  slice: createJobsSlice,
  name: 'jobs',
  source: jobsSource,
  scopes: jobScopes,
  // The footer ranks a job pane's hints by the job's state (its bindings' `rank`).
  hintPlaces: (state, pane) => {
    if (pane.kind !== 'job') return undefined;
    const status = state.jobs[pane.jobId]?.status;
    if (status === 'failed' || status === 'manual' || status === 'success') return [`job:${status}`];
    return isActiveStatus(status) ? ['job:running'] : [];
  },
  open: openJob,
  url: jobUrl,
  confirms: {
    'job.confirmed': (ctx, a) => void runJobAction(ctx, a.verb, a.job, a.projectId, a.path),
    'job.downloadOverwrite': (ctx, a) => void downloadJobArtifacts(ctx, a),
    'job.downloadByRefOverwrite': (ctx, a) => void downloadArtifactsByRefTo(ctx, a, true, true),
  },
  prompts: {
    'jobs.scope': submitJobScopes,
    'job.download': submitDownload,
    'job.downloadByRef': submitDownloadByRef,
  },
  poll: pollJobs,
};
