// Why a pending job waits, by GitLab's matching rules (docs/gitlab-api.md "Runners"): a runner takes
// a job when it is not paused, online, carries every tag of the job (an untagged job needs
// run_untagged), and is not ref_protected for an unprotected ref. From the runners the project may
// use (their list and each one's details), say which rule holds the job, which runner nearly fits,
// and when GitLab will drop it as stuck. Pure: the pane and its tests call it alike.
import type { Runner, RunnerDetails } from '../../api/index.js';
import { duration } from '../../time/duration.js';
import { relativeTime } from '../../time/relative-time.js';

/** Ci::StuckBuilds::DropPendingService: a job stuck this long is failed with stuck_or_timeout_failure. */
export const STUCK_DROP_SECONDS = 3600;

export interface WaitFacts {
  tags: readonly string[];
  ref: string;
  /** Seconds it has waited. */
  queued: number;
  /** Whether its ref is protected: true for the default branch (GitLab protects it unless told), else unknown. */
  protectedRef: boolean | null;
  /** The project's runners, or null while they are read (or could not be). */
  runners: readonly Runner[] | null;
  details: Readonly<Record<number, RunnerDetails | undefined>>;
  /** The list was refused with 403: the role is below Maintainer. */
  forbidden: boolean;
  error: string | null;
  now: number;
}

type State = 'online' | 'paused' | 'offline' | 'stale' | 'never contacted';

/** A runner's state as GitLab's status says it, paused first (a paused runner takes nothing however it polls). */
export function runnerState(r: Runner): State {
  if (r.status === 'stale') return 'stale';
  if (r.status === 'never_contacted') return 'never contacted';
  if (r.paused === true || r.status === 'paused' || r.active === false) return 'paused';
  return r.online === true || r.status === 'online' ? 'online' : 'offline';
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (words: readonly string[]) => words.join(', ');

/** "offline since 3h", "stale (last contact 2026-10-11)", "paused", "never contacted GitLab". */
function stateWords(r: Runner, d: RunnerDetails | undefined, now: number): string {
  const state = runnerState(r);
  const since = d?.contacted_at ? relativeTime(d.contacted_at, now).replace(/ ago$/, '') : null;
  if (state === 'offline') return since ? `offline since ${since}` : 'offline';
  if (state === 'stale') return since ? `stale (last contact ${since}${/^\d{4}-/.test(since) ? '' : ' ago'})` : 'stale';
  if (state === 'never contacted') return 'never contacted GitLab';
  return state;
}

/** Whether `r` (with its details) could take the job by tags alone. */
function carries(d: RunnerDetails, tags: readonly string[]): boolean {
  if (tags.length === 0) return d.run_untagged === true;
  return tags.every((t) => (d.tag_list ?? []).includes(t));
}

/** Levenshtein distance, for tags one edit or two apart ("gpu-h100" / "gpu-a100"). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** A tag near `tag`: one or two edits away, or one naming the other, or the same stem before a `-`. */
export function nearTag(tag: string, offered: readonly string[]): string | null {
  const stem = (t: string) => t.split(/[-_:.]/)[0]!;
  let best: { tag: string; score: number } | null = null;
  for (const o of offered) {
    if (o === tag) continue;
    const d = distance(tag.toLowerCase(), o.toLowerCase());
    const score = d <= 2 ? d : o.includes(tag) || tag.includes(o) ? 3 : stem(o) === stem(tag) && stem(tag).length >= 2 ? 4 : Infinity;
    if (score < Infinity && (!best || score < best.score)) best = { tag: o, score };
  }
  return best?.tag ?? null;
}

/** The sentences: the cause first, then the runners around it, then GitLab's clock on it. */
export function explainWait(f: WaitFacts): string[] {
  const tagWords = f.tags.length ? `tag${f.tags.length === 1 ? '' : 's'} ${list(f.tags)}` : 'no tags';
  const queued = `pending ${duration(f.queued)}`;
  if (f.forbidden) {
    return [
      `It needs a runner with ${tagWords} (${queued}).`,
      `Which runners could take it is not known: listing this project's runners needs the Maintainer role (GitLab answered 403).`,
      dropLine(f, null),
    ];
  }
  if (f.error) return [`It needs a runner with ${tagWords} (${queued}). Its runners could not be read: ${f.error}`];
  if (!f.runners) return [`It needs a runner with ${tagWords} (${queued}). Reading the runners this project can use…`];
  const runners = f.runners;
  const lacking = runners.filter((r) => !f.details[r.id]);
  // No verdict on part of the runners: one not read yet may be the one that fits.
  if (lacking.length)
    return [
      `It needs a runner with ${tagWords} (${queued}). Reading the tags of the runners this project can use (${runners.length - lacking.length} of ${runners.length})…`,
    ];
  const takers: string[] = [];
  const blocked: string[] = [];
  const protectedOnly: string[] = [];
  for (const r of runners) {
    const d = f.details[r.id];
    if (!d || !carries(d, f.tags)) continue;
    const name = r.description || `#${r.id}`;
    const state = runnerState(r);
    if (state !== 'online') blocked.push(`${name} (${stateWords(r, d, f.now)})`);
    else if (d.access_level === 'ref_protected' && f.protectedRef !== true) protectedOnly.push(name);
    else takers.push(`${name}${(d.job_execution_status ?? r.job_execution_status) === 'active' ? ' (busy)' : ''}`);
  }
  const out: string[] = [];
  const summary = `of ${plural(runners.length, 'runner')} this project can use: ${census(runners, f)}`;
  if (takers.length) {
    out.push(`${plural(takers.length, 'online runner')} can take it: ${list(takers)} — it waits its turn (${queued}).`);
    out.push(`(${summary})`);
    return out;
  }
  if (f.tags.length === 0) out.push(`No online runner runs untagged jobs (${summary}).`);
  else {
    const online = runners.filter((r) => runnerState(r) === 'online' && f.details[r.id]);
    const offered = [...new Set(online.flatMap((r) => f.details[r.id]!.tag_list ?? []))];
    const missing = f.tags.filter((t) => !offered.includes(t));
    out.push(
      missing.length
        ? `No online runner has ${missing.length === 1 ? 'tag' : 'tags'} ${list(missing)} (${summary}).`
        : `No online runner has all of ${list(f.tags)} together (${summary}).`,
    );
    for (const t of missing) {
      const near = nearTag(t, offered);
      if (near) {
        const who = online.find((r) => (f.details[r.id]!.tag_list ?? []).includes(near))!;
        out.push(`${near} is online (${who.description || `#${who.id}`}) — did you mean it?`);
      }
    }
  }
  if (protectedOnly.length)
    out.push(
      `${list(protectedOnly)} ${protectedOnly.length === 1 ? 'carries' : 'carry'} them but ${protectedOnly.length === 1 ? 'takes' : 'take'} protected refs only: is ${f.ref} protected?`,
    );
  if (blocked.length) out.push(`${list(blocked)} ${blocked.length === 1 ? 'carries' : 'carry'} them.`);
  out.push(dropLine(f, protectedOnly.length ? null : true));
  return out;
}

/** How the runners stand: "2 offline, 1 paused, 7 online (3 with docker, linux; 1 with gpu)". */
function census(runners: readonly Runner[], f: WaitFacts): string {
  const by = new Map<State, Runner[]>();
  for (const r of runners) by.set(runnerState(r), [...(by.get(runnerState(r)) ?? []), r]);
  const parts: string[] = [];
  for (const state of ['offline', 'paused', 'stale', 'never contacted'] as const) {
    const n = by.get(state)?.length ?? 0;
    if (n) parts.push(`${n} ${state}`);
  }
  const online = by.get('online') ?? [];
  if (online.length) {
    const sets = new Map<string, number>();
    for (const r of online) {
      const tags = f.details[r.id]?.tag_list;
      const key = tags ? (tags.length ? list(tags) : 'no tags') : '?';
      sets.set(key, (sets.get(key) ?? 0) + 1);
    }
    const shown = [...sets].filter(([k]) => k !== '?').sort((a, b) => b[1] - a[1]);
    const withTags = shown.length
      ? ` (${shown
          .slice(0, 3)
          .map(([k, n]) => `${n} with ${k}`)
          .join('; ')}${shown.length > 3 ? '; …' : ''})`
      : '';
    parts.push(`${online.length} online${withTags}`);
  }
  return parts.join(', ') || 'none';
}

/** GitLab's stuck-jobs worker: when it will fail this job, or that it may any moment. */
function dropLine(f: WaitFacts, stuck: true | null): string {
  const left = STUCK_DROP_SECONDS - f.queued;
  const when = left > 0 ? `in ${duration(left)}` : 'on its next hourly run';
  return stuck
    ? `GitLab fails a job stuck an hour with stuck_or_timeout_failure: ${when}.`
    : `GitLab fails a job with no online runner for it after an hour stuck (stuck_or_timeout_failure).`;
}
