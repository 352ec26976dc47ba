// Real pipelines in the app: trigger jobs among the jobs, Enter into child and
// multi-project downstream pipelines and Esc back, what a bridge allows, merge-request pipelines
// (`:mr`, `!N` refs, the source filter), the failed-jobs cursor, `F`, and the stage graph's counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { pipelinesFeature } from '../../src/features/pipelines/feature.js';
import { listKeyOf } from '../../src/store/sources.js';
import { DEFAULT_TIMING } from '../../src/store/polling.js';
import { listOf, topPane } from '../../src/store/store.js';
import { listKeyText, type PaneKinds } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
// Each test its own app and world (one retries a bridge, one runs a pipeline).
beforeEach(async () => {
  app = await startApp({ columns: 80 });
});
afterEach(() => app.close());

const pane = () => topPane(app.store.getState());
const DEPLOYER = 'acme/platform/deployer';

/** Into `project` and onto its pipeline `id` (from the project list, by the palette). */
async function openPipeline(project: string, id: number): Promise<void> {
  await app.palette('projects', { closes: true });
  await app.palette(`project ${project}`, { closes: true });
  await app.palette(`pipeline ${id}`, { closes: true });
  await loaded();
}

/** The pipeline pane in front has its jobs and its trigger jobs. */
async function loaded(): Promise<void> {
  await app.until(() => {
    const p = pane();
    if (p.kind !== 'pipeline') return false;
    const list = listOf(app.store.getState(), listKeyOf(p)!);
    return list.loadedAt !== null && !list.loading && app.store.getState().bridges[p.pipelineId] !== undefined;
  }, 'the pipeline pane to load');
}

const rows = (): Job[] => app.controller.rowsOf<Job>(listKeyOf(pane())!);
const selected = (): number => listOf(app.store.getState(), listKeyOf(pane())!).selected;

/** Moves the cursor by keys onto the first row that `pick` takes. */
async function cursorTo(pick: (j: Job) => boolean): Promise<Job> {
  const at = rows().findIndex(pick);
  expect(at, 'a row to select').toBeGreaterThanOrEqual(0);
  const moves = at - selected();
  await app.press(...Array(Math.abs(moves)).fill(moves > 0 ? 'j' : 'k'));
  await app.until(() => selected() === at, 'the cursor to move');
  return rows()[at]!;
}

/** A finished pipeline with two failed jobs, the first not at the top. */
function pipelineWithFailures(): { path: string; id: number } {
  const world = app.sim.world;
  for (const [path, project] of world.projectsByPath) {
    for (const id of [...(world.projectPipelines.get(project.id) ?? [])].reverse()) {
      const jobs = world.pipelineJobs(world.pipelines.get(id)!).filter((j) => !j.trigger);
      const failed = jobs.filter((j) => j.status === 'failed' && !j.allowFailure);
      if (failed.length >= 2 && jobs[0]!.status !== 'failed' && jobs.length < 40) return { path, id };
    }
  }
  throw new Error('no pipeline with two failed jobs');
}

describe('trigger jobs and downstream pipelines', () => {
  it('shows bridges in their stage, opens a child pipeline with Enter and comes back with Esc', async () => {
    await openPipeline(DEPLOYER, 700027);
    await app.waitFor('⇲ integration');
    expect(app.frame()).toContain('⇲ docs');
    // Bridges stand after the jobs of their stage, not at the end of the list.
    const list = rows();
    const at = list.findIndex((j) => j.name === 'integration');
    const stage = list[at]!.stage;
    expect(list.slice(at + 1).some((j) => j.stage === stage && !('downstream_pipeline' in j))).toBe(false);

    await cursorTo((j) => j.name === 'integration');
    // At 80 columns the row is cut short; the line under the list says where the bridge leads.
    await app.waitFor('⏎ opens child #700028');
    await app.press(KEY.enter);
    await app.waitFor('child of #700027 via integration');
    expect(pane()).toMatchObject({ kind: 'pipeline', pipelineId: 700028, path: DEPLOYER, parent: { pipelineId: 700027, bridge: 'integration' } });
    await loaded();
    // The child runs (its long e2e job holds it): the cursor starts on its first running job.
    expect(rows()[selected()]!.status).toBe('running');

    await app.press(KEY.escape);
    await app.until(() => pane().kind === 'pipeline' && (pane() as { pipelineId: number }).pipelineId === 700027, 'back on the parent');
    expect(rows()[selected()]!.name).toBe('integration');
    expect(app.frame()).not.toContain('child of');

    // Opened without its parent's bridge, a child cannot name its parent: it says so.
    await app.palette('pipeline 700028', { closes: true });
    await app.waitFor('a child pipeline: GitLab does not say its parent');
  });

  it('opens a multi-project downstream pipeline in its own project', async () => {
    await openPipeline(DEPLOYER, 700019);
    await app.waitFor('⇲ mobile:relea');
    await cursorTo((j) => j.name === 'mobile:release');
    await app.waitFor('⏎ opens acme/mobile #700022');
    await app.press(KEY.enter);
    await app.waitFor('in acme/mobile, downstream of acme/platform/deployer #700019 via mobile:release');
    expect(pane()).toMatchObject({ kind: 'pipeline', projectId: 20109, path: 'acme/mobile', pipelineId: 700022 });
    await loaded();
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().every((j) => j.pipeline?.id === undefined || j.pipeline.id === 700022)).toBe(true);
    await app.press(KEY.escape);
    await app.until(() => (pane() as { pipelineId?: number }).pipelineId === 700019, 'back on the parent');
  });

  it('says why a bridge cannot be canceled or retried yet, and retries a finished one', async () => {
    await openPipeline(DEPLOYER, 700027);
    await cursorTo((j) => j.name === 'integration');
    await app.press('c');
    await app.waitFor('GitLab cannot cancel a trigger job: ⏎ opens its pipeline, ^x cancels that');
    expect(app.store.getState().confirm).toBeNull();
    await app.press('r');
    await app.waitFor('GitLab retries finished trigger jobs only: integration is running');
    await app.press('E');
    await app.waitFor('integration is a trigger job: no log or artifacts (⏎ opens its pipeline)');

    const docs = await cursorTo((j) => j.name === 'docs');
    await app.press('r');
    await app.waitFor(/Retried docs: new trigger job #\d+/);
    // The new bridge takes the old one's row, and the cursor stays on it.
    await app.until(() => rows()[selected()]!.name === 'docs' && rows()[selected()]!.id !== docs.id, 'the new docs bridge');
    expect(rows().filter((j) => j.name === 'docs')).toHaveLength(1);
  });
});

describe('a GitLab without the bridges endpoint', () => {
  it('shows the jobs, puts the cursor on the first failed one and asks for bridges no more', async () => {
    const { path, id } = pipelineWithFailures();
    const bridges = new RegExp(`/pipelines/${id}/bridges$`);
    app.sim.faults.add({ kind: 'respond', method: 'GET', path: bridges, status: 404, body: { message: '404 Not Found' }, times: 100 });
    // A GitLab that old serves no GraphQL either: the pane polls over REST.
    app.sim.setGraphQL('off');
    try {
      await openPipeline(path, id);
      const failed = rows().findIndex((j) => j.status === 'failed');
      await app.until(() => selected() === failed, 'the cursor on the first failed job');
      const asked = () => app.sim.requests.filter((r) => bridges.test(r.path.split('?')[0]!)).length;
      const before = asked();
      expect(before).toBe(1);
      expect(app.store.getState().bridges[id]).toEqual([]);
      // A timer's poll (not navigation, not R) has nothing to ask for a pipeline without bridges:
      // it reads the (finished) pipeline alone. A poller of its own, so its record is the test's.
      const poll = pipelinesFeature.specs!.pipeline!.poll!(app.controller.ctx, DEFAULT_TIMING);
      const shown = pane() as PaneKinds['pipeline'];
      await poll.refresh!(shown, { full: true });
      expect(asked()).toBe(before + 1);
      const pipelineReads = () => app.sim.requests.filter((r) => r.path.split('?')[0]!.endsWith(`/pipelines/${id}`)).length;
      const reads = pipelineReads();
      await poll.refresh!(shown, { full: false });
      expect(pipelineReads()).toBe(reads + 1);
      expect(asked()).toBe(before + 1);
    } finally {
      app.sim.faults.clear();
    }
  });
});

describe('merge-request pipelines', () => {
  it(":mr 12 lists the merge request's pipelines, and Enter opens one with its !N ref", async () => {
    await app.palette('projects', { closes: true });
    await app.palette('project acme/mobile', { closes: true });
    await app.palette('mr 12', { closes: true });
    await app.waitFor('!12 Add biometric login');
    expect(pane()).toMatchObject({ kind: 'mergeRequest', iid: 12 });
    await app.waitFor('#700013');
    const frame = app.frame();
    expect(frame).toContain('#700012');
    expect(frame).toMatch(/merged results|detached/);
    await app.press(KEY.enter);
    await app.until(() => pane().kind === 'pipeline', 'the pipeline pane');
    await app.waitFor(/on !12 Add biometric login \((merged results|detached)\)/);
    await app.press(KEY.escape);
    await app.until(() => pane().kind === 'mergeRequest', 'back on the merge request');
  });

  it('N runs a new pipeline for the merge request; an unknown one is an error in the status line', async () => {
    await app.palette('projects', { closes: true });
    await app.palette('project acme/mobile', { closes: true });
    await app.palette('mr 12', { closes: true });
    const key = listKeyText(listKeyOf(pane())!);
    await app.until(() => (app.store.getState().lists[key]?.items.length ?? 0) > 0, 'the pipelines');
    const before = app.store.getState().lists[key]!.items.length;
    await app.press('N');
    await app.waitFor(/Created pipeline #\d+ for !12/);
    expect(app.store.getState().lists[key]!.items.length).toBe(before + 1);

    await app.press(':');
    await app.type('mr 99');
    await app.press(KEY.enter);
    await app.waitFor('Cannot open merge request !99 of acme/mobile');
    expect(app.store.getState().prompt).toBeNull();
  });

  it('filters the pipeline list by source, every GitLab source accepted, MR refs shown as !N', async () => {
    await app.palette('projects', { closes: true });
    await app.palette('project acme/mobile', { closes: true });
    await app.press('f');
    await app.waitFor('Filter pipelines:');
    await app.type('source=bogus');
    await app.press(KEY.enter);
    // GitLab's 400 for a source it does not know; f again offers what was typed.
    await app.waitFor('source does not have a valid value');
    await app.press('f');
    await app.waitFor('Filter pipelines:');
    await app.press(...Array('bogus'.length).fill(KEY.backspace));
    await app.type('merge_request_event');
    await app.press(KEY.enter);
    await app.waitFor('filters: source=merge_request_event');
    const key = listKeyText(listKeyOf(pane())!);
    await app.until(() => {
      const list = app.store.getState().lists[key];
      return !!list && list.loadedAt !== null && !list.loading && list.items.length > 0;
    }, 'the filtered list');
    const items = app.store.getState().lists[key]!.items as { source: string }[];
    expect(items.every((p) => p.source === 'merge_request_event')).toBe(true);
    // At 80 columns the Ref column shows the start of the title.
    await app.waitFor('!12 Add bi');
    expect(app.frame()).toContain('!13 Draft');
  });
});

describe('failed jobs first', () => {
  it('opens a pipeline on its first failed job, F goes to the next and round again', async () => {
    const { path, id } = pipelineWithFailures();
    await openPipeline(path, id);
    const list = rows();
    const failed = list.map((j, i) => (j.status === 'failed' ? i : -1)).filter((i) => i >= 0);
    await app.until(() => selected() === failed[0], 'the cursor on the first failed job');
    await app.press('F');
    await app.until(() => selected() === failed[1], 'the next failed job');
    for (let i = 2; i < failed.length; i++) await app.press('F');
    await app.press('F');
    await app.until(() => selected() === failed[0], 'round to the first');
  });

  it("shows each stage's passed, failed and running counts in the stage graph", async () => {
    const { path, id } = pipelineWithFailures();
    await openPipeline(path, id);
    await app.press('v');
    const frame = await app.waitFor('stage graph · v needs');
    const byStage = new Map<string, Job[]>();
    for (const j of rows()) byStage.set(j.stage, [...(byStage.get(j.stage) ?? []), j]);
    const failing = [...byStage].find(([, jobs]) => jobs.some((j) => j.status === 'failed'))!;
    const passed = failing[1].filter((j) => j.status === 'success').length;
    const failedN = failing[1].filter((j) => j.status === 'failed').length;
    expect(frame).toContain(`${failing[0]} (${failing[1].length}) ${passed ? `✔${passed} ` : ''}✖${failedN}`);
    await app.press('v');
  });
});
