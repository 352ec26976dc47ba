// `/` on the pulse, as in every list: typed (in one write or key by key), its rows are the projects
// whose path has every word; ↓ moves while typing, Enter keeps it, Esc clears it. It reads no more
// than before — only the rows on screen — and says what it covers while the projects are still
// being listed a page at a time.
import { afterEach, expect, it } from 'vitest';
import { pulseRows, visiblePulseIds } from '../../src/features/pulse/index.js';
import { listOf, topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';

const timing = { activeMs: 100, idleMs: 600_000, maxBackoffMs: 600_000 };
let app: AppRig;
afterEach(() => app.close());

const rows = () => pulseRows(app.store.getState());
/** How many projects alice (the demo token's user) is a member of: the pulse's rows. */
const members = () => {
  const alice = app.sim.world.usersByName.get('alice')!;
  return [...app.sim.world.projects.values()].filter((p) => p.members.has(alice.id)).length;
};
/** Project ids whose pulse page (GET /projects/:id/pipelines?ref=…&per_page=20) was asked for. */
const read = () =>
  new Set(
    app.sim.requests
      .filter((r) => r.method === 'GET' && /\/projects\/[^/]+\/pipelines\?/.test(r.path) && /[?&]per_page=20(&|$)/.test(r.path) && /[?&]ref=/.test(r.path))
      .map((r) => decodeURIComponent(/\/projects\/([^/]+)\/pipelines/.exec(r.path)![1]!)),
  );

it('/ narrows the pulse to matching paths; ↓ moves, Enter keeps, Esc clears, Enter opens', async () => {
  app = await startApp({ timing, first: { kind: 'pulse' }, columns: 80, rows: 24 });
  const n = members();
  await app.waitFor(new RegExp(`${n} projects · \\d+ red`));
  // One write: the slash and the words (two words: both must be in the path).
  await app.press('/acme platform');
  const frame = await app.waitFor(`/acme platform: 2 of ${n} projects`);
  expect(
    rows()
      .map((r) => r.path)
      .sort(),
  ).toEqual(['acme/platform/deployer', 'acme/platform/infra/terraform']);
  expect(frame).not.toContain('acme/web');
  expect(frame).not.toContain('ops/runbooks');
  // ↓ while typing moves the cursor; Enter keeps the filter; Enter again opens that project.
  const second = rows()[1]!;
  await app.press(KEY.down);
  await app.until(() => app.store.getState().pulse.selectedId === second.projectId, 'the cursor on the second match');
  await app.press(KEY.enter);
  await app.until(() => app.store.getState().filtering === null, 'the filter kept');
  expect(app.frame()).toContain(`/acme platform: 2 of ${n} projects`);
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === 'project', 'the project');
  expect(topPane(app.store.getState())).toMatchObject({ projectId: second.projectId });
  await app.press(KEY.escape);
  await app.waitFor(`/acme platform: 2 of ${n} projects`);
  // Esc on the pulse clears the kept filter first (the pulse is the first pane: nothing else to do).
  await app.press(KEY.escape);
  await app.waitFor(new RegExp(`^${n} projects · `, 'm'));
  expect(app.frame()).toContain('Filter cleared');

  // Key by key: one letter a write, then a word that matches nothing says so.
  await app.press('/', 'r', 'u', 'n');
  await app.waitFor(`/run: 1 of ${n} projects`);
  expect(rows().map((r) => r.path)).toEqual(['ops/runbooks']);
  await app.press('x');
  await app.waitFor('No project path matches /runx');
  await app.press(KEY.escape);
  await app.waitFor(new RegExp(`^${n} projects · `, 'm'));
});

it('reads only the matching rows on screen: a filter never reads the projects it hides', async () => {
  // A 10-row terminal: four rows on screen; the other projects are not read while off screen.
  app = await startApp({ timing, first: { kind: 'pulse' }, columns: 80, rows: 10 });
  const n = members();
  await app.until(() => visiblePulseIds(app.store.getState()).length === 4 && rows().filter((r) => r.loaded).length === 4, 'four rows read');
  const paths = new Map(rows().map((r) => [r.projectId, r.path]));
  const before = read();
  expect(before.size).toBe(4);
  const hidden = rows().find((r) => !before.has(String(r.projectId)))!;
  await app.press(`/${hidden.path}`, KEY.enter);
  await app.waitFor(`/${hidden.path}: 1 of ${n} projects`);
  expect(rows().map((r) => r.path)).toEqual([hidden.path]);
  // The pulse's budget holds under a filter: one request per row on screen per 30 s (plan.ts), and
  // the four reads of the last 30 s fill it; the row is read when they leave it.
  app.advance(31_000);
  await app.until(() => rows()[0]!.loaded, `${hidden.path} read`);
  app.advance(31_000);
  await app.until(() => app.sim.requests.filter((r) => r.path.includes(`/projects/${hidden.projectId}/pipelines?`)).length >= 2, 'the row read again');
  const after = read();
  expect([...after].filter((id) => !before.has(id)).map((id) => paths.get(Number(id)))).toEqual([hidden.path]);
});

it('says that it covers the projects listed so far, and lists more as the cursor moves', async () => {
  // 120 projects: the user's projects come 50 a page.
  app = await startApp({ timing, first: { kind: 'pulse' }, columns: 100, rows: 24, sim: { scale: { projects: 120 } } });
  await app.until(() => listOf(app.store.getState(), listKeys.projects()).loadedAt !== null, 'the first page of projects');
  await app.press('/fleet');
  const frame = await app.waitFor(/\/fleet: \d+ of 50 projects listed so far \(move down to list more\)/);
  const first = Number(/\/fleet: (\d+) of 50/.exec(frame)![1]);
  expect(rows().length).toBe(first);
  expect(rows().every((r) => r.path.startsWith('fleet/'))).toBe(true);
  // Moving to the end of the matches (G, the filter kept) lists the next page; the filter covers it too.
  await app.press(KEY.enter);
  for (let i = 0; i < 5 && listOf(app.store.getState(), listKeys.projects()).nextPage !== null; i++) {
    const listed = listOf(app.store.getState(), listKeys.projects()).items.length;
    await app.press('G');
    await app.until(
      () => listOf(app.store.getState(), listKeys.projects()).items.length > listed || listOf(app.store.getState(), listKeys.projects()).nextPage === null,
      'a page more',
    );
  }
  expect(listOf(app.store.getState(), listKeys.projects()).nextPage).toBeNull();
  const all = listOf(app.store.getState(), listKeys.projects()).items.length;
  expect(all).toBeGreaterThan(100);
  await app.waitFor(new RegExp(`/fleet: \\d+ of ${all} projects ·`));
  expect(app.frame()).not.toContain('listed so far');
  expect(rows().length).toBeGreaterThan(first);
});
