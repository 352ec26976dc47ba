// The prompt and `/` filter are ink-text-input, fed by the controller (src/input/ink-feed.ts): a
// burst typed in one write is edited by it key by key (the store's epoch stays unset: the controller
// never had to set the value itself), and what it lacks (Ctrl-U, Ctrl-W, Home, End) still works.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listKeyOf } from '../../src/store/sources.js';
import { listOf } from '../../src/store/store.js';
import type { ListKey } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const PROJECTS = listKeyOf({ kind: 'projects' }) as ListKey;

describe('ink-text-input in the prompt and the filter', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp();
    await app.until(() => app.controller.rowsOf(PROJECTS).length >= 5, 'five projects');
  });
  afterEach(() => app.close());

  it('a burst typed in one write is edited by ink-text-input, one key per event', async () => {
    const before = app.controller.inkFeed.sent;
    await app.type(':pipeline 12\x7f3');
    const prompt = app.store.getState().prompt!;
    expect(prompt.value).toBe('pipeline 13');
    expect(prompt.cursor).toBe(11);
    // Every key after `:` went to the field (13 keys), and none had to be redone by the controller.
    expect(app.controller.inkFeed.sent - before).toBe(13);
    expect(prompt.epoch).toBeUndefined();
    await app.waitFor(': pipeline 13');
  });

  it('Left, typing, Home, Ctrl-W, End and Ctrl-U in one write', async () => {
    await app.press(':');
    // ←← x: "projecxts"; Home y: "yprojecxts"; End, Ctrl-W: ""… then "ab", Ctrl-U at the end: "".
    await app.type('projects\x1b[D\x1b[Dx');
    expect(app.store.getState().prompt).toMatchObject({ value: 'projecxts', cursor: 7 });
    await app.type('\x1b[Hy');
    expect(app.store.getState().prompt).toMatchObject({ value: 'yprojecxts', cursor: 1 });
    await app.type('\x1b[F z\x17');
    expect(app.store.getState().prompt).toMatchObject({ value: 'yprojecxts ', cursor: 11 });
    await app.type('\x1b[H\x1b[C\x15ab');
    expect(app.store.getState().prompt).toMatchObject({ value: 'abprojecxts ', cursor: 2 });
    // The field's own cursor is where the store's is: what it types lands there.
    await app.waitFor(': abprojecxts');
    await app.type('\x7f');
    expect(app.store.getState().prompt).toMatchObject({ value: 'aprojecxts ', cursor: 1 });
  });

  it('the `/` filter is the same field: typed, erased by Ctrl-W, kept by Enter', async () => {
    await app.type('/acme api\x17\r');
    expect(listOf(app.store.getState(), PROJECTS).filter).toBe('acme ');
    expect(app.store.getState().filtering).toBeNull();
    await app.press(KEY.escape);
    expect(listOf(app.store.getState(), PROJECTS).filter).toBe('');
  });
});
