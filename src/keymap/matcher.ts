// Turns Ink's (input, key) pair into one key name, and a key name in a pane into a command.
// The most specific scope wins: the pane's own bindings, then `list` (when the pane shows a list),
// then `global`.
import { BINDINGS, type Binding, type CommandId, type Scope } from './bindings.js';

/** The subset of Ink's Key we read (kept structural so tests need not import Ink). */
export interface InkKey {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageDown?: boolean;
  pageUp?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  tab?: boolean;
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
}

export function keyName(input: string, key: InkKey): string | null {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.leftArrow) return 'left';
  if (key.rightArrow) return 'right';
  if (key.pageDown) return 'pagedown';
  if (key.pageUp) return 'pageup';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'escape';
  if (key.tab) return key.shift ? 'shift+tab' : 'tab';
  // Terminals send DEL (0x7f) for the Backspace key; Ink reports it as `delete`.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `ctrl+${input.toLowerCase()}`;
  if (input === ' ') return 'space';
  if (input.length === 1) return input;
  return null;
}

export interface Resolved {
  command: CommandId;
  binding: Binding;
}

const index = new Map<string, Map<Scope, Binding>>();
for (const binding of BINDINGS) {
  for (const key of binding.keys) {
    let byScope = index.get(key);
    if (!byScope) index.set(key, (byScope = new Map()));
    for (const scope of binding.scopes) byScope.set(scope, binding);
  }
}

/** `scopes` from most to least specific, e.g. ['pipeline', 'list', 'global']. */
export function resolve(name: string, scopes: readonly Scope[]): Resolved | null {
  const byScope = index.get(name);
  if (!byScope) return null;
  for (const scope of scopes) {
    const binding = byScope.get(scope);
    if (binding) return { command: binding.command, binding };
  }
  return null;
}

/** Bindings that apply in these scopes, the most specific first, one per command and key. */
export function bindingsFor(scopes: readonly Scope[]): Binding[] {
  const seen = new Set<string>();
  const out: Binding[] = [];
  for (const scope of scopes) {
    for (const binding of BINDINGS) {
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
}
