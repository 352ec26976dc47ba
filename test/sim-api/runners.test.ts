// The runners API over HTTP, through the API module: lists and their filters, who may read what (403
// below Maintainer, as GitLab answers), one runner, its managers and jobs, pausing, and jobs that
// carry their runner, manager and tags — and wait, stuck, when no online runner can take them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitLabApiError, Job } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { MINUTE, startRig, type Rig } from '../helpers/sim.js';

const ML = 'acme/ml';
const DEVELOPER = 'demo-developer-token';

let rig: Rig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig?.close();
});

async function refusal(p: Promise<unknown>): Promise<GitLabApiError> {
  try {
    await p;
  } catch (err) {
    return err as GitLabApiError;
  }
  throw new Error('GitLab answered');
}

const names = (list: { description?: string | null }[]) => list.map((r) => r.description).sort();

describe('lists', () => {
  it("a project's runners: its own, its groups', the instance's; filters narrow them", async () => {
    const all = await rig.gl.runners.listForProject(ML).all();
    expect(names(all)).toEqual(
      [
        'acme-arm64-builder',
        'gpu-runner-a100',
        'k8s-autoscaler-pool',
        'ml-deploy',
        'ml-gpu-a100-01',
        'ml-gpu-h100-01',
        'ml-tpu-pilot',
        'ml-trainer-pool',
        'shared-runner-1.acme.internal',
        'shared-runner-2.acme.internal',
        'shared-runner-old.acme.internal',
        'windows-2022-shell',
      ].sort(),
    );
    // acme/platform's group runner is not acme/ml's.
    expect(names(all)).not.toContain('platform-terraform');
    const byStatus = (status: string) => names(all.filter((r) => r.status === status));
    expect(byStatus('stale')).toEqual(['shared-runner-old.acme.internal']);
    expect(byStatus('never_contacted')).toEqual(['ml-tpu-pilot']);
    expect(byStatus('paused')).toEqual(['acme-arm64-builder']);
    expect(byStatus('offline')).toEqual(['ml-gpu-h100-01', 'windows-2022-shell']);
    expect(names(await rig.gl.runners.listForProject(ML, { type: 'project_type' }).all())).toEqual([
      'ml-deploy',
      'ml-gpu-a100-01',
      'ml-gpu-h100-01',
      'ml-tpu-pilot',
      'ml-trainer-pool',
    ]);
    expect(names(await rig.gl.runners.listForProject(ML, { paused: true }).all())).toEqual(['acme-arm64-builder']);
    // `status=online` is by contact alone: the paused runner still polls.
    expect(names(await rig.gl.runners.listForProject(ML, { status: 'online' }).all())).toContain('acme-arm64-builder');
    expect(names(await rig.gl.runners.listForProject(ML, { tag_list: ['docker', 'ml'] }).all())).toEqual(['ml-trainer-pool']);
  });

  it('a Developer is refused the project and group lists with 403, as GitLab answers', async () => {
    const dev = rig.client(DEVELOPER);
    const project = await refusal(dev.runners.listForProject(ML).all());
    expect(project.status).toBe(403);
    expect(project.reason).toContain('403 Forbidden');
    expect((await refusal(dev.runners.listForGroup('acme').all())).status).toBe(403);
    // Instance runners stay readable one by one.
    expect((await dev.runners.get(1)).description).toBe('shared-runner-1.acme.internal');
    const other = await refusal(dev.runners.get(12));
    expect(other.status).toBe(403);
    expect(other.reason).toContain('No access granted');
  });

  it("the user's runners are their projects' and groups', all of them only for administrators", async () => {
    const mine = await rig.gl.runners.listOwned().all();
    expect(mine.every((r) => r.runner_type !== 'instance_type')).toBe(true);
    expect(names(mine)).toContain('platform-terraform');
    expect((await refusal(rig.gl.runners.listAll().all())).status).toBe(403);
    const every = await rig.admin.runners.listAll({ perPage: 5 }).all();
    expect(every).toHaveLength(13);
    expect(names(await rig.admin.runners.listAll({ type: 'instance_type', status: 'online' }).all())).toEqual([
      'gpu-runner-a100',
      'k8s-autoscaler-pool',
      'shared-runner-1.acme.internal',
      'shared-runner-2.acme.internal',
    ]);
  });

  it("a group's runners: its own and its ancestors', and the instance's; a group path or id", async () => {
    const platform = await rig.gl.runners.listForGroup('acme/platform').all();
    expect(names(platform)).toEqual(expect.arrayContaining(['acme-arm64-builder', 'platform-terraform', 'shared-runner-1.acme.internal']));
    expect(names(platform)).not.toContain('ml-deploy');
    const acme = await rig.gl.runners.listForGroup('acme').all();
    expect(names(acme)).not.toContain('platform-terraform');
    const project = await rig.gl.projects.get(ML);
    const byId = await rig.gl.runners.listForGroup(project.namespace!.id).all();
    expect(names(byId)).toEqual(names(acme));
    expect((await refusal(rig.gl.runners.listForGroup('nope').all())).status).toBe(404);
  });
});

describe('one runner', () => {
  it('says its matching rules, contact and version; its managers', async () => {
    const h100 = await rig.gl.runners.get(14);
    expect(h100).toMatchObject({
      description: 'ml-gpu-h100-01',
      tag_list: ['cuda', 'gpu-h100', 'linux'],
      run_untagged: false,
      locked: true,
      access_level: 'not_protected',
      status: 'offline',
      online: false,
    });
    expect(Date.parse(h100.contacted_at!)).toBe(rig.sim.clock.now() - 180 * MINUTE);
    expect((await rig.gl.runners.get(13)).access_level).toBe('ref_protected');
    const pool = await rig.gl.runners.managers(12);
    expect(pool.map((m) => m.system_id)).toEqual(['r_MlPool0node1', 'r_MlPool0node2']);
    expect(pool.every((m) => m.status === 'online' && typeof m.version === 'string')).toBe(true);
    const missing = await refusal(rig.gl.runners.get(999));
    expect(missing.status).toBe(404);
    expect(missing.reason).toContain('Runner Not Found');
  });

  it("lists its jobs newest first, one status or one manager's; an instance runner's only to administrators", async () => {
    const jobs = await rig.gl.runners.jobs(12, { perPage: 100 }).all();
    expect(jobs.length).toBeGreaterThan(10);
    expect(jobs.map((j) => j.id)).toEqual([...jobs.map((j) => j.id)].sort((a, b) => b - a));
    expect(jobs.every((j) => j.project.path_with_namespace === ML)).toBe(true);
    const failed = await rig.gl.runners.jobs(12, { status: 'failed', perPage: 100 }).all();
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((j) => j.status === 'failed')).toBe(true);
    const lost = failed.filter((j) => j.failure_reason === 'runner_system_failure');
    // The second machine loses most of what it takes; the first almost nothing.
    const node2 = await rig.gl.runners.jobs(12, { system_id: 'r_MlPool0node2', status: 'failed', perPage: 100 }).all();
    const node1 = await rig.gl.runners.jobs(12, { system_id: 'r_MlPool0node1', status: 'failed', perPage: 100 }).all();
    expect(node2.filter((j) => j.failure_reason === 'runner_system_failure').length).toBeGreaterThan(
      node1.filter((j) => j.failure_reason === 'runner_system_failure').length,
    );
    expect(lost.length).toBeGreaterThan(3);
    expect((await refusal(rig.gl.runners.jobs(1).all())).status).toBe(403);
    let seen = 0;
    for await (const page of rig.admin.runners.jobs(1, { perPage: 5 }).pages()) {
      seen = page.items.length;
      break;
    }
    expect(seen).toBe(5);
  });
});

describe('jobs and the queue', () => {
  async function mlJobs(): Promise<Job[]> {
    return rig.gl.jobs.list(ML, { perPage: 100 }).all();
  }

  it('a running job names its runner and the machine; a pending one has neither, and its tags', async () => {
    const jobs = await mlJobs();
    const ran = jobs.find((j) => j.status === 'success' && j.name === 'train:a100')!;
    expect(ran.runner).toMatchObject({ id: 11, description: 'ml-gpu-a100-01', runner_type: 'project_type' });
    expect(ran.runner_manager?.system_id).toBe('r_MlA100n0001');
    expect(ran.tag_list).toEqual(['cuda', 'gpu-a100']);
    const stuck = jobs.find((j) => j.status === 'pending' && j.name === 'train:h100')!;
    expect(stuck.runner).toBeNull();
    expect(stuck.runner_manager).toBeNull();
    expect(stuck.tag_list).toEqual(['cuda', 'gpu-h100']);
    expect((await rig.gl.projects.get(ML)).build_timeout).toBe(7200);
  });

  it('a job no online runner can take waits, and is dropped as stuck an hour after it was queued', async () => {
    const stuck = (await mlJobs()).find((j) => j.status === 'pending' && j.name === 'train:h100')!;
    const queued = stuck.queued_duration!;
    rig.advance(10 * MINUTE);
    const later = await rig.gl.jobs.get(ML, stuck.id);
    expect(later.status).toBe('pending');
    expect(later.queued_duration).toBeCloseTo(queued + 600, 0);
    rig.advance(60 * MINUTE - queued * 1000);
    const dropped = await rig.gl.jobs.get(ML, stuck.id);
    expect(dropped.status).toBe('failed');
    expect(dropped.failure_reason).toBe('stuck_or_timeout_failure');
  });

  it('a paused runner takes nothing; resumed, it takes what waited for it at once', async () => {
    const paused = await rig.gl.runners.setPaused(11, true);
    expect(paused).toMatchObject({ paused: true, active: false, status: 'paused' });
    const pipeline = await rig.gl.pipelines.create(ML, 'main');
    let a100: Job | undefined;
    for (let i = 0; i < 20 && !a100; i++) {
      rig.advance(MINUTE);
      a100 = (await rig.gl.jobs.listForPipeline(ML, pipeline.id).all()).find((j) => j.name === 'train:a100' && j.status === 'pending');
    }
    expect(a100).toBeDefined();
    rig.advance(5 * MINUTE);
    expect((await rig.gl.jobs.get(ML, a100!.id)).status).toBe('pending');
    expect((await rig.gl.runners.setPaused(11, false)).paused).toBe(false);
    const taken = await rig.gl.jobs.get(ML, a100!.id);
    expect(taken.status).toBe('running');
    expect(taken.runner?.id).toBe(11);
  });

  it('pausing asks for rights: a read_api token and a Developer are refused', async () => {
    const readOnly = await refusal(rig.client(DEMO_TOKENS.readOnly).runners.setPaused(12, true));
    expect(readOnly.status).toBe(403);
    const dev = await refusal(rig.client(DEVELOPER).runners.setPaused(12, true));
    expect(dev.status).toBe(403);
    expect(dev.reason).toContain('No access granted');
    // An instance runner is the administrators' to pause.
    expect((await refusal(rig.gl.runners.setPaused(1, true))).status).toBe(403);
    expect((await rig.admin.runners.setPaused(1, true)).paused).toBe(true);
    expect((await rig.gl.runners.get(12)).paused).toBe(false);
  });
});
