// Past offset 50,000 GitLab refuses the project jobs list with a 405 and asks for keyset pagination
// (`pagination=keyset`, jobs ordered by id descending; docs/gitlab-api.md "Pagination"): the list switches to it — one
// walk of GitLab's links to the page asked for, then each page from the one before — and keeps it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { jobsSource } from '../../src/features/jobs/source.js';
import type { AppState } from '../../src/store/types.js';
import { startRig, simProject, type Rig } from '../helpers/sim.js';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ scale: { pipelineJobs: 50_120 } });
}, 120_000);
afterAll(() => rig?.close());

it('page 1,001 (offset 50,000): the 405 switches the list to keyset, and page 1,002 costs one request', async () => {
  const project = simProject(rig.sim, 'fleet/monolith');
  const ids = [...(rig.sim.world.projectJobs.get(project.id) ?? [])].reverse();
  expect(ids.length).toBeGreaterThan(50_050);
  const state = () => ({ jobScopes: {} }) as unknown as AppState;
  const source = jobsSource({ kind: 'projectJobs', projectId: project.id }, rig.gl, state)!;
  expect(source.perPage).toBe(50);
  const before = rig.sim.requests.length;
  const page = await source.fetch(1001);
  const sent = rig.sim.requests.slice(before);
  expect(sent[0]!.status).toBe(405);
  expect(sent[0]!.path).toContain('page=1001');
  const keyset = sent.slice(1);
  expect(keyset.every((r) => r.path.includes('pagination=keyset') && r.path.includes('order_by=id') && r.path.includes('sort=desc') && r.status === 200)).toBe(
    true,
  );
  // 50,000 rows skipped a hundred at a time, then the page itself.
  expect(keyset).toHaveLength(501);
  expect((page.items as Job[]).map((j) => j.id)).toEqual(ids.slice(50_000, 50_050));
  expect(page.nextPage).toBe(1002);

  const next = rig.sim.requests.length;
  const page2 = await source.fetch(1002);
  const more = rig.sim.requests.slice(next);
  expect(more).toHaveLength(1);
  expect(more[0]!.path).toMatch(/pagination=keyset.*cursor=|cursor=.*pagination=keyset/);
  expect((page2.items as Job[]).map((j) => j.id)).toEqual(ids.slice(50_050, 50_100));

  // A refresh of page 1 (a new source, as the list makes) stays on keyset: no offset request again.
  const fresh = jobsSource({ kind: 'projectJobs', projectId: project.id }, rig.gl, state)!;
  const at = rig.sim.requests.length;
  const first = await fresh.fetch(1);
  expect(rig.sim.requests.slice(at).map((r) => r.path.includes('pagination=keyset'))).toEqual([true]);
  expect((first.items as Job[]).map((j) => j.id)).toEqual(ids.slice(0, 50));
}, 120_000);
