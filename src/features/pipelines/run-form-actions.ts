// The run form's life: `N` opens it for a new pipeline, `p` on a manual job for its variables; keys
// arrive here from the controller through the `keys` of the run form's spec (features/pipelines/feature.ts); Enter sends.
// A manual deploy (a stage or name like deploy/production/release, or a known environment) asks
// `[y/N]` first, naming its environment. GitLab's refusal lands beside the line it is about, and
// what was typed stays.
import { clearToast, setConfirm, setInflight } from '../../store/writers.js';
import { writePipelines } from './writers.js';
import * as nav from '../../store/nav.js';
import { isGitLabApiError, type Job, type JobVariable, type PipelineBasic } from '../../api/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { patchList, toast } from '../../store/store.js';
import type { AppState } from '../../store/types.js';
import { hiddenCharacter, safeText, visiblyEscaped } from '../../text/safe.js';
import { runJobAction } from '../jobs/index.js';
import { storePipeline } from './actions.js';
import { markPipeline } from '../marks/index.js';
import { confirmRun, DEPLOYS_OLDER, jobRun } from '../../store/confirm-run.js';
import { formRequest, isDirty, lineErrors, newPipelineForm, playJobForm, runFormKey, runFormPaste, serverErrorsOf, type RunFormState } from './run-form.js';
import { listKeys } from '../../domain/list-keys.js';

const DEPLOY_WORDS = /deploy|production|prod\b|release/i;

/**
 * The environment a manual job deploys to. GitLab's job JSON has no environment: a deployment of
 * the job already read (deployments tab) names it; else a deploy job's name says it
 * (`deploy:production` → production); else none is named.
 */
export function environmentOf(state: AppState, job: Job): string | null {
  const deployment = Object.values(state.deployments).find((d) => d.deployable?.id === job.id);
  if (deployment) return deployment.environment.name;
  const named = /^[^:]*deploy[^:]*:\s*([\w./-]+)$/i.exec(job.name)?.[1];
  return named ?? null;
}

/** Asks before playing: a deploy stage or name, or a job known to deploy somewhere. */
export function isDeployJob(state: AppState, job: Job): boolean {
  return DEPLOY_WORDS.test(job.stage) || DEPLOY_WORDS.test(job.name) || environmentOf(state, job) !== null;
}

const open = (ctx: Ctx, form: RunFormState) => {
  writePipelines(ctx.store, { runForm: form });
  nav.push(ctx.store, { kind: 'runForm', projectId: form.projectId, path: form.path });
};

/**
 * `N`: the form with the default branch prefilled (Enter at once runs it, as the old prompt did);
 * `:new REF`: with the ref typed (or Tab-completed) instead.
 */
export function openNewPipelineForm(ctx: Ctx, projectId: number, path: string, typed?: string): void {
  const branch: unknown = ctx.store.getState().projects[projectId]?.default_branch;
  const ref = typed ?? (typeof branch === 'string' ? branch : 'main');
  // The prefill is exactly what the field shows: a ref holding characters the field cannot show
  // (escapes, bidi overrides, invisible ones) is not prefilled but named, escaped.
  const hidden = hiddenCharacter(ref);
  if (!hidden) return open(ctx, newPipelineForm(projectId, path, ref));
  const form = newPipelineForm(projectId, path, '');
  const whose = typed !== undefined ? 'The ref typed' : "GitLab's default branch";
  open(ctx, {
    ...form,
    server: { ...form.server, ref: `${whose} "${visiblyEscaped(ref, 80)}" holds ${hidden}, which cannot be shown: type the branch` },
  });
}

/** `p` on a manual job: its variables, none by default (Enter plays at once). */
export function openPlayForm(ctx: Ctx, job: Job, projectId: number, path: string): void {
  open(ctx, playJobForm(projectId, path, job, environmentOf(ctx.store.getState(), job)));
}

export function closeRunForm(ctx: Ctx): void {
  // The pane goes first, so no frame shows the form's pane without its form.
  nav.back(ctx.store, (top) => top.kind === 'runForm');
  writePipelines(ctx.store, { runForm: null });
}

const patchForm = (ctx: Ctx, patch: Partial<RunFormState>) => writePipelines(ctx.store, (s) => (s.runForm ? { runForm: { ...s.runForm, ...patch } } : {}));

/** A paste while the form is in front (whole: several lines become several variables). False when no form is open. */
export function pasteIntoRunForm(ctx: Ctx, text: string): boolean {
  const state = ctx.store.getState();
  const top = state.stack[state.stack.length - 1];
  if (top?.kind !== 'runForm' || !state.runForm) return false;
  writePipelines(ctx.store, { runForm: runFormPaste(state.runForm, text) });
  return true;
}

/** Every key while the form is in front, as the keymap resolved it (scopes 'runForm', 'edit'). */
export function handleRunFormKey(ctx: Ctx, command: CommandId | null, text: string | undefined): void {
  const form = ctx.store.getState().runForm;
  if (!form) return closeRunForm(ctx);
  const step = runFormKey(form, command, text);
  if (!step) return;
  if ('cancel' in step) {
    if (!isDirty(form)) return closeRunForm(ctx);
    return setConfirm(ctx.store, {
      message: 'Discard the variables you typed?',
      detail: 'n keeps editing.',
      yes: { owner: 'pipelines', command: 'run.discardForm', args: {} },
    });
  }
  if ('submit' in step) return void submitRunForm(ctx);
  if (ctx.store.getState().toast) clearToast(ctx.store);
  writePipelines(ctx.store, { runForm: step.form });
}

const jobLabel = (job: Job) => `${safeText(job.name, 60)}`;

/** Enter: our checks first (each bad line says why), then GitLab — or the deploy's `[y/N]`. */
export async function submitRunForm(ctx: Ctx): Promise<void> {
  const form = ctx.store.getState().runForm;
  if (!form || form.submitting) return;
  const errors = lineErrors(form);
  if (Object.keys(errors).length) {
    toast(ctx.store, 'error', 'Not sent: fix the lines marked ✖');
    return;
  }
  const { target } = form;
  if (target.kind === 'job') {
    const { jobVariables } = formRequest(form);
    const args = { job: target.job, projectId: form.projectId, path: form.path, variables: jobVariables };
    if (!isDeployJob(ctx.store.getState(), target.job)) return void playWithVariables(ctx, args);
    const env = target.environment;
    const vars = jobVariables.length ? `with ${jobVariables.map((v) => safeText(v.key, 40)).join(', ')}` : 'with no variables';
    // Naming what will run (pipeline, ref, commit, age), and whether something newer is out there.
    const job = ctx.store.getState().jobs[target.job.id] ?? target.job;
    confirmRun(ctx, {
      message: `Play ${jobLabel(target.job)}${env ? ` → ${safeText(env, 40)}` : ''}?`,
      detail: `It deploys${env ? ` to ${safeText(env, 40)}` : ''} ${vars}.`,
      yes: { owner: 'pipelines', command: 'job.playConfirmed', args },
      target: jobRun(job, form.projectId, env),
      newer: DEPLOYS_OLDER,
    });
    return;
  }
  await createPipeline(ctx, form);
}

/** Plays the job with the form's variables; the form closes when GitLab took it. */
export async function playWithVariables(ctx: Ctx, a: { job: Job; projectId: number; path: string; variables: JobVariable[] }): Promise<void> {
  patchForm(ctx, { submitting: true });
  const ok = await runJobAction(ctx, 'play', a.job, a.projectId, a.path, a.variables);
  patchForm(ctx, { submitting: false });
  if (ok && ctx.store.getState().runForm?.target.kind === 'job') closeRunForm(ctx);
}

async function createPipeline(ctx: Ctx, form: RunFormState): Promise<void> {
  const ref = form.ref.trim();
  if (!ref) return patchForm(ctx, { server: { ...form.server, ref: 'type a branch or tag' } });
  const hidden = hiddenCharacter(ref);
  if (hidden) return patchForm(ctx, { server: { ...form.server, ref: `holds a hidden character (${hidden}) that is not shown: delete it` } });
  const { variables, inputs } = formRequest(form);
  const { projectId, path } = form;
  setInflight(ctx.store, 'pipeline.new', `Creating a pipeline for ${ref}…`);
  patchForm(ctx, { submitting: true, server: { lines: {}, base: [] } });
  try {
    const pipeline = await ctx.gl.pipelines.create(projectId, ref, { variables, inputs });
    storePipeline(ctx, projectId, pipeline);
    // The pipeline you created is watched: you are told when it ends (features/marks).
    markPipeline(ctx, pipeline, projectId, path);
    patchList<PipelineBasic>(ctx.store, listKeys.pipelines(projectId), (l) =>
      l.loadedAt === null ? {} : { items: [pipeline, ...l.items.filter((p) => p.id !== pipeline.id)], selected: 0 },
    );
    closeRunForm(ctx);
    nav.push(ctx.store, { kind: 'pipeline', projectId, path, pipelineId: pipeline.id, view: 'list' });
    const extra = variables.length + Object.keys(inputs).length;
    toast(
      ctx.store,
      'success',
      `Created pipeline #${pipeline.id} for ${safeText(ref, 60)} (${pipeline.status})${extra ? ` with ${plural(variables.length, 'variable')}${Object.keys(inputs).length ? ` and ${plural(Object.keys(inputs).length, 'input')}` : ''}` : ''}`,
    );
  } catch (error) {
    const now = ctx.store.getState().runForm;
    if (!now) return;
    const messages =
      isGitLabApiError(error) && error.status === 400 ? (error.fields ? Object.values(error.fields).flat() : [error.reason]) : [describeError(error)];
    const server =
      isGitLabApiError(error) && error.status === 400 ? serverErrorsOf(now, messages) : { lines: {}, base: [`GitLab refused: ${describeError(error)}`] };
    patchForm(ctx, { server });
  } finally {
    patchForm(ctx, { submitting: false });
    setInflight(ctx.store, 'pipeline.new', null);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
