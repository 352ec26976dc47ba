// Watched pipelines through the real app: `m` marks one (a glyph on its row and its pane), a marked
// pipeline keeps being read while its pane is not in front, and when it ends the user gets a toast
// and the terminal bytes (bell, OSC 777/9, title) through the platform — only the channels turned on.
import { afterEach, describe, expect, it } from 'vitest';
import { createGitLab, type PipelineBasic } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { listOf, topPane } from '../../src/store/store.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';

const DEPLOYER = 20102;
const RUNNING = 700027;
// Marks are read at the running cadence (activeMs); everything else stays quiet.
const timing = { activeMs: 100, idleMs: 600_000, maxBackoffMs: 600_000 };

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** Opens the deployer's pipelines with `pipelineId` under the cursor. */
async function selectPipeline(rig: AppRig, pipelineId: number): Promise<void> {
  rig.store.setState((s) => ({
    stack: [...s.stack.slice(0, 1), { kind: 'project', projectId: DEPLOYER, path: 'acme/platform/deployer', tab: 'pipelines' } as Pane],
  }));
  const key = listKeys.pipelines(DEPLOYER);
  // Its row loaded (a toast may name the pipeline first): a `j` typed before waits for the rows.
  await rig.until(() => listOf<PipelineBasic>(rig.store.getState(), key).items.some((p) => p.id === pipelineId), `pipeline #${pipelineId} in the list`);
  for (let i = 0; i < 30 && listOf<PipelineBasic>(rig.store.getState(), key).items[listOf(rig.store.getState(), key).selected]?.id !== pipelineId; i++)
    await rig.press('j');
  expect(listOf<PipelineBasic>(rig.store.getState(), key).items[listOf(rig.store.getState(), key).selected]?.id).toBe(pipelineId);
}

const pipelineGets = (rig: AppRig, id: number) => rig.sim.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0]!.endsWith(`/pipelines/${id}`));

describe('watched pipelines', () => {
  it('m marks a running pipeline; off screen it is still read, and its end is told by toast and terminal bytes', async () => {
    app = await startApp({ timing });
    const rig = app;
    await selectPipeline(rig, RUNNING);
    await rig.press('m');
    await rig.waitFor(`Watching pipeline #${RUNNING}`);
    await rig.waitFor(`#${RUNNING} ◆`);
    expect(rig.store.getState().marks[RUNNING]).toMatchObject({ projectId: DEPLOYER, status: 'running' });

    // Its pane shows the mark too.
    await rig.press(KEY.enter);
    await rig.waitFor(/#700027 ◆ watched/);
    // Away from it: the projects list is in front, yet the pipeline is read (cheaply, alone).
    await rig.press(KEY.escape, KEY.escape);
    await rig.until(() => topPane(rig.store.getState()).kind === 'projects', 'the projects list');
    const before = pipelineGets(rig, RUNNING).length;
    await rig.until(() => pipelineGets(rig, RUNNING).length >= before + 2, 'the mark to be polled');
    expect(rig.written).toEqual([]);

    // It ends elsewhere (someone cancels it in GitLab's web page).
    const other = createGitLab({ baseUrl: rig.sim.url, token: DEMO_TOKENS.other, sleep: async () => {} });
    await other.pipelines.cancel(DEPLOYER, RUNNING);
    await rig.waitFor(`Pipeline #${RUNNING} on main was canceled`);
    await rig.until(() => rig.written.length > 0, 'the notification bytes');
    const bytes = rig.written.join('');
    expect(bytes).toContain(`\x1b]777;notify;pipetop: pipeline was canceled;#${RUNNING} was canceled · main · acme/platform/deployer\x07`);
    expect(bytes).toContain(`\x1b]9;pipetop: pipeline was canceled: #${RUNNING} was canceled`);
    expect(bytes).toContain('\x1b]2;pipetop: pipeline was canceled\x07');
    expect(bytes.endsWith('\x07')).toBe(true);
    // The mark now holds the ending: it is told once, and an ended mark is not polled any more.
    expect(rig.store.getState().marks[RUNNING]?.status).toBe('canceled');
    expect(rig.written).toHaveLength(1);
  });

  it('the channels turned off write nothing; m again unmarks', async () => {
    app = await startApp({ timing, notifications: { bell: false, desktop: false, title: true }, env: { TMUX: '/tmp/tmux-1/default,1,0' } });
    const rig = app;
    await selectPipeline(rig, RUNNING);
    await rig.press('m');
    await rig.waitFor(`#${RUNNING} ◆`);
    await rig.press(KEY.escape);
    const other = createGitLab({ baseUrl: rig.sim.url, token: DEMO_TOKENS.other, sleep: async () => {} });
    await other.pipelines.cancel(DEPLOYER, RUNNING);
    await rig.waitFor(`Pipeline #${RUNNING} on main was canceled`);
    await rig.until(() => rig.written.length > 0, 'the title bytes');
    // Only the title, through tmux's pass-through; no bell, no desktop notification.
    expect(rig.written.join('')).toBe('\x1bPtmux;\x1b\x1b]2;pipetop: pipeline was canceled\x07\x1b\\');
    await selectPipeline(rig, RUNNING);
    await rig.press('m');
    await rig.waitFor(`Stopped watching pipeline #${RUNNING}`);
    expect(rig.store.getState().marks[RUNNING]).toBeUndefined();
  });

  it('a pipeline retried with r is watched by itself, and its end is told', async () => {
    app = await startApp({ timing });
    const rig = app;
    const failed = [...rig.sim.world.pipelines.values()].find((p) => p.projectId === DEPLOYER && p.status === 'failed');
    expect(failed).toBeDefined();
    await selectPipeline(rig, failed!.id);
    await rig.press('r');
    // A pipeline's retry asks, naming what runs again (store/confirm-run.ts).
    await rig.until(() => rig.store.getState().confirm !== null && !rig.store.getState().confirm!.checking, 'the checked question');
    await rig.press('y');
    await rig.waitFor(/Retried pipeline/);
    await rig.waitFor(`#${failed!.id} ◆`);
    expect(rig.store.getState().marks[failed!.id]?.status).not.toBe('failed');
    await rig.press(KEY.escape);
    // Time passes in the simulated world until the retried jobs end.
    for (let i = 0; i < 120 && rig.written.length === 0; i++) {
      rig.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await rig.until(() => rig.written.length > 0, 'the notification');
    expect(rig.written.join('')).toMatch(new RegExp(`\\x1b\\]777;notify;pipetop: pipeline (passed|failed);#${failed!.id} `));
  });
});
