// A project's pipeline list, with the server-side filters of the `f` prompt (filters.ts).
import type { GitLab, PipelineBasic } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import type { AppState, ListKey } from '../../store/types.js';
import { mergePipelines } from '../../domain/pipelines.js';

export function pipelinesSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind === 'mrPipelines') return mrPipelinesSource(key.projectId, key.iid, gl);
  if (key.kind !== 'pipelines') return undefined;
  const { projectId } = key;
  return {
    perPage: 50,
    complete: false,
    fetch: (page, signal) => firstPage(gl.pipelines.list(projectId, { ...state().pipelineFilters[projectId], perPage: 50, startPage: page, signal }).pages()),
    idOf: (p) => (p as PipelineBasic).id,
    textOf,
    remember: mergePipelines,
  } satisfies ListSource<PipelineBasic> as ListSource<unknown>;
}

function textOf(p: unknown): string {
  const x = p as PipelineBasic;
  return `#${x.id} ${x.status} ${x.ref} ${x.sha.slice(0, 8)} ${x.source ?? ''}`;
}

/** A merge request's pipelines (`:mr N`), newest first. */
function mrPipelinesSource(projectId: number, iid: number, gl: GitLab): ListSource<unknown> {
  return {
    perPage: 50,
    complete: false,
    fetch: (page, signal) => firstPage(gl.mergeRequests.pipelines(projectId, iid, { perPage: 50, startPage: page, signal }).pages()),
    idOf: (p) => (p as PipelineBasic).id,
    textOf,
  };
}
