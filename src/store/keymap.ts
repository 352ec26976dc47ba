// The keymap the app runs with: the core's bindings (src/keymap/bindings.ts) and each feature's,
// merged here because the keymap is plumbing and never imports a feature. The user's keys
// (src/config/user-keys.ts) are laid over this table by the composition root (src/tui.tsx).
import { BINDINGS, COMMANDS, COMPLETION_BINDINGS, type Binding, type CommandId, type Scope } from '../keymap/bindings.js';
import { createKeymap, type Keymap } from '../keymap/matcher.js';
import type { Feature } from './feature.js';

/**
 * The default table: the core's bindings and every feature's. Two commands on one key in one scope
 * are an error at start, naming both: the table keeps one binding per key and scope, and which one
 * must not depend on the order the registry lists the features in.
 */
export function defaultBindings(features: readonly Feature[]): Binding[] {
  const bindings = [...BINDINGS, ...features.flatMap((feature) => feature.commands ?? []), ...COMPLETION_BINDINGS];
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

/**
 * Every command id the features plugged in know: the core's (keymap/bindings.ts COMMANDS), then
 * each feature's bindings' (declared in its folder, FeatureCommands), once each. A user's config
 * may bind these (`keys:`, src/config/user-config.ts); any other id is refused, named.
 */
export function commandIdsOf(features: readonly Feature[]): CommandId[] {
  return [...new Set<CommandId>([...COMMANDS, ...features.flatMap((feature) => (feature.commands ?? []).map((c) => c.command))])];
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
