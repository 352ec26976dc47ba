// Downstream (child and multi-project) pipelines of a pipeline, through its bridge jobs: the API
// client's `gl.pipelines.bridges` (every page, shapes checked). A GitLab or a simulator without the
// endpoint (before 13.0) answers 404: that means "no bridges", and the endpoint is not asked again.
import { isGitLabApiError, type Bridge, type GitLab, type ProjectId } from '../api/index.js';
import type { Downstream } from './model.js';

export interface DownstreamReader {
  read(pipelineId: number, signal?: AbortSignal): Promise<Downstream[]>;
  /** The bridges themselves (what the GraphQL path patches: src/watch/graph-round.ts). */
  bridges(pipelineId: number, signal?: AbortSignal): Promise<Bridge[]>;
  /** False once the server said it has no bridges endpoint. */
  readonly supported: boolean;
}

export function downstreamReader(gl: GitLab, projectId: ProjectId): DownstreamReader {
  let supported = true;
  const bridges = async (pipelineId: number, signal?: AbortSignal): Promise<Bridge[]> => {
    if (!supported) return [];
    try {
      return await gl.pipelines.bridges(projectId, pipelineId, { perPage: 100, ...(signal ? { signal } : {}) }).all();
    } catch (error) {
      if (!isGitLabApiError(error) || error.status !== 404) throw error;
      supported = false;
      return [];
    }
  };
  return {
    get supported() {
      return supported;
    },
    read: async (pipelineId, signal) => (await bridges(pipelineId, signal)).map(toDownstream),
    bridges,
  };
}

export function toDownstream(b: Bridge): Downstream {
  const d = b.downstream_pipeline;
  return {
    bridgeId: b.id,
    bridgeName: b.name,
    stage: b.stage,
    status: b.status,
    allowFailure: b.allow_failure === true,
    pipelineId: d?.id ?? null,
    projectId: typeof (d as { project_id?: unknown } | null)?.project_id === 'number' ? (d as { project_id: number }).project_id : null,
    pipelineStatus: d?.status ?? null,
    webUrl: d?.web_url ?? null,
  };
}
