// The keymap the app runs with: the core's bindings (src/keymap/bindings.ts) and each feature's,
// merged here because the keymap is plumbing and never imports a feature. The user's keys
// (src/config/user-keys.ts) are laid over this table by the composition root (src/tui.tsx).
import { BINDINGS, COMMANDS, COMPLETION_BINDINGS, TAB_KEYS, type Binding, type CommandId, type Scope } from '../keymap/bindings.js';
import { createKeymap, type Keymap } from '../keymap/matcher.js';
import type { Feature } from './feature.js';

/**
 * The default table: the core's bindings and every feature's. Two commands on one key in one scope
 * are an error at start, naming both: the table keeps one binding per key and scope, and which one
 * must not depend on the order the registry lists the features in.
 */
export function defaultBindings(features: readonly Feature[]): Binding[] {
  const bindings = [...tabKeys(BINDINGS, features), ...features.flatMap((feature) => feature.commands ?? []), ...COMPLETION_BINDINGS];
  const bound = new Map<string, CommandId>();
  for (const binding of bindings) {
    for (const key of binding.keys) {
      for (const scope of binding.scopes) {
        const other = bound.get(`${key}\0${scope}`);
        if (other !== undefined && other !== binding.command) {
          throw new Error(`Two commands bind ${key} in the ${scope} scope: ${other} and ${binding.command}`);
        }
        bound.set(`${key}\0${scope}`, binding.command);
      }
    }
  }
  return bindings;
}

/** The tabs the features declare, in their places. */
const tabsOf = (features: readonly Feature[]) => features.flatMap((feature) => (feature.tab ? [feature.tab] : [])).sort((a, b) => a.place - b.place);

/** A core command id the features plugged in leave unused: the number key of a place no tab takes. */
const unused = (id: CommandId, tabs: number): boolean => (TAB_KEYS as readonly CommandId[]).indexOf(id) >= tabs;

/**
 * The core's bindings with a number key for each tab the features declare (Feature.tab: the project
 * pane's, the one tabbed pane), named after it ("Pipelines tab"); the keys of places no tab takes go.
 */
function tabKeys(bindings: readonly Binding[], features: readonly Feature[]): Binding[] {
  const tabs = tabsOf(features);
  return bindings.flatMap((binding) => {
    const place = (TAB_KEYS as readonly CommandId[]).indexOf(binding.command);
    if (place < 0) return [binding];
    const tab = tabs[place];
    return tab ? [{ ...binding, description: `${tab.label} tab` }] : [];
  });
}

/**
 * Every command id the features plugged in know: the core's (keymap/bindings.ts COMMANDS), then
 * each feature's bindings' (declared in its folder, FeatureCommands), once each; the number keys
 * only of the tabs there are. A user's config
 * may bind these (`keys:`, src/config/user-config.ts); any other id is refused, named.
 */
export function commandIdsOf(features: readonly Feature[]): CommandId[] {
  const tabs = tabsOf(features).length;
  return [
    ...new Set<CommandId>([...COMMANDS.filter((id) => !unused(id, tabs)), ...features.flatMap((feature) => (feature.commands ?? []).map((c) => c.command))]),
  ];
}

export function keymapOf(features: readonly Feature[], bindings?: readonly Binding[]): Keymap {
  return createKeymap(bindings ?? defaultBindings(features));
}

/** Scopes live at once while something modal is in front (see Controller.key); the schedule form is modal too. */
const MODAL_GROUPS: readonly Scope[][] = [['scheduleForm', 'edit'], ['runForm', 'edit'], ['filter', 'edit'], ['help', 'global'], ['confirm'], ['edit']];
const MODAL = new Set<Scope>(['edit', 'filter', 'confirm', 'help', 'scheduleForm', 'runForm']);

/**
 * Whether two scopes can be live at once, for refusing a user's key that collides
 * (src/config/user-keys.ts): a pane's scopes meet 'global' and 'list'; a modal scope meets only
 * the scopes resolved with it, so `backspace` may be both "erase" in a field and a pane's key.
 */
export function scopesOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  if (MODAL.has(a as Scope) || MODAL.has(b as Scope)) return MODAL_GROUPS.some((group) => group.includes(a as Scope) && group.includes(b as Scope));
  return a === 'global' || b === 'global' || a === 'list' || b === 'list';
}
