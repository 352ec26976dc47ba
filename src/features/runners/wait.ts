// The job pane's "why is it waiting": the sentences of explain.ts from what this feature read of the
// job's project's runners (read.ts, on the job pane's poll while the job is pending), with the
// queued time growing from when GitLab said it began to wait.
import type { Job } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import { useApp, useAppState } from '../../ui/context.js';
import { explainWait } from './explain.js';
import { listId } from './slice.js';

/** The lines for a pending job of `projectId` (null for any other job). */
export function waitLines(
  state: Pick<AppState, 'runnerLists' | 'runnerInfo' | 'queuedSince' | 'projects'>,
  projectId: number,
  job: Job,
  now: number,
): string[] | null {
  if (job.status !== 'pending') return null;
  const list = state.runnerLists[listId({ scope: 'project', projectId })];
  const anchor = state.queuedSince[job.id];
  const queued = anchor ? Math.max(anchor.seconds, (now - anchor.since) / 1000) : (job.queued_duration ?? 0);
  const details: Record<number, NonNullable<AppState['runnerInfo'][number]['details']>> = {};
  for (const r of list?.rows ?? []) {
    const d = state.runnerInfo[r.id]?.details;
    if (d) details[r.id] = d;
  }
  const branch = state.projects[projectId]?.default_branch;
  return explainWait({
    tags: job.tag_list ?? [],
    ref: job.ref,
    queued,
    protectedRef: !job.tag && branch === job.ref ? true : null,
    runners: list?.rows ?? null,
    details,
    forbidden: list?.forbidden ?? false,
    error: list && !list.forbidden ? list.error : null,
    now,
  });
}

/** For the job pane: the lines, or null. Reads stable parts of the state and computes in render. */
export function useWaitLines(projectId: number, job: Job | undefined): string[] | null {
  const { now } = useApp();
  const runnerLists = useAppState((s) => s.runnerLists);
  const runnerInfo = useAppState((s) => s.runnerInfo);
  const queuedSince = useAppState((s) => s.queuedSince);
  const projects = useAppState((s) => s.projects);
  if (!job || job.status !== 'pending') return null;
  return waitLines({ runnerLists, runnerInfo, queuedSince, projects }, projectId, job, now());
}

/** A few words for a row of `:jobs pending`, from the first sentence of explainWait. */
export function waitShort(state: Pick<AppState, 'runnerLists' | 'runnerInfo' | 'queuedSince' | 'projects'>, projectId: number, job: Job, now: number): string {
  if (job.status !== 'pending') return '';
  const list = state.runnerLists[listId({ scope: 'project', projectId })];
  if (!list) return '';
  if (list.forbidden) return `${(job.tag_list ?? []).join(', ') || 'untagged'} (runners need Maintainer)`;
  const first = waitLines(state, projectId, job, now)?.[0] ?? '';
  let m: RegExpExecArray | null;
  if ((m = /^No online runner has tags? ([^(]+) \(/.exec(first))) return `no ${m[1]} online`;
  if ((m = /^No online runner has all of ([^(]+) together/.exec(first))) return `none has all ${m[1]}`;
  if (first.startsWith('No online runner runs untagged')) return 'no runner takes untagged';
  // Online runners fit it and it waits its turn among their jobs: not something to switch on.
  if ((m = /can take it: ([^\u2014]+) \u2014/.exec(first))) return `its turn: ${m[1]!.trim()}`;
  return first;
}
