// Job lists: a project's jobs, and a pipeline's (read whole: stages need every job), each with
// the status filter of the `s` prompt (scopes.ts).
import type { GitLab, Job } from '../../api/index.js';
import { arrangeAttempts } from './attempts.js';
import { PIPELINE_JOBS_PER_PAGE, firstPage, type ListSource } from '../../store/sources.js';
import { listKeyText, type AppState, type ListKey } from '../../store/types.js';

export function jobsSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind !== 'projectJobs' && key.kind !== 'pipelineJobs') return undefined;
  const { projectId } = key;
  const scope = state().jobScopes[listKeyText(key)];
  const perPage = key.kind === 'pipelineJobs' ? PIPELINE_JOBS_PER_PAGE : 50;
  return {
    perPage,
    complete: key.kind === 'pipelineJobs',
    fetch: (page, signal) =>
      firstPage(
        (key.kind === 'pipelineJobs'
          ? gl.jobs.listForPipeline(projectId, key.pipelineId, { scope, perPage, startPage: page, signal, includeRetried: !scope?.length })
          : gl.jobs.list(projectId, { scope, perPage, startPage: page, signal })
        ).pages(),
      ),
    // A pipeline's jobs: every attempt is read (when no status filter picks some), one row a job
    // shows its latest in its stage's place (attempts.ts).
    ...(key.kind === 'pipelineJobs' && !scope?.length ? { arrange: arrangeAttempts } : {}),
    idOf: (j) => (j as Job).id,
    textOf: (j) => {
      const x = j as Job;
      return `#${x.id} ${x.name} ${x.stage} ${x.status} ${x.ref} ${x.user?.username ?? ''}`;
    },
  } satisfies ListSource<Job> as ListSource<unknown>;
}
