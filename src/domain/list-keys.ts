// The lists of the shared records (projects, pipelines, jobs): the one place their keys are built,
// so every feature that shows or reads one (the pipelines tab, marks, the pulse, `:jobs`…) names
// the same list. Which feature reads each kind is the registry's business (Feature.listKinds).
import type { ListKey } from '../store/types.js';

/** A pipeline's jobs are read whole, 100 (GitLab's most) a page: the jobs feature reads them so, the pipelines feature's poll waits by their pages. */
export const PIPELINE_JOBS_PER_PAGE = 100;

export const listKeys = {
  projects: (): ListKey => ({ kind: 'projects' }),
  pipelines: (projectId: number): ListKey => ({ kind: 'pipelines', projectId }),
  projectJobs: (projectId: number): ListKey => ({ kind: 'projectJobs', projectId }),
  pipelineJobs: (projectId: number, pipelineId: number): ListKey => ({ kind: 'pipelineJobs', projectId, pipelineId }),
};

declare module '../store/types.js' {
  interface ListKeyKinds {
    projects: { kind: 'projects' };
    pipelines: { kind: 'pipelines'; projectId: number };
    projectJobs: { kind: 'projectJobs'; projectId: number };
    pipelineJobs: { kind: 'pipelineJobs'; projectId: number; pipelineId: number };
  }
}
