// Merge requests as CI sees them, through the API module: one merge request (for `!N` and its title),
// its detached (refs/merge-requests/N/head) and merged-results (…/merge) pipelines with source
// merge_request_event, a new merge-request pipeline, and the errors (unknown MR, closed MR, read-only).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { apiError } from '../helpers/expect.js';

const MOBILE = 'acme/mobile';
let rig: Rig;

// Each test its own world: the pipeline one creates is in no other test's lists.
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

describe('merge requests', () => {
  it('gets an opened and a merged merge request with the fields the TUI shows', async () => {
    const open = await rig.gl.mergeRequests.get(MOBILE, 12);
    expect(open).toMatchObject({ iid: 12, title: 'Add biometric login', state: 'opened', source_branch: 'feature/biometrics', target_branch: 'main' });
    expect(open.web_url).toMatch(/\/acme\/mobile\/-\/merge_requests\/12$/);
    const merged = await rig.gl.mergeRequests.get(MOBILE, 11);
    expect(merged.state).toBe('merged');
    expect(merged.merged_at).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown merge request, and for one of a project without any', async () => {
    const unknown = await apiError(rig.gl.mergeRequests.get(MOBILE, 4242));
    expect(unknown.status).toBe(404);
    expect(unknown.reason).toBe('404 Not found');
    expect((await apiError(rig.gl.mergeRequests.pipelines('acme/api', 12).all())).status).toBe(404);
    expect((await apiError(rig.gl.mergeRequests.createPipeline(MOBILE, 4242))).status).toBe(404);
  });
});

describe('merge-request pipelines', () => {
  it('lists detached and merged-results pipelines, newest first, on refs/merge-requests/N/…', async () => {
    const list = await rig.gl.mergeRequests.pipelines(MOBILE, 12).all();
    expect(list.map((p) => p.ref)).toEqual(['refs/merge-requests/12/merge', 'refs/merge-requests/12/head']);
    expect(list.every((p) => p.source === 'merge_request_event')).toBe(true);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
    // The merged-results pipeline runs on a merge commit, not on the source branch's head.
    const [merge, head] = list;
    expect(merge!.sha).not.toBe(head!.sha);
    // They are project pipelines too, found by the source filter.
    const bySource = await rig.gl.pipelines.list(MOBILE, { source: 'merge_request_event', perPage: 100 }).all();
    expect(bySource.map((p) => p.id)).toEqual(expect.arrayContaining(list.map((p) => p.id)));
    expect(bySource.every((p) => p.ref.startsWith('refs/merge-requests/'))).toBe(true);
  });

  it('creates a merged-results pipeline for an opened merge request (201), listed first', async () => {
    const pipeline = await rig.gl.mergeRequests.createPipeline(MOBILE, 13);
    expect(pipeline).toMatchObject({ ref: 'refs/merge-requests/13/merge', source: 'merge_request_event', status: 'pending' });
    expect(pipeline.user?.username).toBe('alice');
    const [first] = await rig.gl.mergeRequests.pipelines(MOBILE, 13).all();
    expect(first!.id).toBe(pipeline.id);
  });

  it('refuses a pipeline for a merged merge request (400) and the read-only token (403)', async () => {
    const merged = await apiError(rig.gl.mergeRequests.createPipeline(MOBILE, 11));
    expect(merged.status).toBe(400);
    const readOnly = await apiError(rig.client(DEMO_TOKENS.readOnly).mergeRequests.createPipeline(MOBILE, 12));
    expect(readOnly.status).toBe(403);
    // Reading stays allowed.
    expect((await rig.client(DEMO_TOKENS.readOnly).mergeRequests.pipelines(MOBILE, 12).all()).length).toBe(2);
  });
});

describe('merge requests across projects (GET /merge_requests)', () => {
  const refs = (list: { references?: { full?: string } }[]) => list.map((m) => m.references?.full).sort();

  it('lists the caller’s own by default, assigned ones with scope=assigned_to_me, reviews with reviewer_username', async () => {
    expect(refs(await rig.gl.mergeRequests.list().all())).toEqual(['acme/api!31', 'acme/mobile!12']);
    expect(refs(await rig.gl.mergeRequests.list({ scope: 'assigned_to_me' }).all())).toEqual(['acme/api!31']);
    const reviewing = await rig.gl.mergeRequests.list({ scope: 'all', reviewer_username: 'alice' }).all();
    expect(refs(reviewing)).toEqual(['acme/mobile!13', 'acme/platform/deployer!4']);
    expect(reviewing.every((m) => m.reviewers?.some((u) => u.username === 'alice'))).toBe(true);
    // Every state unless asked: bob's merged !11 is his, not alice's; state=merged finds it.
    expect(refs(await rig.gl.mergeRequests.list({ scope: 'all', state: 'merged' }).all())).toEqual(['acme/mobile!11']);
    const list = await rig.gl.mergeRequests.list({ scope: 'all' }).all();
    const times = list.map((m) => Date.parse(m.created_at!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The list's entity has no head pipeline; the single merge request has it.
    expect(list.every((m) => !('head_pipeline' in m))).toBe(true);
  });

  it('refuses an unknown scope or state with GitLab’s 400', async () => {
    const bad = await apiError(rig.gl.mergeRequests.list({ scope: 'mine' as never }).all());
    expect(bad.status).toBe(400);
    expect(bad.reason).toBe('scope does not have a valid value');
    expect((await apiError(rig.gl.mergeRequests.list({ state: 'open' as never }).all())).status).toBe(400);
  });

  it('gives the single merge request its head pipeline: the newest on its source branch’s head', async () => {
    const mr = await rig.gl.mergeRequests.get('acme/api', 31);
    const project = rig.sim.world.projectsByPath.get('acme/api')!;
    const head = project.heads.get('feature/rate-limits')!.sha;
    const onHead = (rig.sim.world.projectPipelines.get(project.id) ?? [])
      .map((id) => rig.sim.world.pipelines.get(id)!)
      .filter((p) => p.ref === 'feature/rate-limits' && p.sha === head);
    expect(mr.head_pipeline?.id ?? null).toBe(onHead.length ? Math.max(...onHead.map((p) => p.id)) : null);
    const mobile = await rig.gl.mergeRequests.get(MOBILE, 12);
    const own = await rig.gl.mergeRequests.pipelines(MOBILE, 12).all();
    expect(mobile.head_pipeline?.id).toBe(own[0]!.id);
  });
});
