// The lists this feature reads, built in one place (store/types.ts listKeyText keeps their order).
import type { ListKey } from '../../store/types.js';

export const envListKeys = {
  /** A project's environments, one row each (the Environments tab). */
  environments: (projectId: number): ListKey => ({ kind: 'environments', projectId }),
  /** One environment's deployments, newest first (the environment pane). */
  deployments: (projectId: number, name: string): ListKey => ({ kind: 'envDeployments', projectId, name }),
};
