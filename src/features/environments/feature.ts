// The environments feature as the core sees it: the project's Environments tab (what runs where),
// an environment's pane (its deployments), and roll back, approve/reject and stop on them.
import type { Deployment, EnvironmentDetail } from '../../api/index.js';
import { withRuns } from '../../store/command.js';
import { confirmsBy } from '../../store/continuations.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import * as nav from '../../store/nav.js';
import { setLoadError } from '../../store/writers.js';
import { describeError } from '../../store/errors.js';
import { listOf } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { askApproval, askRollback, askStop, openEnvironment, runApproval, runRollback, runStop, type EnvironmentConfirms } from './actions.js';
import { ENVIRONMENT_BINDINGS } from './bindings.js';
import { EnvironmentPane, rollbackLine } from './EnvironmentPane.js';
import { envListKeys } from './keys.js';
import { envAt, envListOf, ENVIRONMENTS_PALETTE, ENVIRONMENTS_TAB, selectedDeployment } from './palette.js';
import { createEnvironmentsSlice, envKey, environmentLoadKey, writeEnvironments, type EnvRow } from './slice.js';
import { environmentsSource } from './source.js';
import { EnvironmentsTab } from './EnvironmentsTab.js';
import { createElement } from 'react';

/** An action on the environment in front (its pane, or the tab's row); says why when there is none. */
const onEnv = (act: (ctx: Ctx, at: NonNullable<ReturnType<typeof envAt>>, pane: Pane) => void) => ({
  rows: true,
  run(ctx: Ctx, pane: Pane) {
    const at = envAt(ctx, pane);
    if (at) act(ctx, at, pane);
  },
  disabledReason: (_state: unknown, pane: Pane) => (pane.kind === 'environment' || envListOf(pane) ? null : 'No environment here'),
});

/** The environment's record from a fresh read (its state, URL, auto stop), keeping what runs there. */
function keepEnvironment(ctx: Ctx, projectId: number, env: EnvironmentDetail): void {
  const key = envKey(projectId, env.name);
  writeEnvironments(ctx.store, (s) => {
    const before = s.environments[key];
    if (before?.env === env) return {};
    const row: EnvRow = { projectId, env, live: before?.live ?? null, latest: before?.latest ?? null };
    return { environments: { ...s.environments, [key]: row } };
  });
}

/** The page of an environment: its external URL, which may be on any host (still checked, platform/url-check.ts); else GitLab's page of it. */
function envPage(ctx: Ctx, at: { projectId: number; name: string } | null): { url: string | undefined; anyHost: true } | undefined {
  if (!at) return undefined;
  const env = ctx.store.getState().environments[envKey(at.projectId, at.name)]?.env;
  const base = ctx.store.getState().projects[at.projectId]?.web_url;
  return { url: env?.external_url ?? (base && env ? `${base}/-/environments/${env.id}` : base), anyHost: true };
}

export const environmentsFeature: Feature = {
  name: 'environments',
  slice: createEnvironmentsSlice,
  tab: {
    of: 'project',
    name: ENVIRONMENTS_TAB,
    place: 6,
    label: 'Environments',
    view: ({ pane, width, height }) => createElement(EnvironmentsTab, { projectId: pane.projectId, width, height }),
    list: (pane) => envListKeys.environments(pane.projectId),
    scopes: () => ['environments', 'project', 'list', 'global'],
    open(ctx, pane) {
      const row = selectedRow<EnvRow>(ctx, envListKeys.environments(pane.projectId));
      if (row) openEnvironment(ctx, { projectId: pane.projectId, path: pane.path, name: row.env.name });
      return true;
    },
    // The selected row's environment.
    url: (ctx, pane) => envPage(ctx, envAt(ctx, pane)),
  },
  specs: {
    environment: {
      view: EnvironmentPane,
      crumb: (_s, pane) => pane.name,
      list: (pane) => envListKeys.deployments(pane.projectId, pane.name),
      scopes: () => ['environment', 'list', 'global'],
      open(ctx, pane) {
        const d = selectedRow<Deployment>(ctx, envListKeys.deployments(pane.projectId, pane.name));
        if (d) nav.push(ctx.store, { kind: 'deployment', projectId: pane.projectId, path: pane.path, deploymentId: d.id });
        return true;
      },
      url: (ctx, pane) => envPage(ctx, pane),
      poll: (ctx) => ({
        // The environment itself (state, URL, auto stop): its deployments are the pane's list.
        refresh: (pane) =>
          ctx.gl.environments
            .list(pane.projectId, { name: pane.name })
            .all(1)
            .then(([env]) => {
              const errorKey = environmentLoadKey(pane.projectId, pane.name);
              if (env) keepEnvironment(ctx, pane.projectId, env);
              setLoadError(ctx.store, errorKey, env ? null : `${pane.path} has no environment named ${pane.name}`);
            })
            .catch((error: unknown) => setLoadError(ctx.store, environmentLoadKey(pane.projectId, pane.name), describeError(error))),
        /** Fast while a deployment of the environment on screen runs, waits or a roll back is followed. */
        moving(pane) {
          const state = ctx.store.getState();
          const items = listOf<Deployment>(state, envListKeys.deployments(pane.projectId, pane.name)).items;
          const rollback = state.rollbacks[envKey(pane.projectId, pane.name)];
          const followed = rollback ? items.find((d) => d.deployable?.id === rollback.jobId) : undefined;
          // Until its deployment shows, then while it runs (one waiting for an approval is not moving).
          if (rollback && !followed) return true;
          if (rollback && followed && followed.status !== 'blocked' && !rollbackLine(pane.name, rollback, followed).done) return true;
          const newest = items[0]?.status;
          return newest === 'running' || newest === 'created';
        },
      }),
    },
  },
  // An environment's deployments multiply with browsing: dropped once no pane shows them.
  retain: { lists: ['envDeployments'] },
  listKinds: ['environments', 'envDeployments'],
  source: (key, gl, state) => environmentsSource(key, gl, state),
  scopeNames: { environments: 'environments list', environment: 'an environment' },
  palette: ENVIRONMENTS_PALETTE,
  commands: withRuns(ENVIRONMENT_BINDINGS, {
    'env.rollback': onEnv((ctx, at, pane) => void askRollback(ctx, at, selectedDeployment(ctx, pane))),
    'env.approve': onEnv((ctx, at, pane) => void askApproval(ctx, at, 'approved', undefined, selectedDeployment(ctx, pane))),
    'env.reject': onEnv((ctx, at, pane) => void askApproval(ctx, at, 'rejected', undefined, selectedDeployment(ctx, pane))),
    'env.stop': onEnv((ctx, at) => void askStop(ctx, at)),
  }),
  confirmed: confirmsBy<EnvironmentConfirms, Ctx>({
    'env.rollback': (ctx, a) => void runRollback(ctx, a, a.rollback),
    'env.approval': (ctx, a) => void runApproval(ctx, a, a),
    'env.stop': (ctx, a) => void runStop(ctx, a, a.environmentId),
  }),
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    environments: true;
    environment: true;
  }
}

// Its tab of the project pane (store/types.ts PaneTabs).
declare module '../../store/types.js' {
  interface PaneTabs {
    environments: true;
  }
}
