// Driving the real app by keyboard against the simulator: projects → project → pipeline → job,
// filters (`/` and the server-side ones), tabs, the stage graph, help, the palette, going back.
// Each test starts its own app and walks to where it begins with the steps below.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listKeyText } from '../../src/store/types.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';
import { memberProjects } from '../helpers/sim.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp();
});
afterEach(() => app.close());

const pane = () => topPane(app.store.getState());

/** From the project list: acme/api's pipelines. */
async function openApi(): Promise<void> {
  await app.waitFor('acme/api');
  await app.press('/');
  await app.type('api');
  await app.waitFor(`1 of ${memberProjects(app.sim.world)} projects matching "api"`);
  await app.press(KEY.enter);
  await app.until(() => app.store.getState().filtering === null, 'filter typing to end');
  await app.press(KEY.enter);
  await app.waitFor('1 Pipelines');
}

/** On a project's pipelines: GitLab's filter status=failed ref=main, read. */
async function failedOnMain(): Promise<void> {
  await app.press('f');
  await app.waitFor('Filter pipelines:');
  await app.type('status=failed ref=main');
  await app.press(KEY.enter);
  await app.waitFor('filters: status=failed ref=main');
  // Read again: every row is a failed pipeline on main (the list read before the filter is not).
  await app.until(() => {
    const list = app.store.getState().lists[listKeyText(listKeys.pipelines((pane() as { projectId: number }).projectId))];
    const rows = (list?.items ?? []) as { status: string; ref: string }[];
    return !!list && list.loadedAt !== null && !list.loading && rows.length > 0 && rows.every((p) => p.status === 'failed' && p.ref === 'main');
  }, 'filtered list');
}

/** acme/api's newest failed pipeline on main, its jobs shown. */
async function failedPipeline(): Promise<void> {
  await openApi();
  await failedOnMain();
  await app.press(KEY.enter);
  await app.waitFor(/✖ failed #\d+ on main/);
  await app.waitFor(/build\s+build/);
}

/** In a pipeline: only its failed and passed jobs. */
async function failedOrPassedJobs(): Promise<void> {
  await app.press('s');
  await app.waitFor('Show jobs with status:');
  await app.type('failed success');
  await app.press(KEY.enter);
  await app.waitFor(/\d+ jobs · v stage graph · status: failed, success$/m);
}

describe('navigation', () => {
  it("opens on the caller's projects, most recently active first", async () => {
    const frame = await app.waitFor('acme/api');
    expect(frame).toContain('acme/platform/infra/terraform');
    expect(frame).not.toContain('secret/payroll');
    expect(frame).toMatch(/pipetop .*alice/);
    expect(frame).toContain('DEMO');
    expect(frame).toContain('● live');
    // The footer's hints come from the keymap.
    expect(frame).toMatch(/⏎ open .*\/ filter/);
  });

  it('filters the list with / and opens a project with Enter', async () => {
    await app.waitFor('acme/api');
    await app.press('/');
    await app.waitFor('type to filter');
    await app.type('api');
    await app.waitFor(`1 of ${memberProjects(app.sim.world)} projects matching "api"`);
    await app.press(KEY.enter);
    await app.until(() => app.store.getState().filtering === null, 'filter typing to end');
    await app.press(KEY.enter);
    await app.waitFor('1 Pipelines');
    expect(pane()).toMatchObject({ kind: 'project', path: 'acme/api', tab: 'pipelines' });
    const frame = await app.waitFor(/● running\s+#\d+\s+\S+/);
    expect(frame).toMatch(/Status\s+Pipeline\s+Ref\s+Commit\s+Source\s+By\s+Created\s+Duration/);
  });

  it('filters pipelines on the server (status, ref) from one prompt that keeps what was typed', async () => {
    await openApi();
    await app.press('f');
    await app.waitFor('Filter pipelines:');
    await app.type('status=broken');
    await app.press(KEY.enter);
    // GitLab judges the value (its 400 shows); f again offers what was typed, to fix in place.
    await app.waitFor('status does not have a valid value');
    await app.press('f');
    await app.waitFor('Filter pipelines:');
    expect(app.frame()).toContain('status=broken');
    // Erase "broken", type "failed ref=main".
    await app.press(...Array(6).fill(KEY.backspace));
    await app.type('failed ref=main');
    await app.press(KEY.enter);
    await app.waitFor('filters: status=failed ref=main');
    await app.until(() => {
      const list = app.store.getState().lists[listKeyText(listKeys.pipelines((pane() as { projectId: number }).projectId))];
      return !!list && list.loadedAt !== null && !list.loading;
    }, 'filtered list');
    const frame = app.frame();
    const rows = frame.split('\n').filter((l) => /#\d{4}/.test(l));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((l) => /✖ failed\s+#\d+\s+main/.test(l))).toBe(true);
    const sent = app.sim.requests.filter((r) => r.path.includes('/pipelines?') && r.path.includes('status=failed'));
    expect(sent.at(-1)?.path).toContain('ref=main');
  });

  it('opens a pipeline: its fields and its jobs by stage, in list and graph view', async () => {
    await openApi();
    await failedOnMain();
    await app.press(KEY.enter);
    await app.waitFor(/✖ failed #\d+ on main/);
    const frame = await app.waitFor(/build\s+build/);
    expect(frame).toMatch(/\d jobs · v stage graph/);
    expect(frame).toMatch(/created .* · duration \d/);
    await app.press('v');
    const graph = await app.waitFor('stage graph · v needs');
    expect(graph).toMatch(/build \(2\) ✔2\s+test \(\d\)[ ✔✖●\d]*\s+security \(2\)/);
    await app.press('v');
    await app.waitFor('needs graph · v timeline');
    await app.press('v');
    await app.waitFor('timeline · v list');
    await app.press('v');
    await app.waitFor('v stage graph');
  });

  it("filters a pipeline's jobs by one or several statuses", async () => {
    await failedPipeline();
    await app.press('s');
    await app.waitFor('Show jobs with status:');
    await app.type('failed success');
    await app.press(KEY.enter);
    const frame = await app.waitFor(/\d+ jobs · v stage graph · status: failed, success$/m);
    const rows = frame.split('\n').filter((l) => /#\d{5}/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => /(✖ failed|✔ passed)/.test(l))).toBe(true);
    const scoped = (r: { path: string }) => /scope(%5B%5D|\[\])=failed/.test(r.path) && /scope(%5B%5D|\[\])=success/.test(r.path);
    expect(app.sim.requests.some(scoped)).toBe(true);
  });

  it('opens a job: a summary over its log, and every field with i', async () => {
    await failedPipeline();
    await failedOrPassedJobs();
    await app.press(KEY.enter);
    await app.waitFor(/i details/);
    await app.press('i');
    const frame = await app.waitFor('Triggered by');
    for (const label of ['Status', 'Stage', 'Pipeline', 'Commit', 'Author', 'Runner', 'Created', 'Queued', 'Started', 'Finished', 'Duration', 'Artifacts']) {
      expect(frame).toContain(label);
    }
    expect(pane().kind).toBe('job');
  });

  it('goes back with Esc, keeping each list as it was left', async () => {
    await failedPipeline();
    await failedOrPassedJobs();
    await app.press(KEY.enter);
    await app.waitFor(/i details/);
    expect(pane().kind).toBe('job');
    await app.press(KEY.escape);
    await app.waitFor('status: failed, success');
    await app.press(KEY.escape);
    await app.waitFor('filters: status=failed ref=main');
    expect(pane()).toMatchObject({ kind: 'project', tab: 'pipelines' });
  });

  it("switches to the project's jobs tab with 2 and Tab, newest jobs first", async () => {
    await openApi();
    await failedOnMain();
    await app.press('2');
    await app.waitFor(/Job\s+Name\s+Stage\s+Pipeline\s+Ref/);
    const frame = await app.waitFor(/[1-9]\d*\+? jobs · s status filter/);
    const ids = [...frame.matchAll(/#(\d{5})\s/g)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(5);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await app.press(KEY.tab);
    await app.waitFor(/Active\s+Description\s+Schedule\s+Next run/);
    await app.press('1');
    await app.waitFor('filters: status=failed');
  });

  it('loads the next page lazily when the cursor nears the end of the list', async () => {
    await openApi();
    await failedOnMain();
    await app.press('f');
    await app.waitFor('Filter pipelines:');
    await app.press(...Array(40).fill(KEY.backspace));
    await app.press(KEY.enter);
    await app.waitFor(/50\+ pipelines · f filters/);
    const pagesBefore = app.sim.requests.filter((r) => /\/pipelines\?.*page=2/.test(r.path)).length;
    await app.press('G');
    await app.waitFor(/100\+ pipelines/);
    expect(app.sim.requests.filter((r) => /\/pipelines\?.*page=2/.test(r.path)).length).toBe(pagesBefore + 1);
    // Only the page asked for: nothing beyond it was fetched.
    expect(app.sim.requests.some((r) => /\/pipelines\?.*page=4/.test(r.path))).toBe(false);
    await app.press('g');
  });

  it('shows help generated from the keymap, and closes it', async () => {
    await openApi();
    await app.press('?');
    // It opens on the keys of the pane in front (a project's pipelines tab), the rest below.
    await app.waitFor('Here: pipelines list');
    // At 24 rows the help pages: PgDn turns it (bounded) until the actions show.
    for (let i = 0; i < 30 && !app.frame().includes('Erase the job'); i++) await app.press('\u001B[6~');
    expect(app.frame()).toContain('Erase the job');
    await app.press(KEY.escape);
    await app.until(() => app.store.getState().help === null, 'help to close');
  });

  it('jumps with the palette; a wrong command closes it with a message in the status line', async () => {
    await openApi();
    await app.press(':');
    await app.type('projekt acme/web');
    await app.press(KEY.enter);
    await app.waitFor('Unknown command "projekt"');
    expect(app.store.getState().prompt).toBeNull();
    expect(pane()).toMatchObject({ kind: 'project', path: 'acme/api' });
    await app.press(':');
    await app.type('project acme/platform/infra/terraform');
    await app.press(KEY.enter);
    await app.waitFor(/› acme\/platform\/infra\/terraform\s+DEMO/);
    expect(pane()).toMatchObject({ kind: 'project', path: 'acme/platform/infra/terraform' });
  });

  it("copies and opens the selected object's web page", async () => {
    await app.waitFor('acme/api');
    await app.press(':');
    await app.type('project acme/platform/infra/terraform');
    await app.press(KEY.enter);
    await app.waitFor(/› acme\/platform\/infra\/terraform\s+DEMO/);
    await app.waitFor(/#\d+\s+main/);
    await app.press('y');
    await app.waitFor('Link http');
    expect(app.frame()).toMatch(/Link http\S+ sent to the terminal/);
    expect(app.copied.at(-1)).toMatch(/\/acme\/platform\/infra\/terraform\/-\/pipelines\/\d+$/);
    await app.press('o');
    await app.until(() => app.opened.length === 1, 'open');
    expect(app.opened[0]).toBe(app.copied.at(-1));
  });

  it('q goes back, and quits from the first pane', async () => {
    await openApi();
    await app.press('q');
    await app.until(() => pane().kind === 'projects', 'back on the projects');
    expect(app.store.getState().quit).toBe(false);
    await app.press('q');
    await app.until(() => app.store.getState().quit, 'quit');
  });
});
