// Deployments through the keyboard against the simulator: the tab (newest first, as GitLab's page
// shows them), `/`, lazy pages, the detail with its environment (o opens the external URL) and the
// deploying job (Enter opens the job pane).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { createTheme } from '../../src/ui/theme.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
const label = (status: string) => createTheme({ NO_COLOR: '1' }).status(status).label;
const pane = () => topPane(app.store.getState());

// Each test its own app: no list, filter or pane is left by another.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

const project = () => [...app.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!;
const deploymentsOf = () => [...app.sim.world.deployments.values()].filter((d) => d.projectId === project().id).sort((a, b) => b.id - a.id);
const shown = () => [...app.frame().matchAll(/\s#(\d+)\s+(staging|production)\s/g)].map((m) => Number(m[1]));

/** acme/api's Deployments tab, unfiltered, at the top. */
async function openTab(): Promise<void> {
  app.open({ kind: 'project', projectId: project().id, path: 'acme/api', tab: 'deployments' });
  await app.waitFor(/[1-9]\d*\+? deployments · ⏎ details/);
}

/** The tab narrowed to production with `/`: the newest production deployment selected. */
async function openProduction(): Promise<void> {
  await openTab();
  await app.press('/');
  await app.type('production');
  await app.waitFor(/[1-9]\d* of \d+\+? deployments matching "production"/);
  await app.press(KEY.enter);
  await app.until(() => app.store.getState().filtering === null, 'filter typing to end');
}

/** The newest production deployment's pane. */
async function openDeployment(): Promise<void> {
  await openProduction();
  await app.press(KEY.enter);
  await app.waitFor('External URL');
}

describe('deployments', () => {
  it('4 opens the Deployments tab: newest first, with status, environment, ref, commit, who, when and job', async () => {
    app.open({ kind: 'project', projectId: project().id, path: 'acme/api', tab: 'pipelines' });
    await app.waitFor('1 Pipelines');
    await app.press('4');
    const frame = await app.waitFor(/[1-9]\d*\+ deployments · ⏎ details/);
    expect(frame).toMatch(/Status\s+ID\s+Environment\s+Ref\s+Commit\s+By\s+Created\s+Job/);
    const newest = deploymentsOf()[0]!;
    const user = app.sim.world.users.get(newest.userId)!;
    const job = app.sim.world.jobs.get(newest.jobId!)!;
    const row = frame.split('\n').find((l) => l.includes(` #${newest.iid} `))!;
    expect(row).toMatch(
      new RegExp(
        `${newest.status}\\s+#${newest.iid}\\s+${newest.environment}\\s+${newest.ref}\\s+${newest.sha.slice(0, 8)}\\s+${user.username.slice(0, 9)}.*ago\\s+#${job.id} `,
      ),
    );
    const iids = shown();
    expect(iids.length).toBeGreaterThan(10);
    expect(iids).toEqual([...iids].sort((a, b) => b - a));
    expect(iids[0]).toBe(newest.iid);
  });

  it('loads older deployments as the cursor nears the end', async () => {
    await openTab();
    await app.press('G');
    await app.waitFor(/(7[0-9]|[8-9]\d|1\d\d)\+? deployments/);
    const key = `deployments:${project().id}`;
    const items = app.store.getState().lists[key]!.items as { id: number; iid: number }[];
    expect(new Set(items.map((d) => d.id)).size).toBe(items.length);
    expect(items.map((d) => d.iid)).toEqual([...items.map((d) => d.iid)].sort((a, b) => b - a));
    await app.press('g');
  });

  it('/ narrows the list to what matches', async () => {
    await openTab();
    await app.press('/');
    await app.type('production');
    await app.waitFor(/[1-9]\d* of \d+\+? deployments matching "production"/);
    const rows = app
      .frame()
      .split('\n')
      .filter((l) => /\s#\d+\s+(staging|production)\s/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.includes('production'))).toBe(true);
    await app.press(KEY.enter);
    await app.until(() => app.store.getState().filtering === null, 'filter typing to end');
  });

  it('Enter opens the deployment: environment with its URL, commit, who, the job', async () => {
    const newestProduction = deploymentsOf().find((d) => d.environment === 'production')!;
    await openProduction();
    await app.press(KEY.enter);
    const frame = await app.waitFor('External URL');
    const env = project().environments.get('production')!;
    expect(frame).toContain(`Deployment #${newestProduction.iid} to production`);
    expect(frame).toMatch(new RegExp(`Environment\\s+production \\(id ${env.id}\\)`));
    expect(frame).toContain(`${env.externalUrl}  · o opens it`);
    expect(frame).toMatch(new RegExp(`Commit\\s+${newestProduction.sha.slice(0, 8)} `));
    expect(frame).toMatch(new RegExp(`Deployed by\\s+.*\\(@${app.sim.world.users.get(newestProduction.userId)!.username}\\)`));
    const job = app.sim.world.jobs.get(newestProduction.jobId!)!;
    expect(frame).toMatch(new RegExp(`Job\\s+. ${label(job.status)} #${job.id} ${job.name}.*⏎ opens the job and its log`));
    expect(frame).toContain('⏎ job');
    expect(pane()).toMatchObject({ kind: 'deployment', deploymentId: newestProduction.id });
  });

  it("o opens the environment's external URL; y copies it", async () => {
    const env = project().environments.get('production')!;
    await openDeployment();
    const before = app.opened.length;
    await app.press('o');
    await app.until(() => app.opened.length > before, 'a URL opened');
    expect(app.opened.at(-1)).toBe(env.externalUrl);
    await app.press('y');
    await app.waitFor(`Link ${env.externalUrl} sent to the terminal`);
  });

  it('Enter on the deployment opens its job in the job pane', async () => {
    const d = deploymentsOf().find((x) => x.environment === 'production')!;
    const job = app.sim.world.jobs.get(d.jobId!)!;
    await openDeployment();
    await app.press(KEY.enter);
    await app.until(() => pane().kind === 'job', 'the job pane');
    expect(pane()).toMatchObject({ kind: 'job', jobId: job.id, path: 'acme/api' });
    await app.until(() => app.store.getState().jobs[job.id]?.name === job.name, 'the job to load');
    await app.waitFor(new RegExp(`#${d.iid}.* › ${job.name}|deployment #${d.iid} › ${job.name}`));
    await app.press(KEY.escape);
    await app.waitFor('External URL');
    await app.press(KEY.escape);
    await app.waitFor(/deployments matching "production"/);
  });

  it(':schedules and :deployments switch the project tab from the palette', async () => {
    await openProduction();
    await app.press(':');
    await app.type('schedules');
    await app.press(KEY.enter);
    await app.waitFor(/\d+ schedules · scope: all/);
    expect(pane()).toMatchObject({ kind: 'project', tab: 'schedules' });
    await app.press(':');
    await app.type('deployments');
    await app.press(KEY.enter);
    await app.waitFor(/deployments matching "production"/);
    expect(pane()).toMatchObject({ kind: 'project', tab: 'deployments' });
  });

  it("o on the list opens the selected deployment's environment", async () => {
    await openProduction();
    const before = app.opened.length;
    await app.press('o');
    await app.until(() => app.opened.length > before, 'a URL opened');
    expect(app.opened.at(-1)).toBe(project().environments.get('production')!.externalUrl);
  });
});
