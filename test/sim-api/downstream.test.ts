// Trigger jobs (bridges) and their downstream pipelines through the API module: the bridges list and
// its shape, child pipelines hidden from the project list unless asked for, `strategy: depend`
// following the child to its end, a bridge without strategy succeeding at trigger time, a
// multi-project downstream pipeline, and what GitLab lets one do to a bridge (retry and play yes,
// cancel/trace/get no: those routes look among builds only).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { MINUTE, startRig, type Rig } from '../helpers/sim.js';
import { apiError } from '../helpers/expect.js';

const DEPLOYER = 'acme/platform/deployer';
const MOBILE = 'acme/mobile';
let rig: Rig;

// Each test its own world: 'the world as it opens' must not see what others run, cancel or retry.
beforeEach(async () => {
  rig = await startRig();
});
afterEach(() => rig.close());

/** Advances world time a minute at a time until `done` holds (bounded). */
async function advanceUntil(done: () => Promise<boolean>, minutes = 120): Promise<void> {
  for (let i = 0; i < minutes; i++) {
    if (await done()) return;
    rig.advance(MINUTE);
  }
  throw new Error(`not done after ${minutes} simulated minutes`);
}

async function newDeployerPipeline() {
  const pipeline = await rig.gl.pipelines.create(DEPLOYER, 'main');
  const byName = async () => new Map((await rig.gl.pipelines.bridges(DEPLOYER, pipeline.id).all()).map((b) => [b.name, b] as const));
  return { pipeline, byName };
}

describe('bridges of a finished parent pipeline', () => {
  it('lists the trigger jobs with their downstream pipelines; the jobs list has none of them', async () => {
    const pipelines = await rig.gl.pipelines.list(DEPLOYER, { perPage: 100 }).all();
    const parent = pipelines.find((p) => p.status === 'success' && p.source === 'push')!;
    expect(parent).toBeDefined();
    const bridges = await rig.gl.pipelines.bridges(DEPLOYER, parent.id).all();
    expect(bridges.map((b) => b.name).sort()).toEqual(['docs', 'integration', 'mobile:release']);
    const jobs = await rig.gl.jobs.listForPipeline(DEPLOYER, parent.id).all();
    expect(jobs.map((j) => j.name)).not.toContain('integration');
    expect(jobs.map((j) => j.name)).toContain('test:unit');

    const child = bridges.find((b) => b.name === 'integration')!;
    expect(child).toMatchObject({ status: 'success', stage: 'downstream', pipeline: { id: parent.id } });
    // No runner ran it and it has no artifacts: GitLab's bridge entity has neither field.
    expect(Object.keys(child)).not.toContain('runner');
    expect(Object.keys(child)).not.toContain('artifacts_file');
    const down = child.downstream_pipeline!;
    expect(Object.keys(down)).toEqual(expect.arrayContaining(['id', 'sha', 'ref', 'status', 'created_at', 'updated_at', 'web_url', 'project_id']));
    expect(down).toMatchObject({ status: 'success', source: 'parent_pipeline', sha: parent.sha, ref: parent.ref, project_id: parent.project_id });
    // The child is a pipeline of the same project, readable on its own, with no parent field (as GitLab).
    const full = await rig.gl.pipelines.get(DEPLOYER, down.id);
    expect(full.source).toBe('parent_pipeline');
    expect(Object.keys(full)).not.toContain('parent_pipeline_id');
    const childJobs = await rig.gl.jobs.listForPipeline(DEPLOYER, down.id).all();
    expect(childJobs.map((j) => j.name)).toEqual(['test:api 1/2', 'test:api 2/2', 'test:e2e']);

    const multi = bridges.find((b) => b.name === 'mobile:release')!;
    const mobile = await rig.gl.projects.get(MOBILE);
    expect(multi.downstream_pipeline).toMatchObject({ project_id: mobile.id, source: 'pipeline', ref: 'main' });
    const downstream = await rig.gl.pipelines.get(MOBILE, multi.downstream_pipeline!.id);
    expect(downstream.source).toBe('pipeline');
  });

  it('filters bridges by scope[] and refuses an unknown scope', async () => {
    const [parent] = await rig.gl.pipelines.list(DEPLOYER, { status: 'success', perPage: 1 }).all();
    const success = await rig.gl.pipelines.bridges(DEPLOYER, parent!.id, { scope: ['success'] }).all();
    expect(success.length).toBeGreaterThan(0);
    expect(success.every((b) => b.status === 'success')).toBe(true);
    expect(await rig.gl.pipelines.bridges(DEPLOYER, parent!.id, { scope: 'manual' }).all()).toEqual([]);
    const bad = await apiError(rig.gl.pipelines.bridges(DEPLOYER, parent!.id, { scope: 'bogus' as 'manual' }).all());
    expect(bad.status).toBe(400);
  });

  it('answers the same list at …/trigger_jobs, the name GitLab 19.2 gives the route', async () => {
    const [parent] = await rig.gl.pipelines.list(DEPLOYER, { status: 'success', perPage: 1 }).all();
    const path = `/projects/${encodeURIComponent(DEPLOYER)}/pipelines/${parent!.id}`;
    const bridges = await rig.gl.client.request<Bridge[]>('GET', `${path}/bridges`);
    const triggerJobs = await rig.gl.client.request<Bridge[]>('GET', `${path}/trigger_jobs`);
    expect(triggerJobs.data).toEqual(bridges.data);
  });

  it('pages bridges like the jobs list', async () => {
    const [parent] = await rig.gl.pipelines.list(DEPLOYER, { status: 'success', perPage: 1 }).all();
    const pages = [];
    for await (const page of rig.gl.pipelines.bridges(DEPLOYER, parent!.id, { perPage: 2 }).pages()) pages.push(page.items.length);
    expect(pages).toEqual([2, 1]);
  });

  it('answers 404 for an unknown pipeline and a pipeline of another project', async () => {
    expect((await apiError(rig.gl.pipelines.bridges(DEPLOYER, 99_999_999).all())).status).toBe(404);
    const [apiPipeline] = await rig.gl.pipelines.list('acme/api', { perPage: 1 }).all();
    const error = await apiError(rig.gl.pipelines.bridges(DEPLOYER, apiPipeline!.id).all());
    expect(error.status).toBe(404);
    expect(error.reason).toBe('404 Not found');
  });
});

describe('the world as it opens', () => {
  it('the newest deployer pipeline is running, held by its running child; docs is done', async () => {
    const [newest] = await rig.gl.pipelines.list(DEPLOYER, { perPage: 1 }).all();
    expect(newest!.status).toBe('running');
    const bridges = new Map((await rig.gl.pipelines.bridges(DEPLOYER, newest!.id).all()).map((b) => [b.name, b] as const));
    expect(bridges.get('integration')!.status).toBe('running');
    expect(bridges.get('integration')!.downstream_pipeline!.status).toBe('running');
    expect(bridges.get('docs')!.status).toBe('success');
    expect(bridges.get('mobile:release')).toMatchObject({ status: 'created', downstream_pipeline: null });
  });
});

describe('the project pipeline list and child pipelines', () => {
  it('leaves child pipelines out unless source=parent_pipeline asks for them', async () => {
    const all = await rig.gl.pipelines.list(DEPLOYER, { perPage: 100 }).all();
    expect(all.length).toBeGreaterThan(3);
    expect(all.some((p) => p.source === 'parent_pipeline')).toBe(false);
    const children = await rig.gl.pipelines.list(DEPLOYER, { source: 'parent_pipeline', perPage: 100 }).all();
    expect(children.length).toBeGreaterThan(3);
    expect(children.every((p) => p.source === 'parent_pipeline')).toBe(true);
    const pushes = await rig.gl.pipelines.list(DEPLOYER, { source: 'push', perPage: 100 }).all();
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes.every((p) => p.source === 'push')).toBe(true);
    // Every value GitLab documents is accepted (most match nothing here); anything else is a 400.
    expect(await rig.gl.pipelines.list(DEPLOYER, { source: 'ondemand_dast_scan' }).all()).toEqual([]);
    const bad = await apiError(rig.gl.pipelines.list(DEPLOYER, { source: 'carrier_pigeon' as 'push' }).all());
    expect(bad.status).toBe(400);
    expect(bad.reason).toContain('source does not have a valid value');
  });
});

describe('a live parent pipeline', () => {
  it('a depend bridge runs while its child runs and takes the child’s final status; docs succeeds at trigger time', async () => {
    const { pipeline, byName } = await newDeployerPipeline();
    expect(pipeline.status).toBe('pending');
    let bridges = await byName();
    expect(bridges.get('integration')).toMatchObject({ status: 'created', downstream_pipeline: null });

    await advanceUntil(async () => (await byName()).get('integration')!.downstream_pipeline !== null);
    bridges = await byName();
    const integration = bridges.get('integration')!;
    const docs = bridges.get('docs')!;
    // Triggered in the same moment: the one without strategy succeeded, the depend one runs.
    expect(docs.status).toBe('success');
    expect(integration.status).toBe('running');
    const childId = integration.downstream_pipeline!.id;
    expect((await rig.gl.pipelines.get(DEPLOYER, pipeline.id)).status).toBe('running');

    await advanceUntil(async () => ['success', 'failed'].includes((await rig.gl.pipelines.get(DEPLOYER, childId)).status));
    const child = await rig.gl.pipelines.get(DEPLOYER, childId);
    const after = (await byName()).get('integration')!;
    expect(after.status).toBe(child.status);
    expect(after.downstream_pipeline!.status).toBe(child.status);
    if (child.status === 'failed') expect(after.failure_reason).toBe('downstream_pipeline_failed');
  });

  it('the multi-project bridge follows a pipeline in acme/mobile created by the trigger', async () => {
    // A run failed before its deploy stage triggers nothing: try new pipelines until one does (bounded).
    let release: Bridge | undefined;
    let byName!: Awaited<ReturnType<typeof newDeployerPipeline>>['byName'];
    for (let attempt = 0; attempt < 5 && !release?.downstream_pipeline; attempt++) {
      const run = await newDeployerPipeline();
      byName = run.byName;
      await advanceUntil(async () => {
        const p = await rig.gl.pipelines.get(DEPLOYER, run.pipeline.id);
        return (await byName()).get('mobile:release')!.downstream_pipeline !== null || ['failed', 'canceled'].includes(p.status);
      });
      release = (await byName()).get('mobile:release')!;
    }
    expect(release?.downstream_pipeline).toBeTruthy();
    const downstreamId = release!.downstream_pipeline!.id;
    const mobileList = await rig.gl.pipelines.list(MOBILE, { source: 'pipeline', perPage: 5 }).all();
    expect(mobileList[0]!.id).toBe(downstreamId);
    await advanceUntil(async () => ['success', 'failed'].includes((await rig.gl.pipelines.get(MOBILE, downstreamId)).status));
    const downstream = await rig.gl.pipelines.get(MOBILE, downstreamId);
    expect((await byName()).get('mobile:release')!.status).toBe(downstream.status);
  });
});

describe('cancel and retry across parent and child', () => {
  it('canceling the parent cancels its running child pipeline; the depend bridge ends canceled', async () => {
    // A run whose test:unit fails never triggers: try new pipelines until one's child runs (bounded).
    let run;
    for (let attempt = 0; attempt < 5 && !run; attempt++) {
      const { pipeline, byName } = await newDeployerPipeline();
      await advanceUntil(async () => {
        const b = (await byName()).get('integration')!;
        return b.status === 'running' || ['failed', 'canceled'].includes((await rig.gl.pipelines.get(DEPLOYER, pipeline.id)).status);
      });
      if ((await byName()).get('integration')!.status === 'running') run = { pipeline, byName };
    }
    expect(run).toBeDefined();
    const { pipeline, byName } = run!;
    const integration = (await byName()).get('integration')!;
    const childId = integration.downstream_pipeline!.id;
    expect((await rig.gl.pipelines.cancel(DEPLOYER, pipeline.id)).status).toBe('canceled');
    expect((await rig.gl.pipelines.get(DEPLOYER, childId)).status).toBe('canceled');
    expect((await byName()).get('integration')!.status).toBe('canceled');
  });

  it('retrying a failed child pipeline (pending) brings its depend bridge and the parent back to running', async () => {
    const parents = await rig.gl.pipelines.list(DEPLOYER, { status: 'failed', source: 'push', perPage: 100 }).all();
    for (const parent of parents) {
      const integration = (await rig.gl.pipelines.bridges(DEPLOYER, parent.id).all()).find((b) => b.name === 'integration')!;
      if (integration.status !== 'failed' || !integration.downstream_pipeline) continue;
      const childId = integration.downstream_pipeline.id;
      // The child answers pending (docs/gitlab-api.md §3); its bridge and the parent run again.
      expect((await rig.gl.pipelines.retry(DEPLOYER, childId)).status).toBe('pending');
      const after = (await rig.gl.pipelines.bridges(DEPLOYER, parent.id).all()).find((b) => b.name === 'integration')!;
      expect(after.status).toBe('running');
      expect((await rig.gl.pipelines.get(DEPLOYER, parent.id)).status).toBe('running');
      return;
    }
    throw new Error('no failed parent whose child failed');
  });
});

describe('what GitLab allows on a bridge', () => {
  let bridge: Bridge;
  beforeEach(async () => {
    const [parent] = await rig.gl.pipelines.list(DEPLOYER, { status: 'success', perPage: 1 }).all();
    bridge = (await rig.gl.pipelines.bridges(DEPLOYER, parent!.id).all()).find((b) => b.name === 'docs')!;
  });

  it('cancel, get, trace and erase answer 404: those routes look among builds only', async () => {
    for (const call of [
      rig.gl.jobs.cancel(DEPLOYER, bridge.id),
      rig.gl.jobs.get(DEPLOYER, bridge.id),
      rig.gl.jobs.trace(DEPLOYER, bridge.id),
      rig.gl.jobs.erase(DEPLOYER, bridge.id),
    ]) {
      const error = await apiError(call);
      expect(error.status).toBe(404);
    }
  });

  it('retry makes a new bridge that triggers a new downstream pipeline', async () => {
    const fresh = await rig.gl.jobs.retry(DEPLOYER, bridge.id);
    expect(fresh.id).not.toBe(bridge.id);
    expect(fresh.name).toBe('docs');
    const again = await apiError(rig.gl.jobs.retry(DEPLOYER, bridge.id));
    expect(again.status).toBe(403);
    expect(again.reason).toContain('Job is not retryable');
    await advanceUntil(async () => {
      const list = await rig.gl.pipelines.bridges(DEPLOYER, bridge.pipeline!.id).all();
      const now = list.find((b) => b.id === fresh.id)!;
      return now.downstream_pipeline !== null && now.downstream_pipeline.id !== bridge.downstream_pipeline!.id;
    }, 10);
  });

  it('the read-only token may list bridges but not retry one', async () => {
    const readOnly = rig.client(DEMO_TOKENS.readOnly);
    expect((await readOnly.pipelines.bridges(DEPLOYER, bridge.pipeline!.id).all()).length).toBe(3);
    const error = await apiError(readOnly.jobs.retry(DEPLOYER, bridge.id));
    expect(error.status).toBe(403);
  });
});
