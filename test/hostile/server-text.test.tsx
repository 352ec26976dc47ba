// Server text that must not reach the terminal raw: each of these would set the window title
// (OSC 0) and write the clipboard (OSC 52) but for the one primitive every string goes through
// (src/ui/components/Text.tsx over src/text/safe.ts). The app is the real one, GitLab the
// simulator answering one hostile response; the frame must hold nothing but pipetop's own SGR.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { listKeyOf } from '../../src/store/sources.js';
import { listOf, topPane } from '../../src/store/store.js';
import { startApp, type AppRig } from '../helpers/app.js';

const DEPLOYER = 'acme/platform/deployer';
const OWN = '\u001b]0;owned title\u0007\u001b]52;c;cHduZWQ=\u0007';
/** The same, percent-encoded as it would sit in a URL's path. */
const OWN_ENCODED = encodeURIComponent(OWN);

let app: AppRig;
let projectId = 0;
beforeEach(async () => {
  app = await startApp({ columns: 120 });
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(DEPLOYER)!.id;
});
afterEach(() => app.close());

/** Nothing but SGR may reach the terminal: no OSC, DCS/SOS/PM/APC, no other CSI, no BEL, no C1. */
function expectOnlySgr(frame: string): void {
  expect(frame).not.toMatch(/\u001b[\]P^_X]/);
  expect(frame).not.toMatch(/\u001b\[[0-?]*[ -/]*[@-ln-~]/);
  expect(frame).not.toMatch(/\u001b[^[]|[\u0007\u0080-\u009f]/);
  expect(frame).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  expect(frame).not.toContain('owned');
  expect(frame).not.toContain('cHduZWQ');
}

const pane = () => topPane(app.store.getState());
const rows = (): Job[] => app.controller.rowsOf<Job>(listKeyOf(pane())!);

/** The deployer pipeline with trigger jobs, its first bridge answered as `patch` makes it. */
async function pipelineWithBridge(patch: (bridge: Record<string, unknown>) => void): Promise<void> {
  const gl = app.controller.ctx.gl;
  const pipelineId = 700027;
  const bridges = (await gl.pipelines.bridges(projectId, pipelineId).all()) as unknown as Record<string, unknown>[];
  expect(bridges.length).toBeGreaterThan(0);
  patch(bridges[0]!);
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: `/projects/${projectId}/pipelines/${pipelineId}/bridges`,
    status: 200,
    body: bridges,
    times: 1000,
  });
  await app.palette(`project ${DEPLOYER}`, { closes: true });
  await app.palette(`pipeline ${pipelineId}`, { closes: true });
  await app.until(() => {
    const p = pane();
    return p.kind === 'pipeline' && app.store.getState().bridges[p.pipelineId] !== undefined && !listOf(app.store.getState(), listKeyOf(p)!).loading;
  }, 'the pipeline and its bridges');
  // The cursor onto the bridge, by keys.
  const at = rows().findIndex((j) => j.id === bridges[0]!.id);
  expect(at).toBeGreaterThanOrEqual(0);
  const from = listOf(app.store.getState(), listKeyOf(pane())!).selected;
  await app.press(...Array(Math.abs(at - from)).fill(at > from ? 'j' : 'k'));
  await app.until(() => listOf(app.store.getState(), listKeyOf(pane())!).selected === at, 'the cursor on the bridge');
}

it('(1) a trigger job with no pipeline: its name in the status line ("⇲ NAME: no pipeline yet") is shown safe', async () => {
  await pipelineWithBridge((b) => {
    b.name = `deploy${OWN}\u202eevil`;
    b.downstream_pipeline = null;
  });
  const frame = await app.waitFor(/⇲ deploy\s*evil: no pipeline yet/);
  expectOnlySgr(frame);
});

it("(2) a downstream pipeline's web_url with percent-encoded OSC 0 and OSC 52 in its path is decoded and shown safe", async () => {
  await pipelineWithBridge((b) => {
    b.downstream_pipeline = {
      id: 9001,
      iid: 1,
      project_id: 999_999,
      sha: 'abc',
      ref: 'main',
      status: 'success',
      source: 'pipeline',
      web_url: `https://gitlab.example.com/other${OWN_ENCODED}/proj/-/pipelines/9001`,
      created_at: '2026-11-20T11:00:00Z',
      updated_at: '2026-11-20T11:00:00Z',
    };
  });
  const frame = await app.waitFor(/⏎ opens other\s*\/proj #9001/);
  expectOnlySgr(frame);
});

it('(2b) a malformed % in a downstream web_url is shown as sent, not "URI malformed"', async () => {
  await pipelineWithBridge((b) => {
    b.downstream_pipeline = {
      id: 9002,
      iid: 1,
      project_id: 999_999,
      sha: 'abc',
      ref: 'main',
      status: 'success',
      source: 'pipeline',
      web_url: 'https://gitlab.example.com/bad%E0%A4%A/proj/-/pipelines/9002',
      created_at: '2026-11-20T11:00:00Z',
      updated_at: '2026-11-20T11:00:00Z',
    };
  });
  const frame = await app.waitFor('⏎ opens bad%E0%A4%A/proj #9002');
  expect(frame).not.toMatch(/could not be shown|URI malformed/);
  expectOnlySgr(frame);
});

it('(3) test-report counts sent as strings with escapes: the Tests view heading (T) is shown safe', async () => {
  const gl = app.controller.ctx.gl;
  const [pipeline] = await gl.pipelines.list(projectId, { perPage: 1, status: 'failed' }).all(1);
  const hostile = `1${OWN}`;
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: `/projects/${projectId}/pipelines/${pipeline!.id}/test_report_summary`,
    status: 200,
    body: {
      total: { time: 1, count: `3${OWN}`, success: '2', failed: hostile, skipped: 0, error: 0, suite_error: null },
      test_suites: [],
    },
    times: 1000,
  });
  await app.palette(`project ${DEPLOYER}`, { closes: true });
  await app.palette(`pipeline ${pipeline!.id}`, { closes: true });
  await app.until(() => app.store.getState().pipelineExtras[pipeline!.id]?.tests !== undefined, 'the test summary');
  await app.press('T');
  const frame = await app.waitFor(`Tests of pipeline #${pipeline!.id}`);
  expectOnlySgr(frame);
});

it("(4) a merge request's state with escapes, in the :mr N pane, is shown safe", async () => {
  const mobile = app.sim.world.projectsByPath.get('acme/mobile')!.id;
  const mr = await app.controller.ctx.gl.mergeRequests.get(mobile, 12);
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: `/projects/${mobile}/merge_requests/12`,
    status: 200,
    body: { ...mr, state: `opened${OWN}\u2066\u202e` },
    times: 1000,
  });
  await app.palette('project acme/mobile', { closes: true });
  await app.palette('mr 12', { closes: true });
  const frame = await app.waitFor(/!12 Add biometric login · opened · /);
  expectOnlySgr(frame);
});
