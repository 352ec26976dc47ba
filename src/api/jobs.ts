// Jobs (docs/gitlab-api.md §4.1). Lists are lazy; actions return the job GitLab answers with (for retry: the new job).
import { readArchiveRange, readArtifactFile, entryUrlPath, type ArchiveRange, type ArchiveReadOptions } from './artifacts.js';
import type { GitLabClient } from './client.js';
import { downloadToFile, type DownloadOptions, type DownloadResult } from './download.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath, segment } from './paths.js';
import { scopeParam } from './query.js';
import { readTrace, type ReadTraceOptions, type TraceResult } from './trace.js';
import type { Job, JobScope, JobVariable, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked } from './validate.js';

export interface JobListFilters {
  /** One status or several (`scope[]=a&scope[]=b`); all jobs when omitted. */
  scope?: JobScope | readonly JobScope[];
  /** A pipeline's jobs only: every attempt of a retried job, not only the newest (`include_retried`). */
  includeRetried?: boolean;
  /**
   * The project's jobs by keyset pagination (`pagination=keyset&order_by=id&sort=desc`, the only
   * order GitLab pages jobs by keyset in): what GitLab asks for past offset 50,000 (a 405).
   */
  keyset?: boolean;
}

export function createJobsApi(client: GitLabClient) {
  const jobPath = (projectId: ProjectId, jobId: number): string => `${projectPath(projectId)}/jobs/${idSegment(jobId, 'job id')}`;
  const action = (projectId: ProjectId, jobId: number, verb: string, opts?: CallOptions): Promise<Job> => {
    const path = `${jobPath(projectId, jobId)}/${verb}`;
    return checked<Job>(client, 'POST', path, D.job, client.post<Job>(path, callOptions(opts)));
  };

  return {
    list(projectId: ProjectId, opts?: JobListFilters & ListOptions): Paged<Job> {
      const { filters, list } = splitList<JobListFilters>(opts);
      const path = `${projectPath(projectId)}/jobs`;
      const keyset = filters.keyset ? { pagination: 'keyset', order_by: 'id', sort: 'desc' } : {};
      return paginate<Job>(client, path, { scope: scopeParam(filters.scope), ...keyset }, list, checkItems(client, path, D.job));
    },
    listForPipeline(projectId: ProjectId, pipelineId: number, opts?: JobListFilters & ListOptions): Paged<Job> {
      const { filters, list } = splitList<JobListFilters>(opts);
      const path = `${projectPath(projectId)}/pipelines/${idSegment(pipelineId, 'pipeline id')}/jobs`;
      const query = { scope: scopeParam(filters.scope), ...(filters.includeRetried ? { include_retried: 'true' } : {}) };
      return paginate<Job>(client, path, query, list, checkItems(client, path, D.job));
    },
    get: async (projectId: ProjectId, jobId: number, opts?: GetOptions): Promise<Job> =>
      checked<Job>(client, 'GET', jobPath(projectId, jobId), D.job, client.get<Job>(jobPath(projectId, jobId), callOptions(opts))),
    cancel: async (projectId: ProjectId, jobId: number, opts?: CallOptions) => action(projectId, jobId, 'cancel', opts),
    retry: async (projectId: ProjectId, jobId: number, opts?: CallOptions) => action(projectId, jobId, 'retry', opts),
    erase: async (projectId: ProjectId, jobId: number, opts?: CallOptions) => action(projectId, jobId, 'erase', opts),
    keepArtifacts: async (projectId: ProjectId, jobId: number, opts?: CallOptions) => action(projectId, jobId, 'artifacts/keep', opts),
    /** Plays a manual job; `variables` become its `job_variables_attributes` (JSON body). */
    play: async (projectId: ProjectId, jobId: number, opts?: CallOptions & { variables?: readonly JobVariable[] }): Promise<Job> =>
      opts?.variables?.length
        ? checked<Job>(
            client,
            'POST',
            `${jobPath(projectId, jobId)}/play`,
            D.job,
            client.post<Job>(`${jobPath(projectId, jobId)}/play`, { ...callOptions(opts), json: { job_variables_attributes: opts.variables } }),
          )
        : action(projectId, jobId, 'play', opts),
    trace: async (projectId: ProjectId, jobId: number, opts?: ReadTraceOptions): Promise<TraceResult> => readTrace(client, projectId, jobId, opts),
    downloadArtifacts: async (projectId: ProjectId, jobId: number, dest: string, opts?: DownloadOptions): Promise<DownloadResult> =>
      downloadToFile(client, `${jobPath(projectId, jobId)}/artifacts`, dest, opts),
    /** Bytes of the artifacts archive (`Range`); a 200 hands back the whole archive as a stream (src/api/artifacts.ts). */
    artifactsRange: async (projectId: ProjectId, jobId: number, range: ArchiveRange, opts?: ArchiveReadOptions) =>
      readArchiveRange(client, projectId, jobId, range, opts),
    /** One file of the archive, at most `maxBytes`. */
    artifactFile: async (projectId: ProjectId, jobId: number, name: string, opts: { maxBytes: number; signal?: AbortSignal }) =>
      readArtifactFile(client, projectId, jobId, name, opts),
    /** One file of the archive to `dest`, by the same safe write as the archive. */
    downloadArtifactFile: async (projectId: ProjectId, jobId: number, name: string, dest: string, opts?: DownloadOptions): Promise<DownloadResult> =>
      downloadToFile(client, entryUrlPath(projectId, jobId, name), dest, opts),
    async downloadArtifactsByRef(projectId: ProjectId, ref: string, jobName: string, dest: string, opts: DownloadOptions = {}): Promise<DownloadResult> {
      const path = `${projectPath(projectId)}/jobs/artifacts/${segment(ref, 'ref')}/download`;
      return downloadToFile(client, path, dest, { ...opts, query: { ...opts.query, job: jobName } });
    },
  };
}

export type JobsApi = ReturnType<typeof createJobsApi>;
