// One-key actions on jobs, and artifact downloads. Each is guarded (read-only mode, already in
// flight), destructive ones ask first, and the result — or GitLab's own error message — lands in a
// toast while the store takes the new state at once.
import { setConfirm, setDownload, setPrompt } from '../../store/writers.js';
import * as nav from '../../store/nav.js';
import { join } from 'node:path';
import type { Job, JobVariable } from '../../api/index.js';
import { segment } from '../../api/paths.js';
import { placementNote, replaceQuestion, TargetError } from '../../lib/safe-file.js';
import { safeText } from '../../text/safe.js';
import type { ConfirmAction } from '../../store/continuations.js';
import { describeError } from '../../store/errors.js';
import type { Ctx } from '../../store/ctx.js';
import { actionKey, guarded } from '../../store/guard.js';
import { isGitLabApiError } from '../../api/index.js';
import { FINISHED, isActiveStatus } from '../../lib/status.js';
import { patchActedRows } from '../../store/lists.js';
import { patchList, toast, topPane } from '../../store/store.js';
import { listKeyText, type Pane } from '../../store/types.js';
import { listKeys } from '../../domain/list-keys.js';
import { writeJobs } from '../../domain/jobs.js';

export type JobVerb = 'retry' | 'cancel' | 'play' | 'erase' | 'keep';

const JOB_WORDS: Record<JobVerb, { doing: string; done: string }> = {
  retry: { doing: 'Retrying', done: 'Retried' },
  cancel: { doing: 'Canceling', done: 'Canceled' },
  play: { doing: 'Starting', done: 'Started' },
  erase: { doing: 'Erasing', done: 'Erased' },
  keep: { doing: 'Keeping artifacts of', done: 'Kept artifacts of' },
};

const jobLabel = (job: Job) => `job #${job.id} ${safeText(job.name, 60)}`;

export function jobAction(ctx: Ctx, verb: JobVerb, job: Job, projectId: number, path: string): void {
  const pointless = pointlessReason(verb, job);
  if (pointless) return void toast(ctx.store, 'info', `${capitalize(jobLabel(job))} ${pointless}`);
  if (verb === 'cancel') {
    setConfirm(ctx.store, {
      message: `Cancel ${jobLabel(job)}? It stops now and is marked canceled.`,
      yes: { owner: 'jobs', command: 'job.confirmed', args: { verb, job, projectId, path } },
    });
  } else if (verb === 'erase') {
    setConfirm(ctx.store, {
      message: `Erase ${jobLabel(job)}? Its log and artifacts are deleted.`,
      yes: { owner: 'jobs', command: 'job.confirmed', args: { verb, job, projectId, path } },
    });
  } else void runJobAction(ctx, verb, job, projectId, path);
}

/**
 * Why an action would do nothing to this job, said before asking GitLab (which answers a cancel of
 * a finished job with 201 and the job unchanged, and a keep without artifacts with a bare 404).
 */
function pointlessReason(verb: JobVerb, job: Job): string | null {
  if (verb === 'cancel' && !isActiveStatus(job.status))
    return FINISHED.has(job.status) ? `already finished (${job.status}): nothing to cancel` : `is ${job.status}: nothing to cancel`;
  if (verb === 'keep' && !job.artifacts_file) return job.erased_at ? 'was erased: it has no artifacts to keep' : 'has no artifacts to keep';
  if (verb === 'erase' && job.erased_at) return 'was already erased';
  return null;
}

/** GitLab's refusal, said as what it means for this job. */
function refusal(verb: JobVerb, job: Job, error: unknown): string | null {
  if (!isGitLabApiError(error) || error.kind !== 'http') return null;
  // A `read_api` token reaches no POST: GitLab answers 403 {"error":"insufficient_scope"} before
  // looking at the job (docs/gitlab-api.md "Errors").
  if (error.status === 403 && /^insufficient_scope\b/.test(error.reason)) {
    return `cannot be ${PAST[verb]} with this token: it lacks the \`api\` scope (a read_api token can only read)`;
  }
  if (verb === 'keep' && error.status === 404) return 'has no artifacts to keep (expired or erased)';
  if (verb === 'erase') {
    // GitLab's erase endpoint (docs/gitlab-api.md "Erase refusals"): 404 when no such job, 403
    // "Job is not erasable!" unless the job is complete and has a log or artifacts
    // (Ci::Build#erasable?), a bare 403 without the erase_build permission.
    if (error.status === 404) return 'was not found: it may have been deleted';
    if (error.status === 403 && /not erasable/i.test(error.reason)) {
      return FINISHED.has(job.status) || job.status === 'skipped'
        ? 'has nothing to erase (no log or artifacts, or already erased)'
        : `is not erasable yet: GitLab erases only finished jobs (it is ${job.status})`;
    }
    if (error.status === 403) return `may not be erased by you: GitLab refused (${error.reason})`;
  }
  return null;
}

const PAST: Record<JobVerb, string> = { retry: 'retried', cancel: 'canceled', play: 'started', erase: 'erased', keep: 'kept' };

/** Sends the action (after the confirm, for cancel and erase); `variables` go with play. True when GitLab took it. */
export async function runJobAction(ctx: Ctx, verb: JobVerb, job: Job, projectId: number, path: string, variables?: readonly JobVariable[]): Promise<boolean> {
  let ok = false;
  await guarded(ctx, actionKey('job', verb, job.id), `${JOB_WORDS[verb].doing} ${jobLabel(job)}…`, async () => {
    try {
      const api = ctx.gl.jobs;
      const result =
        verb === 'retry'
          ? await api.retry(projectId, job.id)
          : verb === 'cancel'
            ? await api.cancel(projectId, job.id)
            : verb === 'play'
              ? await api.play(projectId, job.id, variables?.length ? { variables } : undefined)
              : verb === 'erase'
                ? await api.erase(projectId, job.id)
                : await api.keepArtifacts(projectId, job.id);
      applyJobResult(ctx, verb, job, result, projectId, path);
      ok = true;
      ctx.acted?.();
    } catch (error) {
      const meaning = refusal(verb, job, error);
      toast(
        ctx.store,
        'error',
        meaning ? `${capitalize(jobLabel(job))} ${meaning}` : `${capitalize(verb)} failed for ${jobLabel(job)}: ${describeError(error)}`,
      );
    }
  });
  return ok;
}

/** Action responses lack `pipeline` and carry a null `user`: merge, don't replace. */
function merge(old: Job | undefined, fresh: Job): Job {
  if (!old) return fresh;
  return { ...old, ...fresh, pipeline: fresh.pipeline ?? old.pipeline, user: fresh.user ?? old.user };
}

function applyJobResult(ctx: Ctx, verb: JobVerb, job: Job, result: Job, projectId: number, path: string): void {
  const pipelineKey = job.pipeline ? listKeys.pipelineJobs(projectId, job.pipeline.id) : null;
  if (verb === 'retry') {
    const fresh: Job = { ...result, pipeline: result.pipeline ?? job.pipeline, user: result.user ?? job.user };
    writeJobs(ctx.store, (s) => ({ jobs: { ...s.jobs, [fresh.id]: fresh, [job.id]: { ...job, retried: true } } }));
    // The new attempt joins the pipeline's rows: its job's row shows it, in the same place, with the
    // attempt count (attempts.ts). A list filtered by status holds no other attempts: replace there.
    if (pipelineKey) {
      const filtered = (ctx.store.getState().jobScopes[listKeyText(pipelineKey)] ?? []).length > 0;
      patchList<Job>(ctx.store, pipelineKey, (l) => ({
        items: filtered ? l.items.map((j) => (j.id === job.id ? fresh : j)) : l.items.some((j) => j.id === fresh.id) ? l.items : [...l.items, fresh],
      }));
    }
    // The project's jobs: the new job on top (the newest id: GitLab's order), the cursor kept on
    // the row retried — a `p`/`r` typed next acts on what the user is looking at.
    patchActedRows(ctx, listKeys.projectJobs(projectId), job.id, (items) => [fresh, ...(items as Job[]).filter((j) => j.id !== fresh.id)]);
    // On the old job's own pane, show the new job instead.
    const top = topPane(ctx.store.getState());
    if (top.kind === 'job' && top.jobId === job.id) replaceTop(ctx, { kind: 'job', projectId, path, jobId: fresh.id });
    toast(ctx.store, 'success', `Retried ${jobLabel(job)}: new job #${fresh.id} is ${fresh.status}`);
    return;
  }
  // play answers `started` (docs/gitlab-api.md §3); the job is really pending until a runner takes it.
  const status = verb === 'play' && result.status === 'started' ? 'pending' : result.status;
  const updated = merge(ctx.store.getState().jobs[job.id] ?? job, { ...result, status });
  if (verb === 'erase' || verb === 'keep') {
    if (verb === 'erase') updated.artifacts_file = null;
    delete updated.download_url;
  }
  // An erase answer may lack `erased_at` on an older server: GitLab has removed the log either way.
  if (verb === 'erase' && !updated.erased_at) updated.erased_at = new Date(ctx.now()).toISOString();
  const me = ctx.store.getState().user;
  writeJobs(ctx.store, (s) => ({
    jobs: { ...s.jobs, [job.id]: updated },
    ...(verb === 'erase' && me ? { erasedBy: { ...s.erasedBy, [job.id]: `${me.name} (@${me.username})` } } : {}),
  }));
  // The row stays where it is, and stays in the list (a played job leaves `s manual`'s filter)
  // with the cursor on it (store/lists.ts patchActedRows).
  for (const key of [pipelineKey, listKeys.projectJobs(projectId)]) {
    if (key) patchActedRows(ctx, key, job.id, (items) => (items as Job[]).map((j) => (j.id === job.id ? updated : j)));
  }
  const word = JOB_WORDS[verb].done;
  if (verb === 'cancel' && updated.status !== 'canceled' && updated.status !== 'canceling') {
    return void toast(ctx.store, 'info', `${capitalize(jobLabel(job))} already finished (${updated.status}): nothing to cancel`);
  }
  toast(
    ctx.store,
    'success',
    verb === 'keep'
      ? `${word} ${jobLabel(job)}: they no longer expire`
      : `${word} ${jobLabel(job)}${verb === 'play' || verb === 'cancel' ? ` (${status})` : ''}`,
  );
}

/** `d`: asks where to save (a default filled in), then streams the zip with a progress bar. */
export function downloadArtifacts(ctx: Ctx, job: Job, projectId: number): void {
  if (!job.artifacts_file) {
    toast(ctx.store, 'error', `${capitalize(jobLabel(job))} has no artifacts to download`);
    return;
  }
  const initial = join(ctx.platform.downloadDir, `artifacts-${job.id}-${fileSafe(job.name)}.zip`);
  setPrompt(ctx.store, {
    id: 'job.download',
    label: 'Save artifacts to:',
    initial,
    hint: `${job.artifacts_file.size.toLocaleString('en')} bytes · the downloads directory (config downloads:) · enter to download · esc to cancel`,
    submit: { owner: 'jobs', command: 'job.download', args: { job, projectId } },
  });
}

/** Enter in the `d` prompt: starts the download (its progress shows in the footer). */
export function submitDownload(ctx: Ctx, { job, projectId }: { job: Job; projectId: number }, value: string): string | null {
  const dest = value.trim();
  if (!dest) return 'Type a file path';
  // A typed name that differs from the one offered is explicit: if it exists, ask before replacing.
  const initial = join(ctx.platform.downloadDir, `artifacts-${job.id}-${fileSafe(job.name)}.zip`);
  void downloadJobArtifacts(ctx, { job, projectId, dest, explicit: dest !== initial, overwrite: false });
  return null;
}

/** The download itself; `y` on "exists. Replace it?" comes back here with `overwrite` (job.downloadOverwrite). */
export function downloadJobArtifacts(ctx: Ctx, a: { job: Job; projectId: number; dest: string; explicit: boolean; overwrite: boolean }): Promise<void> {
  const expectedSize = a.job.artifacts_file?.size;
  return startDownload(
    ctx,
    actionKey('job', 'download', a.job.id),
    `artifacts of ${jobLabel(a.job)}`,
    { owner: 'jobs', command: 'job.downloadOverwrite', args: { ...a, overwrite: true } },
    (onProgress) =>
      ctx.gl.jobs.downloadArtifacts(a.projectId, a.job.id, a.dest, {
        onProgress,
        explicit: a.explicit,
        overwrite: a.overwrite,
        ...(expectedSize !== undefined ? { expectedSize } : {}),
        ...(ctx.platform.maxDownloadBytes !== undefined ? { maxBytes: ctx.platform.maxDownloadBytes } : {}),
      }),
    a.dest,
  );
}

/** `:artifacts <ref> <job>`: asks where to save (the downloads directory's path filled in), as `d` does. */
/** `:artifacts <ref> <job>`: asks where to save, once the ref can be asked for at all (else says why). */
export function downloadArtifactsByRef(ctx: Ctx, projectId: number, ref: string, jobName: string): string | null {
  // `.`, `..` and empty are refused where the URL is built; say so now, not after asking for a file.
  try {
    segment(ref, 'ref');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  setPrompt(ctx.store, {
    id: 'job.downloadByRef',
    label: 'Save artifacts to:',
    initial: byRefPath(ctx, ref, jobName),
    hint: `the latest successful ${safeText(jobName, 60)} on ${safeText(ref, 60)} · enter to download · esc to cancel`,
    submit: { owner: 'jobs', command: 'job.downloadByRef', args: { projectId, ref, jobName } },
  });
  return null;
}

const byRefPath = (ctx: Ctx, ref: string, jobName: string) => join(ctx.platform.downloadDir, `artifacts-${fileSafe(ref)}-${fileSafe(jobName)}.zip`);

/** Enter in the `:artifacts` prompt: the download, its progress in the footer. */
export function submitDownloadByRef(ctx: Ctx, a: { projectId: number; ref: string; jobName: string }, value: string): string | null {
  const dest = value.trim();
  if (!dest) return 'Type a file path';
  // The name offered is never overwritten (a taken one gets a free suffix); a typed one asks first.
  void downloadArtifactsByRefTo(ctx, { ...a, dest }, dest !== byRefPath(ctx, a.ref, a.jobName), false);
  return null;
}

export function downloadArtifactsByRefTo(
  ctx: Ctx,
  a: { projectId: number; ref: string; jobName: string; dest: string },
  explicit: boolean,
  overwrite: boolean,
): Promise<void> {
  return startDownload(
    ctx,
    `artifacts:${a.ref}:${a.jobName}`,
    `artifacts of ${safeText(a.jobName, 60)} on ${safeText(a.ref, 60)}`,
    { owner: 'jobs', command: 'job.downloadByRefOverwrite', args: a },
    (onProgress) =>
      ctx.gl.jobs.downloadArtifactsByRef(a.projectId, a.ref, a.jobName, a.dest, {
        onProgress,
        explicit,
        overwrite,
        ...(ctx.platform.maxDownloadBytes !== undefined ? { maxBytes: ctx.platform.maxDownloadBytes } : {}),
      }),
    a.dest,
  );
}

type Progress = (p: { received: number; total?: number }) => void;

function startDownload(
  ctx: Ctx,
  key: string,
  what: string,
  replace: ConfirmAction | null,
  work: (onProgress: Progress) => Promise<{ bytes: number; path: string }>,
  requested: string,
): Promise<void> {
  return guarded(ctx, key, `Downloading ${what}…`, async () => {
    let last = 0;
    setDownload(ctx.store, { label: what, received: 0 });
    try {
      const result = await work((p) => {
        // Progress events come per chunk; a few store updates a second are plenty for a bar.
        const now = ctx.now();
        if (now - last < 100 && p.received !== p.total) return;
        last = now;
        setDownload(ctx.store, { label: what, received: p.received, ...(p.total !== undefined ? { total: p.total } : {}) });
      });
      // The name offered was taken (src/lib/safe-file.ts adds " (1)"): say so, or the file seems lost.
      const note = await placementNote(requested, result.path);
      toast(
        ctx.store,
        'success',
        `Saved ${what} to ${safeText(result.path, 300)} (${result.bytes.toLocaleString('en')} bytes${note ? `; ${safeText(note, 200)}` : ''})`,
      );
    } catch (error) {
      // A typed name that exists (src/lib/safe-file.ts): ask, then download again with overwrite.
      if (replace && error instanceof TargetError && error.kind === 'exists') {
        setConfirm(ctx.store, { message: safeText(replaceQuestion(requested, error.path), 400), yes: replace });
      } else {
        const why = error instanceof TargetError ? safeText(error.message, 300) : describeError(error);
        toast(ctx.store, 'error', `Download of ${what} failed: ${why}`);
      }
    } finally {
      setDownload(ctx.store, null);
    }
  });
}

export function replaceTop(ctx: Ctx, pane: Pane): void {
  nav.replaceTop(ctx.store, pane);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
