// The registry's tables (store/registry.ts): one owner for each pane kind, tab, list kind, `:` name
// and feature name, whatever order the features come in; two claims are an error at start, named.
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../app/features.js';
import type { AnyTabPlace, Feature, PaletteCommand, TabPlace } from './feature.js';
import { buildRegistry } from './registry.js';
import { defaultBindings } from './keymap.js';
import type { Pane, TabName } from './types.js';
import type { Scope } from '../keymap/bindings.js';

const run: PaletteCommand['run'] = () => null;
/** A tab of the project pane, for the claims below. */
const tab = (name: string, place: number): AnyTabPlace => ({ of: 'project', name: name as TabName, place, label: name, view: () => null });
const pane = (kind: string, extra: object = {}) => ({ kind, ...extra }) as unknown as Pane;

describe('the registry', () => {
  it('finds the same owners in the registry order, reversed', () => {
    const listed = buildRegistry(FEATURES);
    const reversed = buildRegistry([...FEATURES].reverse());
    const panes = [
      pane('projects'),
      pane('project', { tab: 'pipelines' }),
      pane('project', { tab: 'jobs' }),
      pane('project', { tab: 'events' }),
      pane('pipeline'),
      pane('job'),
      pane('pulse'),
      pane('allJobs'),
    ];
    // Who answers for a pane: its tab's place, then its kind's spec — the same objects in either order.
    const named = (f: string) => FEATURES.find((feature) => feature.name === f)!;
    for (const p of panes) expect(reversed.answerersOf(p)).toEqual(listed.answerersOf(p));
    expect(listed.answerersOf(pane('project', { tab: 'jobs' }))).toEqual([named('jobs').tab, named('projects').specs!.project]);
    expect(listed.answerersOf(pane('job'))).toEqual([named('log').specs!.job]);
    expect(listed.tabsOf('project')).toEqual(['pipelines', 'jobs', 'schedules', 'deployments', 'events', 'environments']);
    expect(reversed.tabsOf('project')).toEqual(listed.tabsOf('project'));
    expect(listed.listOwner({ kind: 'pipelineJobs', projectId: 1, pipelineId: 2 })?.name).toBe('jobs');
    expect([...listed.palette.keys()].sort()).toEqual([...reversed.palette.keys()].sort());
    expect(listed.palette.get('jobs')).toBe(FEATURES.find((f) => f.name === 'alljobs')!.palette!.jobs);
  });

  it('refuses two owners of a pane kind, a tab, a list kind, a `:` name or a feature name', () => {
    const a: Feature = { name: 'a', specs: { key: { view: () => null } } };
    expect(() => buildRegistry([a, { name: 'b', specs: { key: { view: () => null } } }])).toThrow('The pane kind "key" is claimed by two features: a and b');
    expect(() => buildRegistry([a, { name: 'a' }])).toThrow('The feature name "a" is claimed by two features');
    expect(() =>
      buildRegistry([
        { name: 'a', tab: tab('x', 1) },
        { name: 'b', tab: tab('x', 2) },
      ]),
    ).toThrow('The tab "x" of the project pane is claimed by two features: a and b');
    expect(() =>
      buildRegistry([
        { name: 'a', tab: tab('x', 1) },
        { name: 'b', tab: tab('y', 1) },
      ]),
    ).toThrow('Place 1 of the project pane\'s tabs is claimed twice: "x" and "y"');
    expect(() =>
      buildRegistry([
        { name: 'a', listKinds: ['projects'] },
        { name: 'b', listKinds: ['projects'] },
      ]),
    ).toThrow('The list kind "projects" is claimed by two features: a and b');
    expect(() =>
      buildRegistry([
        { name: 'a', palette: { jobs: { usage: 'jobs', description: '', run } } },
        { name: 'b', palette: { tabs: { usage: 'tabs', description: '', aliases: ['jobs'], run } } },
      ]),
    ).toThrow('The palette name ":jobs" is claimed by two features: a and b');
    expect(() => buildRegistry([{ name: 'palette' }])).toThrow('the palette is the core');
  });
});

describe("a pane's spec", () => {
  it('answers everything about its pane kind, registered once: view, crumb, list, scopes, Enter', () => {
    const opened: number[] = [];
    const view = () => null;
    // A test's own pane kind: `key` stands for it here, its spec the only thing that names it.
    const notes: Feature = {
      name: 'notes',
      specs: {
        key: {
          view,
          crumb: (_s, p) => `note #${p.keyId}`,
          list: (p) => ({ kind: 'requests', note: p.keyId }) as never,
          scopes: () => ['key', 'global'],
          open: (_ctx, p) => opened.push(p.keyId) > 0,
        },
      },
    };
    const registry = buildRegistry([...FEATURES.filter((f) => f.name !== 'keys'), notes]);
    const note = pane('key', { keyId: 7 });
    expect(registry.specOf('key')?.view).toBe(view);
    expect(registry.specOf('key')?.crumb?.({} as never, note)).toBe('note #7');
    expect(registry.listOf(note)).toEqual({ kind: 'requests', note: 7 });
    expect(registry.answer(note, (answers) => answers.scopes?.(note))).toEqual(['key', 'global']);
    expect(registry.answer(note, (answers) => answers.open?.(registry as never, note))).toBe(true);
    expect(opened).toEqual([7]);
    expect(registry.answerersOf(note)).toEqual([notes.specs!.key]);
    // Nothing answers what it does not say: no page of its own, and no other kind's answers.
    expect(registry.answer(note, (answers) => answers.url?.(registry as never, note))).toBeUndefined();
    // Two specs for one kind are an error at start, naming both features, whatever their order.
    expect(() => buildRegistry([...FEATURES, notes])).toThrow('The pane kind "key" is claimed by two features: keys and notes');
    expect(() => buildRegistry([notes, ...FEATURES])).toThrow('The pane kind "key" is claimed by two features: notes and keys');
  });

  it("answers for its tab before the pane kind's spec, the tab first, found once whatever the order", () => {
    const host: Feature = {
      name: 'host',
      specs: { project: { view: () => null, scopes: () => ['project', 'global'], url: () => ({ url: 'https://host.example/kind-spec' }), open: () => true } },
    };
    const guest: Feature = {
      name: 'guest',
      tab: {
        ...(tab('x', 1) as TabPlace<'project'>),
        scopes: (): Scope[] => ['jobs', 'project', 'list', 'global'],
        url: () => ({ url: 'https://guest.example/tab' }),
      },
    };
    for (const features of [
      [host, guest],
      [guest, host],
    ]) {
      const registry = buildRegistry(features);
      const onTab = pane('project', { tab: 'x' });
      const elsewhere = pane('project', { tab: 'y' });
      // The tab's place, then the kind's spec.
      expect(registry.answer(onTab, (a) => a.scopes?.(onTab))).toEqual(['jobs', 'project', 'list', 'global']);
      expect(registry.answer(onTab, (a) => a.url?.(registry as never, onTab))?.url).toBe('https://guest.example/tab');
      expect(registry.answer(onTab, (a) => a.open?.(registry as never, onTab))).toBe(true);
      expect(registry.answer(elsewhere, (a) => a.scopes?.(elsewhere))).toEqual(['project', 'global']);
      expect(registry.answer(elsewhere, (a) => a.url?.(registry as never, elsewhere))?.url).toBe('https://host.example/kind-spec');
      expect(registry.answerersOf(onTab)).toHaveLength(2);
    }
  });
});

describe('the default keymap', () => {
  it('has one command per key and scope across the core and every feature', () => {
    const bindings = defaultBindings(FEATURES);
    expect(bindings.length).toBeGreaterThan(100);
  });

  it('refuses two features binding one key in one scope, naming both, whatever their order', () => {
    const a = { name: 'a', commands: [{ command: 'job.retry', keys: ['%'], scopes: ['jobs'], description: 'a' }] } as unknown as Feature;
    const b = { name: 'b', commands: [{ command: 'job.cancel', keys: ['%'], scopes: ['jobs'], description: 'b' }] } as unknown as Feature;
    expect(() => defaultBindings([a, b])).toThrow('Two commands bind % in the jobs scope: job.retry and job.cancel');
    expect(() => defaultBindings([b, a])).toThrow('Two commands bind % in the jobs scope: job.cancel and job.retry');
    // The same command on the same key twice is one binding, not a clash.
    expect(() => defaultBindings([a, a])).not.toThrow();
  });
});

describe("the project's pane on a trail", () => {
  const projects: Feature = {
    name: 'projects',
    specs: { project: { view: () => null } },
    projects: { kind: 'project', open: (project, tab) => ({ kind: 'project', ...project, tab }) as Pane, home: () => null },
  };
  const at = { projectId: 7, path: 'acme/web' };

  it('opens on the tab in the lowest place unless asked for another, whatever order the tabs come in', () => {
    for (const features of [
      [projects, { name: 'b', tab: tab('later', 5) }, { name: 'a', tab: tab('first', 2) }],
      [{ name: 'a', tab: tab('first', 2) }, projects, { name: 'b', tab: tab('later', 5) }],
    ]) {
      const registry = buildRegistry(features);
      expect(registry.projects!.open(at)).toEqual({ kind: 'project', projectId: 7, path: 'acme/web', tab: 'first' });
      expect(registry.projects!.open(at, 'later' as TabName)).toEqual({ kind: 'project', projectId: 7, path: 'acme/web', tab: 'later' });
    }
    // The stock app's first tab is the pipelines feature's.
    expect(buildRegistry(FEATURES).projects!.open(at)).toMatchObject({ kind: 'project', tab: 'pipelines' });
  });

  it('says so when no feature declares a tab of it', () => {
    expect(() => buildRegistry([projects]).projects!.open(at)).toThrow('The project pane has no tab to open on: no feature declares one');
  });
});
