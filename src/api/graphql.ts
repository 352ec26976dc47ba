// An open pipeline read as GitLab's own pipeline page reads it: one GraphQL query for the pipeline,
// its jobs (bridges too) with their `needs`, and its downstream pipelines' jobs, sent with GitLab's
// ETag resource header (docs/gitlab-api.md "GraphQL: the pipeline graph"). While nothing in the tree
// changed GitLab answers 304 from its cache, before any database work; the last clean answer is
// kept here, keyed by resource and query, and handed back again. Anything that says this GitLab will
// not serve the query — 404/405/415 (none, or a proxy refusing it), `errors` (a limit, a field an
// older GitLab lacks), 429 (polling disabled), an answer the decoders refuse — marks GraphQL
// unavailable for this client, once, with the reason: the callers go back to REST.
import type { GitLabClient } from './client.js';
import { DecodeError, decodeEntity } from './entity.js';
import * as D from './graphql-decoders.js';
import { GitLabApiError } from './errors.js';
import type { GqlJob, GqlJobs, GqlPipeline, JobStatus, PipelineStatus, ProjectId } from './types.js';

/** One job of the graph, in REST's words: a number id, a lower-case status, its stage's name. */
export interface GraphJob {
  id: number;
  name: string;
  status: JobStatus;
  stage: string;
  /** What it needs (`needs:`), or null when it follows the stage order; `[]` starts with the pipeline. */
  needs: string[] | null;
  allow_failure: boolean;
  duration: number | null;
  queued_duration: number | null;
  started_at: string | null;
  finished_at: string | null;
  /** A trigger job (a bridge), with the pipeline it started when there is one. */
  bridge: boolean;
  downstream_pipeline_id: number | null;
  failure_message: string | null;
}

export interface GraphPipeline {
  id: number;
  iid: number;
  status: PipelineStatus;
  duration: number | null;
  queued_duration: number | null;
  created_at?: string;
  updated_at?: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface PipelineGraph {
  pipeline: GraphPipeline & { uses_needs: boolean };
  jobs: GraphJob[];
  downstream: (GraphPipeline & { project_path: string | null; jobs: GraphJob[] })[];
}

export type GraphRead =
  /** A fresh answer (GitLab's database worked for it). */
  | { kind: 'fresh'; graph: PipelineGraph }
  /** 304: the tree is as last read; `graph` is that very object. */
  | { kind: 'same'; graph: PipelineGraph }
  /** This GitLab will not serve it: read over REST from now on. */
  | { kind: 'unavailable'; reason: string };

/** The GraphQL endpoint of a GitLab whose REST root is `apiUrl` (…/api/v4 → …/api/graphql). */
export const graphqlUrl = (apiUrl: string): string => apiUrl.replace(/\/v4\/?$/, '/graphql');

export const RESOURCE_HEADER = 'X-GITLAB-GRAPHQL-RESOURCE-ETAG';

// The job fields the panes use, named as CiJob names them (job_type.rb).
const JOB = `id name kind status stage { name } needs { nodes { name } } schedulingType allowFailure duration queuedDuration startedAt finishedAt retried failureMessage downstreamPipeline { id }`;
const PIPELINE = `id iid status duration queuedDuration createdAt updatedAt startedAt finishedAt`;

/** The whole tree in one request while it fits a page (complexity ~170 of a user's 250: test/api/graphql.test.ts). */
export const PIPELINE_GRAPH_QUERY = `query pipetopPipelineGraph($path: ID!, $iid: ID!) {
  project(fullPath: $path) {
    pipeline(iid: $iid) {
      ${PIPELINE} usesNeeds
      jobs(first: 100, retried: false) { pageInfo { hasNextPage endCursor } nodes { ${JOB} } }
      downstream { nodes { ${PIPELINE} project { fullPath } jobs(first: 100, retried: false) { pageInfo { hasNextPage endCursor } nodes { ${JOB} } } } }
    }
  }
}`;

/** The pages after the first, of the pipeline's own jobs. */
export const PIPELINE_JOBS_PAGE_QUERY = `query pipetopPipelineJobs($path: ID!, $iid: ID!, $after: String) {
  project(fullPath: $path) { pipeline(iid: $iid) { jobs(first: 100, after: $after, retried: false) { pageInfo { hasNextPage endCursor } nodes { ${JOB} } } } }
}`;

/** At most this many pages of jobs (10,000 jobs); beyond, the REST path's own budget applies. */
const MAX_PAGES = 100;

interface Cached {
  etag: string;
  graph: PipelineGraph;
}

export function createGraphQLApi(client: GitLabClient) {
  const url = graphqlUrl(client.apiUrl);
  /** Last clean answers, by resource and query (GitLab's tag is the resource's, whatever the query). */
  const cache = new Map<string, Cached>();
  let unavailable: string | null = null;

  async function post(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
    return client.request<unknown>('POST', url, { json: { query, variables }, headers, readsOnly: true, acceptStatus: [304, 404, 405, 415, 429] });
  }

  /** A reason GitLab will not serve this query, from an answer; null when it did. */
  function refusal(status: number, data: unknown): string | null {
    if (status === 429) return 'GitLab answered 429: polling is disabled';
    if (status === 404 || status === 405 || status === 415) return `GitLab answered ${status} to POST /api/graphql`;
    const errors = (data as { errors?: unknown } | null)?.errors;
    if (Array.isArray(errors) && errors.length) {
      const first = (errors[0] as { message?: unknown } | null)?.message;
      return `GitLab's GraphQL said: ${typeof first === 'string' ? first : 'an error'}`;
    }
    return null;
  }

  function markUnavailable(reason: string): GraphRead {
    unavailable = reason;
    cache.clear();
    // Said once, where requests are told (--debug-log, `:requests`): from now on REST reads the tree.
    client.noteExchange?.('POST', '/api/graphql', `${reason}; pipelines are read over REST from now on`);
    return { kind: 'unavailable', reason };
  }

  return {
    /** Why GraphQL is not used, once it is not (null while it is). */
    get unavailable(): string | null {
      return unavailable;
    },

    /**
     * The pipeline `iid` of `projectPath` (id `pipelineId`: the ETag resource), its jobs past 100
     * and its downstream pipelines' jobs. Throws GitLabApiError as any request does (401, 5xx, the network).
     */
    async pipelineGraph(projectPath: ProjectId, iid: number, pipelineId: number): Promise<GraphRead> {
      if (unavailable !== null) return { kind: 'unavailable', reason: unavailable };
      const resource = `pipelines/id/${pipelineId}`;
      const variables = { path: String(projectPath), iid: String(iid) };
      const key = `${resource}\n${JSON.stringify(variables)}`;
      const cached = cache.get(key);
      const headers: Record<string, string> = { [RESOURCE_HEADER]: resource };
      if (cached) headers['If-None-Match'] = cached.etag;
      const res = await post(PIPELINE_GRAPH_QUERY, variables, headers);
      if (res.status === 304 && cached) return { kind: 'same', graph: cached.graph };
      const refused = res.status === 304 ? 'GitLab answered 304 to a query it never answered' : refusal(res.status, res.data);
      if (refused) return markUnavailable(refused);
      let graph: PipelineGraph;
      try {
        const pipeline = (res.data as { data?: { project?: { pipeline?: unknown } | null } } | null)?.data?.project?.pipeline;
        if (pipeline === null || pipeline === undefined) {
          throw new GitLabApiError(
            { kind: 'http', method: 'POST', path: '/api/graphql', status: 404, reason: `Pipeline #${pipelineId} not found` },
            client.redact,
          );
        }
        const top = decode(D.gqlPipeline, pipeline);
        const jobs = [...top.jobs.nodes];
        let page = top.jobs.pageInfo;
        for (let n = 1; page.hasNextPage && page.endCursor && n < MAX_PAGES; n++) {
          const next = await post(PIPELINE_JOBS_PAGE_QUERY, { ...variables, after: page.endCursor }, { [RESOURCE_HEADER]: resource });
          const why = refusal(next.status, next.data);
          if (why) return markUnavailable(why);
          const more = decode(D.gqlJobs, (next.data as { data?: { project?: { pipeline?: { jobs?: unknown } } } } | null)?.data?.project?.pipeline?.jobs);
          jobs.push(...more.nodes);
          page = more.pageInfo;
        }
        graph = readGraph(top, jobs);
      } catch (error) {
        if (error instanceof DecodeError) return markUnavailable(`GitLab's GraphQL answer was not understood: ${error.message}`);
        throw error;
      }
      const etag = res.headers.etag;
      if (etag) cache.set(key, { etag, graph });
      else cache.delete(key);
      return { kind: 'fresh', graph };
    },
  };

  function decode<T>(e: Parameters<typeof decodeEntity<T>>[0], value: unknown): T {
    const { value: out, notes } = decodeEntity(e, value);
    if (notes.length) client.noteDecoded?.(notes);
    return out;
  }
}

export type GraphQLApi = ReturnType<typeof createGraphQLApi>;

/** The number at the end of a global id (gid://gitlab/Ci::Build/42 → 42). */
export function idOfGid(gid: string): number {
  const m = /\/(\d+)$/.exec(gid);
  if (!m) throw new DecodeError(`GitLab sent a global id that names no number: ${gid.slice(0, 80)}`);
  return Number(m[1]);
}

const lower = <T extends string>(s: string | null): T => (s ?? 'unknown').toLowerCase() as T;

function readJob(j: GqlJob): GraphJob {
  return {
    id: idOfGid(j.id),
    name: j.name,
    status: lower<JobStatus>(j.status),
    stage: j.stage?.name ?? '',
    needs: j.schedulingType === 'dag' ? (j.needs?.nodes ?? []).map((n) => n.name ?? '').filter(Boolean) : null,
    allow_failure: j.allowFailure ?? false,
    duration: j.duration ?? null,
    queued_duration: j.queuedDuration ?? null,
    started_at: j.startedAt ?? null,
    finished_at: j.finishedAt ?? null,
    bridge: j.kind === 'BRIDGE' || /\/Ci::Bridge\//.test(j.id),
    downstream_pipeline_id: j.downstreamPipeline ? idOfGid(j.downstreamPipeline.id) : null,
    failure_message: j.failureMessage ?? null,
  };
}

function readPipeline(p: GqlPipeline | NonNullable<GqlPipeline['downstream']>['nodes'][number]): GraphPipeline {
  return {
    id: idOfGid(p.id),
    iid: Number(p.iid),
    status: lower<PipelineStatus>(p.status),
    duration: p.duration ?? null,
    queued_duration: p.queuedDuration ?? null,
    ...(p.createdAt !== undefined ? { created_at: p.createdAt } : {}),
    ...(p.updatedAt !== undefined ? { updated_at: p.updatedAt } : {}),
    started_at: p.startedAt ?? null,
    finished_at: p.finishedAt ?? null,
  };
}

function readGraph(top: GqlPipeline, jobs: GqlJob[]): PipelineGraph {
  return {
    pipeline: { ...readPipeline(top), uses_needs: top.usesNeeds === true },
    jobs: jobs.map(readJob),
    downstream: (top.downstream?.nodes ?? []).map((d) => ({
      ...readPipeline(d),
      project_path: d.project?.fullPath ?? null,
      jobs: ((d.jobs as GqlJobs | null | undefined)?.nodes ?? []).map(readJob),
    })),
  };
}
