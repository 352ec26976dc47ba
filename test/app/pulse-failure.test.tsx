// The pulse's `f` says which branch it looked at (the default branch, the one its strip shows), and
// a newer failure on another ref — a merge request's pipeline — is one Esc away: the project's
// failed pipelines of every ref lie under the failure it opens.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PipelineBasic } from '../../src/api/index.js';
import { pulseRows } from '../../src/features/pulse/index.js';
import { listKeys } from '../../src/domain/list-keys.js';
import { listOf, topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const timing = { activeMs: 100, idleMs: 600_000, maxBackoffMs: 600_000 };
let app: AppRig;
beforeEach(async () => {
  app = await startApp({ timing, first: { kind: 'pulse' }, columns: 160, rows: 40 });
  await app.until(() => pulseRows(app.store.getState()).length > 0 && pulseRows(app.store.getState()).every((r) => r.loaded), 'every row loaded');
});
afterEach(() => app.close());

/** Moves the pulse's cursor onto `path` (bounded by the rows). */
async function select(path: string): Promise<void> {
  for (let i = 0; i < pulseRows(app.store.getState()).length; i++) {
    const rows = pulseRows(app.store.getState());
    const at = rows.findIndex((r) => r.projectId === app.store.getState().pulse.selectedId);
    if (rows[Math.max(0, at)]!.path === path) return;
    await app.press('j');
  }
  throw new Error(`${path} is not a row of the pulse`);
}

it('f opens the default branch’s newest failure, names the branch, and leaves a newer MR failure one Esc away', async () => {
  const project = app.sim.world.projectsByPath.get('acme/mobile')!;
  const world = [...app.sim.world.pipelines.values()].filter((p) => p.projectId === project.id);
  // A merge request's pipeline fails, after a pipeline of the default branch failed.
  const mrPipeline = world.filter((p) => p.ref.startsWith('refs/merge-requests/')).sort((a, b) => b.id - a.id)[0]!;
  const mainPipeline = world.filter((p) => p.ref === project.defaultBranch && p.id < mrPipeline.id).sort((a, b) => b.id - a.id)[0]!;
  mainPipeline.status = 'failed';
  mrPipeline.status = 'failed';
  // The pulse reads the row again at its next interval.
  app.advance(30_000);
  await app.until(
    () => pulseRows(app.store.getState()).find((r) => r.path === 'acme/mobile')?.newestFailure?.pipelineId === mainPipeline.id,
    'the row read again',
  );
  const row = pulseRows(app.store.getState()).find((r) => r.path === 'acme/mobile')!;
  await select('acme/mobile');
  await app.press('f');
  await app.until(() => topPane(app.store.getState()).kind === 'pipeline', 'the failed pipeline');
  expect(topPane(app.store.getState())).toMatchObject({ projectId: project.id, pipelineId: row.newestFailure!.pipelineId });
  const toast = app.store.getState().toast!.message;
  expect(toast).toMatch(new RegExp(`^Newest failure on ${project.defaultBranch}: #${row.newestFailure!.pipelineId}, `));
  expect(toast).toContain(`Newer: #${mrPipeline.id} failed `);
  expect(toast).toContain('Esc lists the failed pipelines of every ref');
  // Esc: the project's failed pipelines, of every ref, the newer failure first.
  await app.press(KEY.escape);
  await app.until(() => topPane(app.store.getState()).kind === 'project', 'the project');
  const key = listKeys.pipelines(project.id);
  await app.until(() => listOf(app.store.getState(), key).loadedAt !== null, 'the failed pipelines');
  const items = listOf<PipelineBasic>(app.store.getState(), key).items;
  expect(items[0]!.id).toBe(mrPipeline.id);
  expect(items.every((p) => p.status === 'failed')).toBe(true);
  expect(new Set(items.map((p) => p.ref)).size).toBeGreaterThan(1);
});

it('f on a row with no failure on its default branch says which branch it looked at', async () => {
  const row = pulseRows(app.store.getState()).find((r) => r.newestFailure === null && r.strip.length > 0);
  if (!row) throw new Error('the seeded world has no green default branch');
  const project = app.sim.world.projects.get(row.projectId)!;
  // Nothing failed on another ref either: every failed pipeline of the project passes.
  for (const p of app.sim.world.pipelines.values()) if (p.projectId === project.id && p.status === 'failed') p.status = 'success';
  await select(row.path);
  await app.press('f');
  await app.waitFor(`No failed pipeline among the last ${row.strip.length} on ${project.defaultBranch} (the default branch) of ${row.path}`);
  expect(topPane(app.store.getState()).kind).toBe('pulse');
});
