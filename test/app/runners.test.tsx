// Runners through the keyboard against the simulator, at 80×24: `:runners` of a project (states,
// contact, tags, jobs now, failures that blame a runner's machine), Enter to a runner (machines,
// recent jobs), why a pending job waits (in its pane and in `:jobs pending`), `:pause` / space asked
// first and naming the jobs it runs, `--read-only` refusing before any request, and a Developer's 403.
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/app/features.js';
import { runnersFeature } from '../../src/features/runners/feature.js';
import type { Feature } from '../../src/store/feature.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { MINUTE } from '../helpers/sim.js';

const DEVELOPER = 'demo-developer-token';
let app: AppRig;
afterEach(() => app?.close());

async function openMl(a: AppRig): Promise<void> {
  await a.palette('project acme/ml');
  await a.until(() => (topPane(a.store.getState()) as { path?: string }).path === 'acme/ml', 'acme/ml open');
}

/** The frame's text with its wrapping undone: a sentence may break across rows at 80 columns. */
const flat = (frame: string) => frame.replace(/\s+/g, ' ');

async function waitText(a: AppRig, text: string): Promise<string> {
  await a.until(() => flat(a.frame()).includes(text), text, 20_000);
  return flat(a.frame());
}

const runnerRequests = (a: AppRig) => a.sim.requests.filter((r) => r.path.includes('/runners'));

describe(':runners of a project', () => {
  it('lists every runner the project can use with its state, contact, version and tags, and flags the flaky machine', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await openMl(app);
    // Lazily: nothing about runners is read until they are asked for.
    expect(runnerRequests(app)).toEqual([]);
    await app.palette('runners');
    await app.waitFor(/offline\s+#14 ml-gpu-h100-\S*\s+project\s+3h ago/);
    const frame = await app.waitFor(/⚠ #12 ml-trainer-po\S*\s+project\s+just now\s+17\.4\.0/);
    expect(frame).toContain('Runners that acme/ml can use · 12');
    expect(frame).toMatch(/offline\s+#14 ml-gpu-h100-\S*\s+project\s+3h ago/);
    expect(frame).toMatch(/stale\s+#4 shared-runner-o/);
    expect(frame).toMatch(/paused\s+#6 acme-arm64-buil/);
    expect(frame).toMatch(/never\s+#15 ml-tpu-pilot/);
    const failures = await app.waitFor(/⚠ ml-trainer-pool \(r_MlPool0node2\): \d+× runner system failure/);
    expect(failures).toMatch(/no runner took it: \d+× stuck or timeout failure/);
    // Lazily: nothing about runners was read before `:runners`, and the list's details at most once each.
    const details = runnerRequests(app).filter((r) => /^\/runners\/\d+$/.test(r.path));
    expect(new Set(details.map((r) => r.path)).size).toBe(details.length);
  });

  it('Enter opens the runner: its rules, machines (the flaky one flagged) and recent jobs', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await openMl(app);
    await app.palette('runners');
    // At 80 columns the name is cut once its ⚠ comes (the failures read): either frame will do.
    await app.waitFor(/#12 ml-trainer-po/);
    const rows = app.store.getState().runnerLists['project:' + app.sim.world.projectsByPath.get('acme/ml')!.id]!.rows!;
    await app.press(...Array.from({ length: rows.findIndex((r) => r.id === 12) }, () => 'j'));
    await app.press(KEY.enter);
    const frame = await app.waitFor(/⚠ r_MlPool0node2 · online/);
    expect(topPane(app.store.getState())).toEqual({ kind: 'runner', runnerId: 12 });
    expect(frame).toContain('Takes tags docker, linux, ml · untagged no · refs any · locked yes');
    expect(frame).toMatch(/ {2}r_MlPool0node1 · online/);
    expect(await app.waitFor('Recent jobs (20)')).toMatch(/#800\d+ \S+ acme\/ml/);
  });

  it(':runner on an instance runner says GitLab lists its jobs to administrators only', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await app.palette('runner 1', { keyByKey: true });
    const frame = await app.waitFor('administrators only');
    expect(frame).toContain('#1 shared-runner-1.acme.internal · instance runner · online');
  });
});

describe('why a pending job waits', () => {
  it('its pane names the tag no online runner has, the near miss and the offline runner; queued time grows', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await openMl(app);
    const project = app.sim.world.projectsByPath.get('acme/ml')!;
    const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === project.id && j.status === 'pending' && j.name === 'train:h100')!;
    await app.palette(`job ${job.id}`);
    const frame = await waitText(app, 'did you mean it?');
    expect(frame).toContain('No online runner has tag gpu-h100 (of 12 runners this project can use:');
    expect(frame).toContain('gpu-a100 is online (ml-gpu-a100-01) — did you mean it?');
    expect(frame).toContain('ml-gpu-h100-01 (offline since 3h) carries them.');
    const before = Number(/stuck_or_timeout_failure: in (\d+)m/.exec(frame)![1]);
    app.advance(5 * MINUTE);
    // R reads the job now, as its poll would in the seconds after.
    await app.press('R');
    await app.until(() => Number(/stuck_or_timeout_failure: in (\d+)m/.exec(flat(app.frame()))?.[1]) <= before - 4, 'the drop nearer', 20_000);
  });

  it('`:jobs pending` says what each pending job waits for', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await app.palette('jobs pending');
    const frame = await app.waitFor(/train:h100[^\n]*no gpu-h100 online/, 15_000);
    expect(frame).toMatch(/benchmark:tpu[^\n]*no tpu online/);
  });

  it('`:jobs pending` reads the runners as its pending rows arrive, not at its next tick', async () => {
    // The runners feature with its reads on the tick taken out: only the rows' arrival can read them.
    const onArrival: Feature = {
      ...runnersFeature,
      poll: (ctx, timing) => ({ watch: runnersFeature.poll!(ctx, timing).watch }),
    };
    app = await startApp({ columns: 80, rows: 24, features: FEATURES.map((f) => (f === runnersFeature ? onArrival : f)) });
    await app.palette('jobs pending');
    const frame = await app.waitFor(/train:h100[^\n]*no gpu-h100 online/);
    expect(frame).toMatch(/benchmark:tpu[^\n]*no tpu online/);
    // Once for each project, however many changes the store saw meanwhile.
    const lists = app.sim.requests.filter((r) => /^\/projects\/\d+\/runners$/.test(r.path.split('?')[0]!)).map((r) => r.path.split('?')[0]);
    expect(lists.length).toBeGreaterThan(0);
    expect(new Set(lists).size).toBe(lists.length);
  });

  it("a Developer's pending job says what is known and that listing runners needs Maintainer", async () => {
    app = await startApp({ columns: 80, rows: 24, token: DEVELOPER });
    await openMl(app);
    const project = app.sim.world.projectsByPath.get('acme/ml')!;
    const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === project.id && j.status === 'pending' && j.name === 'benchmark:tpu')!;
    await app.palette(`job ${job.id}`);
    const frame = await waitText(app, 'needs the Maintainer role');
    expect(frame).toContain('It needs a runner with tag tpu');
    // Refused once, not asked again on every poll.
    app.advance(10_000);
    await waitText(app, 'needs the Maintainer role');
    expect(app.sim.requests.filter((r) => r.path.startsWith(`/projects/${project.id}/runners?`)).length).toBe(1);
  });
});

describe('is it the runner?', () => {
  it('`:failures` names the runner and machine of each failed job, and the failures that blame it', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await openMl(app);
    const project = app.sim.world.projectsByPath.get('acme/ml')!;
    const lost = [...app.sim.world.jobs.values()].find((j) => j.projectId === project.id && j.failureReason === 'runner_system_failure')!;
    const machine = app.sim.world.runners.get(lost.runnerId!)!.managers.find((m) => m.id === lost.runnerManagerId)!.systemId;
    await app.palette(`failures ${lost.pipelineId}`);
    const frame = await waitText(app, 'Is it the runner?');
    expect(frame).toMatch(new RegExp(`Is it the runner\\? (⚠ )?ml-trainer-pool \\(${machine}\\): \\d+× runner system failure`));
    expect(frame).toContain(`#${lost.id} ${lost.stage} · runner system failure · on ml-trainer-pool`);
  });
});

describe('pause and resume', () => {
  it('space asks, naming the runner and the jobs it runs; y pauses it', async () => {
    app = await startApp({ columns: 80, rows: 24 });
    await app.palette('runner 11');
    await app.waitFor('#11 ml-gpu-a100-01');
    await app.press(' ');
    const frame = await app.waitFor('Pause runner #11 ml-gpu-a100-01?');
    expect(frame).toMatch(/It runs (no job|\d+ jobs?) now\./);
    expect(app.sim.world.runners.get(11)!.paused).toBe(false);
    await app.press('y');
    await app.until(() => app.sim.world.runners.get(11)!.paused, 'runner 11 paused');
    await app.waitFor(/#11 ml-gpu-a100-01 · project runner · paused/);
    await app.palette('resume');
    await app.waitFor('Resume runner #11 ml-gpu-a100-01?');
    await app.press('y');
    await app.until(() => !app.sim.world.runners.get(11)!.paused, 'runner 11 resumed');
  });

  it('--read-only refuses :pause and space before any request', async () => {
    app = await startApp({ columns: 80, rows: 24, readOnly: true });
    await app.palette('runner 12');
    await app.waitFor('#12 ml-trainer-pool');
    const before = app.sim.requests.length;
    await app.press(' ');
    await app.waitFor(/read-only/i);
    await app.palette('pause 12');
    await app.waitFor(/read-only/i);
    expect(app.sim.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
    expect(app.sim.world.runners.get(12)!.paused).toBe(false);
    expect(app.frame()).not.toContain('Pause runner');
  });
});
