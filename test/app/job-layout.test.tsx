// One layout for the job pane and its log's paging (src/features/log/log-layout.ts): at each size
// the frame shows exactly the rows of log that jobPaneLayoutOf — what paging and follow fit the
// log to — says, the followed log's last lines in them, the cursor on the last one.
import { afterEach, describe, expect, it } from 'vitest';
import { jobPaneLayoutOf } from '../../src/features/log/log-layout.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { jobPaneRows } from '../helpers/frames.js';
import { simProject } from '../helpers/sim.js';
import { actionKey } from '../../src/store/guard.js';
import { setInflight } from '../../src/store/writers.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A finished failed job of acme/api with a long log, opened as the pane in front. */
async function openFailedJob(rig: AppRig): Promise<number> {
  await rig.waitFor('acme/api');
  const project = simProject(rig.sim, 'acme/api');
  const ids = rig.sim.world.projectJobs.get(project.id)!;
  const id = [...ids].reverse().find((i) => {
    const j = rig.sim.world.jobs.get(i)!;
    return !j.retried && j.erasedAt === null && j.status === 'failed' && j.name === 'test:unit';
  })!;
  rig.open({ kind: 'job', projectId: project.id, path: 'acme/api', jobId: id });
  await rig.waitFor(/[\d,]+ lines/);
  await rig.until(() => rig.store.getState().logViews[id]?.loaded === true, 'the log');
  return id;
}

/** The frame cut by the layout, checked part by part against the log in the store. */
async function expectLayout(rig: AppRig, jobId: number, columns: number): Promise<void> {
  const state = rig.store.getState();
  const layout = jobPaneLayoutOf(state, jobId);
  const handle = state.logHandles[jobId]!;
  // The followed log's last `layout.log` rows, one per screen row: more lines than the pane has rows.
  expect(handle.visibleCount).toBeGreaterThan(layout.log);
  const rows = jobPaneRows(rig.frame(), layout);
  expect(rows.log).toHaveLength(layout.log);
  expect(rows.status[0]).toMatch(/^[\d,]+ lines · /);
  for (const line of rows.spare) expect(line.trim()).toBe('');
  rows.log.forEach((row, i) => {
    const line = handle.line(handle.visibleLine(handle.visibleCount - layout.log + i));
    const start = line.text.trim().slice(0, Math.min(8, columns - 10));
    if (start) expect(row, `log row ${i}`).toContain(start);
  });
  // Following: the cursor on the last line of the log, on the last row of log.
  expect(rows.log.at(-1)!.startsWith('›')).toBe(true);
  expect(rows.log.slice(0, -1).some((row) => row.startsWith('›'))).toBe(false);
}

describe('the job pane draws the rows of log its layout counts', () => {
  for (const [columns, rows] of [
    [80, 24],
    [60, 16],
    [40, 10],
  ] as const) {
    it(`at ${columns}×${rows}, under the summary`, async () => {
      app = await startApp({ columns, rows });
      const jobId = await openFailedJob(app);
      const layout = jobPaneLayoutOf(app.store.getState(), jobId);
      // The body: the terminal less the header (1) and the footer (3) (src/ui/App.tsx appLayout).
      expect(app.store.getState().viewport).toEqual({ width: columns, height: rows - 4 });
      expect(layout).toMatchObject({ head: 2, busy: 0, log: rows - 4 - 3, status: 1, spare: 0 });
      const parts = jobPaneRows(app.frame(), layout);
      expect(parts.head[0]).toContain(`#${jobId}`);
      await expectLayout(app, jobId, columns);
    });
  }

  it('at 80×24 with the details (i) and with an action in flight', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    const jobId = await openFailedJob(app);
    await app.press('i');
    await app.until(() => app!.store.getState().logViews[jobId]?.details === true, 'the details');
    await app.waitFor('Allow failure');
    let layout = jobPaneLayoutOf(app.store.getState(), jobId);
    expect(layout).toMatchObject({ head: 10, busy: 0, log: 20 - 10 - 1 - 1, spare: 1 });
    const parts = jobPaneRows(app.frame(), layout);
    expect(parts.head[0]).toMatch(/^Status/);
    expect(parts.head[9]).toMatch(/^Tags/);
    await expectLayout(app, jobId, 80);

    setInflight(app.store, actionKey('job', 'retry', jobId), 'retrying the job…');
    await app.waitFor('retrying the job…');
    layout = jobPaneLayoutOf(app.store.getState(), jobId);
    expect(layout).toMatchObject({ head: 10, busy: 1, log: 20 - 10 - 1 - 1 - 1 });
    expect(jobPaneRows(app.frame(), layout).busy).toEqual(['retrying the job…']);
    await expectLayout(app, jobId, 80);
  });
});
