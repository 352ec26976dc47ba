// The pulse pane over a real store: its rows are worked out from the projects list and the pulse's
// pipelines (its own memo, PulsePane), re-sorted as pipelines arrive, the cursor kept by project;
// the poller's memo (memoPulseRows) belongs to its owner alone.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { PipelineBasic, Project } from '../../api/index.js';
import { createAppStore } from '../../app/create.js';
import { patchList, type AppStore } from '../../store/store.js';
import { setViewport } from '../../store/writers.js';
import { writePulse } from './slice.js';
import type { Controller } from '../../store/controller.js';
import { AppContext } from '../../ui/context.js';
import { ThemeContext, createTheme } from '../../ui/theme.js';
import { PulsePane } from './PulsePane.js';
import { memoPulseRows, pulseRows } from './rows.js';
import { listKeys } from '../../domain/list-keys.js';
import { registryOf } from '../../store/registry.js';
import { FEATURES } from '../../app/features.js';
import { until as waitUntil } from '../../../test/helpers/until.js';

afterEach(() => {
  cleanup();
});

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const iso = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

const project = (id: number, path: string, activeMinutesAgo: number): Project =>
  ({ id, path_with_namespace: path, default_branch: 'main', last_activity_at: iso(-activeMinutesAgo) }) as Project;

const pipeline = (id: number, status: string): PipelineBasic => ({ id, status, ref: 'main', sha: 'x', created_at: iso(-10), updated_at: iso(-5) });

function storeWith(projects: Project[]): AppStore {
  const store = createAppStore({ host: 'gitlab.test', demo: true, readOnly: false });
  patchList(store, listKeys.projects(), { items: projects, loadedAt: NOW });
  setViewport(store, { ...store.getState().viewport, width: 60, height: 10 });
  return store;
}

const setPipelines = (store: AppStore, id: number, pipelines: PipelineBasic[]) =>
  writePulse(store, (s) => ({ pulse: { ...s.pulse, pipelines: { ...s.pulse.pipelines, [id]: pipelines } } }));

function renderPane(store: AppStore, height = 10) {
  return render(
    <AppContext.Provider value={{ store, controller: {} as Controller, now: () => NOW, registry: registryOf(FEATURES) }}>
      <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
        <PulsePane width={60} height={height} />
      </ThemeContext.Provider>
    </AppContext.Provider>,
  );
}

/** The project paths of the rows, top to bottom. */
const paths = (frame: string | undefined): string[] =>
  (frame ?? '')
    .split('\n')
    .slice(2)
    .flatMap((line) => /acme\/\w+/.exec(line) ?? []);

const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeoutMs: 2000, everyMs: 5 });

describe('PulsePane', () => {
  it('re-sorts its rows when a project’s pipelines arrive, the cursor staying on its project', async () => {
    const store = storeWith([project(1, 'acme/api', 1), project(2, 'acme/web', 2), project(3, 'acme/docs', 3)]);
    writePulse(store, (s) => ({ pulse: { ...s.pulse, selectedId: 2 } }));
    const tall = renderPane(store);
    // One row of body: the window keeps the cursor's row in it, so that row is the one shown.
    const cursor = renderPane(store, 3);
    // Nothing read yet: the most recently active first.
    expect(paths(tall.lastFrame())).toEqual(['acme/api', 'acme/web', 'acme/docs']);
    expect(paths(cursor.lastFrame())).toEqual(['acme/web']);

    setPipelines(store, 1, [pipeline(11, 'success')]);
    setPipelines(store, 3, [pipeline(31, 'failed')]);
    // A red project goes to the top; the cursor follows acme/web to wherever it is now.
    await until(() => paths(tall.lastFrame())[0] === 'acme/docs', 'the failed project on top');
    // acme/web, not read yet, now comes after acme/api (read, green): its index moved, the cursor with it.
    expect(paths(tall.lastFrame())).toEqual(['acme/docs', 'acme/api', 'acme/web']);
    expect(pulseRows(store.getState()).map((r) => r.path)).toEqual(['acme/docs', 'acme/api', 'acme/web']);
    expect(paths(cursor.lastFrame())).toEqual(['acme/web']);
  });

  it('draws each app’s own rows: two stores side by side do not share them', async () => {
    const one = storeWith([project(1, 'acme/api', 1)]);
    const two = storeWith([project(2, 'acme/web', 1), project(3, 'acme/docs', 2)]);
    const first = renderPane(one);
    const second = renderPane(two);
    setPipelines(two, 3, [pipeline(31, 'failed')]);
    await until(() => paths(second.lastFrame())[0] === 'acme/docs', 'the second app re-sorted');
    expect(paths(first.lastFrame())).toEqual(['acme/api']);
    expect(paths(second.lastFrame())).toEqual(['acme/docs', 'acme/web']);
  });
});

describe('memoPulseRows', () => {
  it('gives the same rows while the projects and their pipelines are the same, and new ones when they change', () => {
    const store = storeWith([project(1, 'acme/api', 1), project(2, 'acme/web', 2)]);
    const rowsOf = memoPulseRows();
    const before = rowsOf(store.getState());
    // Another part of the state changes: the same array.
    writePulse(store, (s) => ({ pulse: { ...s.pulse, offset: 1 } }));
    expect(rowsOf(store.getState())).toBe(before);
    setPipelines(store, 2, [pipeline(21, 'failed')]);
    const after = rowsOf(store.getState());
    expect(after).not.toBe(before);
    expect(after.map((r) => r.path)).toEqual(['acme/web', 'acme/api']);
  });

  it('is one owner’s: a second memo over another store answers for that store', () => {
    const a = storeWith([project(1, 'acme/api', 1)]);
    const b = storeWith([project(2, 'acme/web', 1)]);
    const rowsOfA = memoPulseRows();
    const rowsOfB = memoPulseRows();
    const fromA = rowsOfA(a.getState());
    expect(rowsOfB(b.getState()).map((r) => r.path)).toEqual(['acme/web']);
    expect(rowsOfA(a.getState())).toBe(fromA);
  });
});
