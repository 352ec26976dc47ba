// The jobs feature as the core sees it: the job lists' source (its keys are the pipelines
// feature's: features/pipelines/job-commands.ts), Enter on a job row, `o`, the scopes of the jobs tab and the job pane, the
// confirms and prompts it opens, and a poll's read of the job pane's job (poll.ts).
import type { Feature } from '../../store/feature.js';
import { jobsSource } from './source.js';
import { downloadArtifactsByRefTo, downloadJobArtifacts, runJobAction, submitDownload, submitDownloadByRef } from './actions.js';
import { jobsTabUrl, openJob } from './commands.js';
import { submitJobScopes } from './scopes.js';
import { JOBS_PALETTE } from './palette.js';
import { confirmsBy, promptsBy } from '../../store/continuations.js';
import type { JobConfirms, JobPrompts } from './slice.js';
import type { Ctx } from '../../store/ctx.js';
import { createElement } from 'react';
import { JobsTab } from './JobsTab.js';
import { listKeys } from '../../domain/list-keys.js';
import type { Job } from '../../api/index.js';

export const jobsFeature: Feature = {
  palette: JOBS_PALETTE,
  name: 'jobs',
  scopeNames: { jobs: 'jobs list' },
  // The project pane's Jobs tab is its own; the job pane is the log feature's (features/log/feature.ts).
  tab: {
    of: 'project',
    name: 'jobs',
    place: 2,
    label: 'Jobs',
    view: ({ pane, width, height }) => createElement(JobsTab, { projectId: pane.projectId, width, height }),
    list: (pane) => listKeys.projectJobs(pane.projectId),
    scopes: () => ['jobs', 'project', 'list', 'global'],
    open: openJob,
    url: jobsTabUrl,
  },
  listKinds: ['projectJobs', 'pipelineJobs'],
  // Job lists multiply with browsing (one per pipeline and project opened): dropped once the stack
  // leaves them, a project on the stack keeping its Jobs tab's; the jobs of the lists kept stay.
  retain: {
    lists: ['projectJobs', 'pipelineJobs'],
    keep: (stack) => stack.flatMap((pane) => ('projectId' in pane ? [listKeys.projectJobs(pane.projectId)] : [])),
    records: ['jobs'],
    pin: ({ lists }) => ({
      jobs: lists.flatMap((list) => (list.key?.kind === 'projectJobs' || list.key?.kind === 'pipelineJobs' ? (list.items as Job[]).map((j) => j.id) : [])),
    }),
  },
  source: jobsSource,
  confirmed: confirmsBy<JobConfirms, Ctx>({
    'job.confirmed': (ctx, a) => void runJobAction(ctx, a.verb, a.job, a.projectId, a.path),
    'job.downloadOverwrite': (ctx, a) => void downloadJobArtifacts(ctx, a),
    'job.downloadByRefOverwrite': (ctx, a) => void downloadArtifactsByRefTo(ctx, a, true, true),
  }),
  submitted: promptsBy<JobPrompts, Ctx>({
    'jobs.scope': submitJobScopes,
    'job.download': submitDownload,
    'job.downloadByRef': submitDownloadByRef,
  }),
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    jobs: true;
  }
}

// Its tab of the project pane (store/types.ts PaneTabs).
declare module '../../store/types.js' {
  interface PaneTabs {
    jobs: true;
  }
}
