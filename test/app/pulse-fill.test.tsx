// The pulse fills at once and stays still: every row on screen shows its answer as soon as it
// comes (a project with no pipelines says so, it is not "…" until the next interval), and the row
// under the cursor never moves while the rows around it fill and sort.
import { afterEach, expect, it } from 'vitest';
import { pulseRows, visiblePulseIds } from '../../src/features/pulse/index.js';
import { startApp, type AppRig } from '../helpers/app.js';

const timing = { activeMs: 100, idleMs: 600_000, maxBackoffMs: 600_000 };
let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const rowsOf = (rig: AppRig) => pulseRows(rig.store.getState());
/** How many projects alice (the demo token's user) is a member of: the pulse's rows. */
const membersOf = (rig: AppRig) => {
  const alice = rig.sim.world.usersByName.get('alice')!;
  return [...rig.sim.world.projects.values()].filter((p) => p.members.has(alice.id)).length;
};
const visibleLoaded = (rig: AppRig) => {
  const rows = new Map(rowsOf(rig).map((r) => [r.projectId, r]));
  const visible = visiblePulseIds(rig.store.getState());
  return visible.length > 0 && visible.every((id) => rows.get(id)?.loaded);
};

it('fills every row on screen on its first answers, with the clock standing still (no interval passes)', async () => {
  // 40 projects or so, most of them without pipelines: more than a screen, and rows sort as they fill.
  app = await startApp({ timing, first: { kind: 'pulse' }, columns: 100, rows: 24, sim: { scale: { projects: 40 } } });
  const rig = app;
  await rig.until(() => rowsOf(rig).length === membersOf(rig), 'the projects');
  await rig.until(() => visibleLoaded(rig), 'every row on screen answered', 15_000);
  await rig.waitFor('no pipelines');
  expect(rig.frame()).not.toMatch(/…\s*$/m);
});

it('keeps the row under the cursor on its line while the rows around it fill and sort', async () => {
  app = await startApp({ timing, first: { kind: 'pulse' }, columns: 100, rows: 24, sim: { scale: { projects: 40 } } });
  const rig = app;
  // Answers take a while, as on a real server: the cursor is moved while the rows still fill.
  rig.sim.faults.add({ kind: 'delay', method: 'GET', path: /^\/projects\/[^/]+\/pipelines\?/, delayMs: 150, times: 1000 });
  await rig.until(() => rowsOf(rig).length === membersOf(rig), 'the projects');
  await rig.type('jjj');
  await rig.until(() => rig.store.getState().pulse.selectedId === rowsOf(rig)[3]!.projectId, 'the cursor on the fourth row');
  const under = rowsOf(rig)[3]!;
  expect(rowsOf(rig).some((r) => !r.loaded)).toBe(true);
  const lines: number[] = [];
  const unsubscribe = rig.store.subscribe(() => lines.push(rowsOf(rig).findIndex((r) => r.projectId === under.projectId)));
  try {
    await rig.until(() => visibleLoaded(rig), 'every row on screen answered', 15_000);
  } finally {
    unsubscribe();
  }
  // The rows did sort as they filled (the test would prove nothing otherwise) …
  expect(rowsOf(rig).map((r) => r.projectId)).not.toEqual(
    rowsOf(rig)
      .map((r) => r.projectId)
      .sort((a, b) => a - b),
  );
  // … and the row under the cursor never left its line; Enter opens it.
  expect(lines.length).toBeGreaterThan(0);
  expect(new Set(lines)).toEqual(new Set([3]));
  const frame = rig.frame().split('\n');
  const at = frame.findIndex((l) => l.includes(`${under.path} `));
  expect(at).toBe(frame.findIndex((l) => l.startsWith('project')) + 4);
  await rig.press('\r');
  await rig.until(() => rig.store.getState().stack.at(-1)?.kind === 'project', 'the project');
  expect(rig.store.getState().stack.at(-1)).toMatchObject({ projectId: under.projectId });
});
