// The keymap the app runs with: the core's bindings (src/keymap/bindings.ts) and each feature's,
// merged here because the keymap is plumbing and never imports a feature. The user's keys
// (src/config/user-keys.ts) are laid over this table by the composition root (src/tui.tsx).
import { BINDINGS, type Binding } from '../keymap/bindings.js';
import { createKeymap, type Keymap } from '../keymap/matcher.js';
import type { Feature } from './feature.js';

export function defaultBindings(features: readonly Feature[]): Binding[] {
  return [...BINDINGS, ...features.flatMap((feature) => feature.bindings ?? [])];
}

export function keymapOf(features: readonly Feature[], bindings?: readonly Binding[]): Keymap {
  return createKeymap(bindings ?? defaultBindings(features));
}
