// Pipeline schedules (docs/gitlab-api.md §4.3). Request fields go as form fields, as the API asks.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type { Query } from './query.js';
import type { PipelineSchedule, ProjectId } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked, decodeAnswer } from './validate.js';

export interface ScheduleInput {
  description: string;
  ref: string;
  cron: string;
  /** Rails or tz database name; GitLab defaults to UTC. */
  cron_timezone?: string;
  /** GitLab defaults to true. */
  active?: boolean;
}

export interface ScheduleListFilters {
  scope?: 'active' | 'inactive';
}

function formOf(input: Partial<ScheduleInput>): Query {
  return {
    description: input.description,
    ref: input.ref,
    cron: input.cron,
    cron_timezone: input.cron_timezone,
    active: input.active,
  };
}

export function createSchedulesApi(client: GitLabClient) {
  const base = (projectId: ProjectId): string => `${projectPath(projectId)}/pipeline_schedules`;
  const one = (projectId: ProjectId, id: number): string => `${base(projectId)}/${idSegment(id, 'schedule id')}`;
  const valid = (method: string, path: string, data: Promise<unknown>): Promise<PipelineSchedule> =>
    checked<PipelineSchedule>(client, method, path, D.schedule, data);

  return {
    list(projectId: ProjectId, opts?: ScheduleListFilters & ListOptions): Paged<PipelineSchedule> {
      const { filters, list } = splitList<ScheduleListFilters>(opts);
      return paginate<PipelineSchedule>(client, base(projectId), { scope: filters.scope }, list, checkItems(client, base(projectId), D.schedule));
    },
    get: async (projectId: ProjectId, id: number, opts?: GetOptions): Promise<PipelineSchedule> =>
      valid('GET', one(projectId, id), client.get(one(projectId, id), callOptions(opts))),
    create: async (projectId: ProjectId, input: ScheduleInput, opts?: CallOptions): Promise<PipelineSchedule> =>
      valid('POST', base(projectId), client.post(base(projectId), { ...callOptions(opts), form: formOf(input) })),
    edit: async (projectId: ProjectId, id: number, changes: Partial<ScheduleInput>, opts?: CallOptions): Promise<PipelineSchedule> =>
      valid('PUT', one(projectId, id), client.put(one(projectId, id), { ...callOptions(opts), form: formOf(changes) })),
    takeOwnership: async (projectId: ProjectId, id: number, opts?: CallOptions): Promise<PipelineSchedule> =>
      valid('POST', `${one(projectId, id)}/take_ownership`, client.post(`${one(projectId, id)}/take_ownership`, callOptions(opts))),
    /**
     * The API (docs/gitlab-api.md §4.3) says DELETE answers with the deleted schedule; real GitLab answers 204 with no body.
     * Both are fine: the schedule when one came back, else null.
     */
    async remove(projectId: ProjectId, id: number, opts?: CallOptions): Promise<PipelineSchedule | null> {
      const data = await client.delete<unknown>(one(projectId, id), callOptions(opts));
      return data === null || data === undefined || data === '' ? null : decodeAnswer(client, 'DELETE', one(projectId, id), D.schedule, data);
    },
  };
}

export type SchedulesApi = ReturnType<typeof createSchedulesApi>;
