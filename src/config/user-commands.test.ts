import { describe, expect, it } from 'vitest';
import { FEATURES } from '../app/features.js';
import { withUserCommands } from '../features/commands/index.js';
import { createKeymap } from '../keymap/matcher.js';
import { commandIdsOf, defaultBindings, scopesOverlap } from '../store/keymap.js';
import { footerHints } from '../ui/Footer.js';
import { formatWarning, parseUserConfig } from './user-config.js';

const FILE = '/home/u/.config/pipetop/config.yml';
const parse = (text: string) => parseUserConfig(text, { file: FILE, commands: commandIdsOf(FEATURES) });

describe('commands:', () => {
  it('reads every field as the README shows it, with the defaults for those left out', async () => {
    const { config, warnings } = await parse(
      [
        'commands:',
        '  - name: rollback',
        '    key: ctrl+b',
        '    scope: deployment',
        '    description: roll back this environment',
        `    run: './ops/rollback.sh "$PIPETOP_ENVIRONMENT"'`,
        '    output: terminal',
        '    confirm: true',
        '    dangerous: true',
        '    token: true',
        '  - { name: notes, run: glab ci view }',
      ].join('\n'),
    );
    expect(warnings).toEqual([]);
    expect(config.commands).toEqual([
      {
        name: 'rollback',
        key: 'ctrl+b',
        scope: 'deployment',
        description: 'roll back this environment',
        run: './ops/rollback.sh "$PIPETOP_ENVIRONMENT"',
        output: 'terminal',
        confirm: true,
        dangerous: true,
        token: true,
        line: 2,
      },
      { name: 'notes', scope: 'any', description: 'run notes', run: 'glab ci view', output: 'toast', confirm: false, dangerous: false, token: false, line: 11 },
    ]);
  });

  it('leaves out a command with a mistake, naming the line and the field; the others stay', async () => {
    const { config, warnings } = await parse(
      [
        'commands:',
        '  - { name: ok, run: "true" }',
        '  - { name: "two words", run: "true" }',
        '  - { name: noscope, scope: cluster, run: "true" }',
        '  - name: nooutput',
        '    run: "true"',
        '    output: window',
        '  - { name: norun }',
        '  - { name: badkey, key: "ctrl+", run: "true" }',
        '  - { name: badflag, run: "true", confirm: yes please }',
        '  - { name: extra, run: "true", shell: zsh }',
        '  - { name: ok, run: "false" }',
      ].join('\n'),
    );
    expect(config.commands.map((c) => c.name)).toEqual(['ok']);
    expect(warnings.map(formatWarning)).toEqual([
      `${FILE}:3: commands[2]: name: expected a word of letters, digits, '.', '_' or '-' (at most 40), got "two words"; the command is ignored`,
      `${FILE}:4: commands.noscope: scope: expected one of project, pipeline, job, log, schedule, deployment, mr, any, got "cluster"; the command is ignored`,
      `${FILE}:7: commands.nooutput: output: expected one of none, toast, pager, terminal, got "window"; the command is ignored`,
      `${FILE}:8: commands.norun: run: expected the command to run (a shell command line), got nothing; the command is ignored`,
      `${FILE}:9: commands.badkey: key: "ctrl+" is not a key (write e.g. R, ctrl+b, alt+x); the command is ignored`,
      `${FILE}:10: commands.badflag: confirm: expected true or false, got "yes please"; the command is ignored`,
      `${FILE}:11: commands[8]: shell: not a field of a command (name, key, scope, description, run, output, confirm, dangerous, token); the command is ignored`,
      `${FILE}:12: commands.ok: a command named ok is already defined above; this one is ignored`,
    ]);
  });

  it('says so when commands: is not a list', async () => {
    const { config, warnings } = await parse('commands: rollback\n');
    expect(config.commands).toEqual([]);
    expect(warnings.map(formatWarning)).toEqual([`${FILE}:1: commands: expected a list of commands (- name: …, run: …), got "rollback"; ignored`]);
  });

  it('binds a key in its scope, refuses one that collides (as other key settings), and hides a dangerous one when read-only', async () => {
    const { config } = await parse(
      [
        'commands:',
        '  - { name: rollback, key: R, scope: deployment, run: "true" }',
        '  - { name: logs, key: ctrl+o, scope: job, run: "true", description: ship the job }',
        '  - { name: again, key: ctrl+o, scope: log, run: "true" }',
        '  - { name: wipe, key: ctrl+w, scope: pipeline, run: "true", dangerous: true }',
      ].join('\n'),
    );
    const table = defaultBindings(FEATURES);
    const { bindings, warnings } = withUserCommands(table, config.commands, { file: FILE, readOnly: false, overlaps: scopesOverlap });
    expect(warnings.map(formatWarning)).toEqual([
      `${FILE}:2: commands.rollback: 'R' is already app.refresh (global); not bound (:run rollback still runs it)`,
      `${FILE}:4: commands.again: 'ctrl+o' is already the command logs (job); not bound (:run again still runs it)`,
    ]);
    const keymap = createKeymap(bindings);
    expect(keymap.resolve('ctrl+o', ['pipeline', 'list', 'global'])?.command).toBe('run.logs');
    expect(keymap.resolve('ctrl+o', ['job', 'global'])?.command).toBe('run.logs');
    expect(keymap.resolve('ctrl+o', ['schedules', 'project', 'list', 'global'])).toBeNull();
    expect(keymap.resolve('ctrl+w', ['pipeline', 'list', 'global'])?.command).toBe('run.wipe');
    expect(keymap.resolve('R', ['deployment', 'global'])?.command).toBe('app.refresh');
    // Its key and name in the footer where it applies.
    const hints = footerHints(keymap.bindingsFor(['job', 'global']), ['job', 'global'], { first: false, readOnly: false });
    expect(hints).toContainEqual({ key: '^o', label: 'logs' });
    const readOnly = withUserCommands(table, config.commands, { file: FILE, readOnly: true, overlaps: scopesOverlap });
    expect(readOnly.bindings.map((b) => b.command)).not.toContain('run.wipe');
    expect(createKeymap(readOnly.bindings).resolve('ctrl+w', ['pipeline', 'list', 'global'])).toBeNull();
  });
});
