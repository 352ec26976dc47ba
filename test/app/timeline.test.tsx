// The pipeline pane's timeline through the real app, on a known pipeline of the seeded world: `v`
// cycles list → stage graph → timeline → list; the timeline draws each job's span on one axis under
// its stage, marks the critical path, and shares the cursor with the list (Enter opens that job).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import type { PipelineBasic } from '../../src/api/index.js';
import { SPARK_BARS } from '../../src/ui/components/Sparkline.js';
import { listOf } from '../../src/store/store.js';
import { listKeys } from '../../src/domain/list-keys.js';

const DEPLOYER = 20102;
const PIPELINE = 700019;
let app: AppRig;

// Each test its own app: no pane, view or cached duration is left by another.
beforeEach(async () => {
  app = await startApp({ columns: 120 });
});
afterEach(() => app.close());

describe('timeline view', () => {
  it('v cycles to the timeline of a finished pipeline: stages, spans, the critical path, the shared cursor', async () => {
    app.open({ kind: 'pipeline', projectId: DEPLOYER, path: 'acme/platform/deployer', pipelineId: PIPELINE, view: 'list' });
    // Three jobs and three trigger jobs (bridges stand among the jobs, in their stage).
    const frameOf = await app.waitFor(/6 jobs · v stage graph/);
    expect(frameOf).toMatch(/#7000061\s+build/);
    await app.press('v', 'v', 'v');
    const frame = await app.waitFor('timeline · v list');
    const lines = frame.split('\n');
    // Stage headings in order, each job under its stage with a running span drawn on the axis.
    const row = (text: RegExp) => lines.findIndex((l) => text.test(l));
    const stages = ['build', 'test', 'downstream', 'deploy'].map((stage) => row(new RegExp(`^${stage}\\s*$`)));
    expect(stages.every((i) => i > 0)).toBe(true);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    const jobs = ['build', 'test:unit', 'integration'].map((name) => row(new RegExp(`^.✔ ${name}\\s+.*█`)));
    expect(jobs.every((i, k) => i === stages[k]! + 1)).toBe(true);
    // The chain that decided the end: build, then test:unit, then the hour-long child behind
    // integration; the docs child (0 s) ran beside it and is not on the path.
    for (const i of jobs) expect(lines[i]!.startsWith('▸')).toBe(true);
    expect(lines[row(/^.✔ docs\s/)]!.startsWith('▸')).toBe(false);
    // Each later job's span starts where the one before it ended (to the right of it).
    const starts = jobs.map((i) => lines[i]!.indexOf('█'));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(starts[2]!).toBeGreaterThan(starts[0]!);

    // The cursor is the list's: j moves it, Enter opens that job, and v leads back to the list.
    await app.press('j');
    await app.press(KEY.enter);
    await app.until(() => topPane(app.store.getState()).kind === 'job', 'the job pane');
    expect(topPane(app.store.getState())).toMatchObject({ jobId: 7000062 });
    await app.press(KEY.escape);
    await app.waitFor('timeline · v list');
    await app.press('v');
    await app.waitFor('v stage graph');
  });

  it('the pipelines list draws a duration sparkline on the newest row of each ref', async () => {
    const api = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!;
    app.open({ kind: 'project', projectId: api.id, path: 'acme/api', tab: 'pipelines' });
    await app.waitFor(/Trend/);
    await app.until(() => listOf(app.store.getState(), listKeys.pipelines(api.id)).loadedAt !== null, 'the pipelines');
    const items = listOf<PipelineBasic>(app.store.getState(), listKeys.pipelines(api.id)).items;
    const main = items.filter((p) => p.ref === 'main');
    expect(main.length).toBeGreaterThan(2);
    const frame = await app.waitFor(new RegExp(`#${main[0]!.id}`));
    // Without the last cell: the list's scrollbar.
    const line = (id: number) =>
      frame
        .split('\n')
        .find((l) => l.includes(`#${id} `))!
        .trimEnd()
        .slice(0, -1);
    const bars = (text: string) => [...text].filter((ch) => (SPARK_BARS as readonly string[]).includes(ch)).length;
    expect(bars(line(main[0]!.id))).toBeGreaterThan(1);
    // Older rows of the ref carry no line of their own.
    expect(bars(line(main[1]!.id))).toBe(0);
  });

  it('a job shows its duration against its usual one, read once per project per 10 minutes', async () => {
    const api = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!;
    const job = [...app.sim.world.jobs.values()]
      .filter((j) => j.projectId === api.id && j.status === 'success' && j.ref === 'main' && j.name === 'build')
      .at(-1)!;
    expect(job).toBeDefined();
    const history = () =>
      app.sim.requests.filter(
        (r) => r.method === 'GET' && r.path.startsWith(`/projects/${api.id}/jobs?`) && r.path.includes('scope') && r.path.includes('per_page=100'),
      );
    const before = history().length;
    app.open({ kind: 'job', projectId: api.id, path: 'acme/api', jobId: job.id });
    const frame = await app.waitFor(/· \d+(m \d+s|s), usual \d+(m \d+s|s)/);
    expect(frame).toContain(`#${job.id} build`);
    expect(history().length).toBe(before + 1);
    await app.controller.refresh();
    await app.controller.refresh();
    expect(history().length).toBe(before + 1);
    app.advance(10 * 60_000);
    await app.controller.refresh();
    expect(history().length).toBe(before + 2);
  });
});
