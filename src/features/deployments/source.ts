// The deployments list, newest first (GitLab lists them oldest first).
import type { Deployment, GitLab } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import type { ListKey } from '../../store/types.js';

/** The source of `deployments:<projectId>`, or undefined for other keys. */
export function deploymentsSource(key: ListKey, gl: GitLab): ListSource<unknown> | undefined {
  if (key.kind !== 'deployments') return undefined;
  const { projectId } = key;
  return {
    perPage: 50,
    complete: false,
    // GitLab lists deployments oldest first (and docs/gitlab-api.md §4.4 gives no sort parameter); its web page
    // and its users want the newest first. With the total known (a one-row probe), read GitLab's
    // pages from the last one back, each reversed: our page 1 is its last two pages (so it is
    // never a stub), our page p its page N-p. Without a total, keep GitLab's order.
    fetch: async (page, signal) => {
      const list = (at: number, perPage = 50) => firstPage(gl.deployments.list(projectId, { perPage, startPage: at, signal }).pages());
      const probe = await list(1, 1);
      if (probe.total === undefined) return list(page);
      const last = Math.max(1, Math.ceil(probe.total / 50));
      const servers = page === 1 ? [last, last - 1] : [last - page];
      const got = await Promise.all(servers.filter((n) => n >= 1).map((n) => list(n)));
      const items = got.flatMap((p) => [...p.items].reverse());
      const oldest = Math.min(...servers);
      return { items, page, nextPage: oldest > 1 ? page + 1 : null };
    },
    idOf: (d) => (d as Deployment).id,
    textOf: (d) => {
      const x = d as Deployment;
      return `#${x.iid} ${x.environment?.name ?? ''} ${x.ref} ${x.sha.slice(0, 8)} ${x.status ?? ''} ${x.user?.username ?? ''} ${x.deployable?.name ?? ''}`;
    },
  } satisfies ListSource<Deployment> as ListSource<unknown>;
}
