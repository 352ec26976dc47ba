// Type-ahead: keys typed while a pane loads apply to it once it is ready, as they would have typed
// slowly. `⏎⏎` on a pipeline row opens the pipeline, then (once its jobs are in and the cursor is on
// its first failed job) that job; `⏎j⏎` the job after it. Each is written in one write and one key a
// write, while GitLab takes 300 ms to answer the pipeline's jobs. Keys held longer than 2 s are
// dropped with no effect, and a toast says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { firstFocus } from '../../src/features/pipelines/failed.js';
import { listKeyOf } from '../../src/store/sources.js';
import { listOf, topPane } from '../../src/store/store.js';
import type { AppState, Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
const pane = (): Pane => topPane(app.store.getState());
const SLOW_JOBS = /\/pipelines\/\d+\/jobs$/;

beforeEach(async () => {
  app = await startApp({ rows: 40 });
  await app.type(':project acme/api\r');
  await app.until(() => pane().kind === 'project', 'the project');
  const key = listKeyOf(pane())!;
  await app.until(() => listOf(app.store.getState(), key).items.length > 3, 'its pipelines');
});
afterEach(() => app.close());

/** The pipeline pane (below the top), its rows and cursor. */
function pipelineRows(state: AppState): { rows: Job[]; selected: number } {
  const p = state.stack.find((x) => x.kind === 'pipeline')!;
  const list = listOf<Job>(state, listKeyOf(p)!);
  return { rows: app.controller.rowsOf<Job>(listKeyOf(p)!), selected: list.selected };
}

async function expectJobOpened(offset: number): Promise<void> {
  await app.until(() => pane().kind === 'job', 'a job pane');
  const { rows, selected } = pipelineRows(app.store.getState());
  // Where a slow typist's cursor would be: the first failed job, then `offset` rows down.
  expect(selected).toBe(firstFocus(rows) + offset);
  expect(pane()).toMatchObject({ kind: 'job', jobId: rows[selected]!.id });
}

describe('while the pipeline pane loads (its jobs take 300 ms)', () => {
  beforeEach(() => app.sim.faults.add({ kind: 'delay', method: 'GET', path: SLOW_JOBS, delayMs: 300, times: 20 }));

  it('⏎⏎ in one write opens the pipeline, then its job', async () => {
    await app.type('\r\r');
    await expectJobOpened(0);
  });

  it('⏎ ⏎ one key a write opens the pipeline, then its job', async () => {
    await app.press('\r', '\r');
    await expectJobOpened(0);
  });

  it('⏎j⏎ in one write, and one key a write, opens the job after the first failed one', async () => {
    await app.type('\rj\r');
    await expectJobOpened(1);
    await app.press(KEY.escape, KEY.escape);
    await app.until(() => pane().kind === 'project', 'back on the project');
    await app.press('\r', 'j', '\r');
    await expectJobOpened(1);
  });

  it('Esc typed while it loads goes back at once; the keys before it are dropped', async () => {
    await app.type('\rj\x1b');
    await app.until(() => pane().kind === 'project', 'back on the project');
    // The `j` held for the pipeline is gone: nothing is replayed later on the project pane.
    expect(app.controller.holdingKeys).toBe(false);
    expect(listOf(app.store.getState(), listKeyOf(pane())!).selected).toBe(0);
  });
});

it('keys held over 2 s are dropped with no effect, and a toast says so', async () => {
  app.sim.faults.add({ kind: 'delay', method: 'GET', path: SLOW_JOBS, delayMs: 3000, times: 20 });
  await app.type('\r\r');
  await app.waitFor(/1 key typed ahead dropped: the pane took over 2 s/, 5000);
  await app.until(() => pipelineRows(app.store.getState()).rows.length > 0, 'the jobs, at last', 5000);
  expect(pane().kind).toBe('pipeline');
});
