// Adding a feature is a folder and one line in the registry: a feature the app has never
// heard of (test/fixtures/greeter) brings its slice, pane, `:` command and key, and the app runs them.
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/app/features.js';
import { greeterFeature } from '../fixtures/greeter/feature.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('a feature plugged in by one line', () => {
  it('adds its state, its pane, its palette command and its key', async () => {
    app = await startApp({ features: [...FEATURES, greeterFeature] });
    await app.waitFor('acme/api');
    // Its slice is in the one store, with the core's and every other feature's.
    expect(app.store.getState().greetings).toBe(0);
    expect(app.store.getState().stack).toEqual([{ kind: 'projects' }]);
    await app.press(':');
    await app.waitFor('project <path|id>');
    await app.type('greet bob\r');
    await app.waitFor('hello bob, greeted 0 times');
    await app.press('j', 'jj');
    await app.waitFor('hello bob, greeted 3 times');
    expect(app.store.getState().greetings).toBe(3);
    // Its own command, in its own scope: its key, its hint, and help names the scope its way.
    await app.waitFor('+ greet');
    await app.press('+', '++');
    await app.waitFor('hello bob, greeted 6 times');
    await app.press('?');
    await app.waitFor('Here: the greeting');
    expect(app.frame()).toContain('Greet once more');
    await app.press('\u001B');
    await app.waitFor('hello bob, greeted 6 times');
    // Esc leaves its pane as any other.
    await app.press('\u001B');
    await app.waitFor('acme/api');
    expect(app.frame()).not.toContain('hello bob');
  });

  it('is absent from an app whose registry does not list it', async () => {
    app = await startApp();
    await app.waitFor('acme/api');
    expect('greetings' in app.store.getState()).toBe(false);
    await app.press(':');
    await app.type('greet bob\r');
    await app.waitFor('Unknown command "greet"');
  });
});
