// The part of GitLab's GraphQL schema that pipetop and GitLab's own pipeline page read: a project's
// pipeline, its jobs with their needs, its upstream and downstream pipelines. Type, field, enum and
// scalar names are GitLab's (app/graphql/types/ci/pipeline_type.rb, job_type.rb, build_need_type.rb,
// stage_type.rb; docs/gitlab-api.md "GraphQL: the pipeline graph"). Resolvers read the world as it
// is now; graphql-js calls a source's function fields with their arguments.
import { buildSchema, GraphQLError, type GraphQLSchema } from 'graphql';
import type { SimJob, SimPipeline, SimProject, SimUser } from '../model.js';
import { iso } from '../present.js';
import type { World } from '../world/world.js';

// GitLab's pipeline and job status enums carry the same values: one list for both here.
const STATUS_VALUES = [
  'CREATED',
  'WAITING_FOR_RESOURCE',
  'PREPARING',
  'WAITING_FOR_CALLBACK',
  'PENDING',
  'RUNNING',
  'FAILED',
  'SUCCESS',
  'CANCELED',
  'CANCELING',
  'SKIPPED',
  'MANUAL',
  'SCHEDULED',
].join('\n    ');

export const SDL = /* GraphQL */ `
  scalar Time
  scalar Duration
  scalar JobID
  scalar CiPipelineID
  scalar CiStageID

  enum PipelineStatusEnum {
    ${STATUS_VALUES}
  }

  enum CiJobStatus {
    ${STATUS_VALUES}
  }

  enum CiJobKind {
    BUILD
    BRIDGE
  }

  type Query {
    project(fullPath: ID!): Project
    queryComplexity: QueryComplexity
  }

  type QueryComplexity {
    limit: Int
    score: Int
  }

  type Project {
    id: ID!
    fullPath: ID!
    name: String!
    pipeline(iid: ID, id: CiPipelineID, sha: String): Pipeline
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type Pipeline {
    id: ID!
    iid: String!
    sha: String!
    ref: String
    source: String
    status: PipelineStatusEnum!
    duration: Int
    queuedDuration: Duration
    createdAt: Time!
    updatedAt: Time!
    startedAt: Time
    finishedAt: Time
    active: Boolean!
    usesNeeds: Boolean
    retryable: Boolean!
    cancelable: Boolean!
    path: String
    project: Project
    jobs(first: Int, after: String, last: Int, before: String, retried: Boolean, statuses: [CiJobStatus!]): CiJobConnection
    job(id: JobID, name: String): CiJob
    downstream(first: Int, after: String, last: Int, before: String): PipelineConnection
    upstream: Pipeline
    sourceJob: CiJob
  }

  type PipelineConnection {
    count: Int!
    nodes: [Pipeline]
    edges: [PipelineEdge]
    pageInfo: PageInfo!
  }

  type PipelineEdge {
    cursor: String!
    node: Pipeline
  }

  type CiStage {
    id: ID!
    name: String
    status: String
  }

  type CiBuildNeed {
    id: ID!
    name: String
  }

  type CiBuildNeedConnection {
    nodes: [CiBuildNeed]
    edges: [CiBuildNeedEdge]
    pageInfo: PageInfo!
  }

  type CiBuildNeedEdge {
    cursor: String!
    node: CiBuildNeed
  }

  type CiJob {
    id: JobID
    name: String
    kind: CiJobKind!
    status: CiJobStatus
    stage: CiStage
    needs(first: Int, after: String, last: Int, before: String): CiBuildNeedConnection
    schedulingType: String
    allowFailure: Boolean!
    duration: Int
    queuedDuration: Duration
    createdAt: Time!
    queuedAt: Time
    startedAt: Time
    finishedAt: Time
    erasedAt: Time
    retried: Boolean
    retryable: Boolean!
    playable: Boolean!
    manualJob: Boolean
    cancelable: Boolean!
    active: Boolean!
    failureMessage: String
    webPath: String
    tags: [String!]
    pipeline: Pipeline
    downstreamPipeline: Pipeline
  }

  type CiJobConnection {
    count: Int!
    nodes: [CiJob]
    edges: [CiJobEdge]
    pageInfo: PageInfo!
  }

  type CiJobEdge {
    cursor: String!
    node: CiJob
  }
`;

/** GitLab's max_page_size: a larger `first` is cut to it, as graphql-ruby does. */
export const MAX_PAGE_SIZE = 100;

export interface GraphQLContext {
  world: World;
  user: SimUser;
  /** What `queryComplexity` answers: the score of this query and the caller's limit. */
  complexity: { score: number; limit: number };
}

let built: GraphQLSchema | null = null;
export function schema(): GraphQLSchema {
  return (built ??= buildSchema(SDL));
}

/** The root object: graphql-js's default resolver calls these with (args, context). */
export const root = {
  project: ({ fullPath }: { fullPath: string }, ctx: GraphQLContext) => {
    const project = ctx.world.projectsByPath.get(fullPath);
    return project && canRead(ctx, project) ? projectNode(ctx, project) : null;
  },
  queryComplexity: (_: unknown, ctx: GraphQLContext) => ctx.complexity,
};

function canRead(ctx: GraphQLContext, project: SimProject): boolean {
  // Anonymous callers (id 0) see public projects only; signed-in users internal ones too.
  if (ctx.user.id === 0) return project.visibility === 'public';
  return ctx.user.isAdmin || (project.members.get(ctx.user.id) ?? 0) > 0 || project.visibility !== 'private';
}

const gid = (model: string, id: number) => `gid://gitlab/${model}/${id}`;
const upper = (s: string) => s.toUpperCase();
const seconds = (from: number | null, to: number | null) => (from === null || to === null ? null : Math.max(0, Math.round((to - from) / 1000)));

function projectNode(ctx: GraphQLContext, project: SimProject) {
  return {
    id: gid('Project', project.id),
    fullPath: `${project.namespace}/${project.path}`,
    name: project.name,
    pipeline: (args: { iid?: string; id?: string; sha?: string }) => {
      if (args.iid === undefined && args.id === undefined && args.sha === undefined) return null;
      let found: SimPipeline | undefined;
      if (args.id !== undefined) {
        const m = /^gid:\/\/gitlab\/Ci::Pipeline\/(\d+)$/.exec(args.id);
        if (!m) throw new GraphQLError(`"${args.id}" is not a valid Global ID`);
        found = ctx.world.pipelines.get(Number(m[1]));
      } else {
        const ids = ctx.world.projectPipelines.get(project.id) ?? [];
        for (let i = ids.length - 1; i >= 0 && !found; i--) {
          const p = ctx.world.pipelines.get(ids[i]!)!;
          if (args.iid !== undefined ? String(p.iid) === args.iid : p.sha === args.sha) found = p;
        }
      }
      return found && found.projectId === project.id ? pipelineNode(ctx, found) : null;
    },
  };
}

function pipelineNode(ctx: GraphQLContext, p: SimPipeline): Record<string, unknown> {
  const { world } = ctx;
  const project = world.projects.get(p.projectId)!;
  const jobs = () => world.pipelineJobs(p, true);
  const firstQueued = () => jobs().reduce<number | null>((m, j) => (j.queuedAt !== null && (m === null || j.queuedAt < m) ? j.queuedAt : m), null);
  const active = ['created', 'pending', 'running', 'waiting_for_resource', 'preparing'].includes(p.status);
  return {
    id: gid('Ci::Pipeline', p.id),
    iid: String(p.iid),
    sha: p.sha,
    ref: p.ref,
    source: p.source,
    status: upper(p.status),
    duration: p.startedAt !== null && p.finishedAt !== null ? Math.round((p.finishedAt - p.startedAt) / 1000) : null,
    queuedDuration: () => {
      const q = firstQueued();
      return q !== null && p.startedAt !== null ? Math.max(0, (p.startedAt - q) / 1000) : null;
    },
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    startedAt: iso(p.startedAt),
    finishedAt: iso(p.finishedAt),
    active,
    usesNeeds: p.usesNeeds === true,
    retryable: () => jobs().some((j) => !j.retried && (j.status === 'failed' || j.status === 'canceled')),
    cancelable: active,
    path: `/${project.namespace}/${project.path}/-/pipelines/${p.id}`,
    project: () => projectNode(ctx, project),
    jobs: (args: ConnectionArgs & { retried?: boolean | null; statuses?: string[] | null }) => {
      let list = jobs();
      if (args.retried === true || args.retried === false) list = list.filter((j) => j.retried === args.retried);
      if (args.statuses) list = list.filter((j) => args.statuses!.includes(upper(j.status)));
      return connection(
        list,
        args,
        (j) => j.id,
        (j) => jobNode(ctx, j),
      );
    },
    job: (args: { id?: string; name?: string }) => {
      if (!args.id && !args.name) throw new GraphQLError('One of id or name is required');
      const id = args.id ? Number(/(\d+)$/.exec(args.id)?.[1]) : null;
      const found = jobs().find((j) => (id !== null ? j.id === id : j.name === args.name && !j.retried));
      return found ? jobNode(ctx, found) : null;
    },
    downstream: (args: ConnectionArgs) => {
      const children = jobs()
        .filter((j) => j.downstreamPipelineId !== null && !j.retried)
        .map((j) => world.pipelines.get(j.downstreamPipelineId!)!)
        .filter((c) => c !== undefined);
      return connection(
        children,
        args,
        (c) => c.id,
        (c) => pipelineNode(ctx, c),
      );
    },
    upstream: () => {
      const bridge = p.upstreamBridgeId === null ? undefined : world.jobs.get(p.upstreamBridgeId);
      const up = bridge ? world.pipelines.get(bridge.pipelineId) : undefined;
      return up ? pipelineNode(ctx, up) : null;
    },
    sourceJob: () => {
      const bridge = p.upstreamBridgeId === null ? undefined : world.jobs.get(p.upstreamBridgeId);
      return bridge ? jobNode(ctx, bridge) : null;
    },
  };
}

function jobNode(ctx: GraphQLContext, j: SimJob): Record<string, unknown> {
  const { world } = ctx;
  const project = world.projects.get(j.projectId)!;
  const pipeline = world.pipelines.get(j.pipelineId)!;
  const finished = ['success', 'failed', 'canceled', 'skipped'].includes(j.status);
  const bridge = j.trigger !== null;
  return {
    id: gid(bridge ? 'Ci::Bridge' : 'Ci::Build', j.id),
    name: j.name,
    kind: bridge ? 'BRIDGE' : 'BUILD',
    status: upper(j.status),
    stage: { id: gid('Ci::Stage', j.pipelineId * 100 + j.stageIndex), name: j.stage, status: null },
    needs: (args: ConnectionArgs) => {
      const names = j.needs ?? [];
      const byName = new Map(world.pipelineJobs(pipeline).map((o) => [o.name, o]));
      const present = names.filter((n) => byName.has(n));
      return connection(
        present,
        args,
        (n) => byName.get(n)!.id,
        (n) => ({ id: gid('Ci::BuildNeed', byName.get(n)!.id), name: n }),
      );
    },
    schedulingType: j.needs === null ? 'stage' : 'dag',
    allowFailure: j.allowFailure,
    duration: () => seconds(j.startedAt, j.finishedAt ?? (j.status === 'running' ? world.now : null)),
    queuedDuration: () => {
      const s = seconds(j.queuedAt, j.startedAt ?? (j.status === 'pending' ? world.now : null));
      return s;
    },
    createdAt: iso(j.createdAt),
    queuedAt: iso(j.queuedAt),
    startedAt: iso(j.startedAt),
    finishedAt: iso(j.finishedAt),
    erasedAt: iso(j.erasedAt),
    retried: j.retried,
    retryable: !j.retried && finished && j.status !== 'skipped',
    playable: j.status === 'manual' || (j.when === 'manual' && finished),
    manualJob: j.when === 'manual',
    cancelable: ['created', 'pending', 'running'].includes(j.status),
    active: ['created', 'pending', 'running'].includes(j.status),
    failureMessage: j.status === 'failed' && j.failureReason ? (FAILURE_MESSAGES[j.failureReason] ?? j.failureReason) : null,
    webPath: bridge ? null : `/${project.namespace}/${project.path}/-/jobs/${j.id}`,
    tags: bridge ? null : j.tagList,
    pipeline: () => pipelineNode(ctx, pipeline),
    downstreamPipeline: () => {
      const d = j.downstreamPipelineId === null ? undefined : world.pipelines.get(j.downstreamPipelineId);
      return d ? pipelineNode(ctx, d) : null;
    },
  };
}

/** Presenters' failure messages (GitLab's Gitlab::Ci::Status::Build::Failed::REASONS, the ones the simulator produces). */
const FAILURE_MESSAGES: Record<string, string> = {
  script_failure: 'There has been a script failure. Check the job log for more information',
  downstream_pipeline_creation_failed: 'The downstream pipeline could not be created',
  downstream_bridge_project_not_found: 'This job could not be executed because downstream bridge project could not be found',
  downstream_pipeline_failed: 'The downstream pipeline failed',
};

interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** GitLab's keyset cursors: base64 of `{"id":"<id>"}`. */
const cursorOf = (id: number) => Buffer.from(JSON.stringify({ id: String(id) })).toString('base64');
function idOfCursor(cursor: string): number {
  try {
    const id = Number((JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { id?: unknown }).id);
    if (Number.isInteger(id)) return id;
  } catch {
    // falls through to the error below
  }
  throw new GraphQLError('Please provide a valid cursor');
}

/** A connection over `items` in id order, `first` cut to MAX_PAGE_SIZE (GitLab's default page size too). */
function connection<T>(items: T[], args: ConnectionArgs, idOf: (item: T) => number, node: (item: T) => unknown) {
  let list = [...items].sort((a, b) => idOf(a) - idOf(b));
  if (args.after) {
    const after = idOfCursor(args.after);
    list = list.filter((i) => idOf(i) > after);
  }
  if (args.before) {
    const before = idOfCursor(args.before);
    list = list.filter((i) => idOf(i) < before);
  }
  const total = list.length;
  const first = Math.min(args.first ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const last = args.last === null || args.last === undefined ? null : Math.min(args.last, MAX_PAGE_SIZE);
  const page = last !== null && args.first == null ? list.slice(Math.max(0, list.length - last)) : list.slice(0, Math.max(0, first));
  const startIndex = list.indexOf(page[0]!);
  return {
    count: items.length,
    nodes: () => page.map(node),
    edges: () => page.map((i) => ({ cursor: cursorOf(idOf(i)), node: node(i) })),
    pageInfo: {
      hasNextPage: startIndex + page.length < total,
      hasPreviousPage: startIndex > 0 || Boolean(args.after),
      startCursor: page.length ? cursorOf(idOf(page[0]!)) : null,
      endCursor: page.length ? cursorOf(idOf(page[page.length - 1]!)) : null,
    },
  };
}
