// The project list: the caller's projects, most recently active first.
import type { GitLab, Project } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import type { ListKey } from '../../store/types.js';

export function projectsSource(key: ListKey, gl: GitLab): ListSource<unknown> | undefined {
  if (key.kind !== 'projects') return undefined;
  return {
    perPage: 50,
    complete: false,
    fetch: (page, signal) =>
      firstPage(gl.projects.list({ membership: true, simple: true, order_by: 'last_activity_at', sort: 'desc', perPage: 50, startPage: page, signal }).pages()),
    idOf: (p) => (p as Project).id,
    textOf: (p) => `${(p as Project).path_with_namespace} ${(p as Project).name}`,
  } satisfies ListSource<Project> as ListSource<unknown>;
}
