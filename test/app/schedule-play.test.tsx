// Running a schedule now, through the keyboard at 80×24 against the simulator: `p` on a row and on
// the pane asks first (the schedule, its ref, its owner, and that it runs as you), `y` sends the play,
// the pipeline GitLab's worker makes is found and offered; GitLab's refusals (403, 429) say why;
// `:play` and `:schedule ID` typed whole and key by key; `v` shows the variables' values; a detail
// without last_pipeline says so; read-only refuses before any request.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

const API = 'acme/api';
const pane = (app: AppRig) => topPane(app.store.getState());
/** The frame as one line, for what the footer wraps onto its second row at 80 columns. */
const flat = (app: AppRig) => app.frame().replace(/\s+/g, ' ');
const waitForText = (app: AppRig, text: string) => app.until(() => flat(app).includes(text), `"${text}" on screen`);
const scheduleOf = (app: AppRig, description: string) => [...app.sim.world.schedules.values()].find((s) => s.description === description)!;
const plays = (app: AppRig) => app.sim.requests.filter((r) => r.method === 'POST' && /\/play$/.test(r.path.split('?')[0]!));

async function schedulesTab(app: AppRig): Promise<void> {
  const project = simProject(app.sim, API);
  app.open({ kind: 'project', projectId: project.id, path: API, tab: 'schedules' });
  await app.waitFor(/3 schedules · scope: all/);
}

/** Moves the cursor to the row of `description` (bounded). */
async function select(app: AppRig, description: string): Promise<void> {
  await app.press('g');
  const key = `schedules:${simProject(app.sim, API).id}`;
  for (let i = 0; i < 10; i++) {
    const list = app.store.getState().lists[key]!;
    if ((list.items[list.selected] as { description: string } | undefined)?.description === description) return;
    await app.press('j');
  }
  throw new Error(`no row ${description}\n${app.frame()}`);
}

describe('p runs a schedule now (alice, 80×24)', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it("asks about bob's schedule naming its ref and owner, runs it as alice, finds the pipeline and opens it", async () => {
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    await schedulesTab(app);
    expect(flat(app)).toContain('p run now');
    await select(app, 'Hourly smoke test against staging');
    await app.press('p');
    await waitForText(app, `Run schedule #${hourly.id} Hourly smoke test against staging now, on main? [y/N]`);
    await waitForText(app, 'Runs as you (@alice), not as its owner Bob Okafor (@bob); next run unchanged.');
    expect(plays(app)).toHaveLength(0);
    const nextRun = hourly.nextRunAt;
    await app.press('y');
    await app.until(() => plays(app).length === 1 && plays(app)[0]!.status === 201, 'the play sent');
    await waitForText(app, 'looking for its pipeline');
    // GitLab's worker makes the pipeline a moment later.
    app.advance(3_000);
    await app.until(
      () => hourly.lastPipelineId !== null && app.sim.world.pipelines.get(hourly.lastPipelineId)?.userId === app.sim.world.usersByName.get('alice')!.id,
      'the pipeline made',
    );
    const made = hourly.lastPipelineId!;
    await app.waitFor(new RegExp(`Open pipeline #${made} \\(\\w+ on main\\)\\? \\[y/N\\]`));
    await waitForText(app, `It is the run of schedule #${hourly.id} Hourly smoke test against staging you started`);
    expect(hourly.nextRunAt).toBe(nextRun);
    await app.press('y');
    await app.until(() => pane(app).kind === 'pipeline', 'the pipeline pane');
    expect(pane(app)).toMatchObject({ kind: 'pipeline', pipelineId: made });
    await app.waitFor(new RegExp(`#${made}`));
    expect(
      app
        .frame()
        .split('\n')
        .every((line) => line.length <= 80),
    ).toBe(true);
  });

  it("on a GitLab without the schedule's pipelines endpoint (before 15.3), finds the run through the detail's last_pipeline", async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    const before = nightly.lastPipelineId!;
    app.sim.faults.add({
      kind: 'respond',
      method: 'GET',
      path: /\/pipeline_schedules\/\d+\/pipelines$/,
      status: 404,
      body: { error: '404 Not Found' },
      times: 100,
    });
    await schedulesTab(app);
    await select(app, 'Nightly full test run');
    await app.press('p');
    await app.waitFor('[y/N]');
    await app.press('y');
    await app.until(() => plays(app).length === 1, 'the play sent');
    app.advance(3_000);
    await app.until(() => nightly.lastPipelineId !== before, 'the pipeline made');
    await app.waitFor(new RegExp(`Open pipeline #${nightly.lastPipelineId} \\(\\w+ on main\\)\\? \\[y/N\\]`), 15_000);
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(pane(app).kind).toBe('project');
  });

  it('warns when its last pipeline still runs: another would run beside it', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    const last = app.sim.world.pipelines.get(nightly.lastPipelineId!)!;
    last.status = 'running';
    await schedulesTab(app);
    await select(app, 'Nightly full test run');
    await app.press('p');
    await waitForText(app, `⚠ its last pipeline #${last.id} is still running: this starts another beside it`);
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(plays(app)).toHaveLength(0);
  });

  it('from the pane: n sends nothing; an inactive schedule says it runs once and stays inactive', async () => {
    const weekly = scheduleOf(app, 'Weekly dependency audit');
    await schedulesTab(app);
    await select(app, 'Weekly dependency audit');
    await app.press(KEY.enter);
    await app.waitFor(`Schedule #${weekly.id} Weekly dependency audit`);
    await app.press('p');
    await waitForText(app, `Run schedule #${weekly.id} Weekly dependency audit (inactive) now, on main? [y/N]`);
    await waitForText(app, 'Runs as you (@alice), not as its owner');
    // At 80 columns the line is cut before its end; the question holds it whole.
    expect(app.store.getState().confirm?.detail).toMatch(/; it runs once and stays inactive\.$/);
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(plays(app)).toHaveLength(0);
  });

  it("says GitLab's 403 and what it takes; nothing is looked for", async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    simProject(app.sim, API).members.set(app.sim.world.usersByName.get('alice')!.id, 20);
    await schedulesTab(app);
    await select(app, 'Nightly full test run');
    await app.press('p');
    await app.waitFor('[y/N]');
    await app.press('y');
    await waitForText(app, `Could not run schedule #${nightly.id} Nightly full test run: 403 Forbidden — running a schedule takes the Developer role`);
    expect(plays(app).map((r) => r.status)).toEqual([403]);
    expect(app.store.getState().confirm).toBeNull();
  });

  it('says a 429 and when to try again', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    app.sim.faults.add({
      kind: 'respond',
      method: 'POST',
      path: /\/play$/,
      status: 429,
      headers: { 'Retry-After': '42' },
      body: { message: '429 Too Many Requests' },
    });
    await schedulesTab(app);
    await select(app, 'Nightly full test run');
    await app.press('p');
    await app.waitFor('[y/N]');
    await app.press('y');
    await waitForText(app, `Could not run schedule #${nightly.id} Nightly full test run:`);
    await waitForText(app, 'GitLab is throttling requests; try again in 42s');
  });

  it(':play typed in one write asks about the selected row; :schedule ID typed key by key opens one from the Pipelines tab', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    await schedulesTab(app);
    await select(app, 'Nightly full test run');
    await app.press(':');
    await app.type('play\r');
    await waitForText(app, `Run schedule #${nightly.id} Nightly full test run now, on main? [y/N]`);
    await waitForText(app, 'Runs as you, its owner; next run unchanged.');
    await app.press('n');
    await app.press('1');
    await app.waitFor(/Pipelines/);
    await app.press(':');
    for (const key of `schedule ${nightly.id}`) await app.press(key);
    await app.press(KEY.enter);
    await app.until(() => pane(app).kind === 'schedule', 'the schedule pane');
    expect(pane(app)).toMatchObject({ kind: 'schedule', scheduleId: nightly.id });
    await app.waitFor(`Schedule #${nightly.id} Nightly full test run`);
    // An unknown one says GitLab's reason and keeps the palette.
    await app.press(':');
    await app.type('schedule 99999\r');
    await waitForText(app, 'Cannot open schedule 99999: 404 Pipeline Schedule Not Found');
  });

  it("v shows the variables' values, hidden at first", async () => {
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    await schedulesTab(app);
    await select(app, 'Hourly smoke test against staging');
    await app.press(KEY.enter);
    await app.waitFor(`Schedule #${hourly.id}`);
    await waitForText(app, 'Variables SMOKE_TARGET — values hidden (v shows them)');
    expect(flat(app)).not.toContain('= staging');
    await app.press('v');
    await waitForText(app, 'SMOKE_TARGET = staging');
    await app.press('v');
    await waitForText(app, 'values hidden (v shows them)');
  });

  it('v draws a hostile value safe: no escape reaches the terminal', async () => {
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    hourly.variables[0]!.value = 'staging\u001b]0;pwned\u0007\u001b]52;c;ZWNobyBoaQ==\u0007\u202eend';
    await schedulesTab(app);
    await select(app, 'Hourly smoke test against staging');
    await app.press(KEY.enter);
    await app.waitFor(`Schedule #${hourly.id}`);
    await app.press('v');
    await waitForText(app, 'SMOKE_TARGET = staging');
    expect(app.frame()).not.toMatch(/[\u001b\u0007\u202e]/);
  });

  it('a detail without last_pipeline says GitLab did not send it, instead of loading… for ever', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    const project = simProject(app.sim, API);
    const path = `/projects/${project.id}/pipeline_schedules/${nightly.id}`;
    const whole = (await (await fetch(`${app.sim.apiUrl}${path}`, { headers: { 'PRIVATE-TOKEN': 'demo-user-token' } })).json()) as Record<string, unknown>;
    const { last_pipeline: _gone, ...without } = whole;
    app.sim.faults.add({
      kind: 'respond',
      method: 'GET',
      path: new RegExp(`^/projects/(${project.id}|acme%2Fapi)/pipeline_schedules/${nightly.id}$`),
      status: 200,
      body: without,
      times: 50,
    });
    app.open({ kind: 'schedule', projectId: project.id, path: API, scheduleId: nightly.id });
    await waitForText(app, 'Last pipeline — (GitLab did not send it)');
    expect(flat(app)).not.toContain('loading…');
  });
});

describe('read-only mode', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp({ readOnly: true, columns: 80 });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('refuses p and :play before anything is asked or sent', async () => {
    await schedulesTab(app);
    expect(flat(app)).not.toContain('p run now');
    await app.press('p');
    await waitForText(app, 'Read-only mode: running schedules is disabled');
    expect(app.store.getState().confirm).toBeNull();
    await app.press(':');
    await app.type('play\r');
    await waitForText(app, 'running schedules');
    expect(app.store.getState().confirm).toBeNull();
    expect(app.sim.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
