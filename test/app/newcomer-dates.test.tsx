// Dates a newcomer can trust: GitLab's `after` excludes its own day, so the hint says so,
// `since=2d` / `after=2d` mean the last two days, and the list's status line says the days it keeps.
// The prompt's hints (events filter, palette) are cut between parts at 100 columns, never mid-word.
import { afterEach, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const lines = (rig: AppRig) => rig.frame().split('\n');

async function projectEvents(rig: AppRig): Promise<number> {
  await rig.waitFor('acme/api');
  const projectId = [...rig.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!.id;
  rig.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab: 'events' } as Pane] }));
  await rig.waitFor(/\d+\+? events · f filters/);
  return projectId;
}

it('since=2d keeps the last two days: sent as after=<two days ago>, the days shown in the status line', async () => {
  app = await startApp({ columns: 100 });
  await projectEvents(app);
  // The frozen world's now: 2026-11-20 12:00 UTC; the last two days are the 19th and the 20th.
  expect(new Date(app.sim.clock.now()).toISOString().slice(0, 10)).toBe('2026-11-20');
  await app.press('f');
  await app.waitFor('Filter activity:');
  await app.type('since=2d');
  await app.press(KEY.enter);
  await app.waitFor('filters: after=2026-11-18 · days from 2026-11-19');
  expect(app.sim.requests.some((r) => /\/events\?.*after=2026-11-18/.test(r.path))).toBe(true);
  const shownDays = (rig: AppRig) =>
    lines(rig)
      .map((l) => /\s(\d{4}-\d{2}-\d{2}) \d{2}:\d{2} /.exec(l)?.[1])
      .filter((d): d is string => d !== undefined);
  await app.until(() => shownDays(app!).length > 0, 'the filtered events');
  const days = shownDays(app);
  for (const day of days) expect(day >= '2026-11-19').toBe(true);
});

it('the filter hint says GitLab excludes after’s day, cut between parts at 100 columns', async () => {
  app = await startApp({ columns: 100 });
  await projectEvents(app);
  await app.press('f');
  await app.waitFor('Filter activity:');
  const hint = lines(app).at(-2)!;
  expect(hint).toContain('since=2d: the last 2 days');
  expect(hint).toContain('GitLab excludes that day');
  expect(hint).toMatch(/\) …$/);
  expect(hint.length).toBeLessThanOrEqual(100);
});

it('a before and an after show both ends of the days kept', async () => {
  app = await startApp({ columns: 100 });
  await projectEvents(app);
  await app.press('f');
  await app.waitFor('Filter activity:');
  await app.type('after=2026-11-10 before=2026-11-15');
  await app.press(KEY.enter);
  await app.waitFor('days 2026-11-11 to 2026-11-14');
});

it('the palette hint is cut between commands at 100 columns, never inside one', async () => {
  app = await startApp({ columns: 100 });
  await app.waitFor('acme/api');
  await app.press(':');
  await app.until(() => app!.store.getState().prompt?.id === 'palette', 'the palette');
  const hint = lines(app).at(-2)!;
  expect(hint).toMatch(/^project <path\|id> · /);
  expect(hint).toMatch(/[>\]a-z] …$/);
  // Every part shown is whole: it ends with an argument or a word, never a cut one ("<jo…").
  expect(hint).not.toMatch(/<[a-z|]*…/);
});
