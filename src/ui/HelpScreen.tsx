// `?`: every key, generated from the effective keymap (the user's keys included) and the palette's
// commands. It opens on the keys of the pane in front; every other key follows, by category.
import { SCOPE_NAMES, type Binding, type Category, type Scope } from '../keymap/bindings.js';
import { prettyKey } from '../keymap/matcher.js';
import { scopesOf } from '../store/controller.js';
import { paletteCommands } from '../store/palette.js';
import type { Feature } from '../store/feature.js';
import { topPane } from '../store/store.js';
import type { AppState, Pane } from '../store/types.js';
import { HelpOverlay, layoutHelp, type HelpGroup } from './components/index.js';
import { useApp, useAppState } from './context.js';
import { marksLegend, statusLegend } from './glyphs.js';

const ORDER: Category[] = ['Move', 'Views', 'Actions', 'App', 'Text'];
const GENERAL: Scope[] = ['global'];

export function HelpScreen({ width, height }: { width: number; height: number }) {
  const { controller } = useApp();
  const offset = useAppState((s) => s.help?.offset ?? 0);
  const pane = useAppState((s) => topPane(s));
  const readOnly = useAppState((s) => s.config.readOnly);
  const groups = helpGroupsOf(pane, readOnly, controller.keymap.bindings, controller.ctx.features);
  return <HelpOverlay groups={groups} width={width} height={height} offset={offset} />;
}

/**
 * How far `?` can scroll in the viewport: the layout HelpScreen draws (HelpOverlay's layoutHelp),
 * counted where keys need it — the app shell hands it to the controller (src/app/create.tsx), so
 * `G` and paging stop at the end without the screen reporting it.
 */
export function helpMaxOffset(state: AppState, bindings: readonly Binding[], features: readonly Feature[]): number {
  const groups = helpGroupsOf(topPane(state), state.config.readOnly, bindings, features);
  return layoutHelp(groups, state.viewport.width, state.viewport.height).maxOffset;
}

/** What `?` lists over `pane`: read-only mode hides the keys that would change GitLab (as the footer does): they are refused. */
function helpGroupsOf(pane: Pane, readOnly: boolean, bindings: readonly Binding[], features: readonly Feature[]): HelpGroup[] {
  return helpGroups(
    readOnly ? bindings.filter((b) => !b.mutates) : bindings,
    scopesOf(pane, features).filter((s) => !GENERAL.includes(s)),
    features,
  );
}

/**
 * The pane's own keys first ("Here: a pipeline"), then the rest by category, then the palette,
 * then what each status glyph and mark means (the legend, src/ui/glyphs.ts). A key
 * that works elsewhere says where in words ("in the run form"), never the keymap's scope ids.
 */
export function helpGroups(bindings: readonly Binding[], paneScopes: readonly Scope[], features: readonly Feature[] = []): HelpGroup[] {
  // A feature's own scopes are named by the feature (Feature.scopeNames); the built-in ones here.
  const names: Partial<Record<Scope, string>> = Object.assign({}, SCOPE_NAMES, ...features.map((feature) => feature.scopeNames));
  const nameOf = (scope: Scope) => names[scope] ?? scope;
  const row = (b: Binding, scoped: boolean) => ({
    // A command of the user's with no key (config file `commands:`) runs from the palette.
    keys: b.keys.length === 0 && b.command.startsWith('run.') ? `:run ${b.command.slice(4)}` : b.keys.map(prettyKey).join(' '),
    description: `${b.description}${scoped && !b.scopes.includes('global') ? ` (in ${b.scopes.map(nameOf).join(', ')})` : ''}`,
  });
  const here = bindings.filter((b) => b.scopes.some((s) => paneScopes.includes(s)));
  const place = paneScopes[0] ? nameOf(paneScopes[0]) : 'this pane';
  const groups: HelpGroup[] = here.length ? [{ title: `Here: ${place}`, rows: here.map((b) => row(b, false)) }] : [];
  for (const category of ORDER) {
    const rows = bindings.filter((b) => b.category === category && !here.includes(b)).map((b) => row(b, true));
    if (rows.length) groups.push({ title: category, rows });
  }
  groups.push({ title: 'Command palette (:)', rows: paletteCommands(features).map((c) => ({ keys: `:${c.usage}`, description: c.description })) });
  // What the glyphs on screen mean, after every key: `?` is opened for keys first (the pane's own,
  // then the ones that work everywhere, on its first page).
  const legend = (rows: { glyph: string; words: string }[]) => rows.map((g) => ({ keys: g.glyph, description: g.words }));
  groups.push({ title: 'Statuses', rows: legend(statusLegend()) }, { title: 'Marks', rows: legend(marksLegend()) });
  return groups;
}
