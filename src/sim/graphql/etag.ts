// GitLab's ETag caching for GraphQL polling (lib/gitlab/etag_caching/middleware.rb, router/graphql.rb,
// store.rb): a request to /api/graphql that names a resource in X-GITLAB-GRAPHQL-RESOURCE-ETAG gets
// the resource's current tag as a weak ETag; the same tag in If-None-Match is answered 304 with an
// empty body before authentication and before any resolver runs — or 429 when an administrator
// disabled polling. A tag changes only when Ci::ExpirePipelineCacheService touches it: on a status
// change of a pipeline or one of its jobs, for that pipeline and its upstream and downstream ones.
// The key is the resource, not the query: every query about a pipeline shares one tag.
import type { SimJob, SimPipeline } from '../model.js';
import type { World } from '../world/world.js';

export const RESOURCE_HEADER = 'x-gitlab-graphql-resource-etag';

/** router/graphql.rb's routes: bare resources, or prefixed `/api/graphql:` as GitLab's own pages send them. */
const ROUTES = [/^pipelines\/id\/\d+$/, /^pipelines\/sha\/\w{7,40}$/];

export function resourceOf(header: string | string[] | undefined): string | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return null;
  const bare = raw.startsWith('/api/graphql:') ? raw.slice('/api/graphql:'.length) : raw;
  return ROUTES.some((r) => r.test(bare)) ? bare : null;
}

export class EtagStore {
  private readonly values = new Map<string, string>();
  private counter = 0;
  /** Touches, by resource (tests and the cost bench read them). */
  readonly touches = new Map<string, number>();

  constructor(private readonly world: World) {
    world.jobListeners.add((job) => this.jobChanged(job));
  }

  /** The current tag, made when missing (Store#touch only_if_missing). */
  etagOf(resource: string): string {
    let value = this.values.get(resource);
    if (value === undefined) {
      value = this.next();
      this.values.set(resource, value);
    }
    return `W/"${value}"`;
  }

  touch(resource: string): void {
    this.values.set(resource, this.next());
    this.touches.set(resource, (this.touches.get(resource) ?? 0) + 1);
  }

  private next(): string {
    // Store#touch writes a random hex value; a counter is as unique and keeps runs deterministic.
    return (++this.counter).toString(16).padStart(20, '0');
  }

  /** Ci::ExpirePipelineCacheService for the job's pipeline: it, its upstream chain and every downstream. */
  private jobChanged(job: SimJob): void {
    const pipeline = this.world.pipelines.get(job.pipelineId);
    if (!pipeline) return;
    for (const p of this.related(pipeline)) {
      this.touch(`pipelines/id/${p.id}`);
      this.touch(`pipelines/sha/${p.sha}`);
    }
  }

  private related(pipeline: SimPipeline): SimPipeline[] {
    const out = new Set<SimPipeline>([pipeline]);
    for (let up = this.upstreamOf(pipeline); up && !out.has(up); up = this.upstreamOf(up)) out.add(up);
    const queue = [pipeline];
    while (queue.length) {
      const p = queue.shift()!;
      for (const id of p.jobIds) {
        const child = this.world.jobs.get(id)?.downstreamPipelineId;
        const downstream = child == null ? undefined : this.world.pipelines.get(child);
        if (downstream && !out.has(downstream)) {
          out.add(downstream);
          queue.push(downstream);
        }
      }
    }
    return [...out];
  }

  private upstreamOf(p: SimPipeline): SimPipeline | undefined {
    const bridge = p.upstreamBridgeId === null ? undefined : this.world.jobs.get(p.upstreamBridgeId);
    return bridge ? this.world.pipelines.get(bridge.pipelineId) : undefined;
  }
}
