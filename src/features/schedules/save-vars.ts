// Sending a schedule form's variables (docs/gitlab-api.md "Schedule play and variables"): one
// request per change — deletions first, then changes, then additions — each after the last
// succeeded. What GitLab took is written into the form at once (schedule-vars.ts `applied`), so a
// failure keeps the form open with only what is left to send, and GitLab's reason beside its line.
import { isGitLabApiError, type ScheduleVariable } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { safeText } from '../../text/safe.js';
import { writeSchedules } from './slice.js';
import { applied, varChanges, type VarChanges } from './schedule-vars.js';

/** Where a failure goes: beside a line, or under the form (a deleted variable has no line). */
export type VarFailure = { line: number; message: string } | { base: string };

function patchVars(ctx: Ctx, initial: ScheduleVariable[]): void {
  writeSchedules(ctx.store, (s) => (s.scheduleForm ? { scheduleForm: { ...s.scheduleForm, vars: { ...s.scheduleForm.vars, initial } } } : {}));
}

/** GitLab's answer in a line's words: its field map (`key: has already been taken`), else its message. */
function said(error: unknown, hint: string): string {
  if (isGitLabApiError(error) && error.fields && Object.keys(error.fields).length) {
    return Object.entries(error.fields)
      .map(([field, messages]) => `GitLab: ${field} ${messages.join(', ')}`)
      .join('; ');
  }
  return `GitLab refused: ${describeError(error)}${hint}`;
}

/**
 * Sends the form's variable changes for schedule `scheduleId`; null when all went through, else
 * the first failure (nothing after it is sent). `hint` follows a refusal (who may change it).
 */
export async function sendVariables(ctx: Ctx, projectId: number, scheduleId: number, hint: (error: unknown) => string): Promise<VarFailure | null> {
  const form = ctx.store.getState().scheduleForm;
  if (!form) return null;
  const plan: VarChanges = varChanges(form.vars.initial, form.vars.lines);
  let initial = form.vars.initial;
  const api = ctx.gl.schedules;
  for (const key of plan.remove) {
    try {
      await api.removeVariable(projectId, scheduleId, key);
    } catch (error) {
      // Already gone is what was asked for.
      if (!(isGitLabApiError(error) && error.status === 404)) return { base: `Variable ${safeText(key, 60)} not deleted — ${said(error, hint(error))}` };
    }
    initial = applied(initial, { removed: key });
    patchVars(ctx, initial);
  }
  for (const { entry, line } of plan.edit) {
    try {
      const saved = await api.editVariable(projectId, scheduleId, entry.key, { value: entry.value, variable_type: entry.variable_type });
      initial = applied(initial, { saved });
      patchVars(ctx, initial);
    } catch (error) {
      return { line, message: said(error, hint(error)) };
    }
  }
  for (const { entry, line } of plan.add) {
    try {
      const saved = await api.createVariable(projectId, scheduleId, entry);
      initial = applied(initial, { saved });
      patchVars(ctx, initial);
    } catch (error) {
      return { line, message: said(error, hint(error)) };
    }
  }
  return null;
}
