// A list read still on its way when the list's server-side filters change answers the old
// question: its rows must not land in the list that now asks another. GitLab is made slow for that
// one read (the simulator holds it until the test lets it go), the filters change, the new rows
// show; then the old answer arrives — and the list still shows only what the filters ask for.
import { afterEach, describe, expect, it } from 'vitest';
import type { Event, PipelineBasic, PipelineSchedule } from '../../src/api/index.js';
import type { LoggedRequest } from '../../src/sim/index.js';
import { listKeyText, type ListKey, type ListState, type Pane } from '../../src/store/types.js';
import type { TabName } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';
import { schedulesList } from '../../src/features/schedules/slice.js';
import { eventLists } from '../../src/features/activity/types.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function acmeApi(): Promise<{ rig: AppRig; id: number }> {
  app = await startApp();
  await app.waitFor('acme/api');
  const id = [...app.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!.id;
  return { rig: app, id };
}

/**
 * Holds GitLab's answer to the next GET of `path` until `release` is called; `request` is that GET
 * once it has been sent.
 */
function hold(rig: AppRig, path: string): { release: () => void; request: () => LoggedRequest | undefined } {
  let release = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  const from = rig.sim.requests.length;
  rig.sim.faults.add({ kind: 'delay', method: 'GET', path, until });
  return { release, request: () => rig.sim.requests.slice(from).find((r) => r.method === 'GET' && r.path.split('?')[0] === path) };
}

/**
 * Lets the held answer go and waits until the app has read it: GitLab has sent it whole, then one
 * more exchange goes through the same event loop (the held answer was on the wire before it began).
 */
async function letGo(rig: AppRig, held: ReturnType<typeof hold>): Promise<void> {
  expect(held.request()?.status, 'the held read was still on its way when the filters changed').toBe(0);
  held.release();
  await rig.until(() => held.request()!.status !== 0, 'the held answer to be sent');
  for (let i = 0; i < 2; i++) await (await fetch(`${rig.sim.url}/api/v4/version`)).arrayBuffer();
}

/** acme/api's pane, on `tab`, as Enter on its row and a tab key would open it. */
function openTab(rig: AppRig, id: number, tab: TabName): void {
  rig.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: id, path: 'acme/api', tab } as Pane] }));
}

const listOf = <T,>(rig: AppRig, key: ListKey) => rig.store.getState().lists[listKeyText(key)] as ListState<T> | undefined;
const loaded = (rig: AppRig, key: ListKey) => () => {
  const list = listOf(rig, key);
  return !!list && list.loadedAt !== null && !list.loading;
};

async function filterPipelines(rig: AppRig, text: string): Promise<void> {
  await rig.press('f');
  await rig.waitFor('Filter pipelines:');
  await rig.press('\u0015');
  await rig.type(text);
  await rig.press(KEY.enter);
  await rig.waitFor(`filters: ${text}`);
}

describe('a list whose filters change while a read is on its way', () => {
  it('pipelines: the first page read before `f status=failed` does not put unfiltered rows back', async () => {
    const { rig, id } = await acmeApi();
    const key = listKeys.pipelines(id);
    const held = hold(rig, `/projects/${id}/pipelines`);
    openTab(rig, id, 'pipelines');
    await rig.until(() => held.request() !== undefined, 'the first read of the pipelines');
    await filterPipelines(rig, 'status=failed');
    await rig.until(loaded(rig, key), 'the failed pipelines');
    const failed = listOf<PipelineBasic>(rig, key)!.items.map((p) => p.id);
    expect(failed.length).toBeGreaterThan(3);
    await letGo(rig, held);
    const items = listOf<PipelineBasic>(rig, key)!.items;
    expect(items.filter((p) => p.status !== 'failed').map((p) => `#${p.id} ${p.status}`)).toEqual([]);
    expect(items.map((p) => p.id)).toEqual(failed);
    const rows = rig
      .frame()
      .split('\n')
      .filter((l) => /#\d{4}/.test(l));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((l) => /✖ failed\s+#\d+/.test(l))).toBe(true);
  });

  it('pipelines: the next page read before the filter changed is not added to the new list', async () => {
    const { rig, id } = await acmeApi();
    const key = listKeys.pipelines(id);
    openTab(rig, id, 'pipelines');
    await rig.until(loaded(rig, key), 'the pipelines');
    expect(listOf(rig, key)!.nextPage).toBe(2);
    const held = hold(rig, `/projects/${id}/pipelines`);
    // To the bottom: the next page is read as the cursor nears the end.
    await rig.press('G');
    await rig.until(() => held.request() !== undefined, 'the read of page 2');
    expect(new URLSearchParams(held.request()!.path.split('?')[1]).get('page')).toBe('2');
    await filterPipelines(rig, 'status=failed');
    await rig.until(loaded(rig, key), 'the failed pipelines');
    const failed = listOf<PipelineBasic>(rig, key)!.items.map((p) => p.id);
    await letGo(rig, held);
    const items = listOf<PipelineBasic>(rig, key)!.items;
    expect(items.filter((p) => p.status !== 'failed').map((p) => `#${p.id} ${p.status}`)).toEqual([]);
    expect(items.map((p) => p.id)).toEqual(failed);
  });

  it('pipelines: a re-read (R) on its way when the filter changed does not put unfiltered rows back', async () => {
    const { rig, id } = await acmeApi();
    const key = listKeys.pipelines(id);
    openTab(rig, id, 'pipelines');
    await rig.until(loaded(rig, key), 'the pipelines');
    const held = hold(rig, `/projects/${id}/pipelines`);
    await rig.press('R');
    await rig.until(() => held.request() !== undefined, 'the re-read of the pipelines');
    await filterPipelines(rig, 'status=failed');
    await rig.until(loaded(rig, key), 'the failed pipelines');
    const failed = listOf<PipelineBasic>(rig, key)!.items.map((p) => p.id);
    await letGo(rig, held);
    expect(listOf<PipelineBasic>(rig, key)!.items.map((p) => p.id)).toEqual(failed);
  });

  it('schedules: the read before `f` (scope active) does not put the inactive schedule back', async () => {
    const { rig, id } = await acmeApi();
    const key = schedulesList(id);
    const held = hold(rig, `/projects/${id}/pipeline_schedules`);
    openTab(rig, id, 'schedules');
    await rig.until(() => held.request() !== undefined, 'the first read of the schedules');
    await rig.press('f');
    await rig.waitFor('2 schedules · scope: active');
    await letGo(rig, held);
    expect(listOf<PipelineSchedule>(rig, key)!.items.map((s) => s.active)).toEqual([true, true]);
    expect(rig.frame()).toContain('2 schedules · scope: active');
  });

  it('events: the read before `f action=pushed` does not put other events back', async () => {
    const { rig, id } = await acmeApi();
    const key = eventLists.project(id);
    const held = hold(rig, `/projects/${id}/events`);
    openTab(rig, id, 'events');
    await rig.until(() => held.request() !== undefined, 'the first read of the events');
    await rig.press('f');
    await rig.waitFor('Filter activity:');
    await rig.type('action=pushed');
    await rig.press(KEY.enter);
    await rig.waitFor('filters: action=pushed');
    await rig.until(loaded(rig, key), 'the pushes');
    const pushes = listOf<Event>(rig, key)!.items.map((e) => e.id);
    expect(pushes.length).toBeGreaterThan(5);
    await letGo(rig, held);
    expect(listOf<Event>(rig, key)!.items.map((e) => e.id)).toEqual(pushes);
  });
});
