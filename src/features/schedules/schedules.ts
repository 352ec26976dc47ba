// Pipeline schedule actions (docs/gitlab-api.md §4.3): the create/edit form's life (open, keys, submit, cancel),
// toggle active, take ownership, delete, and the list's scope filter. Read-only mode refuses each
// before anything is asked or sent; changes go through `guarded` so a key can't fire one twice;
// GitLab's refusals land beside the form's fields or in a toast, and typed values are never lost.
import { clearToast, setConfirm, setListFilters } from '../../store/writers.js';
import * as nav from '../../store/nav.js';
import { writeSchedules } from './slice.js';
import { isGitLabApiError, type PipelineSchedule, type ScheduleInput } from '../../api/index.js';
import { describeCron } from '../../cron/cron.js';
import { safeText } from '../../text/safe.js';
import { guarded } from '../../store/guard.js';
import type { Ctx } from '../../store/ctx.js';
import type { CommandId } from '../../keymap/bindings.js';
import { describeError } from '../../store/errors.js';
import { resetList } from '../../store/lists.js';
import {
  editScheduleForm,
  formKey,
  formPaste,
  isDirty,
  newScheduleForm,
  userZone,
  scheduleInput,
  serverErrors,
  validateSchedule,
  type FormErrors,
  type ScheduleFormState,
} from './schedule-form.js';
import { visibleRows } from '../../store/sources.js';
import { scheduleText } from './source.js';
import { patchList, toast, topPane } from '../../store/store.js';
import { listKeyText } from '../../store/types.js';
import { schedulesList } from './slice.js';

export const scheduleLabel = (s: Pick<PipelineSchedule, 'id' | 'description'>): string => `schedule #${s.id} ${safeText(s.description, 60)}`;
const ownerText = (s: PipelineSchedule): string => (s.owner ? `${safeText(s.owner.name, 40)} (@${safeText(s.owner.username, 40)})` : 'nobody');

/** A schedule GitLab sent back goes everywhere it is shown: the detail and the list row. */
export function storeSchedule(ctx: Ctx, projectId: number, schedule: PipelineSchedule): void {
  writeSchedules(ctx.store, (s) => ({ schedules: { ...s.schedules, [schedule.id]: { ...s.schedules[schedule.id], ...schedule } } }));
  patchList<PipelineSchedule>(ctx.store, schedulesList(projectId), (l) =>
    l.items.some((x) => x.id === schedule.id) ? { items: l.items.map((x) => (x.id === schedule.id ? { ...x, ...schedule } : x)) } : {},
  );
}

function forgetSchedule(ctx: Ctx, projectId: number, id: number): void {
  writeSchedules(ctx.store, (s) => {
    const { [id]: _gone, ...schedules } = s.schedules;
    return { schedules };
  });
  patchList<PipelineSchedule>(ctx.store, schedulesList(projectId), (l) => {
    const items = l.items.filter((x) => x.id !== id);
    return { items, selected: Math.max(0, Math.min(l.selected, items.length - 1)) };
  });
}

/**
 * A schedule GitLab no longer has (deleted here or elsewhere): its row goes, and its detail pane
 * closes if it is in front, back to the list, which the poller then re-reads.
 */
export function scheduleGone(ctx: Ctx, projectId: number, id: number): void {
  forgetSchedule(ctx, projectId, id);
  nav.back(ctx.store, (top) => top.kind === 'schedule' && top.scheduleId === id);
}

/** GitLab lets only a schedule's owner change it: say so, and how to get past it. */
function ownerHint(ctx: Ctx, error: unknown, owner: { username: string } | null | undefined): string {
  const me = ctx.store.getState().user?.username;
  if (!isGitLabApiError(error) || error.status !== 403 || !owner || owner.username === me) return '';
  return ` — only its owner (@${safeText(owner.username, 40)}) may change it; O takes ownership`;
}

// ---- the form ----------------------------------------------------------------------------------------

/** `a` (schedule absent) or `e`: the form, as a pane of its own. */
export function openScheduleForm(ctx: Ctx, projectId: number, path: string, schedule?: PipelineSchedule): void {
  const project = ctx.store.getState().projects[projectId];
  const form = schedule
    ? editScheduleForm(projectId, path, schedule)
    : newScheduleForm(projectId, path, { ref: project?.default_branch ?? 'main', zone: userZone(ctx.platform.env ?? process.env) });
  writeSchedules(ctx.store, { scheduleForm: form });
  nav.push(ctx.store, { kind: 'scheduleForm', projectId, path, scheduleId: schedule?.id ?? null });
}

function patchForm(ctx: Ctx, patch: Partial<ScheduleFormState>): void {
  writeSchedules(ctx.store, (s) => (s.scheduleForm ? { scheduleForm: { ...s.scheduleForm, ...patch } } : {}));
}

export function closeScheduleForm(ctx: Ctx): void {
  // The pane goes first, so no frame shows the form's pane without its form.
  nav.back(ctx.store, (top) => top.kind === 'scheduleForm');
  writeSchedules(ctx.store, { scheduleForm: null });
}

/** Every key while the form is in front (the controller routes them here). */
export function handleFormKey(ctx: Ctx, command: CommandId | null, text: string | undefined): void {
  const form = ctx.store.getState().scheduleForm;
  if (!form) return closeScheduleForm(ctx);
  const step = formKey(form, command, text);
  if (!step) return;
  if ('cancel' in step) return cancelScheduleForm(ctx);
  if ('submit' in step) return void submitScheduleForm(ctx);
  if (ctx.store.getState().toast) clearToast(ctx.store);
  writeSchedules(ctx.store, { scheduleForm: step.form });
}

/** A paste while the form is in front: into its focused text field. False when no form is open. */
export function pasteIntoForm(ctx: Ctx, text: string): boolean {
  const state = ctx.store.getState();
  if (topPane(state).kind !== 'scheduleForm' || !state.scheduleForm) return false;
  const next = formPaste(state.scheduleForm, text);
  if (next) writeSchedules(ctx.store, { scheduleForm: next });
  return true;
}

export function cancelScheduleForm(ctx: Ctx): void {
  const form = ctx.store.getState().scheduleForm;
  if (!form || !isDirty(form)) return closeScheduleForm(ctx);
  const what = form.scheduleId === null ? 'this new schedule' : `your changes to schedule #${form.scheduleId}`;
  setConfirm(ctx.store, {
    message: `Discard ${what}?`,
    detail: 'What you typed is lost (n keeps editing).',
    yes: { owner: 'schedules', command: 'schedule.discardForm', args: {} },
  });
}

/** Ctrl+S, or Enter on the last field: checked here first, then sent; a failure keeps every value. */
export async function submitScheduleForm(ctx: Ctx): Promise<void> {
  const form = ctx.store.getState().scheduleForm;
  if (!form) return;
  const errors = validateSchedule(form.values);
  if (Object.keys(errors).length) {
    patchForm(ctx, { tried: true });
    toast(ctx.store, 'error', `Not sent: fix ${Object.keys(errors).length === 1 ? 'the field' : 'the fields'} marked ✖ (${Object.keys(errors).join(', ')})`);
    return;
  }
  const input = scheduleInput(form);
  if (form.scheduleId !== null && Object.keys(input).length === 0) {
    closeScheduleForm(ctx);
    toast(ctx.store, 'info', `Nothing changed in schedule #${form.scheduleId}`);
    return;
  }
  const creating = form.scheduleId === null;
  const key = creating ? `schedule.create:${form.projectId}` : `schedule.edit:${form.scheduleId}`;
  const label = creating ? `Creating schedule “${safeText(form.values.description, 40)}”…` : `Saving schedule #${form.scheduleId}…`;
  await guarded(ctx, key, label, async () => {
    patchForm(ctx, { submitting: true, tried: true, server: {} });
    try {
      const saved = creating
        ? await ctx.gl.schedules.create(form.projectId, input as ScheduleInput)
        : await ctx.gl.schedules.edit(form.projectId, form.scheduleId!, input);
      storeSchedule(ctx, form.projectId, saved);
      if (creating) addToList(ctx, form.projectId, saved);
      if (ctx.store.getState().scheduleForm) closeScheduleForm(ctx);
      const when = saved.active ? `next run ${inHours(saved.next_run_at, ctx.now())}` : 'inactive';
      toast(
        ctx.store,
        'success',
        `${creating ? 'Created' : 'Saved'} ${scheduleLabel(saved)}: ${describeCron(saved.cron)} ${safeText(saved.cron_timezone, 40)} (${when})`,
      );
    } catch (error) {
      const server: FormErrors =
        isGitLabApiError(error) && error.fields && Object.keys(error.fields).length
          ? serverErrors(error.fields, describeError(error))
          : { base: [`GitLab refused: ${describeError(error)}${ownerHint(ctx, error, form.owner)}`] };
      patchForm(ctx, { server, submitting: false });
      // Someone else's schedule: no fix in the form makes ^S work, so don't suggest one.
      const owner = ownerHint(ctx, error, form.owner);
      toast(
        ctx.store,
        'error',
        owner ? `Save failed${owner}` : `${creating ? 'Create' : 'Save'} failed: ${describeError(error)} — nothing was lost, fix and press ^S`,
      );
    }
  });
}

/** "in 13h", "in 45m", "in 3d": when the next run is, for a toast. */
function inHours(iso: string | null | undefined, now: number): string {
  const ms = iso ? Date.parse(iso) - now : NaN;
  if (!Number.isFinite(ms)) return 'unknown';
  const min = Math.max(0, Math.round(ms / 60_000));
  return min < 60 ? `in ${min}m` : min < 48 * 60 ? `in ${Math.round(min / 60)}h` : `in ${Math.round(min / 1440)}d`;
}

function addToList(ctx: Ctx, projectId: number, schedule: PipelineSchedule): void {
  patchList<PipelineSchedule>(ctx.store, schedulesList(projectId), (l) => {
    if (l.loadedAt === null || l.items.some((x) => x.id === schedule.id)) return {};
    const items = [...l.items, schedule];
    const at = visibleRows(items, l.filter, scheduleText).findIndex((x) => x.id === schedule.id);
    return { items, selected: at >= 0 ? at : l.selected };
  });
}

// ---- one-key actions ---------------------------------------------------------------------------------

/** `space`: active ⇄ inactive (a PUT of `active`; GitLab reschedules it). */
export function toggleSchedule(ctx: Ctx, projectId: number, schedule: PipelineSchedule): void {
  const verb = schedule.active ? 'deactivate' : 'activate';
  const label = scheduleLabel(schedule);
  void guarded(ctx, `schedule.toggle:${schedule.id}`, `${verb === 'activate' ? 'Activating' : 'Deactivating'} ${label}…`, async () => {
    try {
      const saved = await ctx.gl.schedules.edit(projectId, schedule.id, { active: !schedule.active });
      storeSchedule(ctx, projectId, saved);
      toast(ctx.store, 'success', `${label} is now ${saved.active ? 'active' : 'inactive'}`);
    } catch (error) {
      toast(ctx.store, 'error', `Could not ${verb} ${label}: ${describeError(error)}${ownerHint(ctx, error, schedule.owner)}`);
    }
  });
}

/** `O`: asks (naming the owner now and what changes), then makes the caller the owner. */
export function takeOwnership(ctx: Ctx, projectId: number, schedule: PipelineSchedule): void {
  const label = scheduleLabel(schedule);
  const me = ctx.store.getState().user;
  if (me && schedule.owner?.username === me.username) {
    toast(ctx.store, 'info', `You already own ${label}`);
    return;
  }
  const before = ownerText(schedule);
  const title = `schedule #${schedule.id} ${safeText(schedule.description, 60)}`;
  setConfirm(ctx.store, {
    message: `Take ownership of ${title}?`,
    detail: `It is owned by ${before}; pipelines will then run as you.`,
    yes: { owner: 'schedules', command: 'schedule.takeOwnershipConfirmed', args: { projectId, schedule } },
  });
}

/** `y` on the take-ownership question. */
export function runTakeOwnership(ctx: Ctx, { projectId, schedule }: { projectId: number; schedule: PipelineSchedule }): Promise<void> {
  const label = scheduleLabel(schedule);
  const before = ownerText(schedule);
  return guarded(ctx, `schedule.own:${schedule.id}`, `Taking ownership of ${label}…`, async () => {
    try {
      const saved = await ctx.gl.schedules.takeOwnership(projectId, schedule.id);
      storeSchedule(ctx, projectId, saved);
      toast(ctx.store, 'success', `You now own ${label} (it was owned by ${before}); its pipelines run as you`);
    } catch (error) {
      toast(ctx.store, 'error', `Could not take ownership of ${label}: ${describeError(error)}`);
    }
  });
}

/** `D`: asks, then deletes (GitLab answers 204); the row goes, and its detail pane closes. */
export function deleteSchedule(ctx: Ctx, projectId: number, schedule: PipelineSchedule): void {
  const label = scheduleLabel(schedule);
  setConfirm(ctx.store, {
    message: `Delete ${label}?`,
    detail: 'It stops running for good; the pipelines it already ran are kept.',
    yes: { owner: 'schedules', command: 'schedule.deleteConfirmed', args: { projectId, schedule } },
  });
}

/** `y` on the delete question. */
export function runDeleteSchedule(ctx: Ctx, { projectId, schedule }: { projectId: number; schedule: PipelineSchedule }): Promise<void> {
  const label = scheduleLabel(schedule);
  return guarded(ctx, `schedule.delete:${schedule.id}`, `Deleting ${label}…`, async () => {
    try {
      await ctx.gl.schedules.remove(projectId, schedule.id);
      scheduleGone(ctx, projectId, schedule.id);
      toast(ctx.store, 'success', `Deleted ${label}`);
    } catch (error) {
      toast(ctx.store, 'error', `Could not delete ${label}: ${describeError(error)}${ownerHint(ctx, error, schedule.owner)}`);
    }
  });
}

export const SCHEDULE_SCOPES = [undefined, 'active', 'inactive'] as const;

/** `f`: all → active → inactive → all (GitLab's `scope`), reloading the list. */
export function cycleScheduleScope(ctx: Ctx, projectId: number): void {
  const key = schedulesList(projectId);
  const now = ctx.store.getState().listFilters[listKeyText(key)]?.scope;
  const next = SCHEDULE_SCOPES[(SCHEDULE_SCOPES.indexOf(now as (typeof SCHEDULE_SCOPES)[number]) + 1) % SCHEDULE_SCOPES.length];
  setListFilters(ctx.store, key, next ? { scope: next } : null);
  void resetList(ctx, key);
}
