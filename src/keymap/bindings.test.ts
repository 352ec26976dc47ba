// The keymap is data: every command is bound and described, and no key means two things in one pane.
import { describe, expect, it } from 'vitest';
import { BINDINGS, COMMANDS, type Scope } from './bindings.js';
import { bindingsFor, keyName, resolve } from './matcher.js';

const PANE_SCOPES: Scope[][] = [
  ['projects', 'list', 'global'],
  ['pipelines', 'project', 'list', 'global'],
  ['jobs', 'project', 'list', 'global'],
  ['project', 'global'],
  ['pipeline', 'list', 'global'],
  ['job', 'global'],
  ['schedules', 'project', 'list', 'global'],
  ['deployments', 'project', 'list', 'global'],
  ['events', 'project', 'list', 'global'],
  ['schedule', 'global'],
  ['scheduleForm'],
  ['deployment', 'global'],
  ['events', 'list', 'global'],
  ['key', 'global'],
  ['mergeRequest', 'list', 'global'],
];

describe('keymap', () => {
  it('binds and describes every command', () => {
    for (const command of COMMANDS) {
      const bindings = BINDINGS.filter((b) => b.command === command);
      expect(bindings.length, command).toBeGreaterThan(0);
      for (const b of bindings) {
        expect(b.keys.length, command).toBeGreaterThan(0);
        expect(b.description.length, command).toBeGreaterThan(5);
      }
    }
  });

  it('never binds one key to two commands in the same scope', () => {
    const seen = new Map<string, string>();
    for (const b of BINDINGS) {
      for (const scope of b.scopes) {
        for (const key of b.keys) {
          const id = `${scope}:${key}`;
          expect(seen.get(id) ?? b.command, `${id} is bound to ${seen.get(id)} and ${b.command}`).toBe(b.command);
          seen.set(id, b.command);
        }
      }
    }
  });

  it('lets a pane\'s own binding win over a global one', () => {
    expect(resolve('r', ['pipelines', 'project', 'list', 'global'])?.command).toBe('pipeline.retry');
    expect(resolve('r', ['pipeline', 'list', 'global'])?.command).toBe('job.retry');
    expect(resolve('ctrl+r', ['pipeline', 'list', 'global'])?.command).toBe('pipeline.retry');
    expect(resolve('enter', ['job', 'global'])).toBeNull();
    expect(resolve('q', ['job', 'global'])?.command).toBe('app.quit');
  });

  it('shows each pane a hint list with no shadowed keys', () => {
    for (const scopes of PANE_SCOPES) {
      for (const b of bindingsFor(scopes)) {
        expect(b.keys.some((k) => resolve(k, scopes)?.binding === b), `${b.command} in ${scopes[0]}`).toBe(true);
      }
    }
  });

  it('names keys the way bindings spell them', () => {
    expect(keyName('', { downArrow: true })).toBe('down');
    expect(keyName('r', { ctrl: true })).toBe('ctrl+r');
    expect(keyName('', { tab: true, shift: true })).toBe('shift+tab');
    expect(keyName('', { delete: true })).toBe('backspace');
    expect(keyName('G', { shift: true })).toBe('G');
    expect(keyName(' ', {})).toBe('space');
    const all = new Set(BINDINGS.flatMap((b) => b.keys));
    for (const key of all) expect(/^(ctrl\+[a-z]|shift\+tab|[a-z]+|.)$/.test(key), key).toBe(true);
  });
});
