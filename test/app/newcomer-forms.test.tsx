// Forms and their questions: a form's [y/N] is asked under the form, where the eyes are,
// and the footer then says the question's keys; the schedule form prefills the user's time zone,
// selected, so typing another replaces it.
import { afterEach, describe, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const lines = (rig: AppRig) => rig.frame().split('\n');

async function openTab(rig: AppRig, tab: 'pipelines' | 'schedules'): Promise<void> {
  await rig.waitFor('acme/api');
  const projectId = [...rig.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!.id;
  rig.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab } as Pane] }));
  await rig.waitFor(tab === 'pipelines' ? 'f filters' : /\d+ schedules · scope/);
}

describe('a form’s question', () => {
  it('is asked under the run form, and the footer says y yes  n/esc no (80×24)', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await openTab(app, 'pipelines');
    await app.press('N');
    await app.waitFor('New pipeline in acme/api');
    // Its hint lines are cut between parts at 80 columns, never mid-word ("input:name=val…").
    const syntax = lines(app).find((l) => l.startsWith('Variables and inputs, one per line:'))!;
    expect(syntax).toMatch(/file:KEY=value …$/);
    await app.press(KEY.tab);
    await app.type('FOO=1');
    await app.press(KEY.escape);
    await app.waitFor('[y/N]');
    const rows = lines(app);
    const question = rows.findIndex((l) => l.includes('[y/N]'));
    const variable = rows.findIndex((l) => l.includes('FOO=1'));
    // Right under the form's lines, not at the bottom of the screen.
    expect(question - variable).toBeGreaterThan(0);
    expect(question - variable).toBeLessThanOrEqual(2);
    expect(rows.length - question).toBeGreaterThan(8);
    expect(rows.at(-1)).toBe('y yes  n/esc no');
    // n answers no: the form stays, with its own keys again.
    await app.press('n');
    await app.until(() => app!.store.getState().confirm === null, 'the question to go');
    await app.waitFor(/⏎ run {2}tab next {2}esc cancel/);
    expect(app.frame()).toContain('FOO=1');
  });

  it('is asked under the schedule form', async () => {
    app = await startApp({ columns: 80, rows: 24, env: { TZ: 'Europe/Berlin' } });
    await openTab(app, 'schedules');
    await app.press('a');
    await app.waitFor('New pipeline schedule in acme/api');
    await app.type('Nightly');
    await app.press(KEY.escape);
    await app.waitFor('[y/N]');
    const rows = lines(app);
    const question = rows.findIndex((l) => l.includes('[y/N]'));
    const active = rows.findIndex((l) => l.includes('[x] active'));
    expect(question).toBeGreaterThan(active);
    expect(question - active).toBeLessThanOrEqual(2);
    expect(rows.at(-1)).toBe('y yes  n/esc no');
  });
});

describe('the schedule form’s time zone', () => {
  it('is the user’s TZ, selected: typing replaces it', async () => {
    app = await startApp({ columns: 100, env: { TZ: 'Europe/Berlin' } });
    await openTab(app, 'schedules');
    await app.press('a');
    await app.waitFor('New pipeline schedule in acme/api');
    await app.waitFor(/Time zone\s+Europe\/Berlin/);
    await app.press(KEY.tab, KEY.tab, KEY.tab);
    await app.waitFor('type to replace');
    await app.type('Asia/Tokyo');
    await app.until(() => app!.store.getState().scheduleForm?.values.cron_timezone === 'Asia/Tokyo', 'the zone replaced');
    await app.waitFor(/Time zone\s+Asia\/Tokyo/);
  });

  it('without TZ, is the system’s zone (Intl)', async () => {
    app = await startApp({ columns: 100, env: {} });
    await openTab(app, 'schedules');
    await app.press('a');
    await app.waitFor('New pipeline schedule in acme/api');
    expect(app.store.getState().scheduleForm?.values.cron_timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('a POSIX TZ GitLab would not take falls back to the system zone', async () => {
    app = await startApp({ columns: 100, env: { TZ: 'CET-1CEST' } });
    await openTab(app, 'schedules');
    await app.press('a');
    await app.waitFor('New pipeline schedule in acme/api');
    expect(app.store.getState().scheduleForm?.values.cron_timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
