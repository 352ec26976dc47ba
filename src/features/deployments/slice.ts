// The deployments feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import type { StateCreator } from 'zustand/vanilla';
import type { Deployment } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

export interface DeploymentsSlice {
  /** Deployments by id: list rows and opened details. */
  deployments: Record<number, Deployment>;
}

export const createDeploymentsSlice: StateCreator<AppState, [], [], DeploymentsSlice> = () => ({
  deployments: {},
});
