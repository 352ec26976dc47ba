// Every size from 80×24 down to 60×16, and wide ones: each pane fills the terminal exactly, no line
// is wider than it, what matters stays (the pipeline's status line, the graph's stage headers, the
// job names, the current place in the breadcrumb, "? help"), and nothing is drawn over anything.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { topPane } from '../../src/store/store.js';
import { displayWidth } from '../../src/text/safe.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** "N projects": the caller's (the demo user's) member projects in the simulator's world. */
function projectsCount(rig: AppRig): string {
  const { world } = rig.sim;
  const userId = world.tokens.get(DEMO_TOKENS.user)!.userId;
  return `${[...world.projects.values()].filter((p) => p.members.has(userId)).length} projects`;
}

/**
 * Enter on the selected row until the pane `kind` is in front. An Enter typed the moment a cached
 * tab re-renders is sometimes not acted on (seen on the Schedules tab; the input layer's to look
 * at) — this file is about sizes, so it presses again rather than depend on that.
 */
async function openSelected(rig: AppRig, kind: string): Promise<void> {
  for (let attempt = 0; attempt < 5 && topPane(rig.store.getState()).kind !== kind; attempt++) {
    await rig.press(KEY.enter);
    await rig.until(() => topPane(rig.store.getState()).kind === kind, `${kind} to open`, 1000).catch(() => {});
  }
  await rig.until(() => topPane(rig.store.getState()).kind === kind, `${kind} to open`);
}

/** The frame is the terminal: `rows` lines, none wider than `columns`, the footer's last line says where help is. */
function expectFits(frame: string, columns: number, rows: number, what: string): void {
  const lines = frame.split('\n');
  expect(lines, `${what}: ${rows} lines\n${frame}`).toHaveLength(rows);
  for (const line of lines) expect(displayWidth(line), `${what}: a line wider than ${columns}\n${frame}`).toBeLessThanOrEqual(columns);
  const footer = lines[lines.length - 1]!;
  if (footer.includes('…')) expect(footer, `${what}: "? help" left the footer\n${frame}`).toMatch(/\? help$/);
}

/** Opens acme/api (the list is filtered with /, as a person would) and waits for its pipelines. */
async function openApi(rig: AppRig): Promise<void> {
  await rig.waitFor('acme/api');
  await rig.press('/');
  await rig.type('acme/api');
  await rig.press(KEY.enter, KEY.enter);
  await rig.waitFor(/#\d+\s/);
}

describe.each([
  [80, 24],
  [60, 16],
  [100, 30],
  [160, 45],
])('at %i×%i', (columns, rows) => {
  it('every pane fills the terminal exactly, no line is wider, and "? help" stays in the footer', async () => {
    app = await startApp({ columns, rows });
    const rig = app;
    await rig.waitFor(projectsCount(rig));
    expectFits(rig.frame(), columns, rows, 'projects');
    await openApi(rig);
    expectFits(rig.frame(), columns, rows, 'pipelines');
    for (const [tab, shows] of [
      ['2', / jobs? · /],
      ['3', /schedules · scope/],
      ['4', /deployments · /],
      ['5', / events · /],
    ] as const) {
      await rig.press(tab);
      await rig.waitFor(shows);
      expectFits(rig.frame(), columns, rows, `tab ${tab}`);
    }
    await rig.press('3');
    await rig.waitFor(/schedules · scope/);
    await openSelected(rig, 'schedule');
    await rig.waitFor(/Schedule #\d+/);
    expectFits(rig.frame(), columns, rows, 'schedule');
    expect(rig.frame()).toMatch(/^Description\s+\S/m);
    expect(rig.frame()).toMatch(/^Active\s+\S/m);
    expect(rig.frame()).toMatch(/^Ref\s+main/m);
    await rig.press('e');
    await rig.waitFor(/Edit schedule #\d+/);
    expectFits(rig.frame(), columns, rows, 'schedule form');
    await rig.press(KEY.escape);
    await rig.until(() => topPane(rig.store.getState()).kind === 'schedule', 'the form to close');
    await rig.press(KEY.escape, '4');
    await rig.waitFor(/deployments · /);
    await openSelected(rig, 'deployment');
    await rig.waitFor(/Deployment #\d+ to/);
    expectFits(rig.frame(), columns, rows, 'deployment');
    // Each field on its own line, none drawn over another.
    expect(rig.frame()).toMatch(/^Status\s+✔/m);
    expect(rig.frame()).toMatch(/^Environment\s+\S/m);
    expect(rig.frame()).toMatch(/^Ref\s+\S/m);
    await rig.press(KEY.escape, '1');
    await rig.waitFor(/pipelines · /);
    await openSelected(rig, 'pipeline');
    await rig.waitFor(/[1-9]\d* jobs · v stage graph/);
    expectFits(rig.frame(), columns, rows, 'pipeline');
    await rig.press('v');
    await rig.waitFor('stage graph · v needs');
    expectFits(rig.frame(), columns, rows, 'stage graph');
    await rig.press('v');
    await rig.waitFor('needs graph · v timeline');
    expectFits(rig.frame(), columns, rows, 'needs graph');
    await openSelected(rig, 'job');
    await rig.waitFor(/ lines · /);
    expectFits(rig.frame(), columns, rows, 'job log');
    await rig.press('?');
    await rig.until(() => rig.store.getState().help !== null, 'help to open');
    expectFits(rig.frame(), columns, rows, 'help');
    await rig.press(KEY.escape);
    await rig.palette('events');
    await rig.waitFor('Your activity');
    expectFits(rig.frame(), columns, rows, 'my activity');
  }, 30_000);
});

describe('the pipeline pane at 60×16 and 80×24', () => {
  it.each([
    [60, 16],
    [80, 24],
  ])('keeps its status line, and the stage graph its column headers (%i×%i)', async (columns, rows) => {
    app = await startApp({ columns, rows });
    await openApi(app);
    await app.press(KEY.enter);
    const frame = await app.waitFor(/[1-9]\d* jobs · v stage graph/);
    const lines = frame.split('\n');
    // Line 1 is the header; the pipeline's status line comes right under it, then the times.
    expect(lines[1]).toMatch(/^● running #\d+ on \S+ · [0-9a-f]{8}/);
    expect(lines[2]).toMatch(/^created .* ago · started/);
    await app.press('v');
    const graph = await app.waitFor('stage graph · v needs');
    expect(graph.split('\n')[1]).toMatch(/^● running #\d+ on \S+/);
    expect(graph).toMatch(/^build \(2\)[^\n]*test \(3\)/m);
  });
});

describe('columns give way by priority; the name column gets the room', () => {
  it('at 80×24 every job name of the pipeline shows whole', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await openApi(app);
    await app.press(KEY.enter);
    const frame = await app.waitFor(/[1-9]\d* jobs · v stage graph/);
    const pane = topPane(app.store.getState());
    if (pane.kind !== 'pipeline') throw new Error('not a pipeline');
    const jobs = [...app.sim.world.jobs.values()].filter((j) => j.pipelineId === pane.pipelineId);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(frame).toMatch(new RegExp(`#${job.id}\\s+${job.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s`));
    // Narrow columns went first; the status, the name and the duration stay.
    expect(frame).toMatch(/Status\s+Job\s+Name\s+Stage\s+By\s+Duration\n/);
  });

  it('at 60×16 the pipelines list keeps status, id, ref, when and duration, and drops source, author and commit', async () => {
    app = await startApp({ columns: 60, rows: 16 });
    await openApi(app);
    const frame = app.frame();
    expect(frame).toMatch(/Status\s+Pipeline\s+Ref\s+Created\s+Duration/);
    expect(frame).not.toMatch(/Source|Commit/);
  });
});

describe('wide terminals share the room', () => {
  // 140 columns: at 120 the duration sparkline (Trend) takes the room that showed sources whole.
  it('at 140×36 the pipelines list shows sources whole, the ref taking the most', async () => {
    app = await startApp({ columns: 140, rows: 36 });
    await openApi(app);
    const frame = await app.waitFor('merge_re');
    expect(frame).toContain('merge_request_event');
    expect(frame).not.toContain('merge_reque…');
    expect(frame).toMatch(/Status\s+Pipeline\s+Ref\s+Commit\s+Source\s+By\s+Created\s+Duration\s+Trend/);
  });
});

describe('the SSH key pane (administrators)', () => {
  it.each([
    [120, 20],
    [80, 24],
  ])('at %i×%i draws each row on its own line, with a gap between the two halves', async (columns, rows) => {
    app = await startApp({ columns, rows, token: DEMO_TOKENS.admin });
    await app.waitFor('secret/payroll');
    await app.palette('key 1');
    const frame = await app.waitFor('Fingerprint');
    expectFits(frame, columns, rows, 'key');
    expect(frame).toMatch(/^2FA enabled\s+yes\s/m);
    expect(frame).toMatch(/^Administrator\s+yes\s/m);
    expect(frame).toMatch(/^Owner\s+.* Can create group\s+yes/m);
    expect(frame).toMatch(/^Web page\s+.* Member since\s/m);
    expect(frame).not.toMatch(/enabledor|MD5gerprint|Usagees/);
  });

  it.each([
    [60, 16],
    [100, 30],
    [160, 45],
  ])('at %i×%i fits, the labels whole', async (columns, rows) => {
    app = await startApp({ columns, rows, token: DEMO_TOKENS.admin });
    await app.waitFor('secret/payroll');
    await app.palette('key 1');
    const frame = await app.waitFor('Fingerprint');
    expectFits(frame, columns, rows, 'key');
    expect(frame).toMatch(/^Owner\s/m);
    expect(frame).not.toMatch(/enabledor|MD5gerprint|Usagees|Identitiesd|Confirmed-in/);
  });
});

describe('the breadcrumb', () => {
  it('at 60×16 keeps the current place visible: cut from the left, the host and user given up first', async () => {
    app = await startApp({ columns: 60, rows: 16 });
    await openApi(app);
    await openSelected(app, 'pipeline');
    await app.waitFor(/[1-9]\d* jobs · v stage graph/);
    // The first job (`build`): a name short enough that the pipeline's id fits beside it at 60 columns.
    await app.press('g');
    await openSelected(app, 'job');
    await app.waitFor(/ lines · /);
    const pane = topPane(app.store.getState());
    if (pane.kind !== 'job') throw new Error('not a job');
    const job = app.store.getState().jobs[pane.jobId]!;
    const header = app.frame().split('\n')[0]!;
    expect(header).toMatch(new RegExp(`^pipetop alice › … › .*#${job.pipeline!.id} › ${job.name}\\s+DEMO\\s+● live$`));
    expect(displayWidth(header)).toBeLessThanOrEqual(60);
  });
});

describe('a terminal too small to draw in', () => {
  it('says so with the minimum at 20×5, and draws the app again once it grows', async () => {
    app = await startApp({ columns: 20, rows: 5 });
    const rig = app;
    await rig.waitFor(/terminal too small/);
    const small = rig.frame().replace(/\n/g, ' ');
    expect(small).toMatch(/need at\s+least\s+40×10/);
    expect(small).not.toContain('pipetop 127.0.0.1');
    rig.resize(80, 24);
    const frame = await rig.waitFor(projectsCount(rig));
    expect(frame).not.toContain('terminal too small');
    expectFits(frame, 80, 24, 'projects after growing');
    rig.resize(39, 24);
    await rig.waitFor(/terminal too small/);
    rig.resize(40, 10);
    await rig.waitFor('projects');
    expectFits(rig.frame(), 40, 10, 'projects at the minimum');
  });
});
