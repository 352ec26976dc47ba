// Environments through the keyboard against the simulator, at 80×24: an environment's pane (what
// runs, what waits, its deployments), roll back (B and :rollback: the question names both
// deployments and the commits that roll back; y re-runs the old job and the pane follows the new
// deployment to its end; refused with a reason), approve and reject (asking first; GitLab's reason
// when it refuses), stop, `:deployment`, --read-only and a read_api token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { SimDeployment } from '../../src/sim/model.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig;
/** Its production (the manual `apply`) needs an approval (docs/development.md "Environments"). */
const TF = 'acme/platform/infra/terraform';

/** The environment's deployments in the world, newest first. */
const deploymentsOf = (rig: AppRig, path: string, env: string): SimDeployment[] => {
  const project = simProject(rig.sim, path);
  return (rig.sim.world.projectDeployments.get(project.id) ?? [])
    .map((id) => rig.sim.world.deployments.get(id)!)
    .filter((d) => d.environment === env)
    .reverse();
};

async function openEnvironment(rig: AppRig, path: string, env: string): Promise<void> {
  await rig.palette(`project ${path}`, { closes: true });
  await rig.palette(`environment ${env}`, { closes: true });
  await rig.waitFor(/\d+\+? deployments · ⏎ details/);
}

const toast = (rig: AppRig) => rig.store.getState().toast?.message ?? '';
const posts = (rig: AppRig) => rig.sim.requests.filter((r) => r.method !== 'GET');

beforeEach(async () => {
  app = await startApp({ columns: 80, rows: 24 });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

describe('the Environments tab', () => {
  it(':envs opens the sixth tab: one row per environment with what runs there; 6 and Enter', async () => {
    await app.palette('project acme/api', { closes: true });
    await app.waitFor('1 Pipelines');
    await app.palette('envs', { closes: true });
    const frame = await app.waitFor(/\d+ environments · ⏎ deployments/);
    expect(frame).toContain('6 Environments');
    expect(frame).toMatch(/Environment\s+Tier\s+State\s+Ref\s+Commit/);
    const production = deploymentsOf(app, 'acme/api', 'production').find((d) => d.status === 'success')!;
    const staging = deploymentsOf(app, 'acme/api', 'staging').find((d) => d.status === 'success')!;
    const row = (name: string) => frame.split('\n').find((l) => l.startsWith(`${name} `) || l.slice(2).startsWith(`${name} `))!;
    // Production first (its tier), then staging, then the review apps, available before stopped.
    expect(row('production')).toMatch(new RegExp(`production\\s+prod\\s+available\\s+main\\s+${production.sha.slice(0, 8)} .*ago\\s+. success`));
    expect(row('staging')).toMatch(new RegExp(`staging\\s+stage\\s+available\\s+main\\s+${staging.sha.slice(0, 8)} .*ago\\s+. success`));
    expect(frame).toMatch(/review\/\S*\s+dev\s+(available|stopped)/);
    const order = frame.split('\n').filter((l) => /\b(production|staging|review\/)/.test(l) && !l.includes('·'));
    expect(order[0]).toContain('production');
    expect(order[1]).toContain('staging');
    // Back to Pipelines with 1, then 6 again; Enter opens the selected environment.
    await app.press('1');
    await app.waitFor(/pipelines ·/);
    await app.press('6');
    await app.waitFor(/\d+ environments · ⏎ deployments/);
    await app.press(KEY.enter);
    await app.until(() => topPane(app.store.getState()).kind === 'environment', 'the environment pane');
    expect(topPane(app.store.getState())).toMatchObject({ kind: 'environment', name: 'production' });
  });

  it('/ filters the rows; B on a row asks to roll that environment back', async () => {
    await app.palette('project acme/api', { closes: true });
    await app.palette('environments', { closes: true });
    await app.waitFor(/\d+ environments · ⏎ deployments/);
    await app.press('/');
    await app.type('review');
    await app.waitFor(/\d+ of \d+ environments matching "review"/);
    await app.press(KEY.enter);
    const rows = app
      .frame()
      .split('\n')
      .filter((l) => /^\S*\s?(production|staging|review\/)/.test(l.trimStart()) && /available|stopped|stopping/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.includes('review/'))).toBe(true);
    await app.press(KEY.escape);
    await app.press('g');
    await app.press('B');
    await app.waitFor(/Roll production back to #\d+\? \[y\/N\]/);
    await app.press('n');
    expect(posts(app)).toEqual([]);
  });
});

describe('the environment pane', () => {
  it('says what runs, what waits for an approval, and lists its deployments newest first', async () => {
    await openEnvironment(app, TF, 'production');
    const all = deploymentsOf(app, TF, 'production');
    const live = all.find((d) => d.status === 'success')!;
    const waiting = all.find((d) => d.status === 'blocked')!;
    const frame = await app.waitFor(`runs #${live.iid} ${live.sha.slice(0, 8)} main`);
    expect(frame).toContain('production · available · https://console.cloud.acme.example (o opens)');
    expect(frame).toContain(`#${waiting.iid} ${waiting.sha.slice(0, 8)} waits for an approval · A approve · X reject`);
    expect(frame).toMatch(/Status\s+ID\s+Ref\s+Commit\s+Title\s+By\s+When\s+Job/);
    const ids = [...frame.matchAll(/^. \w+\s+#(\d+)\s/gm)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(5);
    expect(ids).toEqual(all.slice(0, ids.length).map((d) => d.iid));
    const row = frame.split('\n').find((l) => new RegExp(`^. success\\s+#${live.iid}\\s`).test(l))!;
    const job = app.sim.world.jobs.get(live.jobId!)!;
    expect(row).toMatch(
      new RegExp(
        `success\\s+#${live.iid}\\s+main\\s+${live.sha.slice(0, 8)} .*${app.sim.world.users.get(live.userId)!.username.slice(0, 8)}.*ago\\s+#${job.id}`,
      ),
    );
    // The footer shows the roll back key.
    expect(frame.split('\n').at(-1)).toContain('B roll back');
    expect(topPane(app.store.getState())).toMatchObject({ kind: 'environment', name: 'production' });
    // o opens what the environment serves; ? names its keys.
    await app.press('o');
    await app.until(() => app.opened.length > 0, 'the URL opened');
    expect(app.opened.at(-1)).toBe('https://console.cloud.acme.example');
    await app.press('?');
    await app.waitFor(/B\s+Roll the environment back/);
  });

  it(':environment of a name the project has not says so', async () => {
    await app.palette('project acme/api', { closes: true });
    await app.palette('environment nowhere', { closes: true });
    await app.waitFor('acme/api has no environment named nowhere');
  });

  it(':deployment ID opens one deployment from anywhere in the project', async () => {
    const d = deploymentsOf(app, 'acme/api', 'staging')[2]!;
    await app.palette('project acme/api', { closes: true });
    await app.palette(`deployment ${d.id}`, { closes: true });
    await app.waitFor(`Deployment #${d.iid} to staging`);
    await app.palette('deployment 999999', { closes: true });
    expect(toast(app) + app.frame()).toContain('Cannot open deployment 999999: 404 Not found');
  });
});

describe('roll back', () => {
  it('B asks naming both deployments and the commits that roll back; y re-runs the old job and the pane follows it to its end', async () => {
    // Its own app, polling as fast as a deployment on screen moves: the pane follows by its poll alone.
    await app.close();
    app = await startApp({ columns: 80, rows: 24, timing: { activeMs: 50, idleMs: 600_000, maxBackoffMs: 600_000 } });
    await app.waitFor('acme/api');
    await openEnvironment(app, 'acme/api', 'staging');
    const all = deploymentsOf(app, 'acme/api', 'staging');
    const live = all.find((d) => d.status === 'success')!;
    const target = all.find((d) => d.id < live.id && d.status === 'success' && d.sha !== live.sha)!;
    await app.press('B');
    const frame = await app.waitFor(`Roll staging back to #${target.iid}? [y/N]`);
    expect(frame).toContain(`now      #${live.iid} ${live.sha.slice(0, 8)}`);
    expect(frame).toContain(`back to  #${target.iid} ${target.sha.slice(0, 8)}`);
    const diff = await app.controller.ctx.gl.repository.compare('acme/api', target.sha, live.sha);
    expect(diff.commits.length).toBeGreaterThan(0);
    expect(frame).toContain(`${diff.commits.length} commit${diff.commits.length === 1 ? '' : 's'} roll back:`);
    expect(frame).toContain(`  ${diff.commits.at(-1)!.short_id} `);
    if (diff.commits.length > 3) expect(frame).toContain(`  and ${diff.commits.length - 2} more`);
    expect(frame).toContain(`Re-runs job #${target.jobId} deploy:staging (GitLab's Re-deploy) and follows it`);
    await app.until(() => !app.store.getState().confirm?.checking, 'the check for newer pipelines');
    await app.press('y');
    await app.until(() => deploymentsOf(app, 'acme/api', 'staging')[0]!.id > all[0]!.id, 'a new deployment');
    const fresh = deploymentsOf(app, 'acme/api', 'staging')[0]!;
    expect([fresh.sha, fresh.ref]).toEqual([target.sha, target.ref]);
    await app.waitFor(new RegExp(`Rolling back: (job #\\d+ started|#\\d+ (created|running|pending)) · to ${target.sha.slice(0, 8)}`));
    // The new job runs to success (its plan says how; this one is made to succeed).
    app.sim.world.jobs.get(fresh.jobId!)!.plan.outcome = 'success';
    app.advance(10 * 60_000);
    const done = await app.waitFor(`Rolled back: staging runs ${target.sha.slice(0, 8)}`, 15_000);
    expect(done).toMatch(new RegExp(`success\\s+#${fresh.iid}\\s+main\\s+${target.sha.slice(0, 8)}`));
    expect(deploymentsOf(app, 'acme/api', 'staging')[0]!.status).toBe('success');
  });

  it('a roll back of an environment that needs approvals waits for one, and says so', async () => {
    await openEnvironment(app, TF, 'production');
    const all = deploymentsOf(app, TF, 'production');
    const live = all.find((d) => d.status === 'success')!;
    const target = all.find((d) => d.id < live.id && d.status === 'success' && d.sha !== live.sha)!;
    await app.palette(`rollback ${target.iid}`, { closes: true });
    await app.waitFor(`Roll production back to #${target.iid}? [y/N]`);
    await app.until(() => !app.store.getState().confirm?.checking, 'the check for newer pipelines');
    await app.press('y');
    const frame = await app.waitFor(new RegExp(`Rolling back: #\\d+ waits for an approval · to ${target.sha.slice(0, 8)}`));
    const fresh = deploymentsOf(app, TF, 'production')[0]!;
    expect([fresh.status, fresh.sha]).toEqual(['blocked', target.sha]);
    expect(frame).toContain(`#${fresh.iid} ${target.sha.slice(0, 8)} waits for an approval · A approve · X reject`);
  });

  it(':rollback to a failed deployment, or to one without a job, is refused with the reason and sends nothing', async () => {
    await openEnvironment(app, 'acme/api', 'staging');
    const failed = deploymentsOf(app, 'acme/api', 'staging').find((d) => d.status === 'failed')!;
    const before = posts(app).length;
    await app.palette(`rollback ${failed.iid}`, { closes: true });
    await app.until(() => toast(app).includes('did not succeed'), 'the refusal');
    expect(toast(app)).toBe(`#${failed.iid} did not succeed (failed): only a successful deployment can be rolled back to`);
    await app.palette('environment staging', { closes: true });
    await app.press(KEY.escape);
    // acme/web's staging is deployed by a tool outside CI: no job to re-run.
    await openEnvironment(app, 'acme/web', 'staging');
    await app.press('B');
    await app.until(() => toast(app).includes('without a job'), 'the refusal');
    expect(toast(app)).toMatch(/^#\d+ was recorded without a job \(through the API\): there is no job to re-run$/);
    expect(posts(app).length).toBe(before);
    expect(app.store.getState().confirm).toBeNull();
  });
});

describe('approve, reject, stop', () => {
  it('A asks, then approves the newest waiting deployment: it is unblocked and its job waits to be run', async () => {
    const waiting = deploymentsOf(app, TF, 'production').find((d) => d.status === 'blocked')!;
    waiting.userId = app.sim.world.usersByName.get('bob')!.id;
    await openEnvironment(app, TF, 'production');
    await app.press('A');
    await app.waitFor(`Approve deployment #${waiting.iid} to production? [y/N]`);
    expect(posts(app)).toEqual([]);
    await app.press('y');
    await app.until(() => toast(app).startsWith(`Approved #${waiting.iid}`), 'the approval');
    expect(toast(app)).toContain(`its job #${waiting.jobId} waits to be run`);
    expect(waiting.status).toBe('created');
    expect(waiting.approvals).toEqual([expect.objectContaining({ userId: app.sim.world.usersByName.get('alice')!.id, status: 'approved' })]);
  });

  it("approving one's own deployment shows GitLab's reason; nothing changes", async () => {
    const waiting = deploymentsOf(app, TF, 'production').find((d) => d.status === 'blocked')!;
    waiting.userId = app.sim.world.usersByName.get('alice')!.id;
    await openEnvironment(app, TF, 'production');
    await app.palette('approve looks fine', { closes: true });
    const frame = await app.waitFor(`Approve deployment #${waiting.iid} to production? [y/N]`);
    expect(frame).toContain('comment: “looks fine”');
    await app.press('y');
    await app.until(() => toast(app).includes('own deployment'), "GitLab's reason");
    expect(toast(app)).toContain('You cannot approve your own deployment. This configuration can be adjusted in the protected environment settings.');
    expect(waiting.status).toBe('blocked');
  });

  it(':reject with a comment: the deploy job fails and the deployment with it', async () => {
    const waiting = deploymentsOf(app, TF, 'production').find((d) => d.status === 'blocked')!;
    await openEnvironment(app, TF, 'production');
    await app.palette('reject not during the freeze', { closes: true });
    await app.waitFor(`Reject deployment #${waiting.iid} to production? [y/N]`);
    await app.press('y');
    await app.until(() => toast(app).startsWith(`Rejected #${waiting.iid}`), 'the rejection');
    expect(waiting.status).toBe('failed');
    expect(app.sim.world.jobs.get(waiting.jobId!)!.failureReason).toBe('deployment_rejected');
    expect(waiting.approvals![0]).toMatchObject({ status: 'rejected', comment: 'not during the freeze' });
  });

  it('S asks naming what stops, then stops the environment', async () => {
    await openEnvironment(app, 'acme/web', 'staging');
    await app.press('S');
    const frame = await app.waitFor('Stop environment staging? [y/N]');
    expect(frame).toContain('at https://staging.web.acme.example');
    await app.press('y');
    await app.until(() => toast(app) === 'staging is stopped', 'the stop');
    expect(simProject(app.sim, 'acme/web').environments.get('staging')!.state).toBe('stopped');
  });
});

describe('who may', () => {
  it('--read-only refuses roll back, approve, reject and stop before any request', async () => {
    const ro = await startApp({ simulator: app.sim, readOnly: true, columns: 80, rows: 24 });
    try {
      await openEnvironment(ro, 'acme/api', 'production');
      const before = app.sim.requests.length;
      for (const key of ['B', 'A', 'X', 'S']) {
        await ro.press(key);
        await ro.waitFor(/Read-only mode/);
      }
      await ro.palette('rollback', { closes: true });
      await ro.waitFor(/Read-only mode/);
      const sent = app.sim.requests.slice(before);
      expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(sent.filter((r) => /compare|status=blocked/.test(r.path))).toEqual([]);
      expect(ro.store.getState().confirm).toBeNull();
    } finally {
      await ro.close();
    }
  });

  it("a read_api token's stop gets GitLab's 403 reason, and the environment stays", async () => {
    const ro = await startApp({ simulator: app.sim, token: DEMO_TOKENS.readOnly, columns: 80, rows: 24 });
    try {
      await openEnvironment(ro, 'acme/web', 'staging');
      await ro.press('S');
      await ro.waitFor('Stop environment staging? [y/N]');
      await ro.press('y');
      await ro.until(() => toast(ro).startsWith('Stop staging:'), 'the refusal');
      expect(toast(ro)).toMatch(/insufficient_scope|higher privileges/);
      expect(simProject(app.sim, 'acme/web').environments.get('staging')!.state).toBe('available');
    } finally {
      await ro.close();
    }
  });
});
