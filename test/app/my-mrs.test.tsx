// `:mrs`: "my MRs' pipelines" from a fresh start — alice's open merge requests in
// several projects (authored, assigned, to review), each with its head pipeline, draft flag and age;
// Enter opens that merge request's pipelines.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp({ first: { kind: 'pulse' } });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

interface Row {
  mr: { iid: number; project_id: number; draft?: boolean };
  path: string;
  roles: string[];
  head: { id: number; status: string } | null | undefined;
}

it(':mrs lists alice’s open merge requests across projects with their pipelines; Enter opens one', async () => {
  await app.press(':');
  await app.waitFor(/^:/m);
  await app.type('mrs');
  await app.press(KEY.enter);
  await app.waitFor('Merge requests');
  await app.until(() => app.store.getState().lists['myMrs']?.loadedAt != null, 'the merge requests');
  const rows = app.store.getState().lists['myMrs']!.items as Row[];
  // In the world: every open merge request alice wrote, is assigned or reviews.
  const { world } = app.sim;
  const alice = world.usersByName.get('alice')!.id;
  const expected = [...world.projects.values()].flatMap((p) =>
    [...(p.mergeRequests?.values() ?? [])]
      .filter((m) => m.state === 'opened' && (m.authorId === alice || m.assigneeIds?.includes(alice) || m.reviewerIds?.includes(alice)))
      .map((m) => `${p.namespace}/${p.path}!${m.iid}`),
  );
  expect(rows.map((r) => `${r.path}!${r.mr.iid}`).sort()).toEqual(expected.sort());
  expect(new Set(rows.map((r) => r.path)).size).toBeGreaterThanOrEqual(2);
  const api = rows.find((r) => r.path === 'acme/api')!;
  expect(api.roles).toEqual(['author', 'assignee']);
  const reviewing = rows.filter((r) => r.roles.includes('reviewer'));
  expect(reviewing.length).toBeGreaterThan(0);
  expect(reviewing.every((r) => r.mr.draft === true)).toBe(true);
  // The head pipeline: the newest pipeline on the source branch's head commit.
  const mobile = rows.find((r) => r.path === 'acme/mobile' && r.mr.iid === 12)!;
  expect(mobile.head?.status).toBeTruthy();
  const frame = await app.waitFor('!12');
  expect(frame).toMatch(/draft/);
  expect(frame).toMatch(/acme\/mobile/);
  // Enter on the selected row: that merge request's pipelines.
  const selected = rows[app.store.getState().lists['myMrs']!.selected]!;
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === 'mergeRequest', 'the merge request pane');
  expect(topPane(app.store.getState())).toEqual({ kind: 'mergeRequest', projectId: selected.mr.project_id, path: selected.path, iid: selected.mr.iid });
  await app.until(() => app.store.getState().lists[`mrPipelines:${selected.mr.project_id}:${selected.mr.iid}`]?.loadedAt != null, 'its pipelines');
  if (selected.head) await app.waitFor(`#${selected.head.id}`);
});
