// The pipeline pane's timeline through the real app, on a known pipeline of the seeded world: `v`
// cycles list → stage graph → timeline → list; the timeline draws each job's span on one axis under
// its stage, marks the critical path, and shares the cursor with the list (Enter opens that job).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const DEPLOYER = 20102;
const PIPELINE = 700019;
let app: AppRig;

beforeAll(async () => {
  app = await startApp({ columns: 100 });
});
afterAll(() => app.close());

describe('timeline view', () => {
  it('v cycles to the timeline of a finished pipeline: stages, spans, the critical path, the shared cursor', async () => {
    app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId: DEPLOYER, path: 'acme/platform/deployer', pipelineId: PIPELINE, view: 'list' } as Pane] }));
    const frameOf = await app.waitFor(/3 jobs · v stage graph/);
    expect(frameOf).toMatch(/#7000061\s+build/);
    await app.press('v', 'v');
    const frame = await app.waitFor('timeline · v list');
    const lines = frame.split('\n');
    // Stage headings in order, each job under its stage with a running span drawn on the axis.
    const row = (text: RegExp) => lines.findIndex((l) => text.test(l));
    const stages = ['build', 'test', 'deploy'].map((stage) => row(new RegExp(`^${stage}\\s*$`)));
    expect(stages.every((i) => i > 0)).toBe(true);
    expect([...stages].sort((a, b) => a - b)).toEqual(stages);
    const jobs = ['build', 'test:unit', 'deploy:production'].map((name) => row(new RegExp(`^.✔ ${name}\\s+.*█`)));
    expect(jobs.every((i, k) => i === stages[k]! + 1)).toBe(true);
    // A finished chain of one job per stage: every job is on the critical path.
    for (const i of jobs) expect(lines[i]!.startsWith('▸')).toBe(true);
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
});
