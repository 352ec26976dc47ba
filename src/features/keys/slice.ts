// The keys feature's part of the store (zustand's slices pattern; composed in store/create.ts).
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
