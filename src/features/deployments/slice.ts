// The deployments feature's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Deployment } from '../../api/index.js';
import type { AppState, ListKey } from '../../store/types.js';

/** The deployment list of a project (its tab). */
export const deploymentsList = (projectId: number): ListKey => ({ kind: 'deployments', projectId });

export interface DeploymentsSlice {
  /** Deployments by id: list rows and opened details. */
  deployments: Record<number, Deployment>;
}

export const createDeploymentsSlice: StateCreator<AppState, [], [], DeploymentsSlice> = () => ({
  deployments: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeDeployments = sliceWriter('deployments', ['deployments']);

/** The deployment pane's failure in the core's `loadErrors` (the pane says it while it has nothing to show). */
export const deploymentLoadKey = (deploymentId: number) => `deployment:${deploymentId}`;

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends DeploymentsSlice {}
  interface PaneKinds {
    deployment: { kind: 'deployment'; projectId: number; path: string; deploymentId: number };
  }
  interface ListKeyKinds {
    deployments: { kind: 'deployments'; projectId: number };
  }
}
