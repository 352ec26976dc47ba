// Activity events (docs/gitlab-api.md §4.6, §6): mine, a user's, a project's; same filters on all three.
import type { GitLabClient } from './client.js';
import { splitList, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { projectPath, userPath } from './paths.js';
import type { Event, EventAction, EventTargetType, ProjectId, SortOrder } from './types.js';
import * as D from './decoders.js';
import { checkItems } from './validate.js';

export interface EventFilters {
  action?: EventAction;
  target_type?: EventTargetType;
  /** YYYY-MM-DD */
  before?: string;
  /** YYYY-MM-DD */
  after?: string;
  sort?: SortOrder;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function query(filters: EventFilters): EventFilters {
  // Catch a Date.toISOString() or a typo here rather than as a puzzling 400 from GitLab.
  for (const key of ['before', 'after'] as const) {
    const value = filters[key];
    if (value !== undefined && !DATE.test(value)) throw new TypeError(`${key} must be YYYY-MM-DD, got "${value}"`);
  }
  return { ...filters };
}

export function createEventsApi(client: GitLabClient) {
  const list = (path: string, opts: (EventFilters & ListOptions) | undefined): Paged<Event> => {
    const { filters, list: paging } = splitList<EventFilters>(opts);
    return paginate<Event>(client, path, { ...query(filters) }, paging, checkItems(client, path, D.event));
  };
  return {
    listMine: (opts?: EventFilters & ListOptions): Paged<Event> => list('/events', opts),
    listForUser: (idOrUsername: number | string, opts?: EventFilters & ListOptions): Paged<Event> => list(`${userPath(idOrUsername)}/events`, opts),
    listForProject: (projectId: ProjectId, opts?: EventFilters & ListOptions): Paged<Event> => list(`${projectPath(projectId)}/events`, opts),
  };
}

export type EventsApi = ReturnType<typeof createEventsApi>;
