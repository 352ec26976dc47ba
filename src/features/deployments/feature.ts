// The deployments feature as the core sees it: the deployments tab and a deployment's pane.
import { createDeploymentsSlice, deploymentLoadKey, writeDeployments } from './slice.js';
import { readDetail } from '../../store/detail.js';
import * as nav from '../../store/nav.js';
import type { Deployment } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { toast } from '../../store/store.js';
import { tabCommand } from '../../store/palette.js';
import { deploymentsSource } from './source.js';
import { DEPLOYMENT_BINDINGS } from './bindings.js';
import { DeploymentPane } from './DeploymentPane.js';
import { deploymentsList } from './slice.js';
import { createElement } from 'react';
import { DeploymentsTab } from './DeploymentsTab.js';

/** An environment's page (its external URL when it has one), else the project's. */
function envUrl(ctx: Ctx, d: Deployment | undefined, projectId: number): string | undefined {
  if (!d) return undefined;
  if (d.environment?.external_url) return d.environment.external_url;
  const base = ctx.store.getState().projects[projectId]?.web_url;
  return base && d.environment ? `${base}/-/environments/${d.environment.id}` : base;
}

export const deploymentsFeature: Feature = {
  slice: createDeploymentsSlice,
  commands: DEPLOYMENT_BINDINGS,
  palette: {
    deployments: tabCommand('deployments', { usage: 'deployments', description: 'the project’s deployments (its Deployments tab)', order: 71.5 }),
  },
  name: 'deployments',
  scopeNames: { deployments: 'deployments list', deployment: 'a deployment' },
  tab: {
    of: 'project',
    name: 'deployments',
    place: 4,
    label: 'Deployments',
    view: ({ pane, width, height }) => createElement(DeploymentsTab, { projectId: pane.projectId, width, height }),
    list: (pane) => deploymentsList(pane.projectId),
    scopes: () => ['deployments', 'project', 'list', 'global'],
    open(ctx, pane) {
      const row = selectedRow<Deployment>(ctx, deploymentsList(pane.projectId));
      if (row) {
        writeDeployments(ctx.store, (s) => ({ deployments: { ...s.deployments, [row.id]: row } }));
        nav.push(ctx.store, { kind: 'deployment', projectId: pane.projectId, path: pane.path, deploymentId: row.id });
      }
      return true;
    },
    url(ctx, pane) {
      const base = ctx.store.getState().projects[pane.projectId]?.web_url;
      return {
        url: envUrl(ctx, selectedRow<Deployment>(ctx, deploymentsList(pane.projectId)), pane.projectId) ?? (base && `${base}/-/environments`),
        anyHost: true,
      };
    },
  },
  specs: {
    deployment: {
      view: DeploymentPane,
      crumb: (s, pane) => `deployment #${s.deployments[pane.deploymentId]?.iid ?? pane.deploymentId}`,
      scopes: () => ['deployment', 'global'],
      open(ctx, pane) {
        const job = ctx.store.getState().deployments[pane.deploymentId]?.deployable;
        if (job) nav.push(ctx.store, { kind: 'job', projectId: pane.projectId, path: pane.path, jobId: job.id });
        else toast(ctx.store, 'info', 'This deployment has no job');
        return true;
      },
      // An environment's page may be its external_url, on any host (still checked, platform/url-check.ts).
      url: (ctx, pane) => ({ url: envUrl(ctx, ctx.store.getState().deployments[pane.deploymentId], pane.projectId), anyHost: true }),
      poll: (ctx) => ({
        refresh: (pane) =>
          readDetail(
            ctx,
            deploymentLoadKey(pane.deploymentId),
            () => ctx.gl.deployments.get(pane.projectId, pane.deploymentId),
            (d) => {
              if (ctx.store.getState().deployments[d.id] !== d) writeDeployments(ctx.store, (s) => ({ deployments: { ...s.deployments, [d.id]: d } }));
            },
          ).then(() => undefined),
        /** A running deployment on screen is polled fast. */
        moving(pane) {
          const status = ctx.store.getState().deployments[pane.deploymentId]?.status;
          return status === 'running' || status === 'created' || status === 'blocked';
        },
      }),
    },
  },
  listKinds: ['deployments'],
  source: (key, gl) => deploymentsSource(key, gl),
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    deployments: true;
    deployment: true;
  }
}

// Its tab of the project pane (store/types.ts PaneTabs).
declare module '../../store/types.js' {
  interface PaneTabs {
    deployments: true;
  }
}
