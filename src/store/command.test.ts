// The command table (store/command.ts): a key's command is found by its id and the pane's scopes,
// most specific first, never by the order features are listed in; two handlers for one id in one
// scope are refused at start; read-only mode refuses a command that mutates once, in the
// controller, with the command's own words, before it runs; a run for some pane kinds (onPane) runs
// on those alone, typed by their pane.
import { describe, expect, it } from 'vitest';
import type { GitLab } from '../api/index.js';
import { createAppStore } from '../app/create.js';
import { commandTable, handlerOf, onPane, withRuns, type Command, type Takeover } from './command.js';
import { Controller } from './controller.js';
import type { Feature } from './feature.js';
import type { Pane } from './types.js';

const ran: string[] = [];
const command = (name: string, scopes: Command['scopes'], extra: Partial<Command> = {}): Command => ({
  command: 'object.copy',
  keys: ['y'],
  description: name,
  category: 'Actions',
  scopes,
  run: () => void ran.push(name),
  ...extra,
});
const takeover = (name: string, scopes: Takeover['scopes']): Takeover => ({ command: 'object.copy', scopes, run: () => void ran.push(name) });

describe('the command table', () => {
  it("finds a command's handler by id and the pane's scopes, the most specific first", () => {
    const table = commandTable([command('everywhere', ['global']), command('on a key', ['key'])], []);
    ran.length = 0;
    handlerOf(table, 'object.copy', ['key', 'global'])!.run({} as never, { kind: 'key', keyId: 1 });
    handlerOf(table, 'object.copy', ['projects', 'list', 'global'])!.run({} as never, { kind: 'projects' });
    expect(ran).toEqual(['on a key', 'everywhere']);
    expect(handlerOf(table, 'object.copy', ['projects'])).toBeNull();
    expect(handlerOf(table, 'nav.down', ['key', 'global'])).toBeNull();
  });

  it('lets a takeover replace the run in its own scopes, whatever the order given', () => {
    ran.length = 0;
    for (const table of [
      commandTable([command('own', ['key', 'global'])], [takeover('taken', ['key'])]),
      commandTable([command('own', ['global', 'key'])], [takeover('taken', ['key'])]),
    ]) {
      handlerOf(table, 'object.copy', ['key', 'global'])!.run({} as never, { kind: 'key', keyId: 1 });
      handlerOf(table, 'object.copy', ['global'])!.run({} as never, { kind: 'projects' });
    }
    expect(ran).toEqual(['taken', 'own', 'taken', 'own']);
  });

  it('refuses two commands, or two takeovers, for one id in one scope', () => {
    expect(() => commandTable([command('a', ['key']), command('b', ['key', 'global'])], [])).toThrow('Two handlers for object.copy in the key scope');
    expect(() => commandTable([], [takeover('a', ['key']), takeover('b', ['key'])])).toThrow('Two handlers for object.copy in the key scope');
  });

  it("refuses a run for a command a feature's bindings lack", () => {
    expect(() => withRuns([command('a', ['key'])], { 'nav.down': { run: () => undefined } })).toThrow('No binding for nav.down');
  });
});

describe("a run on a pane's kinds (onPane)", () => {
  it('runs with the pane, typed, on the kinds it names, and does nothing on another', () => {
    const seen: string[] = [];
    const run = onPane(['key', 'schedule'], (_ctx, pane) => void seen.push(pane.kind === 'key' ? `key ${pane.keyId}` : `schedule ${pane.scheduleId}`));
    const ctx = {} as Parameters<typeof run>[0];
    run(ctx, { kind: 'key', keyId: 4 });
    run(ctx, { kind: 'projects' });
    run(ctx, { kind: 'schedule', projectId: 1, path: 'acme/api', scheduleId: 9 });
    onPane('key', (_ctx, pane) => void seen.push(`one ${pane.keyId}`))(ctx, { kind: 'key', keyId: 5 });
    expect(seen).toEqual(['key 4', 'schedule 9', 'one 5']);
  });
});

describe('read-only mode, in the controller', () => {
  function setup(readOnly: boolean) {
    const store = createAppStore({ host: 'test', demo: true, readOnly }, { kind: 'key', keyId: 1 } as Pane);
    const calls: string[] = [];
    const feature: Feature = {
      name: 'fake',
      // The `key` pane is its own here: the scopes of its spec are asked (store/registry.ts).
      specs: { key: { view: () => null, scopes: () => ['key', 'global'] } },
      commands: [
        {
          command: 'job.erase',
          keys: ['E'],
          description: 'Erase',
          category: 'Actions',
          scopes: ['key'],
          mutates: true,
          refusal: () => 'erasing keys',
          run: () => void calls.push('erase'),
        },
      ],
      // A takeover of a mutating command is refused as the command is: `mutates` is the command's.
      takes: [{ command: 'job.keep', scopes: ['key'], run: () => void calls.push('keep') }],
    };
    const keep: Command = { command: 'job.keep', keys: ['K'], description: 'Keep', category: 'Actions', scopes: ['jobs'], mutates: true, run: () => undefined };
    const gl = { client: { origin: 'https://gitlab.example' } } as unknown as GitLab;
    const platform = { openUrl: async () => ({ opened: true, message: '' }), copy: () => {}, downloadDir: '/tmp' };
    const controller = new Controller({ store, gl, platform, features: [feature, { name: 'keeper', commands: [keep] }] });
    return { store, controller, calls };
  }

  it('refuses a mutating command with its own words and runs nothing', () => {
    const { store, controller, calls } = setup(true);
    controller.run('job.erase');
    expect(store.getState().toast?.message).toBe('Read-only mode: erasing keys is disabled (pipetop was started with --read-only)');
    controller.run('job.keep');
    expect(store.getState().toast?.message).toMatch(/^Read-only mode: job.keep is disabled/);
    expect(calls).toEqual([]);
  });

  it('runs them when not read-only', () => {
    const { controller, calls } = setup(false);
    controller.run('job.erase');
    controller.run('job.keep');
    expect(calls).toEqual(['erase', 'keep']);
  });
});
