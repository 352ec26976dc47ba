// The "run with variables" form as pure state: `N` (a new pipeline: ref, variables, inputs) and `p`
// on a manual job (its job_variables_attributes). One entry per line — `KEY=value`, `file:KEY=value`,
// `input:name=value` — with a trailing empty line always there to type the next one. Enter sends
// (so `N` Enter and `p` Enter act at once), Tab/↑/↓ move between lines, Esc leaves.
// GitLab 17 has no REST endpoint for a project's declared `spec:inputs`, so inputs are typed by the
// user and their type inferred (number, boolean, array, string); GitLab's 400 names the bad ones,
// and its message lands beside that line. Nothing here talks to the API or React.
import type { Job, JobVariable, PipelineInputValue, PipelineVariable } from '../../api/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import { printable } from '../../text/printable.js';
import { hiddenCharacter } from '../../text/safe.js';
import { edit, insert, isEditCommand, type EditState } from '../../text/text-edit.js';

export type RunTarget = { kind: 'pipeline' } | { kind: 'job'; job: Job; environment: string | null };

export interface RunFormState {
  projectId: number;
  path: string;
  target: RunTarget;
  ref: string;
  refCursor: number;
  /** Entry lines; the last one is always empty (where the next entry is typed). */
  lines: string[];
  cursors: number[];
  /** -1: the ref field (new pipelines only); 0…: an entry line. */
  focus: number;
  /** GitLab's answer to the last send: on the ref, on entry lines (by index), or on nothing in particular. */
  server: { ref?: string; lines: Record<number, string>; base: string[] };
  submitting: boolean;
}

export type Entry =
  { kind: 'variable'; key: string; value: string; variable_type: 'env_var' | 'file' } | { kind: 'input'; name: string; value: PipelineInputValue };

/** GitLab's rule for variable keys (Ci::HasVariable): letters, digits and `_`, at most 255. */
const VARIABLE_KEY = /^[A-Za-z0-9_]{1,255}$/;
/** `spec:inputs` names: letters, digits, `_` and `-`. */
const INPUT_NAME = /^[A-Za-z0-9_-]{1,255}$/;

export function newPipelineForm(projectId: number, path: string, ref: string): RunFormState {
  return {
    projectId,
    path,
    target: { kind: 'pipeline' },
    ref,
    refCursor: ref.length,
    lines: [''],
    cursors: [0],
    focus: -1,
    server: { lines: {}, base: [] },
    submitting: false,
  };
}

export function playJobForm(projectId: number, path: string, job: Job, environment: string | null): RunFormState {
  return {
    projectId,
    path,
    target: { kind: 'job', job, environment },
    ref: '',
    refCursor: 0,
    lines: [''],
    cursors: [0],
    focus: 0,
    server: { lines: {}, base: [] },
    submitting: false,
  };
}

/** `true`/`false`, numbers, `[a, b]` or a JSON array, a JSON "quoted string"; anything else is a string. */
export function inferInput(raw: string): PipelineInputValue {
  const text = raw.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  // A number only when it is exactly the text typed: `1.10` and `007` stay text (a string input
  // would get `1.1` and `7`, other values), and an integer beyond 2^53 is never rounded
  // (12345678901234567890 would go out as 12345678901234567000). GitLab's own message says when
  // the input it declares needs a number; serverErrorsOf adds why this one was sent as text.
  if (/^-?\d+(\.\d+)?$/.test(text)) return exactNumber(text) ?? raw;
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON: `[eu-west-1, us-east-1]` as a person types it.
    }
    const inner = text.slice(1, -1).trim();
    return inner === '' ? [] : inner.split(',').map((s) => s.trim());
  }
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      return String(JSON.parse(text));
    } catch {
      return text;
    }
  }
  return raw;
}

/** `text` as a JSON number when that number is exactly `text`, else null. */
function exactNumber(text: string): number | null {
  const n = Number(text);
  if (!Number.isFinite(n) || String(n) !== text) return null;
  return Number.isInteger(n) && !Number.isSafeInteger(n) ? null : n;
}

/** Why a numeric-looking value went as text, for GitLab's "is not a number" beside its line. */
function sentAsText(raw: string): string | null {
  const text = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text) || exactNumber(text) !== null) return null;
  const n = Number(text);
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n)) {
    return `${text} is beyond 2^53: as a JSON number it would become ${String(n)}, so pipetop does not send it as one`;
  }
  return `sent as the text "${text}"; type ${String(n)} to send a number`;
}

/** One line: null when blank, else its entry or what is wrong with it. */
export function parseEntry(line: string, target: RunTarget['kind']): { entry: Entry } | { error: string } | null {
  const text = line.replace(/^\s+/, '');
  if (text === '') return null;
  const prefix = /^(file|env_var|env|input):/.exec(text)?.[1];
  const rest = prefix ? text.slice(prefix.length + 1) : text;
  const eq = rest.indexOf('=');
  if (eq < 0) return { error: prefix === 'input' ? 'type input:name=value' : 'type KEY=value' };
  // A form sends only what it shows: a character the line cannot show (a pasted bidi override,
  // a zero-width space) would be sent unseen.
  const hidden = hiddenCharacter(text);
  if (hidden) return { error: `holds a hidden character (${hidden}) that is not shown: delete it` };
  const key = rest.slice(0, eq).trim();
  const value = rest.slice(eq + 1);
  if (prefix === 'input') {
    if (target === 'job') return { error: 'inputs belong to a new pipeline (N), not to a job' };
    if (!INPUT_NAME.test(key)) return { error: 'an input name has letters, digits, _ and - only' };
    return { entry: { kind: 'input', name: key, value: inferInput(value) } };
  }
  if (!VARIABLE_KEY.test(key)) return { error: "a key has letters, digits and '_' only" };
  if (prefix === 'file' && target === 'job') return { error: "a job's variables are plain (no file:)" };
  return { entry: { kind: 'variable', key, value, variable_type: prefix === 'file' ? 'file' : 'env_var' } };
}

/** Every entry line's problem (ours), by line index: bad syntax, a key or input given twice. */
export function lineErrors(f: RunFormState): Record<number, string> {
  const out: Record<number, string> = {};
  const seen = new Set<string>();
  f.lines.forEach((line, i) => {
    const parsed = parseEntry(line, f.target.kind);
    if (!parsed) return;
    if ('error' in parsed) return void (out[i] = parsed.error);
    const id = parsed.entry.kind === 'input' ? `input:${parsed.entry.name}` : `var:${parsed.entry.key}`;
    if (seen.has(id)) out[i] = `${parsed.entry.kind === 'input' ? parsed.entry.name : parsed.entry.key} is given twice`;
    seen.add(id);
  });
  return out;
}

/** What is sent: variables (in line order) and inputs; only when no line has an error. */
export function formRequest(f: RunFormState): { variables: PipelineVariable[]; jobVariables: JobVariable[]; inputs: Record<string, PipelineInputValue> } {
  const variables: PipelineVariable[] = [];
  const jobVariables: JobVariable[] = [];
  const inputs: Record<string, PipelineInputValue> = {};
  for (const line of f.lines) {
    const parsed = parseEntry(line, f.target.kind);
    if (!parsed || 'error' in parsed) continue;
    const e = parsed.entry;
    if (e.kind === 'input') inputs[e.name] = e.value;
    else {
      variables.push({ key: e.key, value: e.value, variable_type: e.variable_type });
      jobVariables.push({ key: e.key, value: e.value });
    }
  }
  return { variables, jobVariables, inputs };
}

/**
 * GitLab's 400 onto the form: "Reference not found" on the ref; "`replicas` input: …" and
 * "unknown input arguments: a, b" on those inputs' lines; `variables[1][value] is missing` on the
 * second variable's line; the rest under the form.
 */
export function serverErrorsOf(f: RunFormState, messages: string[]): RunFormState['server'] {
  const out: RunFormState['server'] = { lines: {}, base: [] };
  const inputLine = new Map<string, number>();
  const variableLines: number[] = [];
  f.lines.forEach((line, i) => {
    const parsed = parseEntry(line, f.target.kind);
    if (!parsed || 'error' in parsed) return;
    if (parsed.entry.kind === 'input') inputLine.set(parsed.entry.name, i);
    else variableLines.push(i);
  });
  const onLine = (i: number, text: string) => (out.lines[i] = out.lines[i] ? `${out.lines[i]}; ${text}` : text);
  for (const message of messages) {
    for (const part of message.split(/,\s*(?=`|unknown input)/)) {
      const unknown = /^unknown input arguments:\s*(.+)$/.exec(part);
      const named = /^`([^`]+)` input/.exec(part);
      const variable = /^variables\[(\d+)\]/.exec(part);
      if (/reference not found|ref is missing|ref is invalid/i.test(part) && f.target.kind === 'pipeline') out.ref = `GitLab: ${part}`;
      else if (unknown) {
        const names = unknown[1]!.split(',').map((s) => s.trim());
        const lines = names.filter((n) => inputLine.has(n));
        for (const n of lines) onLine(inputLine.get(n)!, 'GitLab: not an input this project declares');
        if (lines.length < names.length) out.base.push(`GitLab: ${part}`);
      } else if (named && inputLine.has(named[1]!)) {
        const i = inputLine.get(named[1]!)!;
        const said = part.slice(named[0].length).replace(/^:\s*/, '');
        const why = /is not a number/.test(said) ? sentAsText(f.lines[i]!.slice(f.lines[i]!.indexOf('=') + 1)) : null;
        onLine(i, `GitLab: ${said}${why ? ` (${why})` : ''}`);
      } else if (variable && variableLines[Number(variable[1])] !== undefined) onLine(variableLines[Number(variable[1])]!, `GitLab: ${part}`);
      else out.base.push(`GitLab: ${part}`);
    }
  }
  return out;
}

// ---- keys -------------------------------------------------------------------------------------------

export type RunFormStep = { form: RunFormState } | { submit: RunFormState } | { cancel: true } | null;

const firstFocus = (f: RunFormState) => (f.target.kind === 'pipeline' ? -1 : 0);

function moveFocus(f: RunFormState, by: number): RunFormState {
  const first = firstFocus(f);
  const count = f.lines.length - first;
  return { ...f, focus: ((f.focus - first + by + count) % count) + first };
}

/** The trailing empty line stays; other empty lines go, except the one being typed in. */
function tidy(f: RunFormState): RunFormState {
  const keep = f.lines.map((line, i) => line !== '' || i === f.focus);
  const lines = f.lines.filter((_, i) => keep[i]);
  const cursors = f.cursors.filter((_, i) => keep[i]);
  let focus = f.focus < 0 ? f.focus : keep.slice(0, f.focus).filter(Boolean).length;
  if (lines[lines.length - 1] !== '') {
    lines.push('');
    cursors.push(0);
  }
  // One empty line at the end, not two (the one being typed in merges with it).
  while (lines.length > 1 && lines[lines.length - 1] === '' && lines[lines.length - 2] === '') {
    lines.pop();
    cursors.pop();
  }
  focus = Math.min(focus, lines.length - 1);
  return { ...f, lines, cursors, focus };
}

/**
 * One key, as the keymap resolved it (scopes 'runForm', then 'edit') with the key's text:
 * form.submit (Enter, Ctrl+S) sends, form.cancel (Esc) leaves, form.next/prev (Tab/↓,
 * Shift+Tab/↑) move; anything else edits the line (or the ref) in focus.
 */
export function runFormKey(f: RunFormState, command: CommandId | null, text: string | undefined): RunFormStep {
  if (command === 'form.submit' || command === 'edit.submit') return { submit: f };
  if (command === 'form.cancel' || command === 'edit.cancel') return { cancel: true };
  if (command === 'form.next') return { form: tidy(moveFocus(f, 1)) };
  if (command === 'form.prev') return { form: tidy(moveFocus(f, -1)) };
  const apply = (state: EditState) => (isEditCommand(command) ? edit(state, command) : text !== undefined ? insert(state, text) : null);
  if (f.focus < 0) {
    const result = apply({ value: f.ref, cursor: f.refCursor });
    if (!result || !('value' in result)) return null;
    const server = result.value === f.ref ? f.server : { lines: f.server.lines, base: f.server.base };
    return { form: { ...f, ref: result.value, refCursor: result.cursor, server } };
  }
  const i = f.focus;
  const result = apply({ value: f.lines[i]!, cursor: f.cursors[i]! });
  if (!result || !('value' in result)) return null;
  const lines = f.lines.map((l, k) => (k === i ? result.value : l));
  const cursors = f.cursors.map((c, k) => (k === i ? result.cursor : c));
  const { [i]: _gone, ...rest } = f.server.lines;
  return { form: tidy({ ...f, lines, cursors, server: result.value === f.lines[i] ? f.server : { ...f.server, lines: rest } }) };
}

/** A bracketed paste: several lines become several variable lines; into the ref, its first line. */
export function runFormPaste(f: RunFormState, text: string): RunFormState {
  if (f.focus >= 0) return tidy(pasteLines(f, text));
  const first = text.replace(/^[\r\n]+/, '').split(/\r\n|\r|\n/)[0] ?? '';
  const step = runFormKey(f, null, first);
  return step && 'form' in step ? step.form : f;
}

/** A paste of several lines: the first joins the line being typed, the others become lines of their own. */
function pasteLines(f: RunFormState, input: string): RunFormState {
  const parts = input.split(/\r\n|\r|\n/).map((part) => printable(part));
  const i = f.focus;
  const line = f.lines[i]!;
  const at = f.cursors[i]!;
  const first = line.slice(0, at) + parts[0]!;
  const last = parts[parts.length - 1]! + line.slice(at);
  const added = parts.length === 1 ? [first + line.slice(at)] : [first, ...parts.slice(1, -1), last];
  const lines = [...f.lines.slice(0, i), ...added, ...f.lines.slice(i + 1)];
  const cursors = [...f.cursors.slice(0, i), ...added.map((l) => l.length), ...f.cursors.slice(i + 1)];
  return { ...f, lines, cursors, focus: i + added.length - 1 };
}

export function isDirty(f: RunFormState): boolean {
  return f.lines.some((l) => l.trim() !== '');
}
