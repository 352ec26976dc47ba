// `commands:` in the config file: the user's own commands, run on the object under the cursor
// (k9s plugins, lazygit customCommands). Read here, each mistake one warning naming the line; a
// command with a mistake is left out whole (never run half-understood). They run in
// src/features/commands: the object's values reach them only as PIPETOP_* environment variables.
//
//   commands:
//     - name: rollback          # unique; `:run rollback` runs it
//       key: ctrl+b             # optional; refused when it collides with another key
//       scope: deployment       # project | pipeline | job | log | schedule | deployment | mr | any
//       description: roll back this environment
//       run: './ops/rollback.sh "$PIPETOP_ENVIRONMENT"'
//       output: toast           # none | toast | pager | terminal
//       confirm: true
//       dangerous: true         # refused and hidden in read-only mode (as is any with token: true)
//       token: false            # true: GITLAB_TOKEN is set for it
import type { Yaml } from './load-yaml.js';
import { parseKeySpec } from '../input/key.js';
import type { ConfigWarning } from './config-warning.js';

export const COMMAND_SCOPES = ['project', 'pipeline', 'job', 'log', 'schedule', 'deployment', 'mr', 'any'] as const;
export type CommandScope = (typeof COMMAND_SCOPES)[number];
export const OUTPUT_MODES = ['none', 'toast', 'pager', 'terminal'] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];

export interface CustomCommand {
  name: string;
  /** The key in bindingName form (input/key.ts), when one is given. */
  key?: string;
  scope: CommandScope;
  description: string;
  /** The command text, run by `/bin/sh -c` as written: nothing is ever spliced into it. */
  run: string;
  output: OutputMode;
  confirm: boolean;
  dangerous: boolean;
  token: boolean;
  /** 1-based line of the entry, for messages. */
  line?: number;
}

/**
 * Whether read-only mode refuses the command: marked `dangerous`, or given the token (`token: true`),
 * with which it can change GitLab whatever it is marked — read-only promises that nothing changes.
 */
export function changesGitLab(command: Pick<CustomCommand, 'dangerous' | 'token'>): boolean {
  return command.dangerous || command.token;
}

/** A name `:run NAME` can take as one word, and a command id (`run.NAME`) can carry. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
const FIELDS = ['name', 'key', 'scope', 'description', 'run', 'output', 'confirm', 'dangerous', 'token'] as const;

type Describe = (node: unknown) => string;

/** The `commands:` value: the commands that are whole, and a warning per mistake. */
export function parseCommands(
  yaml: Yaml,
  value: unknown,
  opts: { file: string; line: number | undefined; lineOf: (node: unknown) => number | undefined; describe: Describe },
): { commands: CustomCommand[]; warnings: ConfigWarning[] } {
  const { file, lineOf, describe } = opts;
  const warnings: ConfigWarning[] = [];
  const commands: CustomCommand[] = [];
  if (yaml.isScalar(value) && value.value === null) return { commands, warnings };
  if (!yaml.isSeq(value)) {
    warnings.push({ file, line: opts.line, key: 'commands', message: `expected a list of commands (- name: …, run: …), got ${describe(value)}; ignored` });
    return { commands, warnings };
  }
  value.items.forEach((item, i) => {
    const at = lineOf(item) ?? opts.line;
    const setting = `commands[${i + 1}]`;
    const warn = (message: string, line = at, key = setting) => warnings.push({ file, line, key, message });
    if (!yaml.isMap(item)) return warn(`expected name:, run: and the rest, got ${describe(item)}; ignored`);
    const fields = new Map<string, { value: unknown; line: number | undefined }>();
    let bad = false;
    for (const pair of item.items) {
      const field = yaml.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!(FIELDS as readonly string[]).includes(field)) {
        warn(`${field}: not a field of a command (${FIELDS.join(', ')}); the command is ignored`, lineOf(pair.key) ?? at);
        bad = true;
        continue;
      }
      fields.set(field, { value: yaml.isScalar(pair.value) ? pair.value.value : pair.value, line: lineOf(pair.key) ?? at });
    }
    const name = fields.get('name')?.value;
    const label = typeof name === 'string' && NAME.test(name) ? `commands.${name}` : setting;
    const text = (field: string): string | undefined => {
      const v = fields.get(field)?.value;
      return typeof v === 'string' ? v : undefined;
    };
    const flag = (field: 'confirm' | 'dangerous' | 'token'): boolean => {
      const f = fields.get(field);
      if (f === undefined || f.value === null) return false;
      if (typeof f.value === 'boolean') return f.value;
      warn(`${field}: expected true or false, got ${describe(f.value)}; the command is ignored`, f.line, label);
      bad = true;
      return false;
    };
    if (typeof name !== 'string' || !NAME.test(name)) {
      warn(`name: expected a word of letters, digits, '.', '_' or '-' (at most 40), got ${describe(name)}; the command is ignored`, fields.get('name')?.line);
      bad = true;
    } else if (commands.some((c) => c.name === name)) {
      warn(`a command named ${name} is already defined above; this one is ignored`, at, label);
      return;
    }
    const run = text('run');
    if (!run || !run.trim()) {
      warn(
        `run: expected the command to run (a shell command line), got ${describe(fields.get('run')?.value)}; the command is ignored`,
        fields.get('run')?.line,
        label,
      );
      bad = true;
    }
    const scope = fields.get('scope')?.value ?? 'any';
    if (!(COMMAND_SCOPES as readonly unknown[]).includes(scope)) {
      warn(`scope: expected one of ${COMMAND_SCOPES.join(', ')}, got ${describe(scope)}; the command is ignored`, fields.get('scope')?.line, label);
      bad = true;
    }
    const output = fields.get('output')?.value ?? 'toast';
    if (!(OUTPUT_MODES as readonly unknown[]).includes(output)) {
      warn(`output: expected one of ${OUTPUT_MODES.join(', ')}, got ${describe(output)}; the command is ignored`, fields.get('output')?.line, label);
      bad = true;
    }
    const description = fields.get('description')?.value;
    if (description !== undefined && description !== null && typeof description !== 'string') {
      warn(`description: expected text, got ${describe(description)}; the command is ignored`, fields.get('description')?.line, label);
      bad = true;
    }
    if (typeof description === 'string' && /[\x00-\x1f\x7f-\x9f]/.test(description)) {
      warn('description: control characters are not shown; the command is ignored', fields.get('description')?.line, label);
      bad = true;
    }
    let key: string | undefined;
    const keyField = fields.get('key');
    if (keyField !== undefined && keyField.value !== null) {
      const raw = keyField.value;
      const spec = typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 9 ? String(raw) : raw;
      const parsed = typeof spec === 'string' ? parseKeySpec(spec) : null;
      if (parsed === null) {
        warn(`key: ${describe(raw)} is not a key (write e.g. R, ctrl+b, alt+x); the command is ignored`, keyField.line, label);
        bad = true;
      } else key = parsed;
    }
    const confirm = flag('confirm');
    const dangerous = flag('dangerous');
    const token = flag('token');
    if (bad) return;
    commands.push({
      name: name as string,
      ...(key ? { key } : {}),
      scope: scope as CommandScope,
      description: typeof description === 'string' && description.trim() ? description.trim() : `run ${name as string}`,
      run: run!,
      output: output as OutputMode,
      confirm,
      dangerous,
      token,
      ...(at !== undefined ? { line: at } : {}),
    });
  });
  return { commands, warnings };
}
