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
