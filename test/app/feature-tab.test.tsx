// A tab of the project pane is a feature's declaration alone (Feature.tab: name, place, label,
// view, list): a feature the stock app does not have, registered beside the others as a folder and
// one line of src/app/features.ts would register it, shows in the tab bar in its place, Tab cycles
// to it and on past it, its number key jumps to it and help names that key after it. Nothing in
// the core or the project pane names it.
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/app/features.js';
import type { Feature } from '../../src/store/feature.js';
import { tabCommand } from '../../src/store/palette.js';
import { topPane } from '../../src/store/store.js';
import type { TabName } from '../../src/store/types.js';
import { Text } from '../../src/ui/components/Text.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const notesFeature: Feature = {
  name: 'notes',
  tab: {
    of: 'project',
    // A tab name the app does not declare (store/types.ts PaneTabs): a test's own.
    name: 'notes' as TabName,
    place: 7,
    label: 'Notes',
    view: ({ pane, width }) => createElement(Text, { wrap: 'truncate' }, `the notes of ${pane.path} (${width} columns)`),
  },
  // Its own `:` name, as every tab's (`:pipelines`, `:environments`): the core's tabCommand.
  palette: { notes: tabCommand('notes' as TabName, { usage: 'notes', description: 'the project’s notes' }) },
};

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const tabOf = (rig: AppRig): string | undefined => (topPane(rig.store.getState()) as { tab?: string }).tab;

async function openProject(features: readonly Feature[]): Promise<AppRig> {
  const rig = (app = await startApp({ features }));
  await rig.waitFor('acme/api');
  await rig.press(':');
  await rig.type('project acme/api\r');
  await rig.until(() => tabOf(rig) === 'pipelines', 'the project pane');
  return rig;
}

describe('a feature with a tab of the project pane', () => {
  it('shows in the tab bar in its place; Tab cycles to it and past it; 7 jumps to it', async () => {
    const rig = await openProject([...FEATURES, notesFeature]);
    const bar = await rig.waitFor('7 Notes');
    expect(bar).toMatch(/1 Pipelines\s*│\s*2 Jobs\s*│\s*3 Schedules\s*│\s*4 Deployments\s*│\s*5 Events\s*│\s*6 Environments\s*│\s*7 Notes/);

    // Tab: 2, 3, 4, 5, 6, then the seventh, then round to the first.
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 7; i++) {
      await rig.press(KEY.tab);
      await rig.until(() => tabOf(rig) !== (seen[i - 1] ?? 'pipelines'), `Tab number ${i + 1}`);
      seen.push(tabOf(rig));
    }
    expect(seen).toEqual(['jobs', 'schedules', 'deployments', 'events', 'environments', 'notes', 'pipelines']);

    // Its number key, from another tab: its body is drawn below the bar.
    await rig.press('2');
    await rig.until(() => tabOf(rig) === 'jobs', 'the Jobs tab');
    await rig.press('7');
    await rig.until(() => tabOf(rig) === 'notes', 'the Notes tab');
    expect(await rig.waitFor('the notes of acme/api')).toContain('7 Notes');

    // Help names the key after the tab.
    await rig.press('?');
    await rig.waitFor(/7\s+Notes tab/);
  });

  it('answers its own `:` name: in the project it switches the tab; deeper, the trail keeps that project', async () => {
    const rig = await openProject([...FEATURES, notesFeature]);
    await rig.press(':');
    await rig.type('notes\r');
    await rig.until(() => tabOf(rig) === 'notes', ':notes on the project pane');
    expect(rig.store.getState().stack.map((p) => p.kind)).toEqual(['projects', 'project']);
    expect(await rig.waitFor('the notes of acme/api')).toContain('7 Notes');

    // From a pipeline of the project: the project pane on its Notes tab, the pipeline gone.
    await rig.press('1');
    await rig.until(() => tabOf(rig) === 'pipelines', 'the Pipelines tab');
    await rig.waitFor(/#\d+/);
    await rig.press(KEY.enter);
    await rig.until(() => topPane(rig.store.getState()).kind === 'pipeline', 'a pipeline');
    await rig.press(':');
    await rig.type('notes\r');
    await rig.until(() => tabOf(rig) === 'notes', ':notes from the pipeline');
    expect(rig.store.getState().stack.map((p) => p.kind)).toEqual(['projects', 'project']);
    expect(topPane(rig.store.getState())).toMatchObject({ kind: 'project', path: 'acme/api' });
  });

  it('leaves the stock app as it was: six tabs, and 7 does nothing', async () => {
    const rig = await openProject(FEATURES);
    const bar = await rig.waitFor('6 Environments');
    expect(bar).not.toContain('7 ');
    await rig.press('7', '2');
    await rig.until(() => tabOf(rig) === 'jobs', 'the Jobs tab after 7 then 2');
    // 7, then Tab: from Jobs, Tab is Schedules only if 7 left the tab where it was.
    await rig.press('7', KEY.tab);
    await rig.until(() => tabOf(rig) !== 'jobs', 'Tab after 7');
    expect(tabOf(rig)).toBe('schedules');
  });
});
