// Who owns what among the features plugged in: each pane kind, each tab of a tabbed pane, each
// list kind, each `:` name, each confirm's and prompt's owner name — one feature each, in tables
// built once per feature list. A pane kind is owned through its spec (Feature.specs), a tab through
// its place (Feature.tab): every question about a pane goes to the tab's place, then the kind's spec,
// found once by kind and tab (answer). The controller, the poller, the core's commands, the palette
// and the shell's header and pane switch look them up here instead of asking the features in turn,
// so the order the registry lists them in (src/app/features.ts) changes nothing; two claims on one
// thing are an error at start, named.
import type { AnyTabPlace, Feature, PaletteCommand, PaneAnswers, PaneSpec, Retention } from './feature.js';
import type { AppState, ListKey, ListKind, Pane, PaneKind, TabName } from './types.js';

export interface Registry {
  readonly features: readonly Feature[];
  /** The feature whose source reads lists of this kind. */
  listOwner(key: ListKey): Feature | undefined;
  /** A feature by name (a confirm's or a prompt's owner). */
  named(name: string): Feature | undefined;
  /** The tabs of a pane kind, in their places (the project pane's: pipelines, jobs…). */
  tabsOf(kind: PaneKind): readonly string[];
  /** The tabs of a pane kind as their features declare them (label, view, list), in their places. */
  tabPlacesOf(kind: PaneKind): readonly AnyTabPlace[];
  /** The list the pane shows (and its cursor moves in): its tab's (TabPlace.list), else its kind's (PaneSpec.list). */
  listOf(pane: Pane): ListKey | null;
  /** A pane kind's spec (Feature.specs): its component, its crumb, what it answers. */
  specOf(kind: PaneKind): PaneSpec | undefined;
  /**
   * What answers for the pane, the most specific first: its tab's place (a tabbed pane: the project
   * pane's Jobs tab is the jobs feature's), then its kind's spec.
   */
  answerersOf(pane: Pane): readonly PaneAnswers[];
  /** Every pane kind's spec and every tab's place, each once (the poller makes their polls). */
  readonly answerers: readonly PaneAnswers[];
  /** The pane the app opens on when it is given none (Feature.first); null when no feature says. */
  readonly first: Pane | null;
  /** What each feature keeps of panes the user has left (Feature.retain), for store/retention.ts. */
  readonly retention: readonly Retention[];
  /** Every `:` name and alias, with the command it runs. */
  readonly palette: ReadonlyMap<string, PaletteCommand>;
  /** Panes a trail starts from (Feature.roots). */
  readonly roots: ReadonlySet<PaneKind>;
  /**
   * The pane that stands for a project on a trail, and the home project (Feature.projects); null when
   * no feature says. Its `open` without a tab opens the pane's first tab (the lowest TabPlace.place).
   */
  readonly projects: ProjectPanes | null;
  /**
   * The first answer of `question` for the pane: its tab's place, then its kind's spec — the most
   * specific first, found once by kind and tab.
   */
  answer<T>(pane: Pane, question: (answers: PaneAnswers) => T | undefined): T | undefined;
}

/** Feature.projects as the registry hands it out: the tab is optional, the first tab by default. */
export interface ProjectPanes {
  kind: PaneKind;
  open(project: { projectId: number; path: string }, tab?: TabName): Pane;
  home(state: AppState): { projectId: number; path: string } | null;
}

/** Claims on one name, as "what → feature": the second one throws, naming both. */
function claim<K>(table: Map<K, Feature>, key: K, feature: Feature, what: string): void {
  const held = table.get(key);
  if (held && held !== feature) throw new Error(`${what} is claimed by two features: ${held.name} and ${feature.name}`);
  table.set(key, feature);
}

const tabKey = (kind: string, tab: string) => `${kind}\u0000${tab}`;

/** Builds the tables; throws on two owners of one thing. */
export function buildRegistry(features: readonly Feature[]): Registry {
  const names = new Map<string, Feature>();
  const kinds = new Map<PaneKind, Feature>();
  // The functions of a spec take its pane kind's pane: the registry hands it only panes of that kind (and tab).
  const specs = new Map<PaneKind, PaneSpec>();
  const tabs = new Map<string, Feature>();
  const tabPlaces = new Map<PaneKind, AnyTabPlace[]>();
  let first: { feature: Feature; pane: Pane } | null = null;
  const lists = new Map<ListKind, Feature>();
  const palette = new Map<string, PaletteCommand>();
  const paletteOwners = new Map<string, Feature>();
  const roots = new Set<PaneKind>();
  let projects: { feature: Feature; projects: NonNullable<Feature['projects']> } | null = null;
  for (const feature of features) {
    // The palette's prompt is the core's: its owner name is taken.
    if (feature.name === 'palette') throw new Error('A feature may not be named "palette": the palette is the core\'s');
    claim(names, feature.name, feature, `The feature name "${feature.name}"`);
    for (const [kind, spec] of Object.entries(feature.specs ?? {}) as [PaneKind, PaneSpec][]) {
      claim(kinds, kind, feature, `The pane kind "${kind}"`);
      specs.set(kind, spec);
    }
    if (feature.tab) {
      const { of, name, place } = feature.tab;
      claim(tabs, tabKey(of, name), feature, `The tab "${name}" of the ${of} pane`);
      const places = tabPlaces.get(of) ?? [];
      const taken = places.find((t) => t.place === place);
      if (taken) throw new Error(`Place ${place} of the ${of} pane's tabs is claimed twice: "${taken.name}" and "${name}"`);
      tabPlaces.set(of, [...places, feature.tab]);
    }
    for (const kind of feature.listKinds ?? []) claim(lists, kind, feature, `The list kind "${kind}"`);
    for (const [name, command] of Object.entries(feature.palette ?? {})) {
      for (const key of [name, ...(command.aliases ?? [])]) {
        claim(paletteOwners, key, feature, `The palette name ":${key}"`);
        palette.set(key, command);
      }
    }
    for (const kind of feature.roots ?? []) roots.add(kind);
    if (feature.first) {
      if (first) throw new Error(`The first pane is claimed by two features: ${first.feature.name} and ${feature.name}`);
      first = { feature, pane: feature.first };
    }
    if (feature.projects) {
      if (projects) throw new Error(`The project pane of a trail is claimed by two features: ${projects.feature.name} and ${feature.name}`);
      projects = { feature, projects: feature.projects };
    }
  }
  const placed = new Map([...tabPlaces].map(([kind, places]) => [kind, [...places].sort((a, b) => a.place - b.place)]));
  const sortedTabs = new Map([...placed].map(([kind, places]) => [kind, places.map((t) => t.name as string)]));
  /** The place of the pane's tab, when it is a tabbed pane on a tab some feature declares. */
  const placeOf = (pane: Pane): PaneAnswers | undefined => {
    const tab = (pane as { tab?: unknown }).tab;
    return typeof tab === 'string' ? (placed.get(pane.kind)?.find((t) => t.name === tab) as PaneAnswers | undefined) : undefined;
  };
  const answerersOf = (pane: Pane): PaneAnswers[] => {
    const out: PaneAnswers[] = [];
    const place = placeOf(pane);
    const kindSpec = specs.get(pane.kind);
    if (place) out.push(place);
    if (kindSpec) out.push(kindSpec as PaneAnswers);
    return out;
  };
  return {
    features,
    listOwner: (key) => lists.get(key.kind),
    named: (name) => names.get(name),
    tabsOf: (kind) => sortedTabs.get(kind) ?? [],
    tabPlacesOf: (kind) => placed.get(kind) ?? [],
    // A tab's list is the tab's alone: a tab without one shows none, whatever its pane kind's.
    listOf: (pane) => (placeOf(pane) ?? (specs.get(pane.kind) as PaneAnswers | undefined))?.list?.(pane) ?? null,
    specOf: (kind) => specs.get(kind),
    answerersOf,
    answerers: [...[...placed.values()].flat(), ...specs.values()] as PaneAnswers[],
    first: (first as { pane: Pane } | null)?.pane ?? null,
    retention: features.flatMap((feature) => (feature.retain ? [feature.retain] : [])),
    palette,
    roots,
    projects: projects ? projectPanes(projects.projects, placed.get(projects.projects.kind)?.[0]?.name) : null,
    answer(pane, question) {
      for (const answers of answerersOf(pane)) {
        const answer = question(answers);
        if (answer !== undefined) return answer;
      }
      return undefined;
    },
  };
}

function projectPanes(declared: NonNullable<Feature['projects']>, firstTab: TabName | undefined): ProjectPanes {
  return {
    kind: declared.kind,
    home: declared.home,
    open(project, tab) {
      const chosen = tab ?? firstTab;
      if (chosen === undefined) throw new Error(`The ${declared.kind} pane has no tab to open on: no feature declares one`);
      return declared.open(project, chosen);
    },
  };
}

const registries = new WeakMap<readonly Feature[], Registry>();

/** The registry of a feature list, built on first use and kept (the controller builds it at start). */
export function registryOf(features: readonly Feature[]): Registry {
  let registry = registries.get(features);
  if (!registry) registries.set(features, (registry = buildRegistry(features)));
  return registry;
}

/**
 * The registry of the app being run, whose pane lists store/sources.ts listKeyOf answers with: set
 * by the app shell as it composes the features (src/app/create.tsx). One for the process, as a pane
 * kind is declared once (store/types.ts PaneKinds), so every app in it agrees on a pane's list.
 */
let running: Registry | null = null;

/** Makes `features`' registry the one listKeyOf answers with (the app shell does, for each app it makes). */
export function runRegistry(features: readonly Feature[]): Registry {
  return (running = registryOf(features));
}

/** The registry the app shell set (runRegistry); null before it did. */
export function runningRegistry(): Registry | null {
  return running;
}

/** The footer's rank of the pane's hints (PaneAnswers.hintPlaces), as its owner says. */
export function hintPlacesOf(features: readonly Feature[], state: AppState, pane: Pane): string[] | undefined {
  return registryOf(features).answer(pane, (answers) => answers.hintPlaces?.(state, pane));
}
