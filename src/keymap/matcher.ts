// A key name in a pane into a command, over one bindings table. The most specific scope wins: the
// pane's own bindings, then `list` (when the pane shows a list), then `global`. Modal things have
// scopes of their own ('edit', 'filter', 'confirm', 'help') and resolve the same way. Key names are
// src/input's `bindingName` form ('j', 'G', 'enter', 'ctrl+c', 'shift+tab', 'space').
import type { Binding, CommandId, Scope } from './bindings.js';

export interface Resolved {
  command: CommandId;
  binding: Binding;
}

export interface Keymap {
  /** The effective table (defaults, the features' bindings, the user's keys). */
  readonly bindings: readonly Binding[];
  /** `scopes` from most to least specific, e.g. ['pipeline', 'list', 'global']. */
  resolve(name: string, scopes: readonly Scope[]): Resolved | null;
  /** Bindings that apply in these scopes, the most specific first, one per command and key. */
  bindingsFor(scopes: readonly Scope[]): Binding[];
}

export function createKeymap(bindings: readonly Binding[]): Keymap {
  const index = new Map<string, Map<Scope, Binding>>();
  for (const binding of bindings) {
    for (const key of binding.keys) {
      let byScope = index.get(key);
      if (!byScope) index.set(key, (byScope = new Map()));
      for (const scope of binding.scopes) byScope.set(scope, binding);
    }
  }
  const resolve = (name: string, scopes: readonly Scope[]): Resolved | null => {
    const byScope = index.get(name);
    if (!byScope) return null;
    for (const scope of scopes) {
      const binding = byScope.get(scope);
      if (binding) return { command: binding.command, binding };
    }
    return null;
  };
  const bindingsFor = (scopes: readonly Scope[]): Binding[] => {
    const seen = new Set<string>();
    const out: Binding[] = [];
    for (const scope of scopes) {
      for (const binding of bindings) {
        if (!binding.scopes.includes(scope)) continue;
        // A key bound more specifically elsewhere is shadowed here.
        const live = binding.keys.filter((k) => resolve(k, scopes)?.binding === binding);
        const id = `${binding.command}:${live.join(',')}`;
        if (live.length === 0 || seen.has(id)) continue;
        seen.add(id);
        out.push(binding);
      }
    }
    return out;
  };
  return { bindings, resolve, bindingsFor };
}

/** A key name as help and the footer show it: '^r', 'esc', 'PgDn', '⏎'. */
export function prettyKey(key: string): string {
  return key
    .replace(/^ctrl\+/, '^')
    .replace('escape', 'esc')
    .replace('pagedown', 'PgDn')
    .replace('pageup', 'PgUp')
    .replace('enter', '⏎')
    .replace('shift+tab', '⇧tab');
}
