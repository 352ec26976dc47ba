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
    // A pipeline's jobs: trigger jobs are kept among them, in their stage (bridges); every attempt
    // is read (when no status filter picks some) and one row a job shows its latest in its stage's
    // place (attempts.ts).
    ...(key.kind === 'pipelineJobs'
      ? {
          arrange: (jobs: Job[]) =>
            withBridges(
              jobs,
              ((state().bridges[key.pipelineId] ?? []) as unknown as Job[]).filter((b) => !scope?.length || (scope as string[]).includes(b.status)),
            ),
          ...(scope?.length ? {} : { present: arrangeAttempts }),
        }
      : {}),
    idOf: (j) => (j as Job).id,
    textOf: (j) => {
      const x = j as Job;
      return `#${x.id} ${x.name} ${x.stage} ${x.status} ${x.ref} ${x.user?.username ?? ''}`;
    },
  } satisfies ListSource<Job> as ListSource<unknown>;
}

/**
 * A pipeline's jobs with its trigger jobs (bridges, read on their own endpoint: the jobs list never
 * has them) standing in their stage: each after the last row of its stage, or — a stage of trigger
 * jobs only — where its id falls (GitLab creates a pipeline's jobs stage by stage). Rows are the
 * objects given, so an unchanged re-read arranges to the same rows.
 */
export function withBridges(jobs: Job[], bridges: readonly Job[]): Job[] {
  if (bridges.length === 0) return jobs;
  const ids = new Set(bridges.map((b) => b.id));
  const rows = jobs.filter((j) => !ids.has(j.id));
  for (const bridge of [...bridges].sort((a, b) => a.id - b.id)) {
    let at = -1;
    for (let i = rows.length - 1; i >= 0; i--) {
      if (rows[i]!.stage === bridge.stage) {
        at = i + 1;
        break;
      }
    }
    if (at < 0) {
      at = rows.findIndex((j) => j.id > bridge.id);
      if (at < 0) at = rows.length;
    }
    rows.splice(at, 0, bridge);
  }
  return rows;
}
