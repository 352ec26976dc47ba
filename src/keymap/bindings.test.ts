// The keymap is data: every command is bound and described, and no key means two things in one pane.
import { describe, expect, it } from 'vitest';
import { parseKeySpec } from '../input/key.js';
// Over the merged table: the core's bindings and every feature's (src/features/*/bindings.ts).
import { BINDINGS as CORE_BINDINGS, COMMANDS, COMPLETION_BINDINGS, type Scope } from './bindings.js';
import { createKeymap } from './matcher.js';
import { FEATURES } from '../app/features.js';
import { commandIdsOf, defaultBindings, scopesOverlap } from '../store/keymap.js';
import { applyUserKeys } from '../config/user-keys.js';

const BINDINGS = defaultBindings(FEATURES);
const { resolve, bindingsFor } = createKeymap(BINDINGS);

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
  ['scheduleForm', 'edit'],
  ['edit'],
  ['filter', 'edit'],
  ['confirm'],
  ['help', 'global'],
  ['deployment', 'global'],
  ['events', 'list', 'global'],
  ['key', 'global'],
  ['mergeRequest', 'list', 'global'],
];

describe('keymap', () => {
  it('binds and describes every command', () => {
    for (const command of commandIdsOf(FEATURES)) {
      const bindings = BINDINGS.filter((b) => b.command === command);
      expect(bindings.length, command).toBeGreaterThan(0);
      for (const b of bindings) {
        expect(b.keys.length, command).toBeGreaterThan(0);
        expect(b.description.length, command).toBeGreaterThan(5);
      }
    }
  });

  it("lists in COMMANDS only the core's ids: every feature's are declared in its folder", () => {
    const core = new Set([...CORE_BINDINGS, ...COMPLETION_BINDINGS].map((b) => b.command));
    expect(COMMANDS.filter((id) => !core.has(id))).toEqual([]);
    const ids = commandIdsOf(FEATURES);
    // The ids a user's config binds stay what they were: the core's, then the features'.
    expect(ids.length).toBe(107);
    // (The number keys of the six tabs: nav.tab7… wait for a seventh, store/keymap.ts.)
    expect(ids.slice(0, COMMANDS.length - 3)).toEqual(COMMANDS.filter((id) => !['nav.tab7', 'nav.tab8', 'nav.tab9'].includes(id)));
    for (const id of ['job.retry', 'log.follow', 'schedule.add', 'form.toggle', 'pipeline.compare', 'commands.cancel']) expect(ids).toContain(id);
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

  it("lets a pane's own binding win over a global one", () => {
    expect(resolve('r', ['pipelines', 'project', 'list', 'global'])?.command).toBe('pipeline.retry');
    expect(resolve('r', ['pipeline', 'list', 'global'])?.command).toBe('job.retry');
    expect(resolve('ctrl+r', ['pipeline', 'list', 'global'])?.command).toBe('pipeline.retry');
    expect(resolve('enter', ['job', 'global'])).toBeNull();
    expect(resolve('q', ['job', 'global'])?.command).toBe('app.quit');
  });

  it('shows each pane a hint list with no shadowed keys', () => {
    for (const scopes of PANE_SCOPES) {
      for (const b of bindingsFor(scopes)) {
        expect(
          b.keys.some((k) => resolve(k, scopes)?.binding === b),
          `${b.command} in ${scopes[0]}`,
        ).toBe(true);
      }
    }
  });

  it('spells every key the way src/input names keys', () => {
    const all = new Set(BINDINGS.flatMap((b) => b.keys));
    for (const key of all) expect(parseKeySpec(key), key).toBe(key);
  });

  it('resolves the modal keys through their own scopes', () => {
    expect(resolve('backspace', ['edit'])?.command).toBe('edit.backspace');
    expect(resolve('j', ['filter', 'edit'])).toBeNull();
    expect(resolve('down', ['filter', 'edit'])?.command).toBe('filter.down');
    expect(resolve('escape', ['scheduleForm', 'edit'])?.command).toBe('form.cancel');
    expect(resolve('Y', ['confirm'])?.command).toBe('confirm.yes');
    expect(resolve('q', ['help', 'global'])?.command).toBe('help.close');
    expect(resolve('G', ['help', 'global'])?.command).toBe('nav.bottom');
  });

  it('refuses a user key only where both keys are live at once (modal scopes included)', () => {
    const apply = (keys: Record<string, string[]>) =>
      applyUserKeys(BINDINGS, Object.fromEntries(Object.entries(keys).map(([c, k]) => [c, { keys: k }])), {
        file: 'config.yml',
        overlaps: scopesOverlap,
      }).warnings.map((w) => w.message);
    // Tab is the form's "next field" while a form field is edited: refused.
    expect(apply({ 'edit.submit': ['tab'] })[0]).toMatch(/'tab' is already form.next/);
    // ^w erases a word in a text field, and means nothing on a pane: both can have it.
    expect(apply({ 'app.refresh': ['ctrl+w'] })).toEqual([]);
  });
});
