// An environment row from what two cheap reads give: the environments list (no deployments in it)
// and the project's newest deployments, newest first. The first successful deployment of an
// environment among them is what runs there (GitLab's `last_deployment` is its newest successful
// one); environments they do not cover are read one by one (source.ts).
import type { Deployment, EnvironmentDetail, LastDeployment } from '../../api/index.js';
import type { EnvRow } from './slice.js';

const STATE_ORDER: Record<string, number> = { available: 0, stopping: 1, stopped: 2 };
const TIER_ORDER: Record<string, number> = { production: 0, staging: 1, testing: 2, development: 3, other: 4 };

/** Rows for `envs`, with what `recent` (newest first) says of each; `covered` names those it settled. */
export function composeRows(projectId: number, envs: readonly EnvironmentDetail[], recent: readonly Deployment[]): { rows: EnvRow[]; covered: Set<number> } {
  const latest = new Map<number, Deployment>();
  const live = new Map<number, Deployment>();
  for (const d of recent) {
    const id = d.environment?.id;
    if (id === undefined) continue;
    if (!latest.has(id)) latest.set(id, d);
    if (!live.has(id) && d.status === 'success') live.set(id, d);
  }
  const rows = envs.map((env) => ({ projectId, env, live: live.get(env.id) ?? null, latest: latest.get(env.id) ?? null }));
  return { rows: sortRows(rows), covered: new Set(live.keys()) };
}

/** What a row shows as running, from the single environment's `last_deployment` when the list did not say. */
export function withLive(row: EnvRow, last: LastDeployment | null | undefined): EnvRow {
  return last ? { ...row, live: last, latest: row.latest ?? (last as Deployment) } : row;
}

/** Available first, then stopping and stopped; production before staging before the rest; then by name. */
export function sortRows(rows: EnvRow[]): EnvRow[] {
  const rank = (r: EnvRow, table: Record<string, number>, value: string | undefined) => table[value ?? ''] ?? 9;
  return [...rows].sort(
    (a, b) =>
      rank(a, STATE_ORDER, a.env.state) - rank(b, STATE_ORDER, b.env.state) ||
      rank(a, TIER_ORDER, a.env.tier) - rank(b, TIER_ORDER, b.env.tier) ||
      a.env.name.localeCompare(b.env.name),
  );
}

/** The words `/` filters a row on. */
export function rowText(r: EnvRow): string {
  const d = r.live;
  const title = d?.deployable?.commit?.title ?? '';
  return `${r.env.name} ${r.env.tier ?? ''} ${r.env.state ?? ''} ${d ? `${d.ref} ${d.sha.slice(0, 8)} ${title} ${d.user?.username ?? ''}` : ''} ${r.latest?.status ?? ''}`;
}
