// Type-ahead's rules on a bare store: held keys replay in order once the pane is ready, are dropped
// when another pane comes to the front, when what is shown voids them ('drop': a confirm's warning),
// and after the hold's bound, with a toast.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeKey, type Key } from '../input/key.js';
import { createAppStore } from '../app/create.js';
import { TypeAhead } from './type-ahead.js';
import * as nav from './nav.js';
import { clearToast } from './writers.js';
import type { Pane } from './types.js';

const PROJECT: Pane = { kind: 'project', projectId: 1, path: 'acme/api', tab: 'pipelines' };

function setup() {
  const store = createAppStore({ host: 'test', demo: true, readOnly: false }, PROJECT);
  let ready: boolean | 'drop' = false;
  const replayed: string[] = [];
  const typeAhead = new TypeAhead({ store, ready: () => ready, replay: (key) => replayed.push(key.name), holdMs: 2000 });
  const key = (name: string): Key => makeKey(name, name);
  return {
    store,
    typeAhead,
    replayed,
    key,
    setReady(value: boolean | 'drop') {
      ready = value;
      // Any change of the store: type-ahead looks again.
      clearToast(store);
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('TypeAhead', () => {
  it('replays the held keys in order once the pane is ready', async () => {
    const t = setup();
    for (const name of ['enter', 'j', 'enter']) t.typeAhead.hold(t.key(name));
    clearToast(t.store);
    await Promise.resolve();
    expect(t.replayed).toEqual([]);
    t.setReady(true);
    await Promise.resolve();
    expect(t.replayed).toEqual(['enter', 'j', 'enter']);
    expect(t.typeAhead.holding).toBe(false);
  });

  it('drops them when another pane comes to the front', async () => {
    const t = setup();
    t.typeAhead.hold(t.key('j'));
    nav.push(t.store, { kind: 'projects' });
    expect(t.typeAhead.holding).toBe(false);
    t.setReady(true);
    await Promise.resolve();
    expect(t.replayed).toEqual([]);
  });

  it("drops them, and says so, when what shows voids them (a confirm's warning)", async () => {
    const t = setup();
    t.typeAhead.hold(t.key('y'));
    t.setReady('drop');
    expect(t.typeAhead.holding).toBe(false);
    expect(t.store.getState().toast?.message).toBe('1 key typed before the warning dropped: answer the question again');
    await Promise.resolve();
    expect(t.replayed).toEqual([]);
  });

  it('drops them after the bound, with a toast, and replays nothing later', async () => {
    vi.useFakeTimers();
    const t = setup();
    t.typeAhead.hold(t.key('enter'));
    t.typeAhead.hold(t.key('enter'));
    vi.advanceTimersByTime(1999);
    expect(t.typeAhead.holding).toBe(true);
    vi.advanceTimersByTime(1);
    expect(t.typeAhead.holding).toBe(false);
    expect(t.store.getState().toast?.message).toBe('2 keys typed ahead dropped: the pane took over 2 s');
    t.setReady(true);
    await Promise.resolve();
    expect(t.replayed).toEqual([]);
  });
});
