// The API package: createGitLab() wires the client and one module per resource.
import { createBranchesApi, type BranchesApi } from './branches.js';
import { createClient, type ClientOptions, type GitLabClient } from './client.js';
import { createDeploymentsApi, type DeploymentsApi } from './deployments.js';
import { createEnvironmentsApi, type EnvironmentsApi } from './environments.js';
import { createEventsApi, type EventsApi } from './events.js';
import { createGraphQLApi, type GraphQLApi } from './graphql.js';
import { createJobsApi, type JobsApi } from './jobs.js';
import { createKeysApi, type KeysApi } from './keys.js';
import { createMergeRequestsApi, type MergeRequestsApi } from './merge-requests.js';
import { createPipelinesApi, type PipelinesApi } from './pipelines.js';
import { createProjectsApi, type ProjectsApi } from './projects.js';
import { createRepositoryApi, type RepositoryApi } from './repository.js';
import { createRunnersApi, type RunnersApi } from './runners.js';
import { createSchedulesApi, type SchedulesApi } from './schedules.js';
import { createUsersApi, type UsersApi } from './users.js';

export interface GitLab {
  client: GitLabClient;
  jobs: JobsApi;
  pipelines: PipelinesApi;
  schedules: SchedulesApi;
  deployments: DeploymentsApi;
  environments: EnvironmentsApi;
  repository: RepositoryApi;
  keys: KeysApi;
  events: EventsApi;
  projects: ProjectsApi;
  users: UsersApi;
  mergeRequests: MergeRequestsApi;
  branches: BranchesApi;
  /** An open pipeline's tree over GraphQL with GitLab's ETag (falls back: `unavailable`). */
  graphql: GraphQLApi;
  runners: RunnersApi;
}

export function createGitLab(opts: ClientOptions): GitLab {
  const client = createClient(opts);
  return {
    client,
    jobs: createJobsApi(client),
    pipelines: createPipelinesApi(client),
    schedules: createSchedulesApi(client),
    deployments: createDeploymentsApi(client),
    environments: createEnvironmentsApi(client),
    repository: createRepositoryApi(client),
    keys: createKeysApi(client),
    events: createEventsApi(client),
    projects: createProjectsApi(client),
    users: createUsersApi(client),
    mergeRequests: createMergeRequestsApi(client),
    branches: createBranchesApi(client),
    graphql: createGraphQLApi(client),
    runners: createRunnersApi(client),
  };
}

export * from './types.js';
export { GitLabApiError, isGitLabApiError, type GitLabErrorKind } from './errors.js';
export { createClient, type ApiResponse, type ClientOptions, type GitLabClient, type HttpMethod, type RequestOptions } from './client.js';
export type { ExchangeEntry, ExchangeListener, RetryInfo, RetryListener, ServerDateListener, Sleep } from './transport.js';
export { paginate, type Page, type Paged, type PaginateOptions } from './paginate.js';
export { projectPath, userPath, encodeProjectId } from './paths.js';
export { proxyDispatcher } from './proxy.js';
export { readTrace, type TraceResult, type ReadTraceOptions } from './trace.js';
export { downloadToFile, type DownloadOptions, type DownloadProgress, type DownloadResult } from './download.js';
export { type ArchiveRange, type ArchiveRead } from './artifacts.js';
export type { CallOptions, GetOptions, ListOptions } from './options.js';
export { createJobsApi, type JobListFilters, type JobsApi } from './jobs.js';
export { createPipelinesApi, type BridgeListFilters, type CreatePipelineOptions, type PipelineListFilters, type PipelinesApi } from './pipelines.js';
export { createMergeRequestsApi, type MergeRequestsApi } from './merge-requests.js';
export {
  createSchedulesApi,
  type ScheduleInput,
  type ScheduleListFilters,
  type SchedulesApi,
  type ScheduleVariableInput,
  type ScheduleVariableType,
} from './schedules.js';
export { createDeploymentsApi, type DeploymentsApi } from './deployments.js';
export { createEnvironmentsApi, type EnvironmentListFilters, type EnvironmentsApi } from './environments.js';
export { createRepositoryApi, type RepositoryApi } from './repository.js';
export { createKeysApi, type KeysApi } from './keys.js';
export { createBranchesApi, type BranchesApi, type BranchListFilters } from './branches.js';
export { createEventsApi, type EventFilters, type EventsApi } from './events.js';
export { createProjectsApi, type ProjectListFilters, type ProjectsApi } from './projects.js';
export { createUsersApi, type UsersApi } from './users.js';
export {
  createGraphQLApi,
  graphqlUrl,
  PIPELINE_GRAPH_QUERY,
  type GraphJob,
  type GraphPipeline,
  type GraphQLApi,
  type GraphRead,
  type PipelineGraph,
} from './graphql.js';
export { GRAPH_IDLE_MS, patchBridgeRows, patchJob, patchJobRows, patchPipeline, REST_CHECK_MS } from './graph-patch.js';
export { createRunnersApi, type RunnerJobFilters, type RunnerListFilters, type RunnersApi } from './runners.js';
