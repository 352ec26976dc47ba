// The environments feature's part of the store (zustand's slices pattern; composed in store/create.ts):
// each environment as its tab last read it (what runs there, the newest deployment), and the roll
// backs it follows to their end.
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { Deployment, EnvironmentDetail, LastDeployment } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

/** One environment, as the tab shows it: what runs there now, and its newest deployment of any status. */
export interface EnvRow {
  projectId: number;
  env: EnvironmentDetail;
  /** Its newest successful deployment (GitLab's `last_deployment`): what runs there. */
  live: LastDeployment | Deployment | null;
  /** Its newest deployment, whatever its status (blocked, running…): null when none was read. */
  latest: Deployment | null;
}

/** A roll back under way: the job re-run, and the deployment it makes once read. */
export interface Rollback {
  jobId: number;
  /** The deployment rolled back to (its sha, iid) and the one that ran before. */
  target: { iid: number | undefined; sha: string; title: string | undefined };
  from: { iid: number | undefined; sha: string };
  /** The new deployment, once the environment's list shows it. */
  deploymentId?: number;
  status?: string;
}

export interface EnvironmentsSlice {
  /** By `envKey(projectId, name)`. */
  environments: Record<string, EnvRow>;
  /** Roll backs followed, by `envKey`: the environment pane says how each goes until it ends. */
  rollbacks: Record<string, Rollback>;
}

export const envKey = (projectId: number, name: string): string => `${projectId}:${name}`;

/** The load error of an environment's pane (the core's `loadErrors`): why it could not be read. */
export const environmentLoadKey = (projectId: number, name: string): string => `environment:${envKey(projectId, name)}`;

export const createEnvironmentsSlice: StateCreator<AppState, [], [], EnvironmentsSlice> = () => ({
  environments: {},
  rollbacks: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeEnvironments = sliceWriter('environments', ['environments', 'rollbacks']);

/** Keeps the rows read (the environment pane shows its environment from them at once). */
export function rememberRows(store: Parameters<typeof writeEnvironments>[0], rows: readonly EnvRow[]): void {
  writeEnvironments(store, (s) => {
    let changed = false;
    const next = { ...s.environments };
    for (const row of rows) {
      const key = envKey(row.projectId, row.env.name);
      if (next[key] !== row) {
        next[key] = row;
        changed = true;
      }
    }
    return changed ? { environments: next } : {};
  });
}

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends EnvironmentsSlice {}
  interface PaneKinds {
    environment: { kind: 'environment'; projectId: number; path: string; name: string };
  }
  interface ListKeyKinds {
    environments: { kind: 'environments'; projectId: number };
    envDeployments: { kind: 'envDeployments'; projectId: number; name: string };
  }
}
