// What a roll back, an approval and a stop act on, decided from the deployments read (newest
// first), with the reason when there is nothing they may act on — said before any request is sent.
import type { Commit, Deployment } from '../../api/index.js';
import { safeText } from '../../text/safe.js';

/** A job GitLab retries: a finished one (Ci::Build#retryable?: success, failed or canceled). */
const RETRYABLE = new Set(['success', 'failed', 'canceled']);

export type Plan<T> = { ok: true; value: T } | { ok: false; reason: string };

const refuse = <T>(reason: string): Plan<T> => ({ ok: false, reason });

/** `#12` as the lists show it (the iid), or the id when GitLab sent none. */
export const label = (d: Pick<Deployment, 'id' | 'iid'>): string => `#${d.iid ?? d.id}`;

/** The deployment typed (`:rollback 12`): by the number the lists show (iid), else by its id. */
export function findDeployment(rows: readonly Deployment[], typed: number): Deployment | undefined {
  return rows.find((d) => d.iid === typed) ?? rows.find((d) => d.id === typed);
}

/**
 * The roll back of `env` to `wanted` (default: the newest successful deployment of another commit
 * before the live one), from its deployments newest first.
 */
export function planRollback(env: string, rows: readonly Deployment[], wanted?: number): Plan<{ live: Deployment; target: Deployment }> {
  const name = safeText(env, 40);
  const live = rows.find((d) => d.status === 'success');
  if (!live) return refuse(`${name} has no successful deployment: there is nothing to roll back from`);
  let target: Deployment | undefined;
  if (wanted !== undefined) {
    target = findDeployment(rows, wanted);
    if (!target) return refuse(`No deployment #${wanted} among ${name}'s ${rows.length} newest`);
    if (target.id === live.id) return refuse(`${label(target)} is what ${name} runs now`);
  } else {
    target = rows.find((d) => d.id < live.id && d.status === 'success' && d.sha !== live.sha);
    if (!target) return refuse(`${name} has no earlier successful deployment of another commit to roll back to`);
  }
  if (target.status !== 'success') {
    return refuse(`${label(target)} did not succeed (${safeText(target.status ?? 'unknown', 20)}): only a successful deployment can be rolled back to`);
  }
  const job = target.deployable;
  if (!job) return refuse(`${label(target)} was recorded without a job (through the API): there is no job to re-run`);
  if (!RETRYABLE.has(job.status)) return refuse(`${label(target)}'s job #${job.id} is ${safeText(job.status, 20)}: GitLab re-runs only a finished job`);
  return { ok: true, value: { live, target } };
}

/** The blocked deployment an approval acts on: `wanted`, else the newest one waiting. */
export function planApproval(env: string, rows: readonly Deployment[], wanted?: number): Plan<Deployment> {
  const d = wanted !== undefined ? findDeployment(rows, wanted) : rows.find((x) => x.status === 'blocked');
  if (!d)
    return refuse(
      wanted !== undefined ? `No deployment #${wanted} among ${safeText(env, 40)}'s newest` : `No deployment of ${safeText(env, 40)} waits for an approval`,
    );
  if (d.status !== 'blocked') return refuse(`${label(d)} is ${safeText(d.status ?? 'unknown', 20)}, not waiting for an approval`);
  return { ok: true, value: d };
}

/** One line of a deployment in a question: "#12 1a2b3c4d “Fix the login” · deployed 2h ago by bob". */
export function deploymentLine(d: Deployment, age: (iso: string | undefined) => string): string {
  const title = d.deployable?.commit?.title;
  return `${label(d)} ${safeText(d.sha.slice(0, 8), 8)}${title ? ` “${safeText(title, 50)}”` : ''} · deployed ${age(d.created_at)}${d.user ? ` by ${safeText(d.user.username, 20)}` : ''}`;
}

/** The commits a roll back takes off, at most `max` lines, the rest as "and N more". */
export function commitLines(commits: readonly Commit[], max: number): string[] {
  // Newest first: what disappears first is what was deployed last.
  const newest = [...commits].reverse();
  const shown = newest.length > max ? newest.slice(0, max - 1) : newest;
  const lines = shown.map((c) => `  ${safeText(c.short_id || c.id.slice(0, 8), 8)} ${safeText(c.title, 70)}`);
  if (newest.length > shown.length) lines.push(`  and ${newest.length - shown.length} more`);
  return lines;
}
