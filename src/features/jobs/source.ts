// Job lists: a project's jobs, and a pipeline's (read whole: stages need every job), each with
// the status filter of the `s` prompt (scopes.ts).
import type { GitLab, Job } from '../../api/index.js';
import { PIPELINE_JOBS_PER_PAGE, firstPage, type ListSource } from '../../store/sources.js';
import type { AppState, ListKey } from '../../store/types.js';

export function jobsSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  const [kind, a, b] = key.split(':');
  if (kind !== 'projectJobs' && kind !== 'pipelineJobs') return undefined;
  const projectId = Number(a);
  const scope = state().jobScopes[key];
  const pipelineId = Number(b);
  const perPage = kind === 'pipelineJobs' ? PIPELINE_JOBS_PER_PAGE : 50;
  return {
    perPage,
    complete: kind === 'pipelineJobs',
    fetch: (page, signal) =>
      firstPage(
        (kind === 'pipelineJobs'
          ? gl.jobs.listForPipeline(projectId, pipelineId, { scope, perPage, startPage: page, signal })
          : gl.jobs.list(projectId, { scope, perPage, startPage: page, signal })
        ).pages(),
      ),
    idOf: (j) => (j as Job).id,
    textOf: (j) => {
      const x = j as Job;
      return `#${x.id} ${x.name} ${x.stage} ${x.status} ${x.ref} ${x.user?.username ?? ''}`;
    },
  } satisfies ListSource<Job> as ListSource<unknown>;
}
