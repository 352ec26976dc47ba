// The keys feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { SshKey } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

export interface KeysSlice {
  /** SSH keys an administrator looked up (`:key`). */
  sshKeys: Record<number, SshKey>;
}

export const createKeysSlice: StateCreator<AppState, [], [], KeysSlice> = () => ({
  sshKeys: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeKeys = sliceWriter('keys', ['sshKeys']);

/** The key pane's failure in the core's `loadErrors` (the pane says it while it has no key to show). */
export const keyLoadKey = (keyId: number) => `key:${keyId}`;

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends KeysSlice {}
  interface PaneKinds {
    /** Administrator SSH key lookup (`:key <id>`). */
    key: { kind: 'key'; keyId: number };
  }
}
