// The pipeline schedule form as pure state: fields, focus, editing (text-edit.ts rules, so no key
// is ever lost), validation before sending (cron with GitLab's Fugit grammar, zone against tz and
// Rails names, required fields), the live preview of the next runs, and GitLab's 400 field map
// mapped back onto the fields. Nothing here talks to the API or React.
import type { PipelineSchedule, ScheduleInput, ScheduleVariable } from '../../api/index.js';
import { cronError, describeCron, nextRuns, resolveTimeZone, timeZoneNames } from '../../cron/cron.js';
import type { CommandId } from '../../keymap/bindings.js';
import { edit, insert, isEditCommand, type EditState } from '../../text/text-edit.js';
import { printable } from '../../text/printable.js';
import { linesOf, tidyLines } from './schedule-vars.js';

export type TextField = 'description' | 'ref' | 'cron' | 'cron_timezone';
export type FieldName = TextField | 'active';
export const FORM_FIELDS: readonly FieldName[] = ['description', 'ref', 'cron', 'cron_timezone', 'active'];
export const FIELD_LABELS: Record<FieldName, string> = {
  description: 'Description',
  ref: 'Ref',
  cron: 'Cron',
  cron_timezone: 'Time zone',
  active: 'Active',
};

export interface ScheduleFormValues {
  description: string;
  ref: string;
  cron: string;
  cron_timezone: string;
  active: boolean;
}

/** Where the cursor is: a field, or a variable's line (its index in `vars.lines`). */
export type FormFocus = FieldName | number;

/** The variables' lines (schedule-vars.ts) and what GitLab has. */
export interface VarsState {
  lines: string[];
  cursors: number[];
  /** The variables GitLab has (as far as this form has sent): what the lines are compared with. */
  initial: ScheduleVariable[];
  /** GitLab sent them: it leaves them out for whom may not read them (a developer who does not own it). */
  readable: boolean;
  /** GitLab's answer about a line, by index. */
  server: Record<number, string>;
}

/** Messages by field; `base` is what belongs to no field (403, a network error). */
export type FormErrors = Partial<Record<FieldName | 'base', string[]>>;

export interface ScheduleFormState {
  projectId: number;
  path: string;
  /** null: a new schedule. */
  scheduleId: number | null;
  /** Who owns the schedule being edited (GitLab lets only the owner change it). */
  owner: { username: string; name: string } | null;
  initial: ScheduleFormValues;
  values: ScheduleFormValues;
  cursors: Record<TextField, number>;
  focus: FormFocus;
  vars: VarsState;
  /** GitLab's own answer to the last submit, by field; a field's entry goes when it is edited. */
  server: FormErrors;
  /** A submit was tried: required-field messages show from then on, and follow the typing. */
  tried: boolean;
  submitting: boolean;
  /**
   * A prefilled field whose whole value is selected (the user's time zone on a new schedule): typing
   * replaces it, Backspace clears it, a moving key keeps it and ends the selection.
   */
  selected?: TextField | null;
}

const isText = (f: FormFocus): f is TextField => typeof f === 'string' && f !== 'active';

function varsOf(variables: readonly ScheduleVariable[] | undefined): VarsState {
  const lines = linesOf(variables ?? []);
  return { lines, cursors: lines.map((l) => l.length), initial: [...(variables ?? [])], readable: variables !== undefined, server: {} };
}

function cursorsAt(values: ScheduleFormValues): Record<TextField, number> {
  return { description: values.description.length, ref: values.ref.length, cron: values.cron.length, cron_timezone: values.cron_timezone.length };
}

function form(
  projectId: number,
  path: string,
  scheduleId: number | null,
  owner: ScheduleFormState['owner'],
  values: ScheduleFormValues,
  variables: readonly ScheduleVariable[] | undefined = [],
): ScheduleFormState {
  return {
    vars: varsOf(variables),
    projectId,
    path,
    scheduleId,
    owner,
    initial: values,
    values,
    cursors: cursorsAt(values),
    focus: 'description',
    server: {},
    tried: false,
    submitting: false,
  };
}

/**
 * A new schedule: the default branch prefilled, the user's time zone (userZone) — UTC, GitLab's
 * default, when none is known — selected so that typing another replaces it; active.
 */
export function newScheduleForm(projectId: number, path: string, defaults: { ref?: string | null; zone?: string } = {}): ScheduleFormState {
  const values = { description: '', ref: defaults.ref ?? 'main', cron: '', cron_timezone: defaults.zone ?? 'UTC', active: true };
  return { ...form(projectId, path, null, null, values), selected: 'cron_timezone' };
}

/**
 * The user's time zone, as the schedule form prefills it: `TZ` when it names a zone GitLab takes
 * (a tz name such as Europe/Berlin; POSIX forms like `CET-1` or `:/etc/localtime` are not), else
 * the system's (Intl), else UTC.
 */
export function userZone(env: { TZ?: string | undefined }): string {
  const tz = env.TZ?.trim();
  if (tz && zoneError(tz) === null) return tz;
  const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return system && zoneError(system) === null ? system : 'UTC';
}

export function editScheduleForm(projectId: number, path: string, schedule: PipelineSchedule): ScheduleFormState {
  // GitLab may answer `refs/heads/main`; the form (like GitLab's own) shows the branch name.
  const ref = schedule.ref.replace(/^refs\/(heads|tags)\//, '');
  return form(
    projectId,
    path,
    schedule.id,
    { username: schedule.owner.username, name: schedule.owner.name },
    {
      description: schedule.description,
      ref,
      cron: schedule.cron,
      cron_timezone: schedule.cron_timezone,
      active: schedule.active,
    },
    schedule.variables,
  );
}

export function isDirty(f: ScheduleFormState): boolean {
  const lines = linesOf(f.vars.initial);
  return FORM_FIELDS.some((k) => f.values[k] !== f.initial[k]) || f.vars.lines.length !== lines.length || f.vars.lines.some((l, i) => l !== lines[i]);
}

// ---- validation ---------------------------------------------------------------------------------------

export function zoneError(zone: string): string | null {
  if (zone.trim() === '') return "can't be blank (UTC, a tz name like Europe/Berlin, or a Rails name like Tokyo)";
  if (resolveTimeZone(zone) !== null) return null;
  const near = zoneSuggestions(zone, 3);
  return `unknown time zone${near.length ? ` — did you mean ${near.join(', ')}?` : ' (use a tz database name like Europe/Berlin or a Rails name like Tokyo)'}`;
}

export function cronFieldError(cron: string): string | null {
  if (cron.trim() === '') return "can't be blank (e.g. 0 2 * * * for every day at 02:00)";
  const error = cronError(cron);
  return error === null ? null : `invalid cron: ${error}`;
}

/** Client-side checks GitLab would also make; every field at once, as Rails reports them. */
export function validateSchedule(values: ScheduleFormValues): FormErrors {
  const errors: FormErrors = {};
  if (values.description.trim() === '') errors.description = ["can't be blank"];
  if (values.ref.trim() === '') errors.ref = ["can't be blank (a branch or tag)"];
  const cron = cronFieldError(values.cron);
  if (cron) errors.cron = [cron];
  const zone = zoneError(values.cron_timezone);
  if (zone) errors.cron_timezone = [zone];
  return errors;
}

/**
 * What is shown beside each field now: GitLab's messages from the last submit; the cron and zone
 * checks live as soon as something is typed; the required-field checks after a submit was tried.
 */
export function fieldErrors(f: ScheduleFormState): FormErrors {
  const out: FormErrors = {};
  const client = validateSchedule(f.values);
  for (const field of FORM_FIELDS) {
    const live = (field === 'cron' || field === 'cron_timezone') && f.values[field].trim() !== '';
    const mine = f.tried || live ? (client[field] ?? []) : [];
    const theirs = f.server[field] ?? [];
    const all = [...new Set([...mine, ...theirs])];
    if (all.length) out[field] = all;
  }
  if (f.server.base?.length) out.base = f.server.base;
  return out;
}

const SERVER_FIELD: Record<string, FieldName> = {
  description: 'description',
  ref: 'ref',
  cron: 'cron',
  cron_timezone: 'cron_timezone',
  active: 'active',
};

/** GitLab's 400 field map (`{"cron":["syntax is invalid"]}`) onto the form's fields. */
export function serverErrors(fields: Record<string, string[]> | undefined, fallback: string): FormErrors {
  const out: FormErrors = {};
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELD[key];
    const list = messages.map((m) => `GitLab: ${m}`);
    if (field) out[field] = [...(out[field] ?? []), ...list];
    else out.base = [...(out.base ?? []), ...messages.map((m) => `GitLab: ${key} ${m}`)];
  }
  if (Object.keys(out).length === 0) out.base = [`GitLab refused: ${fallback}`];
  return out;
}

/** The request body: every field for a new schedule, only what changed for an edit. */
export function scheduleInput(f: ScheduleFormState): ScheduleInput | Partial<ScheduleInput> {
  const v = f.values;
  const all: ScheduleInput = {
    description: v.description.trim(),
    ref: v.ref.trim(),
    cron: v.cron.trim(),
    cron_timezone: v.cron_timezone.trim(),
    active: v.active,
  };
  if (f.scheduleId === null) return all;
  const changes: Partial<ScheduleInput> = {};
  if (v.description !== f.initial.description) changes.description = all.description;
  if (v.ref !== f.initial.ref) changes.ref = all.ref;
  if (v.cron !== f.initial.cron) changes.cron = all.cron;
  if (v.cron_timezone !== f.initial.cron_timezone) changes.cron_timezone = all.cron_timezone;
  if (v.active !== f.initial.active) changes.active = v.active;
  return changes;
}

// ---- preview --------------------------------------------------------------------------------------

export type CronPreview = { ok: true; words: string; zone: string; runs: number[] } | { ok: false; field: 'cron' | 'cron_timezone'; error: string };

/** The cron in words and its next runs in the chosen zone, or why there are none. */
export function cronPreview(values: Pick<ScheduleFormValues, 'cron' | 'cron_timezone'>, now: number, count = 5): CronPreview {
  const cronProblem = cronFieldError(values.cron);
  if (cronProblem) return { ok: false, field: 'cron', error: cronProblem };
  const zone = values.cron_timezone.trim();
  const zoneProblem = zoneError(zone);
  if (zoneProblem) return { ok: false, field: 'cron_timezone', error: `time zone: ${zoneProblem}` };
  try {
    return { ok: true, words: describeCron(values.cron.trim()), zone, runs: nextRuns(values.cron.trim(), zone, now, count) };
  } catch (error) {
    return { ok: false, field: 'cron', error: error instanceof Error ? error.message : String(error) };
  }
}

let zoneList: string[] | null = null;

/** Edit distance, for "did you mean" (zone names are short: a plain DP is plenty). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Zone names for what was typed: those containing it (case-insensitive, prefix matches first),
 * else the nearest spellings ("Europe/Berln" → Europe/Berlin, "tokio" → Tokyo).
 */
export function zoneSuggestions(typed: string, limit = 4): string[] {
  const q = typed.trim().toLowerCase().replace(/\s+/g, ' ');
  if (q.length < 2) return [];
  zoneList ??= timeZoneNames();
  const last = (z: string) => z.toLowerCase().split('/').pop()!;
  const containing = zoneList.filter((z) => z.toLowerCase().includes(q) && z.toLowerCase() !== q);
  if (containing.length) {
    const starts = (z: string) => (z.toLowerCase().startsWith(q) || last(z).startsWith(q) ? 0 : 1);
    return containing.sort((a, b) => starts(a) - starts(b) || a.length - b.length || a.localeCompare(b)).slice(0, limit);
  }
  const near = Math.max(1, Math.min(3, Math.floor(q.length / 4)));
  return zoneList
    .map((z) => ({ z, d: Math.min(distance(q, z.toLowerCase()), q.includes('/') ? Infinity : distance(q, last(z))) }))
    .filter((x) => x.d <= near)
    .sort((a, b) => a.d - b.d || a.z.length - b.z.length || a.z.localeCompare(b.z))
    .slice(0, limit)
    .map((x) => x.z);
}

// ---- keys -------------------------------------------------------------------------------------------

export type FormStep = { form: ScheduleFormState } | { submit: ScheduleFormState } | { cancel: true } | null;

/** Every place the cursor stops, in order: the fields, then each variable's line. */
const stops = (f: ScheduleFormState): FormFocus[] => [...FORM_FIELDS, ...f.vars.lines.map((_, i) => i)];

function move(f: ScheduleFormState, by: number): ScheduleFormState {
  const all = stops(f);
  const i = all.indexOf(f.focus);
  return tidyVars({ ...f, focus: all[(i + by + all.length) % all.length]! });
}

/** The variables' empty line stays at the end; other emptied lines go once the cursor leaves them. */
function tidyVars(f: ScheduleFormState): ScheduleFormState {
  const at = typeof f.focus === 'number' ? f.focus : null;
  const tidy = tidyLines(f.vars.lines, f.vars.cursors, at);
  if (tidy.lines.length === f.vars.lines.length && tidy.lines.every((l, i) => l === f.vars.lines[i])) return f;
  // GitLab's answers were about lines by index: they no longer point at the same ones.
  return { ...f, vars: { ...f.vars, lines: tidy.lines, cursors: tidy.cursors, server: {} }, focus: tidy.focus ?? f.focus };
}

/** Text typed or erased on a variable's line. */
function varKey(f: ScheduleFormState, i: number, command: CommandId | null, text: string | undefined): FormStep {
  const state: EditState = { value: f.vars.lines[i]!, cursor: f.vars.cursors[i]! };
  const result = isEditCommand(command) ? edit(state, command) : text !== undefined ? insert(state, text) : null;
  if (!result || !('value' in result)) return null;
  const lines = f.vars.lines.map((l, k) => (k === i ? result.value : l));
  const cursors = f.vars.cursors.map((c, k) => (k === i ? result.cursor : c));
  const { [i]: _gone, ...server } = f.vars.server;
  // Typing on the last line opens the next empty one.
  if (i === lines.length - 1 && result.value !== '') {
    lines.push('');
    cursors.push(0);
  }
  return { form: { ...f, vars: { ...f.vars, lines, cursors, server: result.value === f.vars.lines[i] ? f.vars.server : server } } };
}

/**
 * One key, as the keymap resolved it (scopes 'scheduleForm' then 'edit') with the key's text:
 * form.next/form.prev (Tab/↓, Shift+Tab/↑) move between fields, Enter (edit.submit) moves on and
 * submits from the last field, form.submit (Ctrl+S) submits, form.cancel (Esc) cancels, space
 * toggles Active; anything else edits the focused text field.
 */
export function formKey(f: ScheduleFormState, command: CommandId | null, text: string | undefined): FormStep {
  if (command === 'form.submit') return { submit: f };
  if (command === 'form.cancel' || command === 'edit.cancel') return { cancel: true };
  if (command === 'form.next') return { form: move(f, 1) };
  if (command === 'form.prev') return { form: move(f, -1) };
  if (command === 'edit.submit') {
    const last = typeof f.focus === 'number' && f.focus === f.vars.lines.length - 1;
    return f.focus === 'active' || last ? { submit: f } : { form: move(f, 1) };
  }
  if (typeof f.focus === 'number') return varKey(f, f.focus, command, text);
  const field = f.focus;
  if (!isText(field)) {
    if (command === 'form.toggle' || text === 'x') return { form: changed(f, 'active', { ...f.values, active: !f.values.active }) };
    if (text === 'y' || text === 'n') return { form: changed(f, 'active', { ...f.values, active: text === 'y' }) };
    return null;
  }
  // A selected (prefilled) value goes whole at the first text or erase; a moving key keeps it.
  const replacing = f.selected === field && (text !== undefined || command === 'edit.backspace' || command === 'edit.delete');
  const state: EditState = replacing ? { value: '', cursor: 0 } : { value: f.values[field], cursor: f.cursors[field] };
  // Space is form.toggle on the Active field only: in a text field it types a space.
  const result = replacing && text === undefined ? state : isEditCommand(command) ? edit(state, command) : text !== undefined ? insert(state, text) : null;
  if (!result || !('value' in result)) return null;
  const next = changed(f, field, { ...f.values, [field]: result.value });
  return { form: { ...next, cursors: { ...f.cursors, [field]: result.cursor }, selected: f.selected === field ? null : f.selected } };
}

/** Pasted text into the focused text field; null when the Active field has the focus. */
export function formPaste(f: ScheduleFormState, text: string): ScheduleFormState | null {
  if (typeof f.focus === 'number') {
    const parts = text.replace(/^[\r\n]+|[\r\n]+$/g, '').split(/\r\n|\r|\n/);
    if (parts.length > 1) return pasteVarLines(f, f.focus, parts.map(printable));
    const step = varKey(f, f.focus, null, text);
    return step && 'form' in step ? step.form : f;
  }
  const field = f.focus;
  if (!isText(field)) return null;
  const replacing = f.selected === field;
  const result = insert(replacing ? { value: '', cursor: 0 } : { value: f.values[field], cursor: f.cursors[field] }, text);
  if (!result) return f;
  const next = changed(f, field, { ...f.values, [field]: result.value });
  return { ...next, cursors: { ...f.cursors, [field]: result.cursor }, selected: replacing ? null : f.selected };
}

/**
 * Several lines pasted on a variable's line (a `.env` file): the first joins the line at the cursor,
 * the others become lines of their own, the cursor on the last.
 */
function pasteVarLines(f: ScheduleFormState, i: number, parts: string[]): ScheduleFormState {
  const line = f.vars.lines[i]!;
  const at = f.vars.cursors[i]!;
  const added = [line.slice(0, at) + parts[0]!, ...parts.slice(1, -1), parts[parts.length - 1]! + line.slice(at)];
  const lines = [...f.vars.lines.slice(0, i), ...added, ...f.vars.lines.slice(i + 1)];
  const cursors = [...f.vars.cursors.slice(0, i), ...added.map((l) => l.length), ...f.vars.cursors.slice(i + 1)];
  const focus = i + added.length - 1;
  const tidy = tidyLines(lines, cursors, focus);
  return { ...f, vars: { ...f.vars, lines: tidy.lines, cursors: tidy.cursors, server: {} }, focus: tidy.focus ?? focus };
}

/** A field changed: GitLab's complaint about it no longer applies. */
function changed(f: ScheduleFormState, field: FieldName, values: ScheduleFormValues): ScheduleFormState {
  if (values[field] === f.values[field]) return { ...f, values };
  const { [field]: _gone, ...server } = f.server;
  return { ...f, values, server };
}
