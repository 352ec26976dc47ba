// Pipelines (spec 4.2).
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type {
  Pipeline,
  PipelineBasic,
  PipelineOrderBy,
  PipelineScope,
  PipelineStatusFilter,
  ProjectId,
  SortOrder,
} from './types.js';
import { SHAPES, checkItems, checked } from './validate.js';

export interface PipelineListFilters {
  scope?: PipelineScope;
  status?: PipelineStatusFilter;
  ref?: string;
  yaml_errors?: boolean;
  /** Name of the user who triggered the pipelines. */
  name?: string;
  username?: string;
  order_by?: PipelineOrderBy;
  sort?: SortOrder;
}

export function createPipelinesApi(client: GitLabClient) {
  const pipelinePath = (projectId: ProjectId, pipelineId: number): string =>
    `${projectPath(projectId)}/pipelines/${idSegment(pipelineId, 'pipeline id')}`;
  const one = (method: string, path: string, data: Promise<unknown>): Promise<Pipeline> => checked<Pipeline>(client, method, path, SHAPES.pipeline, data);

  return {
    list(projectId: ProjectId, opts?: PipelineListFilters & ListOptions): Paged<PipelineBasic> {
      const { filters, list } = splitList<PipelineListFilters>(opts);
      const path = `${projectPath(projectId)}/pipelines`;
      return paginate<PipelineBasic>(client, path, { ...filters }, list, checkItems(client, path, SHAPES.pipeline));
    },
    get: async (projectId: ProjectId, pipelineId: number, opts?: GetOptions): Promise<Pipeline> =>
      one('GET', pipelinePath(projectId, pipelineId), client.get(pipelinePath(projectId, pipelineId), callOptions(opts))),
    /** `ref` goes in the query string, as the spec says (POST /projects/:id/pipeline?ref=...). */
    create: async (projectId: ProjectId, ref: string, opts?: CallOptions): Promise<Pipeline> =>
      one('POST', `${projectPath(projectId)}/pipeline`, client.post(`${projectPath(projectId)}/pipeline`, { ...callOptions(opts), query: { ref } })),
    retry: async (projectId: ProjectId, pipelineId: number, opts?: CallOptions): Promise<Pipeline> =>
      one('POST', `${pipelinePath(projectId, pipelineId)}/retry`, client.post(`${pipelinePath(projectId, pipelineId)}/retry`, callOptions(opts))),
    cancel: async (projectId: ProjectId, pipelineId: number, opts?: CallOptions): Promise<Pipeline> =>
      one('POST', `${pipelinePath(projectId, pipelineId)}/cancel`, client.post(`${pipelinePath(projectId, pipelineId)}/cancel`, callOptions(opts))),
  };
}

export type PipelinesApi = ReturnType<typeof createPipelinesApi>;
