// The controller and the poller know features only through store/feature.ts: a made-up feature on
// a pane of its own (its spec of the `key` kind here: store/registry.ts) gets every hook the core offers
// (commands asked before the core's, a form's keys and pastes, the confirms and prompts it owns,
// `o`'s page and host, what it attaches, its poll per poller), and with no feature answering, the
// core's defaults hold.
import { describe, expect, it } from 'vitest';
import type { GitLab } from '../api/index.js';
import type { InputEvent } from '../input/key.js';
import type { CommandId } from '../keymap/bindings.js';
import { Controller, scopesOf } from './controller.js';
import type { Ctx } from './ctx.js';
import type { Feature, FeatureOptions, PaneSpec } from './feature.js';
import { DEFAULT_TIMING, startPolling } from './polling.js';
import * as nav from './nav.js';
import { createAppStore } from '../app/create.js';
import type { Pane, PaneKinds } from './types.js';
import { setConfirm, setPrompt } from './writers.js';

const KEY_PANE: Pane = { kind: 'key', keyId: 1 };

const key = (name: string, text?: string): InputEvent => ({
  kind: 'key',
  name,
  ctrl: false,
  alt: false,
  shift: false,
  sequence: name,
  ...(text ? { text } : {}),
});

/** The made-up feature's spec of the `key` pane: a component, and what the test gives it. */
const keySpec = (spec: Partial<PaneSpec<PaneKinds['key']>> = {}) => ({ key: { view: () => null, ...spec } });

function setup(feature: Feature, spec?: Partial<PaneSpec<PaneKinds['key']>>) {
  const store = createAppStore({ host: 'test', demo: true, readOnly: false }, KEY_PANE);
  const opened: string[] = [];
  const gl = { client: { origin: 'https://gitlab.example' } } as unknown as GitLab;
  const platform = { openUrl: async (url: string) => (opened.push(url), { opened: true, message: '' }), copy: () => {}, downloadDir: '/tmp' };
  const controller = new Controller({ store, gl, platform, features: [{ specs: keySpec(spec), ...feature }] });
  return { store, controller, opened };
}

/** A store on the key pane and a poller's context with `feature` alone. */
function pollCtx(feature: Feature): { store: ReturnType<typeof createAppStore>; ctx: Ctx } {
  const store = createAppStore({ host: 'test', demo: true, readOnly: false }, KEY_PANE);
  const ctx: Ctx = {
    store,
    gl: {} as GitLab,
    platform: { openUrl: async () => ({ opened: false, message: '' }), copy: () => {}, downloadDir: '/tmp' },
    now: () => 0,
    connectionOk: () => {},
    connectionFailed: () => {},
    features: [feature],
  };
  return { store, ctx };
}
describe('the controller asks the features', () => {
  it('a feature runs a command on its pane before the core handles it, even a core one', () => {
    const claimed: CommandId[] = [];
    const { store, controller } = setup(
      { name: 'fake', takes: [{ command: 'app.quit', scopes: ['key'], run: () => void claimed.push('app.quit') }] },
      { scopes: () => ['key', 'global'] },
    );
    controller.run('app.quit');
    expect(claimed).toEqual(['app.quit']);
    expect(store.getState().quit).toBe(false);
  });

  it("a form in front takes every key, resolved in its scopes and 'edit', and pastes whole", () => {
    const keys: [CommandId | null, string | undefined][] = [];
    const pastes: string[] = [];
    const { store, controller } = setup(
      { name: 'fake' },
      {
        scopes: () => ['key'],
        keys: (_ctx, _pane, command, text) => keys.push([command, text]) > 0,
        paste: (_ctx, _pane, text) => pastes.push(text) > 0,
      },
    );
    controller.handleKey(key('escape'));
    controller.handleKey(key('q', 'q'));
    controller.handleKey({ kind: 'paste', text: 'a=1\nb=2', truncated: false });
    expect(keys).toEqual([
      ['edit.cancel', undefined],
      [null, 'q'],
    ]);
    expect(pastes).toEqual(['a=1\nb=2']);
    expect(store.getState().quit).toBe(false);
  });

  it('runs the confirms and prompts a feature owns, with the data they carry, found by its name', async () => {
    const ran: string[] = [];
    const { store, controller } = setup({
      name: 'fake',
      confirmed: (_ctx, a: { args: { path: string } }) => void ran.push(`confirm ${a.args.path}`),
      submitted: (_ctx, _a: unknown, value) => (ran.push(`prompt ${value}`), value === 'bad' ? 'Not a status' : null),
    });
    // Its own data, typed by the feature that declares it (store/continuations.ts ConfirmPayloads): a made-up one here.
    setConfirm(store, { message: 'Replace it?', yes: { owner: 'fake', command: 'save', args: { path: 'x.log' } } as never });
    controller.handleKey(key('y', 'y'));
    setPrompt(store, { id: 'p', label: 'Status:', initial: '', submit: { owner: 'fake', command: 'scope', args: {} } as never });
    await controller.submitPrompt('bad');
    expect(store.getState().prompt?.error).toBe('Not a status');
    await controller.submitPrompt('running');
    expect(store.getState().prompt).toBeNull();
    expect(ran).toEqual(['confirm x.log', 'prompt bad', 'prompt running']);
  });

  it("opens the feature's page; off GitLab's host it asks first, naming the host, unless the feature says it lives there", async () => {
    let anyHost = false;
    const { store, controller, opened } = setup({ name: 'fake' }, { url: () => ({ url: 'https://staging.example/', anyHost }) });
    controller.run('object.open');
    expect(store.getState().confirm).toMatchObject({
      message: 'Open https://staging.example/?',
      detail: expect.stringMatching(/^It is on staging\.example, not on /),
    });
    expect(opened).toEqual([]);
    controller.handleKey(key('n', 'n'));
    expect(opened).toEqual([]);
    controller.run('object.open');
    controller.handleKey(key('y', 'y'));
    await Promise.resolve();
    expect(opened).toEqual(['https://staging.example/']);
    opened.length = 0;
    anyHost = true;
    controller.run('object.open');
    await Promise.resolve();
    expect(opened).toEqual(['https://staging.example/']);
  });

  it('starts, refreshes and stops what a feature attaches; attaches once, with the timing', async () => {
    const calls: string[] = [];
    let options: FeatureOptions | undefined;
    const { controller } = setup({
      name: 'fake',
      attach: (_ctx, o) => {
        options = o;
        calls.push('attach');
        return { start: () => calls.push('start'), stop: () => calls.push('stop'), refresh: async () => void calls.push('refresh') };
      },
    });
    expect(calls).toEqual(['attach']);
    expect(options?.timing).toBe(DEFAULT_TIMING);
    await controller.refresh();
    controller.stop();
    expect(calls).toEqual(['attach', 'refresh', 'stop']);
  });

  it('a pane no feature gives scopes to has the global keys alone', () => {
    expect(scopesOf(KEY_PANE, [{ name: 'fake' }])).toEqual(['global']);
  });
});

describe('the poller asks the features', () => {
  it('makes the poll of a pane spec once per poller and reads the pane in front through it', async () => {
    const made: number[] = [];
    const reads: { poller: number; full: boolean }[] = [];
    const feature: Feature = {
      name: 'fake',
      specs: keySpec({
        poll: () => {
          const poller = made.push(made.length + 1);
          return { refresh: (_pane, { full }) => (reads.push({ poller, full }), Promise.resolve()) };
        },
      }),
    };
    const { ctx } = pollCtx(feature);
    const first = startPolling(ctx, DEFAULT_TIMING, () => 0);
    const second = startPolling(ctx, DEFAULT_TIMING, () => 0);
    await first.refreshNow();
    await second.refreshNow();
    first.stop();
    second.stop();
    expect(made).toEqual([1, 2]);
    expect(reads.filter((r) => r.poller === 1).length).toBeGreaterThanOrEqual(1);
    expect(reads.filter((r) => r.poller === 2).length).toBeGreaterThanOrEqual(1);
    expect(reads.every((r) => r.full)).toBe(true);
  });

  it("calls the watch of a pane spec with its pane on every change while it is in front, after the features' watch", async () => {
    const seen: string[] = [];
    const feature: Feature = {
      name: 'fake',
      poll: () => ({ watch: (state) => void seen.push(`feature ${state.stack.length}`) }),
      specs: keySpec({ poll: () => ({ watch: (state, pane) => void seen.push(`key ${pane.keyId} ${state.stack.length}`) }) }),
    };
    const { store, ctx } = pollCtx(feature);
    const poller = startPolling(ctx, DEFAULT_TIMING, () => 0);
    // Another pane in front (no spec answers for it here): the key pane's watch is not called; back, it is.
    nav.push(store, { kind: 'key', keyId: 2 });
    nav.push(store, { kind: 'projects' });
    nav.back(store);
    poller.stop();
    expect(seen).toEqual(['feature 1', 'key 1 1', 'feature 2', 'key 2 2', 'feature 3', 'feature 2', 'key 2 2']);
  });
});

describe('the palette asks the features', () => {
  it("runs a feature's own `:` command by name with its arguments and where it was typed, and lists it", async () => {
    const calls: [string[], number][] = [];
    const { store, controller } = setup({
      name: 'fake',
      palette: {
        hello: {
          usage: 'hello <name>',
          description: 'says hello',
          run: (_ctx, args, at) => {
            calls.push([args, at.stack.length]);
            return args[0] === 'nobody' ? 'no one to greet' : null;
          },
        },
      },
    });
    const { paletteCommands, submitPalette } = await import('./palette.js');
    expect(paletteCommands(controller.ctx.features).map((c) => c.usage)).toContain('hello <name>');
    expect(await submitPalette(controller.ctx, controller, 'hello  world')).toBeNull();
    expect(await submitPalette(controller.ctx, controller, ':hello nobody')).toBe('no one to greet');
    expect(calls).toEqual([
      [['world'], 1],
      [['nobody'], 1],
    ]);
    expect(await submitPalette(controller.ctx, controller, 'goodbye')).toMatch(/^Unknown command "goodbye" — try .*hello/);
    expect(store.getState().quit).toBe(false);
  });
});
