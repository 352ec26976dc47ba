// Pipeline schedules (docs/gitlab-api.md §4.3). Request fields go as form fields, as the API asks.
import type { GitLabClient } from './client.js';
import { callOptions, splitList, type CallOptions, type GetOptions, type ListOptions } from './options.js';
import { paginate, type Paged } from './paginate.js';
import { idSegment, projectPath } from './paths.js';
import type { Query } from './query.js';
import type { PipelineBasic, PipelineSchedule, ProjectId, ScheduleVariable } from './types.js';
import * as D from './decoders.js';
import { checkItems, checked, decodeAnswer } from './validate.js';

/** A schedule variable's type (Ci::HasVariable's enum): env_var is GitLab's default. */
export type ScheduleVariableType = 'env_var' | 'file';

export interface ScheduleVariableInput {
  key: string;
  value: string;
  variable_type?: ScheduleVariableType;
}

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

/** `GET …/pipeline_schedules/:id/pipelines`: GitLab sorts by id, ascending unless `sort: 'desc'`. */
export interface SchedulePipelineFilters {
  sort?: 'asc' | 'desc';
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
  // A key is letters, digits and `_` when GitLab made it; encoded all the same, as any path segment.
  const variablePath = (projectId: ProjectId, id: number, key: string): string => `${one(projectId, id)}/variables/${encodeURIComponent(key)}`;
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
     * Runs the schedule now (docs/gitlab-api.md "Schedule play and variables"): GitLab queues the
     * pipeline in a worker and answers 201 `{"message":"201 Created"}`, never the pipeline — look
     * for it with `pipelines` below. The pipeline runs as the caller, not as the schedule's owner.
     */
    async play(projectId: ProjectId, id: number, opts?: CallOptions): Promise<{ message?: string }> {
      const path = `${one(projectId, id)}/play`;
      const data = await client.post<unknown>(path, callOptions(opts));
      return data === null || data === undefined || data === '' ? {} : decodeAnswer(client, 'POST', path, D.playAnswer, data);
    },
    /** The pipelines the schedule ran (Entities::Ci::PipelineBasic), by id. */
    pipelines(projectId: ProjectId, id: number, opts?: SchedulePipelineFilters & ListOptions): Paged<PipelineBasic> {
      const { filters, list } = splitList<SchedulePipelineFilters>(opts);
      const path = `${one(projectId, id)}/pipelines`;
      return paginate<PipelineBasic>(client, path, { sort: filters.sort }, list, checkItems(client, path, D.pipelineBasic));
    },
    /** Adds a variable (201, Entities::Ci::Variable); GitLab lets the owner (or an admin) do it. */
    createVariable: async (projectId: ProjectId, id: number, input: ScheduleVariableInput, opts?: CallOptions): Promise<ScheduleVariable> =>
      checked(
        client,
        'POST',
        `${one(projectId, id)}/variables`,
        D.scheduleVariable,
        client.post(`${one(projectId, id)}/variables`, {
          ...callOptions(opts),
          form: { key: input.key, value: input.value, variable_type: input.variable_type },
        }),
      ),
    /** Changes a variable's value or type; its key names it (404 "Pipeline Schedule Variable Not Found" when none has it). */
    editVariable: async (
      projectId: ProjectId,
      id: number,
      key: string,
      changes: { value?: string; variable_type?: ScheduleVariableType },
      opts?: CallOptions,
    ): Promise<ScheduleVariable> =>
      checked(
        client,
        'PUT',
        variablePath(projectId, id, key),
        D.scheduleVariable,
        client.put(variablePath(projectId, id, key), { ...callOptions(opts), form: { value: changes.value, variable_type: changes.variable_type } }),
      ),
    /** Deletes a variable: GitLab answers 202 with the variable it deleted. */
    async removeVariable(projectId: ProjectId, id: number, key: string, opts?: CallOptions): Promise<ScheduleVariable | null> {
      const data = await client.delete<unknown>(variablePath(projectId, id, key), callOptions(opts));
      return data === null || data === undefined || data === ''
        ? null
        : decodeAnswer(client, 'DELETE', variablePath(projectId, id, key), D.scheduleVariable, data);
    },
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
