// A tab of the project pane is a feature's declaration alone (Feature.tab: name, place, label,
// view, list): a feature the stock app does not have, registered beside the others as a folder and
// one line of src/app/features.ts would register it, shows in the tab bar in its place, Tab cycles
// to it and on past it, its number key jumps to it and help names that key after it. A pane kind
// of its own is one spec (Feature.specs: view, crumb, list, scopes, Enter): the app draws it, names
// it in the trail, loads and moves through its list, and runs its keys. Nothing in the core or the
// project pane names either.
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/app/features.js';
import type { Feature } from '../../src/store/feature.js';
import { tabCommand } from '../../src/store/palette.js';
import { topPane } from '../../src/store/store.js';
import * as nav from '../../src/store/nav.js';
import { listOf } from '../../src/store/store.js';
import type { ListKey, TabName } from '../../src/store/types.js';
import { Text } from '../../src/ui/components/Text.js';
import { useList } from '../../src/ui/use-list.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { buildRegistry } from '../../src/store/registry.js';

// The stock app's tabs, as its features declare them: the test's tab goes after the last, so a
// feature adding a tab of its own does not have to edit this test.
const STOCK = buildRegistry(FEATURES).tabPlacesOf('project');
const N = STOCK.length + 1;
const stockBar = STOCK.map((t, i) => `${i + 1} ${t.label}`).join(' │ ');

const notesFeature: Feature = {
  name: 'notes',
  tab: {
    of: 'project',
    // A tab name the app does not declare (store/types.ts PaneTabs): a test's own.
    name: 'notes' as TabName,
    place: STOCK[STOCK.length - 1]!.place + 1,
    label: 'Notes',
    view: ({ pane, width }) => createElement(Text, { wrap: 'truncate' }, `the notes of ${pane.path} (${width} columns)`),
  },
  // Its own `:` name, as every tab's (`:pipelines`, `:environments`): the core's tabCommand.
  palette: { notes: tabCommand('notes' as TabName, { usage: 'notes', description: 'the project’s notes' }) },
};

// The test's own pane kind, list kind, scope and command (declaration merging, as a feature declares its own).
declare module '../../src/store/types.js' {
  interface PaneKinds {
    notebook: { kind: 'notebook'; book: string };
  }
  interface ListKeyKinds {
    notebook: { kind: 'notebook'; book: string };
  }
}
declare module '../../src/keymap/bindings.js' {
  interface FeatureScopes {
    notebook: true;
  }
  interface FeatureCommands {
    'notebook.star': true;
  }
}

interface Note {
  id: number;
  text: string;
}
const NOTES: Note[] = [
  { id: 1, text: 'buy milk' },
  { id: 2, text: 'fix the runner' },
  { id: 3, text: 'call Ada' },
];
const bookList = (book: string): ListKey => ({ kind: 'notebook', book });

function NotebookPane({ pane }: { pane: { kind: 'notebook'; book: string } }) {
  const { list, rows } = useList<Note>(bookList(pane.book));
  const lines = rows.map((note, i) => `${i === list.selected ? '>' : ' '} ${note.text}`);
  return createElement(Text, null, [`the ${pane.book} book`, ...lines].join('\n'));
}

/** What the notebook's Enter and its own key did, in order. */
const done: string[] = [];

const notebookFeature: Feature = {
  name: 'notebook',
  specs: {
    notebook: {
      view: NotebookPane,
      crumb: (_s, pane) => `book ${pane.book}`,
      list: (pane) => bookList(pane.book),
      scopes: () => ['notebook', 'list', 'global'],
      open(ctx, pane) {
        const at = listOf<Note>(ctx.store.getState(), bookList(pane.book));
        done.push(`open ${at.items[at.selected]?.text}`);
        return true;
      },
    },
  },
  listKinds: ['notebook'],
  source: (key) =>
    key.kind === 'notebook'
      ? {
          fetch: async () => ({ items: NOTES, page: 1, nextPage: null }),
          idOf: (n) => (n as Note).id,
          textOf: (n) => (n as Note).text,
          complete: true,
          perPage: 50,
        }
      : undefined,
  palette: {
    notebook: {
      usage: 'notebook <name>',
      description: 'a book of notes',
      run(ctx, args) {
        nav.push(ctx.store, { kind: 'notebook', book: args[0] ?? 'work' });
        return null;
      },
    },
  },
  scopeNames: { notebook: 'a notebook' },
  commands: [
    {
      command: 'notebook.star',
      keys: ['*'],
      description: 'Star the book',
      category: 'Actions',
      scopes: ['notebook'],
      run: (_ctx, pane) => void done.push(`star ${(pane as { book?: string }).book}`),
    },
  ],
};

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const tabOf = (rig: AppRig): string | undefined => (topPane(rig.store.getState()) as { tab?: string }).tab;

async function openProject(features: readonly Feature[], columns?: number): Promise<AppRig> {
  const rig = (app = await startApp({ features, ...(columns ? { columns, rows: 24 } : {}) }));
  await rig.waitFor('acme/api');
  await rig.press(':');
  await rig.type('project acme/api\r');
  await rig.until(() => tabOf(rig) === 'pipelines', 'the project pane');
  return rig;
}

describe('a feature with a tab of the project pane', () => {
  it('shows in the tab bar in its place; Tab cycles to it and past it; its number jumps to it', async () => {
    const rig = await openProject([...FEATURES, notesFeature], 160);
    expect(await rig.waitFor(`${N} Notes`)).toContain(`${stockBar} │ ${N} Notes`);

    // Tab: through the stock tabs after the first, then the test's, then round to the first.
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < N; i++) {
      await rig.press(KEY.tab);
      await rig.until(() => tabOf(rig) !== (seen[i - 1] ?? 'pipelines'), `Tab number ${i + 1}`);
      seen.push(tabOf(rig));
    }
    expect(seen).toEqual([...STOCK.slice(1).map((t) => t.name), 'notes', STOCK[0]!.name]);

    // Its number key, from another tab: its body is drawn below the bar.
    await rig.press('2');
    await rig.until(() => tabOf(rig) === STOCK[1]!.name, 'the second tab');
    await rig.press(String(N));
    await rig.until(() => tabOf(rig) === 'notes', 'the Notes tab');
    expect(await rig.waitFor('the notes of acme/api')).toContain(`${N} Notes`);

    // Help names the key after the tab.
    await rig.press('?');
    await rig.waitFor(new RegExp(`${N}\\s+Notes tab`));
  });

  it('names the tab in front at 80 columns when the whole bar does not fit, the others by their number', async () => {
    const rig = await openProject(
      [...FEATURES, notesFeature, { name: 'more', tab: { ...notesFeature.tab!, name: 'more' as TabName, place: 100, label: 'More notes' } }],
      80,
    );
    const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i)).join(' │ ');
    const bar = (frame: string) => frame.split('\n').find((line) => /^ 1 /.test(line))!;
    expect(bar(await rig.waitFor(/ 1 Pipelines │ 2 │/))).toMatch(new RegExp(`^ 1 Pipelines │ ${numbers(2, N + 1)} `));
    await rig.press(String(N));
    expect(bar(await rig.waitFor('the notes of acme/api'))).toMatch(new RegExp(`^ ${numbers(1, N - 1)} │ ${N} Notes │ ${N + 1} `));
  });

  it('answers its own `:` name: in the project it switches the tab; deeper, the trail keeps that project', async () => {
    const rig = await openProject([...FEATURES, notesFeature]);
    await rig.press(':');
    await rig.type('notes\r');
    await rig.until(() => tabOf(rig) === 'notes', ':notes on the project pane');
    expect(rig.store.getState().stack.map((p) => p.kind)).toEqual(['projects', 'project']);
    expect(await rig.waitFor('the notes of acme/api')).toContain(`${N} Notes`);

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

  it('leaves the stock app as it was: its own tabs, and the next number does nothing', async () => {
    const rig = await openProject(FEATURES, 160);
    const frame = await rig.waitFor(`${N - 1} ${STOCK[N - 2]!.label}`);
    const bar = frame.split('\n').find((line) => line.includes('1 Pipelines'))!;
    expect(bar).toContain(stockBar);
    expect(bar).not.toMatch(new RegExp(`│ ${N} `));
    await rig.press(String(N), '2');
    await rig.until(() => tabOf(rig) === STOCK[1]!.name, 'the second tab after N then 2');
    // N, then Tab: from the second tab, Tab is the third only if N left the tab where it was.
    await rig.press(String(N), KEY.tab);
    await rig.until(() => tabOf(rig) !== STOCK[1]!.name, 'Tab after N');
    expect(tabOf(rig)).toBe(STOCK[2]!.name);
  });
});

describe('a pane kind of a feature of its own, registered through one spec', () => {
  it('draws its view, names it in the trail, loads and moves through its list, runs Enter and its keys', async () => {
    done.length = 0;
    const rig = (app = await startApp({ features: [...FEATURES, notebookFeature] }));
    await rig.waitFor('acme/api');
    await rig.press(':');
    await rig.type('notebook work\r');
    // Its view, with its list's rows read through its list kind's source.
    const frame = await rig.waitFor('> buy milk');
    expect(frame).toContain('the work book');
    // Its crumb in the header's trail.
    expect(frame).toMatch(/projects › book work/);
    // The core's moving keys move its list's cursor; Enter is its own.
    await rig.press('j', 'j');
    await rig.waitFor('> call Ada');
    await rig.press(KEY.enter);
    await rig.until(() => done.length === 1, 'Enter on the notebook');
    // Its scopes: its own command's key runs here, and help names the scope its way.
    await rig.press('*');
    await rig.until(() => done.length === 2, 'its key');
    expect(done).toEqual(['open call Ada', 'star work']);
    await rig.press('?');
    await rig.waitFor('Here: a notebook');
  });
});
