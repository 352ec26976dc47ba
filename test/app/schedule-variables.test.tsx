// A schedule's variables through its form, by keyboard at 80×24 against the simulator: added in one
// write and key by key (a file variable too), changed and deleted (emptying the line); values shown
// only on the line being edited; our checks before sending; GitLab's 400 and 403 beside the line,
// the form kept with only what is left to send; a new schedule with its variables.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

const API = 'acme/api';
const CTRL_S = '\u0013';
const CTRL_U = '\u0015';
const pane = (app: AppRig) => topPane(app.store.getState());
const flat = (app: AppRig) => app.frame().replace(/\s+/g, ' ');
const waitForText = (app: AppRig, text: string) => app.until(() => flat(app).includes(text), `"${text}" on screen`);
const scheduleOf = (app: AppRig, description: string) => [...app.sim.world.schedules.values()].find((s) => s.description === description)!;
const varRequests = (app: AppRig) => app.sim.requests.filter((r) => r.method !== 'GET' && /\/variables(\/|$)/.test(r.path.split('?')[0]!));

/** The edit form of `description`'s schedule, opened from its pane with `e`. */
async function editForm(app: AppRig, description: string): Promise<number> {
  const schedule = scheduleOf(app, description);
  const project = simProject(app.sim, API);
  app.open({ kind: 'schedule', projectId: project.id, path: API, scheduleId: schedule.id });
  await app.waitFor(`Schedule #${schedule.id}`);
  await app.until(() => app.store.getState().detailRead[schedule.id] === true, 'the detail read');
  await app.press('e');
  await app.waitFor(`Edit schedule #${schedule.id} in acme/api`);
  return schedule.id;
}

/** From the form's first field to its variables' first line (past the five fields). */
const toVariables = (app: AppRig) => app.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.tab);

describe("alice's own schedule (80×24)", () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('adds an env variable typed in one write and a file variable key by key; the pane lists them, values hidden', async () => {
    const id = await editForm(app, 'Nightly full test run');
    await toVariables(app);
    await app.type('DEPLOY_ENV=staging');
    await app.press(KEY.tab);
    for (const key of 'file:KUBECONFIG=apiVersion: v1') await app.press(key);
    // The line left shows its value as dots; the one being typed shows it.
    await waitForText(app, 'DEPLOY_ENV=•••••••');
    await waitForText(app, 'file:KUBECONFIG=apiVersion: v1');
    expect(
      app
        .frame()
        .split('\n')
        .every((line) => line.length <= 80),
    ).toBe(true);
    await app.press(CTRL_S);
    await waitForText(app, `Saved schedule #${id}`);
    await waitForText(app, '2 variable changes saved');
    const nightly = scheduleOf(app, 'Nightly full test run');
    expect(nightly.variables).toEqual([
      { variable_type: 'env_var', key: 'DEPLOY_ENV', value: 'staging', raw: false },
      { variable_type: 'file', key: 'KUBECONFIG', value: 'apiVersion: v1', raw: false },
    ]);
    expect(varRequests(app).map((r) => [r.method, r.status])).toEqual([
      ['POST', 201],
      ['POST', 201],
    ]);
    expect(pane(app)).toMatchObject({ kind: 'schedule', scheduleId: id });
    await waitForText(app, 'DEPLOY_ENV, KUBECONFIG (file) — values hidden (v shows them)');
  });

  it('a .env pasted on a variable line becomes one line per variable', async () => {
    await editForm(app, 'Nightly full test run');
    await toVariables(app);
    await app.type('\x1b[200~REGION=eu-west-1\nfile:CA=-----BEGIN-----\nDEBUG=1\n\x1b[201~');
    await app.until(() => app.store.getState().scheduleForm?.vars.lines.length === 4, 'three lines and the empty one');
    expect(app.store.getState().scheduleForm!.vars.lines).toEqual(['REGION=eu-west-1', 'file:CA=-----BEGIN-----', 'DEBUG=1', '']);
    await app.press(CTRL_S);
    await waitForText(app, '3 variable changes saved');
    expect(scheduleOf(app, 'Nightly full test run').variables.map((v) => [v.key, v.variable_type, v.value])).toEqual([
      ['REGION', 'env_var', 'eu-west-1'],
      ['CA', 'file', '-----BEGIN-----'],
      ['DEBUG', 'env_var', '1'],
    ]);
  });

  it('checks lines before sending: a bad key and a key given twice are marked, nothing is sent, nothing is lost', async () => {
    await editForm(app, 'Nightly full test run');
    await toVariables(app);
    await app.type('MY-KEY=1');
    await waitForText(app, "✖ a key has letters, digits and '_' only");
    await app.press(KEY.tab);
    await app.type('A=1');
    await app.press(KEY.tab);
    await app.type('A=2');
    await app.press(CTRL_S);
    await waitForText(app, 'Not sent: fix the fields marked ✖ (variables)');
    await waitForText(app, '✖ A is given twice');
    expect(varRequests(app)).toHaveLength(0);
    expect(pane(app).kind).toBe('scheduleForm');
    expect(app.store.getState().scheduleForm!.vars.lines).toEqual(['MY-KEY=1', 'A=1', 'A=2', '']);
  });

  it("says GitLab's 400 beside its line and keeps the form; the retry sends only what is left", async () => {
    await editForm(app, 'Nightly full test run');
    await toVariables(app);
    await app.type('FIRST=1');
    await app.press(KEY.tab);
    await app.type('SECOND=2');
    app.sim.faults.add({ kind: 'respond', method: 'POST', path: /\/variables$/, status: 400, body: { message: { key: ['has already been taken'] } } });
    await app.press(CTRL_S);
    await waitForText(app, '✖ GitLab: key has already been taken');
    await waitForText(app, 'A variable was not saved — the form keeps what is left to send');
    expect(pane(app).kind).toBe('scheduleForm');
    // The fault answered the first POST: nothing was kept, so the retry sends both.
    expect(scheduleOf(app, 'Nightly full test run').variables).toEqual([]);
    await app.press(CTRL_S);
    await waitForText(app, '2 variable changes saved');
    expect(scheduleOf(app, 'Nightly full test run').variables.map((v) => v.key)).toEqual(['FIRST', 'SECOND']);
    expect(varRequests(app).map((r) => r.status)).toEqual([400, 201, 201]);
  });

  it("adding to bob's schedule: GitLab's 403 beside the line, and who may change it", async () => {
    await editForm(app, 'Hourly smoke test against staging');
    // alice is a maintainer: she reads bob's variables (masked), but only bob may change them.
    await waitForText(app, 'SMOKE_TARGET=•••••••');
    await app.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.tab, KEY.tab);
    await app.type('EXTRA=1');
    await app.press(CTRL_S);
    // At 80 columns the line under it is cut; the form keeps it whole.
    await waitForText(app, '✖ GitLab refused: 403 Forbidden — only its owner (@bob)');
    expect(app.store.getState().scheduleForm!.vars.server).toEqual({
      1: 'GitLab refused: 403 Forbidden — only its owner (@bob) may change it; O takes ownership',
    });
    expect(pane(app).kind).toBe('scheduleForm');
    expect(scheduleOf(app, 'Hourly smoke test against staging').variables.map((v) => v.key)).toEqual(['SMOKE_TARGET']);
  });

  it('a new schedule with a variable: created, then its variable added', async () => {
    const project = simProject(app.sim, API);
    app.open({ kind: 'project', projectId: project.id, path: API, tab: 'schedules' });
    await app.waitFor('3 schedules');
    await app.press('a');
    await app.waitFor('New pipeline schedule in acme/api');
    await app.type('Nightly deploy');
    await app.press(KEY.tab, KEY.tab);
    await app.type('0 3 * * *');
    await app.press(KEY.tab, KEY.tab, KEY.tab);
    await app.type('TARGET=prod');
    await app.press(CTRL_S);
    await waitForText(app, 'Created schedule #');
    await waitForText(app, '1 variable change saved');
    expect(scheduleOf(app, 'Nightly deploy').variables).toEqual([{ variable_type: 'env_var', key: 'TARGET', value: 'prod', raw: false }]);
  });
});

describe("bob's own schedule", () => {
  let app: AppRig;
  beforeEach(async () => {
    app = await startApp({ token: DEMO_TOKENS.other, columns: 80, rows: 24 });
    await app.waitFor('acme/api');
  });
  afterEach(() => app.close());

  it('changes a value and a type, deletes a variable by emptying its line; the value shows only while edited', async () => {
    const hourly = scheduleOf(app, 'Hourly smoke test against staging');
    hourly.variables.push({ variable_type: 'env_var', key: 'REGION', value: 'eu', raw: false });
    await editForm(app, 'Hourly smoke test against staging');
    await waitForText(app, 'SMOKE_TARGET=•••••••');
    expect(flat(app)).not.toContain('SMOKE_TARGET=staging');
    await toVariables(app);
    await waitForText(app, 'SMOKE_TARGET=staging');
    await app.press(CTRL_U);
    await app.type('file:SMOKE_TARGET=production');
    await app.press(KEY.tab, CTRL_U);
    await app.press(CTRL_S);
    await waitForText(app, '2 variable changes saved');
    expect(hourly.variables).toEqual([{ variable_type: 'file', key: 'SMOKE_TARGET', value: 'production', raw: false }]);
    expect(varRequests(app).map((r) => [r.method, r.status])).toEqual([
      ['DELETE', 202],
      ['PUT', 200],
    ]);
  });
});
