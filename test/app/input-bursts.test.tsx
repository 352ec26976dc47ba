// Keys arrive in bursts: key repeat, fast typing and laggy SSH links put several keys in one read.
// Each test writes its keys in ONE stdin write (or splits a sequence across two) and checks that
// every key was applied, in order, each to the state the previous one left.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyUserKeys } from '../../src/config/user-keys.js';
import { FEATURES } from '../../src/app/features.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { defaultBindings } from '../../src/store/keymap.js';
import { listKeyOf } from '../../src/store/sources.js';
import { listOf, topPane } from '../../src/store/store.js';
import type { ListKey } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const PROJECTS = listKeyOf({ kind: 'projects' }) as ListKey;

describe('bursts on the project list', () => {
  let app: AppRig;
  const selected = (key: ListKey = PROJECTS) => listOf(app.store.getState(), key).selected;
  // Each test its own app: the cursor on the first project, no filter, nothing open.
  beforeEach(async () => {
    app = await startApp();
    await app.until(() => app.controller.rowsOf(PROJECTS).length >= 5, 'five projects');
  });
  afterEach(() => app.close());

  it('jjj moves the cursor three rows, kk two back', async () => {
    await app.type('jjj');
    expect(selected()).toBe(3);
    await app.type('kk');
    expect(selected()).toBe(1);
  });

  it('j⏎ opens the second row', async () => {
    const second = app.controller.rowsOf<{ id: number }>(PROJECTS)[1]!;
    await app.type('j\r');
    expect(topPane(app.store.getState())).toMatchObject({ kind: 'project', projectId: second.id });
  });

  it('an arrow split across two reads is one Down, not Esc (back) and garbage', async () => {
    await app.type('\r');
    const pane = topPane(app.store.getState());
    expect(pane.kind).toBe('project');
    const key = listKeyOf(pane)!;
    await app.until(() => app.controller.rowsOf(key).length >= 2, 'two pipelines');
    app.write('\x1b');
    app.write('[B');
    await app.until(() => selected(key) === 1, 'the cursor to move down');
    expect(topPane(app.store.getState())).toEqual(pane);
    expect(app.frame()).not.toContain('[B');
  });

  it('two backspaces in one read erase two characters of a prompt', async () => {
    await app.type(':abcd');
    expect(app.store.getState().prompt?.value).toBe('abcd');
    await app.type('\x7f\x7f');
    expect(app.store.getState().prompt?.value).toBe('ab');
    await app.waitFor(/: ab(?!c)/);
  });

  it('a 2 KB bracketed paste goes whole into the prompt and runs nothing', async () => {
    await app.press(':');
    // Letters that are commands on the list (q quits, j moves, R refreshes) and a ⏎-less run of them.
    const text = 'qjRk:'.repeat(420);
    await app.type(`\x1b[200~${text}\x1b[201~`);
    const state = app.store.getState();
    expect(state.prompt?.value).toBe(text);
    expect(state.quit).toBe(false);
    expect(state.stack).toHaveLength(1);
    expect(selected()).toBe(0);
  });

  it('a multi-line paste keeps its first line and says so; with no field open it is ignored', async () => {
    await app.press(':');
    await app.type('\x1b[200~main\nrm -rf /\n\x1b[201~');
    expect(app.store.getState().prompt?.value).toBe('main');
    await app.waitFor('1 more line was left out');
    await app.press(KEY.escape);
    expect(app.store.getState().prompt).toBeNull();
    await app.type('\x1b[200~jjq\x1b[201~');
    await app.waitFor('Paste ignored');
    expect(selected()).toBe(0);
    expect(app.store.getState().quit).toBe(false);
  });

  it('a pasted y does not answer a [y/N] question; a typed key does', async () => {
    app.store.setState({ confirm: { message: 'Delete everything?', yes: { owner: 'schedules', command: 'schedule.discardForm', args: {} } } });
    await app.waitFor('Delete everything?');
    await app.type('\x1b[200~y\x1b[201~');
    expect(app.store.getState().confirm).not.toBeNull();
    await app.type('n');
    expect(app.store.getState().confirm).toBeNull();
    await app.waitFor('Nothing was changed');
  });

  it('Esc clears a kept filter first, and / starts again from the kept text', async () => {
    const first = app.controller.rowsOf<{ path_with_namespace: string }>(PROJECTS)[0]!.path_with_namespace;
    const word = first.split('/').pop()!;
    await app.type(`/${word}x\r`);
    expect(listOf(app.store.getState(), PROJECTS).filter).toBe(`${word}x`);
    await app.type('/\x7f\r');
    expect(listOf(app.store.getState(), PROJECTS).filter).toBe(word);
    await app.press(KEY.escape);
    expect(listOf(app.store.getState(), PROJECTS).filter).toBe('');
    await app.waitFor('Filter cleared');
  });

  it('startup notices show one at a time, each until a key, and the key still works', async () => {
    app.controller.notify(['config.yml:3: theme: expected one of dark, light, high-contrast', '--host ignored with --demo']);
    await app.waitFor('theme: expected one of dark, light, high-contrast (1 more: any key)');
    await app.type('j');
    expect(selected()).toBe(1);
    await app.waitFor('--host ignored with --demo');
    expect(app.frame()).not.toContain('theme: expected');
    await app.type('j');
    expect(selected()).toBe(2);
    await app.until(() => !app.frame().includes('--host ignored'), 'the last notice to go');
  });

  it('help opens on the keys of the pane in front and scrolls with G and g', async () => {
    await app.press('?');
    await app.waitFor('Here: projects list');
    await app.until(() => app.store.getState().help?.max !== undefined, 'help to be laid out');
    const max = app.store.getState().help!.max!;
    await app.type('G');
    expect(app.store.getState().help?.offset).toBe(max);
    await app.type('kg');
    expect(app.store.getState().help?.offset).toBe(0);
    await app.type('q');
    expect(app.store.getState().help).toBeNull();
    expect(app.store.getState().quit).toBe(false);
  });
});

describe('bursts that quit or open panes', () => {
  it('Esc then Ctrl-C in one read quits, from help', async () => {
    const app = await startApp();
    try {
      await app.press('?');
      await app.type('\x1b\x03');
      expect(app.store.getState().quit).toBe(true);
    } finally {
      await app.close();
    }
  });

  it(':key 1⏎ typed in one read opens key 1 (administrator)', async () => {
    const app = await startApp({ token: DEMO_TOKENS.admin });
    try {
      await app.type(':key 1\r');
      await app.until(() => topPane(app.store.getState()).kind === 'key', 'the key pane');
      expect(topPane(app.store.getState())).toEqual({ kind: 'key', keyId: 1 });
    } finally {
      await app.close();
    }
  });
});

describe("the user's keys", () => {
  it('drive the keys, the footer and help', async () => {
    const { bindings, warnings } = applyUserKeys(
      defaultBindings(FEATURES),
      { 'nav.down': { keys: ['J'] }, 'app.help': { keys: ['H'] } },
      { file: 'config.yml' },
    );
    expect(warnings).toEqual([]);
    const app = await startApp({ bindings });
    try {
      await app.until(() => app.controller.rowsOf(PROJECTS).length >= 3, 'three projects');
      await app.type('JJj');
      expect(listOf(app.store.getState(), PROJECTS).selected).toBe(2);
      await app.waitFor('J move');
      await app.press('H');
      const frame = await app.waitFor('Move down');
      expect(frame).toMatch(/J\s+Move down/);
    } finally {
      await app.close();
    }
  });
});
