// Pipelines (docs/gitlab-api.md §4.2).
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import { scopeParam } from './query.js';
import type {
  Bridge,
  JobScope,
  Pipeline,
  PipelineInputValue,
  PipelineSourceFilter,
  PipelineVariable,
  TestReport,
  TestReportSummary,
  PipelineBasic,
  PipelineOrderBy,
  PipelineScope,
  PipelineStatusFilter,
  ProjectId,
  SortOrder,
} from './types.js';
import * as D from './decoders.js';
import { checkItems, checked, checkedList } from './validate.js';

export interface PipelineListFilters {
  scope?: PipelineScope | (string & {});
  status?: PipelineStatusFilter | (string & {});
  ref?: string;
  /** A commit's full SHA (GitLab matches it exactly). */
  sha?: string;
  yaml_errors?: boolean | string;
  /** The pipeline's name (GitLab 15.11+). */
  name?: string;
  username?: string;
  /** ISO 8601 date-times: pipelines updated after / before them. */
  updated_after?: string;
  updated_before?: string;
  order_by?: PipelineOrderBy | (string & {});
  sort?: SortOrder | (string & {});
  /** Child pipelines are listed only with `source: 'parent_pipeline'`. */
  source?: PipelineSourceFilter | (string & {});
}

/** What `create` may send besides the ref, in a JSON body as GitLab accepts it. */
export interface CreatePipelineOptions extends CallOptions {
  variables?: readonly PipelineVariable[];
  /** Only inputs the project's configuration declares, with their declared types (else 400). */
  inputs?: Readonly<Record<string, PipelineInputValue>>;
}

export interface BridgeListFilters {
  scope?: JobScope | readonly JobScope[];
}

export function createPipelinesApi(client: GitLabClient) {
  const pipelinePath = (projectId: ProjectId, pipelineId: number): string => `${projectPath(projectId)}/pipelines/${idSegment(pipelineId, 'pipeline id')}`;
  const one = (method: string, path: string, data: Promise<unknown>): Promise<Pipeline> => checked<Pipeline>(client, method, path, D.pipeline, data);

  return {
    list(projectId: ProjectId, opts?: PipelineListFilters & ListOptions): Paged<PipelineBasic> {
      const { filters, list } = splitList<PipelineListFilters>(opts);
      const path = `${projectPath(projectId)}/pipelines`;
      return paginate<PipelineBasic>(client, path, { ...filters }, list, checkItems(client, path, D.pipelineBasic));
    },
    get: async (projectId: ProjectId, pipelineId: number, opts?: GetOptions): Promise<Pipeline> =>
      one('GET', pipelinePath(projectId, pipelineId), client.get(pipelinePath(projectId, pipelineId), callOptions(opts))),
    /**
     * `ref` goes in the query string, as the API says (docs/gitlab-api.md §4.2: POST /projects/:id/pipeline?ref=...);
     * variables and inputs, when given, in a JSON body.
     */
    create: async (projectId: ProjectId, ref: string, opts?: CreatePipelineOptions): Promise<Pipeline> => {
      const json: Record<string, unknown> = {};
      if (opts?.variables?.length) json.variables = opts.variables;
      if (opts?.inputs && Object.keys(opts.inputs).length) json.inputs = opts.inputs;
      const path = `${projectPath(projectId)}/pipeline`;
      return one('POST', path, client.post(path, { ...callOptions(opts), query: { ref }, ...(Object.keys(json).length ? { json } : {}) }));
    },
    retry: async (projectId: ProjectId, pipelineId: number, opts?: CallOptions): Promise<Pipeline> =>
      one('POST', `${pipelinePath(projectId, pipelineId)}/retry`, client.post(`${pipelinePath(projectId, pipelineId)}/retry`, callOptions(opts))),
    cancel: async (projectId: ProjectId, pipelineId: number, opts?: CallOptions): Promise<Pipeline> =>
      one('POST', `${pipelinePath(projectId, pipelineId)}/cancel`, client.post(`${pipelinePath(projectId, pipelineId)}/cancel`, callOptions(opts))),

    // Downstream pipelines, variables and test reports.
    /** The pipeline's trigger jobs, each with its `downstream_pipeline`; lazy pages like the jobs list. */
    bridges(projectId: ProjectId, pipelineId: number, opts?: BridgeListFilters & ListOptions): Paged<Bridge> {
      const { filters, list } = splitList<BridgeListFilters>(opts);
      const path = `${pipelinePath(projectId, pipelineId)}/bridges`;
      return paginate<Bridge>(client, path, { scope: scopeParam(filters.scope) }, list, checkItems(client, path, D.bridge));
    },
    variables: async (projectId: ProjectId, pipelineId: number, opts?: GetOptions): Promise<PipelineVariable[]> => {
      const path = `${pipelinePath(projectId, pipelineId)}/variables`;
      return checkedList(client, path, D.pipelineVariable, 'pipeline variables', client.get(path, callOptions(opts)));
    },
    testReportSummary: async (projectId: ProjectId, pipelineId: number, opts?: GetOptions): Promise<TestReportSummary> => {
      const path = `${pipelinePath(projectId, pipelineId)}/test_report_summary`;
      return checked(client, 'GET', path, D.testReportSummary, client.get(path, callOptions(opts)));
    },
    /** Every test case: slow on real GitLab, so ask for it only when the report is opened. */
    testReport: async (projectId: ProjectId, pipelineId: number, opts?: GetOptions): Promise<TestReport> => {
      const path = `${pipelinePath(projectId, pipelineId)}/test_report`;
      return checked(client, 'GET', path, D.testReport, client.get(path, callOptions(opts)));
    },
  };
}

export type PipelinesApi = ReturnType<typeof createPipelinesApi>;
