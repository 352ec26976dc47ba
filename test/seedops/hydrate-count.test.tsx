// The pipelines list reads each pipeline's full form (user, duration) for the rows near the cursor:
// once per pipeline, and again only when the list shows its `updated_at` changed. Counted at the
// simulator on a 50-pipeline page, on first open and after `G`.
import { afterEach, expect, it } from 'vitest';
import { nearSelection } from '../../src/store/lists.js';
import { requestsSettled, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** GET /projects/:id/pipelines/:pipeline_id requests since `from`, per pipeline id. */
function reads(rig: AppRig, projectId: number, from: number): Map<number, number> {
  const out = new Map<number, number>();
  const pattern = new RegExp(`^/projects/${projectId}/pipelines/(\\d+)(\\?|$)`);
  for (const r of rig.sim.requests.slice(from)) {
    const m = r.method === 'GET' ? pattern.exec(r.path) : null;
    if (m) out.set(Number(m[1]), (out.get(Number(m[1])) ?? 0) + 1);
  }
  return out;
}

/**
 * Waits until every row hydrate.ts reads (a screen's height each side of the cursor, less the tabs'
 * two rows) has its full form and every read is answered (bounded).
 */
async function settled(rig: AppRig, projectId: number, from: number): Promise<Map<number, number>> {
  await rig.until(() => {
    const state = rig.store.getState();
    const list = state.lists[`pipelines:${projectId}`]!;
    const near = nearSelection(list.items as { id: number }[], list.selected, state.viewport.height - 2);
    return !list.loading && near.every((p) => 'before_sha' in (state.pipelines[p.id] ?? {}));
  }, 'the rows near the cursor read whole');
  await requestsSettled(rig);
  return reads(rig, projectId, from);
}

it('reads each of 50 listed pipelines at most once per updated_at, on open and after G', async () => {
  app = await startApp({ rows: 40 });
  const rig = app;
  const project = simProject(rig.sim, 'acme/api');
  expect(rig.sim.world.projectPipelines.get(project.id)!.length).toBeGreaterThanOrEqual(50);
  // A little latency per read, as a real server has: lanes and state changes overlap.
  rig.sim.faults.add({ kind: 'delay', method: 'GET', path: new RegExp(`^/projects/${project.id}/pipelines/\\d+$`), delayMs: 20, times: 1000 });
  const before = rig.sim.requests.length;
  rig.open({ kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' });
  await rig.until(() => (rig.store.getState().lists[`pipelines:${project.id}`]?.items.length ?? 0) >= 50, 'the first page of pipelines');
  const opened = await settled(rig, project.id, before);
  expect(opened.size).toBeGreaterThan(20);
  expect([...opened.entries()].filter(([, n]) => n > 1)).toEqual([]);

  const beforeG = rig.sim.requests.length;
  await rig.press('G');
  const afterG = await settled(rig, project.id, beforeG);
  expect(afterG.size).toBeGreaterThan(0);
  // Nothing changed: a pipeline read on open is not read again, and none twice.
  const again = [...afterG.entries()].filter(([id, n]) => n > 1 || opened.has(id));
  expect(again).toEqual([]);

  // Back at the top (R re-reads the list's first page: the world may have more than one by now),
  // one pipeline changes (its updated_at moves): a refresh reads it once more, and only it.
  const beforeTop = rig.sim.requests.length;
  await rig.press('g');
  expect([...(await settled(rig, project.id, beforeTop)).entries()].filter(([id]) => opened.has(id))).toEqual([]);
  // A finished pipeline: a running one's updated_at moves by itself.
  const changedId = [...opened.keys()].find((id) => ['success', 'failed', 'canceled'].includes(rig.sim.world.pipelines.get(id)!.status));
  const listed = rig.store.getState().lists[`pipelines:${project.id}`]!.items as { id: number }[];
  expect(listed.some((p) => p.id === changedId)).toBe(true);
  const sim = rig.sim.world.pipelines.get(changedId!)!;
  sim.updatedAt = sim.updatedAt + 60_000;
  const beforeR = rig.sim.requests.length;
  const listPath = new RegExp(`^/projects/${project.id}/pipelines(\\?|$)`);
  await rig.press('R');
  // R reads the list again first (the changed updated_at comes with it); only then is a row's
  // full form stale: waiting on the rows alone could end before R's read was even sent.
  await rig.until(() => rig.sim.requests.slice(beforeR).some((r) => r.method === 'GET' && listPath.test(r.path)), "R's read of the list");
  await rig.until(() => (reads(rig, project.id, beforeR).get(changedId!) ?? 0) > 0, 'the changed pipeline read again');
  const afterR = await settled(rig, project.id, beforeR);
  expect([...afterR.entries()]).toEqual([[changedId, 1]]);
});
