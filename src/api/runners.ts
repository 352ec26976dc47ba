// Runners (lib/api/ci/runners.rb; docs/gitlab-api.md "Runners"): the lists (the user's, all for
// administrators, a project's and a group's, each below Maintainer a 403), one runner, its managers
// and jobs, and pausing or resuming it.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath, segment } from './paths.js';
import type { ProjectId, Runner, RunnerDetails, RunnerJob, RunnerManager } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked, checkedList } from './validate.js';

/** The lists' filters (apply_filter of lib/api/ci/runners.rb). `tag_list`: runners carrying all of them. */
export interface RunnerListFilters {
  type?: 'instance_type' | 'group_type' | 'project_type';
  status?: 'online' | 'offline' | 'stale' | 'never_contacted';
  paused?: boolean;
  tag_list?: string[];
}

/** `GET /runners/:id/jobs` filters: one status, one manager (`system_id`); newest first unless told. */
export interface RunnerJobFilters {
  status?: string;
  system_id?: string;
  sort?: 'asc' | 'desc';
}

/** A group's id segment: a number, or its full path URL-encoded (`acme/platform` → `acme%2Fplatform`). */
function groupPath(id: number | string): string {
  return `/groups/${typeof id === 'number' ? idSegment(id, 'group id') : segment(id.trim().replace(/^\/+|\/+$/g, ''), 'group')}`;
}

function query(filters: RunnerListFilters): Record<string, string | undefined> {
  return {
    type: filters.type,
    status: filters.status,
    paused: filters.paused === undefined ? undefined : String(filters.paused),
    tag_list: filters.tag_list?.length ? filters.tag_list.join(',') : undefined,
  };
}

export function createRunnersApi(client: GitLabClient) {
  const listAt = (path: string, opts?: RunnerListFilters & ListOptions): Paged<Runner> => {
    const { filters, list } = splitList<RunnerListFilters>(opts);
    return paginate<Runner>(client, path, query(filters), list, checkItems(client, path, D.runner));
  };
  const one = (id: number) => `/runners/${idSegment(id, 'runner id')}`;
  return {
    /** The caller's runners: those of the projects and groups they maintain. */
    listOwned: (opts?: RunnerListFilters & ListOptions): Paged<Runner> => listAt('/runners', opts),
    /** Every runner of the instance; administrators only (403 otherwise). */
    listAll: (opts?: RunnerListFilters & ListOptions): Paged<Runner> => listAt('/runners/all', opts),
    /** The runners a project may use: its own, its groups', the instance's. Maintainer and up. */
    listForProject: (projectId: ProjectId, opts?: RunnerListFilters & ListOptions): Paged<Runner> => listAt(`${projectPath(projectId)}/runners`, opts),
    listForGroup: (groupId: number | string, opts?: RunnerListFilters & ListOptions): Paged<Runner> => listAt(`${groupPath(groupId)}/runners`, opts),
    get: async (id: number, opts?: GetOptions): Promise<RunnerDetails> =>
      checked<RunnerDetails>(client, 'GET', one(id), D.runnerDetails, client.get(one(id), callOptions(opts))),
    managers: async (id: number, opts?: GetOptions): Promise<RunnerManager[]> =>
      checkedList<RunnerManager>(client, `${one(id)}/managers`, D.runnerManager, 'runner managers', client.get(`${one(id)}/managers`, callOptions(opts))),
    /** The runner's jobs, newest first (`order_by=id`; GitLab's own order is the database's). */
    jobs(id: number, opts?: RunnerJobFilters & ListOptions): Paged<RunnerJob> {
      const { filters, list } = splitList<RunnerJobFilters>(opts);
      const path = `${one(id)}/jobs`;
      return paginate<RunnerJob>(
        client,
        path,
        { order_by: 'id', sort: filters.sort ?? 'desc', status: filters.status, system_id: filters.system_id },
        list,
        checkItems(client, path, D.runnerJob),
      );
    },
    /** Pauses (no new jobs; running ones go on) or resumes a runner. */
    setPaused: async (id: number, paused: boolean, opts?: CallOptions): Promise<RunnerDetails> =>
      checked<RunnerDetails>(client, 'PUT', one(id), D.runnerDetails, client.put(one(id), { ...callOptions(opts), form: { paused: String(paused) } })),
  };
}

export type RunnersApi = ReturnType<typeof createRunnersApi>;
