// Downstream (child and multi-project) pipelines of a pipeline, through its bridge jobs:
// GET /projects/:id/pipelines/:pipeline_id/bridges (GitLab 13.0+). A GitLab or a simulator without
// the endpoint answers 404: that means "no bridges", and the endpoint is not asked again.
import { projectPath, type GitLab, type ProjectId } from '../api/index.js';
import type { Downstream } from './model.js';

interface BridgeJson {
  id: number;
  name?: string;
  stage?: string;
  status?: string;
  allow_failure?: boolean;
  downstream_pipeline?: { id?: number; status?: string; web_url?: string } | null;
}

export interface DownstreamReader {
  read(pipelineId: number): Promise<Downstream[]>;
  /** False once the server said it has no bridges endpoint. */
  readonly supported: boolean;
}

export function downstreamReader(gl: GitLab, projectId: ProjectId): DownstreamReader {
  let supported = true;
  return {
    get supported() {
      return supported;
    },
    async read(pipelineId) {
      if (!supported) return [];
      const res = await gl.client.request<unknown>('GET', `${projectPath(projectId)}/pipelines/${pipelineId}/bridges`, {
        query: { per_page: 100 },
        acceptStatus: [404],
      });
      if (res.status === 404) {
        supported = false;
        return [];
      }
      return Array.isArray(res.data) ? res.data.filter(isBridge).map(toDownstream) : [];
    },
  };
}

function isBridge(value: unknown): value is BridgeJson {
  return typeof value === 'object' && value !== null && typeof (value as BridgeJson).id === 'number';
}

function toDownstream(b: BridgeJson): Downstream {
  const d = b.downstream_pipeline ?? null;
  return {
    bridgeId: b.id,
    bridgeName: String(b.name ?? ''),
    stage: String(b.stage ?? ''),
    status: String(b.status ?? 'unknown'),
    allowFailure: b.allow_failure === true,
    pipelineId: typeof d?.id === 'number' ? d.id : null,
    pipelineStatus: typeof d?.status === 'string' ? d.status : null,
    webUrl: typeof d?.web_url === 'string' ? d.web_url : null,
  };
}
