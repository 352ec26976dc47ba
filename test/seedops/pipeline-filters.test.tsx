// The pipeline filter prompt takes GitLab 17's list parameters (docs/gitlab-api.md "Pipeline list filters"): sha,
// updated_after/updated_before, order_by=updated_at… go to GitLab as typed, and GitLab's own 400
// speaks for a value it refuses. A key given twice is refused before sending.
import { afterEach, expect, it } from 'vitest';
import { parsePipelineFilters } from '../../src/features/pipelines/filters.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('accepts every list parameter GitLab 17 takes, and refuses a second status', () => {
  expect(
    parsePipelineFilters('sha=b8e6b0e8e1 order_by=updated_at sort=asc updated_after=2024-11-01T00:00:00Z updated_before=2024-12-01 name="Nightly build"'),
  ).toEqual({
    filters: {
      sha: 'b8e6b0e8e1',
      order_by: 'updated_at',
      sort: 'asc',
      updated_after: '2024-11-01T00:00:00Z',
      updated_before: '2024-12-01',
      name: 'Nightly build',
    },
  });
  expect(parsePipelineFilters('status=failed status=running')).toEqual({ error: 'Only one status is allowed: GitLab filters pipelines on a single status' });
  expect(parsePipelineFilters('ref=main ref=dev')).toEqual({ error: 'ref= is given twice: GitLab takes one ref' });
});

async function openPipelines(rig: AppRig): Promise<number> {
  const project = simProject(rig.sim, 'acme/api');
  rig.open({ kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' });
  await rig.until(() => (rig.store.getState().lists[`pipelines:${project.id}`]?.items.length ?? 0) > 0, 'the pipelines');
  return project.id;
}

const listed = (rig: AppRig, projectId: number) => rig.store.getState().lists[`pipelines:${projectId}`];

it('f sha=… and order_by=updated_at sort=asc reach GitLab and filter the list', async () => {
  app = await startApp({ columns: 160 });
  const rig = app;
  const projectId = await openPipelines(rig);
  const target = rig.sim.world.pipelines.get(rig.sim.world.projectPipelines.get(projectId)![5]!)!;
  await rig.press('f');
  await rig.waitFor('Filter pipelines:');
  await rig.type(`sha=${target.sha}`);
  await rig.press(KEY.enter);
  await rig.waitFor(`filters: sha=${target.sha}`);
  await rig.until(
    () => !listed(rig, projectId)?.loading && (listed(rig, projectId)?.items as { sha: string }[]).every((p) => p.sha === target.sha),
    'the list of that commit',
  );
  expect((listed(rig, projectId)!.items as { id: number }[]).map((p) => p.id)).toContain(target.id);
  expect(rig.sim.requests.some((r) => r.path.startsWith(`/projects/${projectId}/pipelines?`) && r.path.includes(`sha=${target.sha}`))).toBe(true);

  await rig.press('f');
  await rig.waitFor('Filter pipelines:');
  await rig.press(...Array(`sha=${target.sha}`.length).fill(KEY.backspace));
  await rig.type('order_by=updated_at sort=asc updated_after=2000-01-01T00:00:00Z');
  await rig.press(KEY.enter);
  await rig.waitFor('filters: order_by=updated_at sort=asc updated_after=2000-01-01T00:00:00Z');
  await rig.until(() => {
    const list = listed(rig, projectId);
    return !!list && !list.loading && list.loadedAt !== null && list.items.length > 1;
  }, 'the list in updated_at order');
  const times = (listed(rig, projectId)!.items as { updated_at: string }[]).map((p) => Date.parse(p.updated_at));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(rig.frame()).not.toContain('Unknown filter');
});

it('status=broken goes to GitLab, whose 400 is shown; status twice is refused before sending', async () => {
  app = await startApp({ columns: 160 });
  const rig = app;
  const projectId = await openPipelines(rig);
  await rig.press('f');
  await rig.waitFor('Filter pipelines:');
  await rig.type('status=failed status=running');
  await rig.press(KEY.enter);
  await rig.waitFor('Only one status is allowed');
  expect(rig.sim.requests.some((r) => r.path.includes('status=running'))).toBe(false);
  await rig.press(...Array(' status=running'.length).fill(KEY.backspace), ...Array('failed'.length).fill(KEY.backspace));
  await rig.type('broken');
  await rig.press(KEY.enter);
  await rig.waitFor('status does not have a valid value');
  expect(rig.sim.requests.some((r) => r.path.startsWith(`/projects/${projectId}/pipelines?`) && r.path.includes('status=broken') && r.status === 400)).toBe(
    true,
  );
});
