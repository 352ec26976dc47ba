// Job lists: a project's jobs, and a pipeline's (read whole: stages need every job), each with
// the status filter of the `s` prompt (scopes.ts).
import { isGitLabApiError, type GitLab, type Job, type JobScope, type Page } from '../../api/index.js';
import { arrangeAttempts } from './attempts.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import { PIPELINE_JOBS_PER_PAGE } from '../../domain/list-keys.js';
import { listKeyText, type AppState, type ListKey } from '../../store/types.js';
import { mergeJobs } from '../../domain/jobs.js';

export function jobsSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind !== 'projectJobs' && key.kind !== 'pipelineJobs') return undefined;
  const { projectId } = key;
  const scope = state().jobScopes[listKeyText(key)];
  const perPage = key.kind === 'pipelineJobs' ? PIPELINE_JOBS_PER_PAGE : 50;
  return {
    perPage,
    complete: key.kind === 'pipelineJobs',
    fetch: (page, signal) =>
      key.kind === 'pipelineJobs'
        ? firstPage(gl.jobs.listForPipeline(projectId, key.pipelineId, { scope, perPage, startPage: page, signal, includeRetried: !scope?.length }).pages())
        : projectJobsPage(gl, projectId, scope, perPage, page, signal),
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
    remember: mergeJobs,
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

/**
 * The project jobs lists GitLab has asked to page by keyset (a 405 past offset 50,000): for each
 * (client, project and status filter), the URL of each of our pages that GitLab linked — keyset
 * cursors exist only in its links, so a page is reached from the one before it.
 */
const keysetPages = new WeakMap<GitLab, Map<string, Map<number, string>>>();

/** Rows a keyset request may return (GitLab's per_page cap): the catch-up walk's stride. */
const KEYSET_STRIDE = 100;

/**
 * Page `page` of a project's jobs: by offset (GitLab's default), or — once GitLab answered 405
 * because the offset passed 50,000 (docs/gitlab-api.md "Pagination") — by keyset from then on.
 */
async function projectJobsPage(
  gl: GitLab,
  projectId: number,
  scope: JobScope[] | undefined,
  perPage: number,
  page: number,
  signal: AbortSignal | undefined,
): Promise<Page<Job>> {
  let lists = keysetPages.get(gl);
  const listId = `${projectId}|${(scope ?? []).join(',')}`;
  let links = lists?.get(listId);
  if (!links) {
    try {
      return await firstPage(gl.jobs.list(projectId, { scope, perPage, startPage: page, ...(signal ? { signal } : {}) }).pages());
    } catch (error) {
      if (!(isGitLabApiError(error) && error.kind === 'http' && error.status === 405)) throw error;
      if (!lists) keysetPages.set(gl, (lists = new Map()));
      lists.set(listId, (links = new Map()));
    }
  }
  const base = { scope, keyset: true, ...(signal ? { signal } : {}) };
  let url = page === 1 ? undefined : links.get(page);
  if (page > 1 && url === undefined) {
    // Reached first by offset: walk the keyset links to this page, a hundred rows a request (each
    // cursor then carries our page size), once; its successors follow from its link.
    let skip = (page - 1) * perPage;
    let at: string | undefined;
    const steps = Math.ceil(skip / KEYSET_STRIDE);
    for (let step = 0; skip > 0 && step < steps; step++) {
      const size = Math.min(KEYSET_STRIDE, skip);
      const got = await firstPage(gl.jobs.list(projectId, { ...base, perPage: size, ...(at ? { startUrl: withPerPage(at, size) } : {}) }).pages());
      skip -= got.items.length;
      if (!got.nextUrl || got.items.length === 0) return { items: [], page, nextPage: null };
      at = got.nextUrl;
    }
    url = withPerPage(at!, perPage);
    links.set(page, url);
  }
  const got = await firstPage(gl.jobs.list(projectId, { ...base, perPage, startPage: page, ...(url ? { startUrl: url } : {}) }).pages());
  if (got.nextUrl) links.set(page + 1, got.nextUrl);
  return { items: got.items, page, nextPage: got.nextUrl ? page + 1 : null };
}

/** GitLab's next-page link with another page size: the cursor is the same, per_page is ours. */
function withPerPage(url: string, perPage: number): string {
  const u = new URL(url);
  u.searchParams.set('per_page', String(perPage));
  return u.toString();
}
