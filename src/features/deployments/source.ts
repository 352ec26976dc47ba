// The deployments list, newest first (GitLab lists them oldest first unless asked otherwise).
import { isGitLabApiError, type Deployment, type GitLab, type Page } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import type { ListKey } from '../../store/types.js';

/**
 * Clients whose server refused `order_by`/`sort` on deployments (a 400): they page by the probe
 * below from then on, without asking again.
 */
const refusesOrder = new WeakSet<GitLab>();

/** The source of `deployments:<projectId>`, or undefined for other keys. */
export function deploymentsSource(key: ListKey, gl: GitLab): ListSource<unknown> | undefined {
  if (key.kind !== 'deployments') return undefined;
  const { projectId } = key;
  return {
    perPage: 50,
    complete: false,
    // GitLab lists deployments oldest first by default; its web page and its users want the newest
    // first, which GitLab gives with order_by=id&sort=desc: one request a page, whether or not
    // GitLab sends totals (docs/gitlab-api.md "Deployments, newest first").
    fetch: async (page, signal) => {
      if (!refusesOrder.has(gl)) {
        try {
          return await firstPage(gl.deployments.list(projectId, { order_by: 'id', sort: 'desc', perPage: 50, startPage: page, signal }).pages());
        } catch (error) {
          if (!(isGitLabApiError(error) && error.kind === 'http' && error.status === 400)) throw error;
          refusesOrder.add(gl);
        }
      }
      return newestFirstByProbe(gl, projectId, page, signal);
    },
    idOf: (d) => (d as Deployment).id,
    textOf: (d) => {
      const x = d as Deployment;
      return `#${x.iid} ${x.environment?.name ?? ''} ${x.ref} ${x.sha.slice(0, 8)} ${x.status ?? ''} ${x.user?.username ?? ''} ${x.deployable?.name ?? ''}`;
    },
  } satisfies ListSource<Deployment> as ListSource<unknown>;
}

/**
 * For a server that refuses order_by/sort: with the total known (a one-row probe), read its pages
 * from the last one back, each reversed — our page 1 is its last two pages (so it is never a stub),
 * our page p its page N-p. Without a total, keep the server's order.
 */
async function newestFirstByProbe(gl: GitLab, projectId: number, page: number, signal: AbortSignal | undefined): Promise<Page<Deployment>> {
  const list = (at: number, perPage = 50) => firstPage(gl.deployments.list(projectId, { perPage, startPage: at, ...(signal ? { signal } : {}) }).pages());
  const probe = await list(1, 1);
  if (probe.total === undefined) return list(page);
  const last = Math.max(1, Math.ceil(probe.total / 50));
  const servers = page === 1 ? [last, last - 1] : [last - page];
  const got = await Promise.all(servers.filter((n) => n >= 1).map((n) => list(n)));
  const items = got.flatMap((p) => [...p.items].reverse());
  const oldest = Math.min(...servers);
  return { items, page, nextPage: oldest > 1 ? page + 1 : null };
}
