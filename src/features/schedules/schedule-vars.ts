// A schedule's variables in its form, as pure state: one line per variable — `KEY=value`, or
// `file:KEY=value` for a file variable, as the run form (`N`) takes them — with an empty line at the
// end to type the next one. A line emptied is a variable deleted; a key changed is the old one
// deleted and a new one added. What the form sends is the difference between the variables GitLab
// has and the lines (varChanges), deletions first so that a key can move from one line to another.
// Values are shown only on the line being edited (they are often secrets). Nothing here talks to
// the API or React.
import type { ScheduleVariable, ScheduleVariableType } from '../../api/index.js';
import { hiddenCharacter } from '../../text/safe.js';

/** GitLab's rule for a variable's key (Ci::HasVariable): letters, digits and `_`, at most 255. */
const KEY = /^[A-Za-z0-9_]{1,255}$/;

export interface VarEntry {
  key: string;
  value: string;
  variable_type: ScheduleVariableType;
}

const typeOf = (v: Pick<ScheduleVariable, 'variable_type'>): ScheduleVariableType => (v.variable_type === 'file' ? 'file' : 'env_var');

/** The lines of a schedule's variables, and the empty one to type the next in. */
export function linesOf(variables: readonly ScheduleVariable[]): string[] {
  return [...variables.map((v) => `${typeOf(v) === 'file' ? 'file:' : ''}${v.key}=${v.value}`), ''];
}

/** One line: null when blank, else its variable or what is wrong with it. */
export function parseVarLine(line: string): { entry: VarEntry } | { error: string } | null {
  const text = line.replace(/^\s+/, '');
  if (text === '') return null;
  const prefix = /^(file|env_var):/.exec(text)?.[1];
  const rest = prefix ? text.slice(prefix.length + 1) : text;
  const eq = rest.indexOf('=');
  if (eq < 0) return { error: 'type KEY=value (file:KEY=value for a file variable)' };
  // A form sends only what it shows: a pasted zero-width space or bidi override would go unseen.
  const hidden = hiddenCharacter(text);
  if (hidden) return { error: `holds a hidden character (${hidden}) that is not shown: delete it` };
  const key = rest.slice(0, eq).trim();
  if (key.length > 255) return { error: 'a key has at most 255 characters' };
  if (!KEY.test(key)) return { error: "a key has letters, digits and '_' only" };
  return { entry: { key, value: rest.slice(eq + 1), variable_type: prefix === 'file' ? 'file' : 'env_var' } };
}

/** Our problem with each line, by index: its syntax, or a key given twice. */
export function varLineErrors(lines: readonly string[]): Record<number, string> {
  const out: Record<number, string> = {};
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const parsed = parseVarLine(line);
    if (!parsed) return;
    if ('error' in parsed) return void (out[i] = parsed.error);
    if (seen.has(parsed.entry.key)) out[i] = `${parsed.entry.key} is given twice`;
    seen.add(parsed.entry.key);
  });
  return out;
}

/** What to send, in order: keys to delete, variables to change, variables to add (each with its line). */
export interface VarChanges {
  remove: string[];
  edit: { entry: VarEntry; line: number }[];
  add: { entry: VarEntry; line: number }[];
}

export function varChanges(initial: readonly ScheduleVariable[], lines: readonly string[]): VarChanges {
  const wanted = new Map<string, { entry: VarEntry; line: number }>();
  lines.forEach((line, i) => {
    const parsed = parseVarLine(line);
    if (parsed && 'entry' in parsed) wanted.set(parsed.entry.key, { entry: parsed.entry, line: i });
  });
  const had = new Map(initial.map((v) => [v.key, v]));
  const out: VarChanges = { remove: [], edit: [], add: [] };
  for (const v of initial) if (!wanted.has(v.key)) out.remove.push(v.key);
  for (const [key, want] of wanted) {
    const old = had.get(key);
    if (!old) out.add.push(want);
    else if (old.value !== want.entry.value || typeOf(old) !== want.entry.variable_type) out.edit.push(want);
  }
  return out;
}

export const changeCount = (c: VarChanges): number => c.remove.length + c.edit.length + c.add.length;

/** The variables GitLab has once `done` went through: what a retry diffs against. */
export function applied(initial: readonly ScheduleVariable[], done: { removed?: string; saved?: ScheduleVariable }): ScheduleVariable[] {
  let out = initial.filter((v) => v.key !== done.removed);
  if (done.saved) {
    const saved = done.saved;
    out = out.some((v) => v.key === saved.key) ? out.map((v) => (v.key === saved.key ? saved : v)) : [...out, saved];
  }
  return out;
}

/** A line as shown when not being edited: the key, and the value as dots (a secret, often). */
export function maskedLine(line: string): string {
  const eq = line.indexOf('=');
  if (eq < 0) return line;
  const value = line.slice(eq + 1);
  return `${line.slice(0, eq + 1)}${value === '' ? '' : '•'.repeat(Math.min(8, Math.max(3, value.length)))}`;
}

/** The lines kept after a move: the empty line at the end stays, other empty lines go (unless being typed in). */
export function tidyLines(lines: string[], cursors: number[], focus: number | null): { lines: string[]; cursors: number[]; focus: number | null } {
  const keep = lines.map((line, i) => line !== '' || i === focus);
  const outLines = lines.filter((_, i) => keep[i]);
  const outCursors = cursors.filter((_, i) => keep[i]);
  let at = focus === null ? null : keep.slice(0, focus).filter(Boolean).length;
  if (outLines[outLines.length - 1] !== '') {
    outLines.push('');
    outCursors.push(0);
  }
  while (outLines.length > 1 && outLines[outLines.length - 1] === '' && outLines[outLines.length - 2] === '') {
    outLines.pop();
    outCursors.pop();
  }
  if (at !== null) at = Math.min(at, outLines.length - 1);
  return { lines: outLines, cursors: outCursors, focus: at };
}
