// The two lists of this feature: a project's environments (the tab) and one environment's
// deployments (its pane), newest first.
import type { Deployment, EnvironmentDetail, GitLab } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import type { AppState, ListKey } from '../../store/types.js';
import { composeRows, rowText, sortRows, withLive } from './rows.js';
import { envKey, rememberRows, type EnvRow } from './slice.js';

/** Environments read at most (GitLab's pages of 100): a project with more shows these. */
const MAX_ENVIRONMENTS = 300;
/** Newest deployments read to tell what runs where in one request. */
const RECENT = 100;
/** Environments the newest deployments did not cover, read one by one at most per refresh. */
const SINGLE_READS = 12;

/** The source of `environments:<projectId>` or `envDeployments:<projectId>:<name>`, or undefined for other keys. */
export function environmentsSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind === 'environments') return tabSource(key.projectId, gl, state);
  if (key.kind === 'envDeployments') return deploymentsSource(key.projectId, key.name, gl);
  return undefined;
}

function tabSource(projectId: number, gl: GitLab, state: () => AppState): ListSource<unknown> {
  return {
    perPage: 100,
    complete: false,
    fetch: async (_page, signal) => {
      const opts = signal ? { signal } : {};
      const [envs, recent] = await Promise.all([
        gl.environments.list(projectId, { perPage: 100, ...opts }).all(MAX_ENVIRONMENTS),
        firstPage(gl.deployments.list(projectId, { order_by: 'id', sort: 'desc', perPage: RECENT, ...opts }).pages()),
      ]);
      const { rows, covered } = composeRows(projectId, envs, recent.items);
      return { items: await fillLive(gl, state, rows, covered, signal), page: 1, nextPage: null };
    },
    idOf: (r) => (r as EnvRow).env.id,
    textOf: (r) => rowText(r as EnvRow),
    remember: (store, items) => rememberRows(store, items as EnvRow[]),
  };
}

/**
 * What runs in the environments the newest deployments left out (an old review app): their single
 * GET's `last_deployment`. One read already made for an environment that has not changed since
 * (its `updated_at`) is kept; the rest wait for a later refresh beyond SINGLE_READS.
 */
async function fillLive(gl: GitLab, state: () => AppState, rows: EnvRow[], covered: Set<number>, signal: AbortSignal | undefined): Promise<EnvRow[]> {
  const known = state().environments;
  const out = rows.map((row) => {
    if (covered.has(row.env.id)) return row;
    const before = known[envKey(row.projectId, row.env.name)];
    return before && before.env.updated_at === row.env.updated_at && before.live ? withLive(row, before.live) : row;
  });
  const todo = out.filter((r) => !r.live && !covered.has(r.env.id)).slice(0, SINGLE_READS);
  const read = await Promise.all(
    todo.map((r) =>
      gl.environments
        .get(r.projectId, r.env.id, signal ? { signal } : {})
        .then((env: EnvironmentDetail) => env.last_deployment ?? null)
        .catch(() => null),
    ),
  );
  const byId = new Map(todo.map((r, i) => [r.env.id, read[i]]));
  return sortRows(out.map((r) => (byId.has(r.env.id) ? withLive(r, byId.get(r.env.id)) : r)));
}

function deploymentsSource(projectId: number, name: string, gl: GitLab): ListSource<unknown> {
  return {
    perPage: 50,
    complete: false,
    fetch: (page, signal) =>
      firstPage(
        gl.deployments
          .list(projectId, { environment: name, order_by: 'id', sort: 'desc', perPage: 50, startPage: page, ...(signal ? { signal } : {}) })
          .pages(),
      ),
    idOf: (d) => (d as Deployment).id,
    textOf: (d) => {
      const x = d as Deployment;
      return `#${x.iid} ${x.status ?? ''} ${x.ref} ${x.sha.slice(0, 8)} ${x.deployable?.commit?.title ?? ''} ${x.user?.username ?? ''} ${x.deployable?.name ?? ''}`;
    },
  } satisfies ListSource<Deployment> as ListSource<unknown>;
}
