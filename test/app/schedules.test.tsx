// Pipeline schedules through the keyboard against the simulator: the list (cron in words, next run,
// owner, last pipeline) and its scope filter, the detail and its last pipeline, the form (our
// validation, GitLab's rejection beside the field, nothing typed lost), create, edit (own and
// someone else's), toggle, take ownership as a second user, delete, one deleted elsewhere while its
// detail is open, the list at 80 columns, and read-only refusals. Every test starts its own app on
// its own simulator and brings it to the state it needs (a form half filled, a schedule created):
// no test leans on another having run first.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { clearToast, setConfirm, setPrompt } from '../../src/store/writers.js';
import { createTheme } from '../../src/ui/theme.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

const CTRL_S = '\u0013';
const SHIFT_TAB = '\u001B[Z';
const CTRL_E = '\u0005';
const label = (status: string) => createTheme({ NO_COLOR: '1' }).status(status).label;

function projectOf(app: AppRig, path = 'acme/api') {
  return simProject(app.sim, path);
}
function scheduleOf(app: AppRig, description: string) {
  return [...app.sim.world.schedules.values()].find((s) => s.description === description)!;
}
const mutations = (app: AppRig, re: RegExp) => app.sim.requests.filter((r) => r.method !== 'GET' && re.test(r.path.split('?')[0]!));
const pane = (app: AppRig) => topPane(app.store.getState());
/** The frame as one line, for messages the footer wraps onto its second row. */
const flat = (app: AppRig) => app.frame().replace(/\s+/g, ' ');
async function waitForText(app: AppRig, text: string): Promise<void> {
  await app.until(() => flat(app).includes(text), `"${text}" on screen`);
}

/** Jumps back to acme/api's schedules tab (as left: list, scope and selection kept). */
async function schedulesTab(app: AppRig): Promise<void> {
  const project = projectOf(app);
  app.open({ kind: 'project', projectId: project.id, path: 'acme/api', tab: 'schedules' });
  setPrompt(app.store, null);
  setConfirm(app.store, null);
  clearToast(app.store);
  await app.waitFor(/[1-9]\d* schedules · scope: \w+/);
}

/** Moves the cursor to the row whose description starts with `text` (bounded). */
async function select(app: AppRig, text: string): Promise<void> {
  await app.press('g');
  for (let i = 0; i < 20; i++) {
    const row = app
      .frame()
      .split('\n')
      .find((l) => l.includes(text));
    const key = `schedules:${projectOf(app).id}`;
    const list = app.store.getState().lists[key]!;
    const selected = list.items[list.selected] as { description: string } | undefined;
    if (row && selected?.description.startsWith(text)) return;
    await app.press('j');
  }
  throw new Error(`no row ${text}\n${app.frame()}`);
}

/** A new schedule's form as a hasty user leaves it: no description, ref cleared, a bad cron, a misspelt zone. */
async function badForm(app: AppRig): Promise<void> {
  await schedulesTab(app);
  await app.press('a');
  await app.waitFor('New pipeline schedule in acme/api');
  // Description stays empty; the ref (default branch prefilled) is cleared.
  await app.press(KEY.tab, '\u0015');
  await app.press(KEY.tab);
  await app.type('0 25 * * *');
  // A bad cron shows at once, under the field, while typing.
  await app.waitFor(/✖ invalid cron: .*hour/);
  await app.press(KEY.tab, '\u0015');
  await app.type('Europe/Berln');
  await app.waitFor(/✖ unknown time zone — did you mean Europe\/Berlin/);
}

/** A new schedule's form filled in well: "Nightly build" on main, every day at 02:00 in Berlin; not sent. */
async function nightlyBuildForm(app: AppRig): Promise<void> {
  await schedulesTab(app);
  await app.press('a');
  await app.waitFor('New pipeline schedule in acme/api');
  await app.type('Nightly build');
  await app.press(KEY.tab, '\u0015');
  await app.type('main');
  await app.press(KEY.tab);
  await app.type('0 2 * * *');
  await app.press(KEY.tab, '\u0015');
  await app.type('Europe/Berlin');
  await app.waitFor('every day at 02:00 · next 5 runs in Europe/Berlin:');
  await app.waitFor(/Ref\s+main/);
}

describe('pipeline schedules (alice)', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp();
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('opens the Schedules tab with 3: cron in words with its zone, next run, active, owner, last pipeline', async () => {
    await app.press('/');
    await app.type('acme/api');
    await app.press(KEY.enter, KEY.enter);
    await app.waitFor('1 Pipelines');
    await app.press('3');
    const frame = await app.waitFor('3 schedules · scope: all');
    // At 100 columns the widest schedule (a Rails zone) leaves no room for Owner and Ref; the
    // 80-column test below and the take-ownership tests (120 columns) show the rest.
    expect(frame).toMatch(/Active\s+Description\s+Schedule\s+Next run\s+Last\n/);
    const nightly = scheduleOf(app, 'Nightly full test run');
    const lastStatus = app.sim.world.pipelines.get(nightly.lastPipelineId!)!.status;
    // 02:00 in Berlin is 01:00 UTC: 13 hours after the frozen 12:00 UTC.
    expect(frame).toMatch(new RegExp(`yes\\s+Nightly full test run\\s+every day at 02:00 Europe/Berlin\\s+in 13h\\s+. ${label(lastStatus)}`));
    expect(frame).toMatch(/yes\s+Hourly smoke test a\S*…\s+every hour at :15 UTC\s+in 15m\s+. \w+/);
    expect(frame).toMatch(/no\s+Weekly dependency audit\s+every Monday at 06:30 Eastern Time \(US & Canada\)\s+—/);
    expect(frame).toContain('a add');
    expect(frame).toContain('O own');
  });

  it("f cycles GitLab's scope filter: active, inactive, all", async () => {
    await schedulesTab(app);
    await app.press('f');
    let frame = await app.waitFor('2 schedules · scope: active');
    expect(frame).not.toContain('Weekly dependency');
    expect(app.sim.requests.some((r) => /pipeline_schedules\?.*scope=active/.test(r.path))).toBe(true);
    await app.press('f');
    frame = await app.waitFor('1 schedule · scope: inactive');
    expect(frame).toContain('Weekly dependency');
    expect(frame).not.toContain('Nightly full test');
    await app.press('f');
    await app.waitFor('3 schedules · scope: all');
  });

  it('filters the loaded rows with /', async () => {
    await schedulesTab(app);
    await app.press('/');
    await app.type('smoke');
    await app.waitFor('1 of 3 schedules matching "smoke"');
    await app.press(KEY.escape);
    await app.waitFor('3 schedules · scope: all');
  });

  it('Enter opens a schedule with every field and its last pipeline; Enter opens that pipeline', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    await schedulesTab(app);
    await select(app, 'Nightly full test');
    await app.press(KEY.enter);
    const frame = await app.waitFor(`#${nightly.lastPipelineId} on main`);
    expect(frame).toContain(`Schedule #${nightly.id} Nightly full test run`);
    expect(frame).toMatch(/Cron\s+0 2 \* \* \*\s+every day at 02:00 Europe\/Berlin/);
    expect(frame).toMatch(/Next run\s+Sat 2026-11-21 02:00 CET \(in 13h\) · 2026-11-21 01:00:00 UTC/);
    expect(frame).toMatch(/Then\s+Sun 11-22 02:00 · Mon 11-23 02:00/);
    expect(frame).toMatch(/Owner\s+Alice Nakamura \(@alice\) — you/);
    expect(frame).toContain(`${label(app.sim.world.pipelines.get(nightly.lastPipelineId!)!.status)} #${nightly.lastPipelineId} on main`);
    expect(frame).toContain('⏎ last pipeline');
    await app.press(KEY.enter);
    await app.until(() => pane(app).kind === 'pipeline', 'the pipeline pane');
    expect(pane(app)).toMatchObject({ kind: 'pipeline', pipelineId: nightly.lastPipelineId });
    await app.waitFor(new RegExp(`#${nightly.lastPipelineId} on main`));
    await app.press(KEY.escape, KEY.escape);
    await app.waitFor('3 schedules');
  });

  it('validates before sending: blank description, blank ref, bad cron, unknown zone — nothing sent, values kept', async () => {
    await badForm(app);
    expect(pane(app)).toMatchObject({ kind: 'scheduleForm', scheduleId: null });
    expect(mutations(app, /pipeline_schedules$/)).toHaveLength(0);
    await app.press(CTRL_S);
    const frame = await app.waitFor(/Description\s+.*✖ can't be blank/);
    expect(frame).toMatch(/Ref\s+.*✖ can't be blank \(a branch or tag\)/);
    expect(frame).toContain('0 25 * * *');
    expect(frame).toContain('Europe/Berln');
    expect(frame).toMatch(/Not sent: fix the fields marked ✖/);
    expect(mutations(app, /pipeline_schedules$/)).toHaveLength(0);
    expect(pane(app).kind).toBe('scheduleForm');
  });

  it('shows the cron in words and the next 5 runs in the chosen zone as it is fixed', async () => {
    await badForm(app);
    // Zone: fix the typo in place (Berln → Berlin): the cursor moves, nothing is retyped.
    await app.press(KEY.backspace, KEY.backspace);
    await app.type('lin');
    // Back to the cron field (Shift+Tab), erase and retype.
    await app.press(SHIFT_TAB, '\u0015');
    await app.type('0 2 * * *');
    const frame = await app.waitFor('every day at 02:00 · next 5 runs in Europe/Berlin:');
    for (const day of ['Sat 2026-11-21', 'Sun 2026-11-22', 'Mon 2026-11-23', 'Tue 2026-11-24', 'Wed 2026-11-25']) {
      expect(frame).toContain(`${day} 02:00 CET`);
    }
    expect(frame).toContain('(in 13h)');
    await app.press(SHIFT_TAB, SHIFT_TAB);
    await app.type('Nightly build');
    await app.press(KEY.tab);
    await app.type('main');
    await app.waitFor(/Ref\s+main/);
    expect(app.frame()).not.toContain("can't be blank");
  });

  it("shows GitLab's 400 field map beside the field and keeps every value", async () => {
    const path = /pipeline_schedules$/;
    await nightlyBuildForm(app);
    app.sim.faults.add({ kind: 'respond', method: 'POST', path, status: 400, body: { message: { cron: ['syntax is invalid'] } } });
    expect(mutations(app, path)).toHaveLength(0);
    await app.press(CTRL_S);
    const frame = await app.waitFor('✖ GitLab: syntax is invalid');
    expect(mutations(app, path)).toHaveLength(1);
    expect(frame).toMatch(/Description\s+Nightly build/);
    expect(frame).toMatch(/Cron\s+0 2 \* \* \*/);
    expect(frame).toMatch(/Time zone\s+Europe\/Berlin/);
    expect(pane(app).kind).toBe('scheduleForm');
    expect(scheduleOf(app, 'Nightly build')).toBeUndefined();
  });

  it('creates the schedule: GitLab has it, the list shows it selected', async () => {
    await nightlyBuildForm(app);
    expect(scheduleOf(app, 'Nightly build')).toBeUndefined();
    await app.press(CTRL_S);
    const frame = await app.waitFor(/Created schedule #\d+ Nightly build: every day at 02:00 Europe\/Berlin \(next run in 13h\)/);
    const created = scheduleOf(app, 'Nightly build');
    expect(created).toMatchObject({
      ref: 'main',
      cron: '0 2 * * *',
      cronTimezone: 'Europe/Berlin',
      active: true,
      ownerId: app.sim.world.usersByName.get('alice')!.id,
    });
    expect(frame).toMatch(/yes\s+Nightly build\s+every day at 02:00 Europe\/Berlin/);
    expect(frame).toContain('4 schedules');
    expect(pane(app)).toMatchObject({ kind: 'project', tab: 'schedules' });
  });

  it("edits alice's own schedule: the form comes filled in, only the change is sent", async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    const api = app.controller.ctx.gl.schedules;
    const edits: unknown[] = [];
    const edit = api.edit;
    api.edit = (...args) => {
      edits.push(args[2]);
      return edit(...args);
    };
    await schedulesTab(app);
    await select(app, 'Nightly full test');
    await app.press('e');
    await app.waitFor(`Edit schedule #${nightly.id} in acme/api`);
    expect(app.frame()).toMatch(/Description\s+Nightly full test run/);
    expect(app.frame()).toMatch(/Time zone\s+Europe\/Berlin/);
    expect(app.frame()).toContain('[x] active');
    await app.press(KEY.down, KEY.down, '\u0015');
    await app.type('30 3 * * 1-5');
    await app.waitFor('at 03:30 on weekdays (Mon–Fri) · next 5 runs in Europe/Berlin:');
    await app.press(KEY.down, KEY.down);
    await app.press(KEY.enter);
    await app.waitFor(`Saved schedule #${nightly.id} Nightly full test run`);
    api.edit = edit;
    expect(edits).toEqual([{ cron: '30 3 * * 1-5' }]);
    expect(nightly.cron).toBe('30 3 * * 1-5');
    expect(nightly.description).toBe('Nightly full test run');
    expect(app.frame()).toMatch(/at 03:30 on weekdays \(Mon–Fri\)/);
  });

  it("editing someone else's schedule: GitLab's 403 shows in the form, and every value stays", async () => {
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    await schedulesTab(app);
    await select(app, 'Hourly smoke');
    await app.press('e');
    await app.waitFor('Owned by Bob Okafor (@bob): GitLab lets only the owner save changes');
    await app.press(CTRL_E);
    await app.type(' (alice)');
    await app.press(CTRL_S);
    const frame = await app.waitFor('✖ GitLab refused: 403 Forbidden — only its owner (@bob) may change it; O takes ownership');
    expect(frame).toContain('Hourly smoke test against staging (alice)');
    // The toast does not suggest that a fix in the form would help.
    await app.waitFor('Save failed — only its owner (@bob) may change it; O takes ownership');
    expect(app.frame()).not.toContain('fix and press ^S');
    expect(pane(app).kind).toBe('scheduleForm');
    expect(hourly.description).toBe('Hourly smoke test against staging');
    expect(mutations(app, new RegExp(`pipeline_schedules/${hourly.id}$`)).at(-1)?.status).toBe(403);
  });

  it('Esc on a changed form asks first: n keeps editing, y discards', async () => {
    await schedulesTab(app);
    await select(app, 'Hourly smoke');
    await app.press('e');
    await app.waitFor(/Edit schedule #\d+ in acme\/api/);
    await app.press(CTRL_E);
    await app.type(' (alice)');
    await app.waitFor('Hourly smoke test against staging (alice)');
    await app.press(KEY.escape);
    await app.waitFor(/Discard your changes to schedule #\d+\? \[y\/N\]\n.*What you typed is lost \(n keeps editing\)/);
    await app.press('n');
    await app.waitFor('Hourly smoke test against staging (alice)');
    expect(pane(app).kind).toBe('scheduleForm');
    await app.press(KEY.escape);
    await app.waitFor('[y/N]');
    await app.press('y');
    await app.until(() => pane(app).kind === 'project' && app.store.getState().scheduleForm === null, 'the form to close');
  });

  it('space deactivates and activates a schedule', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    await schedulesTab(app);
    await select(app, 'Nightly full test');
    await app.press(' ');
    await app.waitFor(`schedule #${nightly.id} Nightly full test run is now inactive`);
    expect(nightly.active).toBe(false);
    expect(app.frame()).toMatch(/no\s+Nightly full test run/);
    await app.press(' ');
    await app.waitFor(`schedule #${nightly.id} Nightly full test run is now active`);
    expect(nightly.active).toBe(true);
  });

  it("space on someone else's schedule: GitLab's refusal in the footer, nothing changes", async () => {
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    await schedulesTab(app);
    await select(app, 'Hourly smoke');
    await app.press(' ');
    await waitForText(
      app,
      `Could not deactivate schedule #${hourly.id} Hourly smoke test against staging: 403 Forbidden — only its owner (@bob) may change it; O takes ownership`,
    );
    expect(hourly.active).toBe(true);
  });

  it('O on your own schedule says so and sends nothing', async () => {
    await schedulesTab(app);
    await select(app, 'Nightly full test');
    const before = mutations(app, /take_ownership$/).length;
    await app.press('O');
    await app.waitFor(/You already own schedule #\d+ Nightly full test run/);
    expect(mutations(app, /take_ownership$/).length).toBe(before);
  });

  it('D deletes after asking (n keeps it); the row goes and GitLab no longer has it', async () => {
    // A schedule of its own to delete, made through the API before the list is read.
    await app.controller.ctx.gl.schedules.create(projectOf(app).id, {
      description: 'Nightly build',
      ref: 'main',
      cron: '0 2 * * *',
      cron_timezone: 'Europe/Berlin',
    });
    const created = scheduleOf(app, 'Nightly build');
    await schedulesTab(app);
    await app.waitFor('4 schedules');
    await select(app, 'Nightly build');
    await app.press('D');
    await app.waitFor(`Delete schedule #${created.id} Nightly build? [y/N]`);
    expect(app.frame()).toContain('It stops running for good; the pipelines it already ran are kept.');
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(app.sim.world.schedules.has(created.id)).toBe(true);
    await app.press('D');
    await app.waitFor('[y/N]');
    await app.press('y');
    await app.waitFor(`Deleted schedule #${created.id} Nightly build`);
    expect(app.sim.world.schedules.has(created.id)).toBe(false);
    expect(mutations(app, new RegExp(`pipeline_schedules/${created.id}$`)).at(-1)).toMatchObject({ method: 'DELETE', status: 204 });
    expect(app.frame()).toContain('3 schedules');
    expect(app.frame()).not.toMatch(/yes\s+Nightly build\s/);
  });

  it('D from the detail pane closes it after deleting', async () => {
    await schedulesTab(app);
    await app.press('a');
    await app.waitFor('New pipeline schedule');
    await app.type('Throwaway');
    await app.press(KEY.tab, KEY.tab);
    await app.type('@weekly');
    await app.press(CTRL_S);
    await app.waitFor(/Created schedule #\d+ Throwaway/);
    const throwaway = scheduleOf(app, 'Throwaway');
    await app.press(KEY.enter);
    await app.waitFor(`Schedule #${throwaway.id} Throwaway`);
    expect(app.frame()).toMatch(/Last pipeline\s+none yet/);
    await app.press(KEY.enter);
    await app.waitFor('This schedule has not run a pipeline yet');
    await app.press('D');
    await app.waitFor('[y/N]');
    await app.press('y');
    await app.waitFor(`Deleted schedule #${throwaway.id} Throwaway`);
    expect(pane(app)).toMatchObject({ kind: 'project', tab: 'schedules' });
  });

  it("o opens the schedule's page on GitLab", async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    await schedulesTab(app);
    await select(app, 'Nightly full test');
    await app.press(KEY.enter);
    await app.waitFor(`Schedule #${nightly.id}`);
    await app.press('o');
    await app.until(() => app.opened.length > 0, 'a URL opened');
    expect(app.opened.at(-1)).toMatch(new RegExp(`/acme/api/-/pipeline_schedules/${nightly.id}/edit$`));
    await app.press(KEY.escape);
  });

  it('a schedule deleted elsewhere while open: its pane closes once, one message says so, the list no longer has it', async () => {
    await schedulesTab(app);
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    await select(app, 'Hourly smoke');
    await app.press(KEY.enter);
    await app.waitFor(`Schedule #${hourly.id} Hourly smoke test against staging`);
    // bob, its owner, deletes it through the API.
    const project = projectOf(app);
    const res = await fetch(`${app.sim.apiUrl}/projects/${project.id}/pipeline_schedules/${hourly.id}`, {
      method: 'DELETE',
      headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.other },
    });
    expect(res.status).toBe(204);
    const deletedAt = app.sim.requests.length;

    await app.controller.refresh();
    await app.until(() => pane(app).kind === 'project', 'the detail pane to close');
    expect(app.store.getState().toast).toMatchObject({
      kind: 'info',
      message: `schedule #${hourly.id} Hourly smoke test against staging was deleted elsewhere`,
    });
    await waitForText(app, `schedule #${hourly.id} Hourly smoke test against staging was deleted elsewhere`);
    await app.waitFor('2 schedules · scope: all');
    // Back on the list, the poller re-reads it.
    await app.until(
      () => app.sim.requests.slice(deletedAt).some((r) => r.path.startsWith(`/projects/${project.id}/pipeline_schedules?`)),
      'the list to be read again',
    );
    const rows = app.store.getState().lists[`schedules:${project.id}`]!.items as { id: number }[];
    expect(rows.map((r) => r.id)).not.toContain(hourly.id);

    // Later refreshes neither ask for it again nor say anything more.
    const toast = app.store.getState().toast;
    const asked = app.sim.requests.filter((r) => r.path.startsWith(`/projects/${project.id}/pipeline_schedules/${hourly.id}`)).length;
    await app.controller.refresh();
    await app.controller.refresh();
    expect(app.store.getState().toast).toBe(toast);
    expect(app.sim.requests.filter((r) => r.path.startsWith(`/projects/${project.id}/pipeline_schedules/${hourly.id}`))).toHaveLength(asked);
    expect(pane(app)).toMatchObject({ kind: 'project', tab: 'schedules' });
  });
});

describe('at 80 columns', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp({ columns: 80 });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('shows every zone whole, dropping the columns on the right instead (Last, Owner, Ref)', async () => {
    await schedulesTab(app);
    const frame = app.frame();
    expect(frame.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(frame).toMatch(/Active\s+Description\s+Schedule\s+Next run\n/);
    expect(frame).toMatch(/yes\s+Nightly full …\s+every day at 02:00 Europe\/Berlin\s+in 13h\n/);
    expect(frame).toMatch(/yes\s+Hourly smoke …\s+every hour at :15 UTC\s+in 15m\n/);
    expect(frame).toMatch(/no\s+Weekly depend…\s+every Monday at 06:30 Eastern Time \(US & Canada\)\s+—\n/);
  });
});

describe('take ownership (bob)', () => {
  let app: AppRig;
  beforeEach(async () => {
    // Wide enough for every column of the schedule list, Owner included.
    app = await startApp({ token: DEMO_TOKENS.other, columns: 120 });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('asks first, naming the current owner and the consequence; y makes bob the owner', async () => {
    await schedulesTab(app);
    const nightly = scheduleOf(app, 'Nightly full test run');
    await select(app, 'Nightly full test');
    await app.press('O');
    await app.waitFor(`Take ownership of schedule #${nightly.id} Nightly full test run? [y/N]`);
    expect(app.frame()).toContain('It is owned by Alice Nakamura (@alice); pipelines will then run as you.');
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(mutations(app, /take_ownership$/)).toHaveLength(0);
    await app.press('O');
    await app.waitFor('[y/N]');
    await app.press('y');
    await waitForText(app, `You now own schedule #${nightly.id} Nightly full test run (it was owned by Alice Nakamura (@alice)); its pipelines run as you`);
    expect(nightly.ownerId).toBe(app.sim.world.usersByName.get('bob')!.id);
    expect(mutations(app, /take_ownership$/).at(-1)?.status).toBe(201);
    expect(app.frame()).toMatch(/Nightly full test run\s.*bob\s+main/);
  });

  it('and can then edit it', async () => {
    const nightly = scheduleOf(app, 'Nightly full test run');
    // bob took it over (as the test above does through the keys).
    await app.controller.ctx.gl.schedules.takeOwnership(projectOf(app).id, nightly.id);
    expect(nightly.ownerId).toBe(app.sim.world.usersByName.get('bob')!.id);
    await schedulesTab(app);
    await select(app, 'Nightly full test');
    await app.press(KEY.enter);
    await app.waitFor(/Owner\s+Bob Okafor \(@bob\) — you/);
    await app.press('e');
    await app.waitFor(`Edit schedule #${nightly.id}`);
    await app.press(CTRL_E);
    await app.type(' (bob)');
    await app.press(CTRL_S);
    await app.waitFor(`Saved schedule #${nightly.id} Nightly full test run (bob)`);
    expect(nightly.description).toBe('Nightly full test run (bob)');
    expect(pane(app)).toMatchObject({ kind: 'schedule', scheduleId: nightly.id });
  });
});

describe('read-only mode', () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp({ readOnly: true });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('refuses every schedule change before anything is asked or sent', async () => {
    await schedulesTab(app);
    expect(app.frame()).not.toContain('a add');
    expect(app.frame()).not.toContain('D delete');
    const cases: [string, RegExp][] = [
      ['a', /Read-only mode: creating schedules is disabled/],
      ['e', /Read-only mode: editing schedules is disabled/],
      [' ', /Read-only mode: deactivating schedules is disabled/],
      ['O', /Read-only mode: taking ownership of schedules is disabled/],
      ['D', /Read-only mode: deleting schedules is disabled/],
    ];
    for (const [key, message] of cases) {
      await app.press(key);
      await app.waitFor(message);
      const state = app.store.getState();
      expect(state.confirm, key).toBeNull();
      expect(state.scheduleForm, key).toBeNull();
      expect(pane(app).kind, key).toBe('project');
      clearToast(app.store);
    }
    expect(app.sim.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });
});
