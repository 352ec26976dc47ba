// `:mrs`: the user's open merge requests across projects — authored, assigned or to review — each
// with its head pipeline's status, draft flag and age; Enter opens its pipelines (the `:mr N` pane).
// Read whole on opening and on `R`; then, while in front, by this feature's poll at a bounded cost
// (read.ts): the lists every tick the budget allows, and only the merge requests that changed.
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { MRS_BINDINGS } from './bindings.js';
import { MrsPane } from './MrsPane.js';
import { createMrsReader } from './read.js';
import { myMrsKey, myMrsSource, type MrRow } from './source.js';
import { rememberMergeRequest } from '../../domain/pipelines.js';

const READ_EVERY_MS = 60_000;

export function openMyMrs(ctx: Ctx): null {
  if (topPane(ctx.store.getState()).kind !== 'myMrs') nav.push(ctx.store, { kind: 'myMrs' } satisfies Pane);
  else void ctx.refreshNow?.();
  return null;
}

export const mrsFeature: Feature = {
  name: 'mrs',
  scopeNames: { mrs: 'your merge requests (:mrs)' },
  listKinds: ['myMrs'],
  specs: {
    myMrs: {
      view: MrsPane,
      crumb: () => 'my merge requests',
      list: () => myMrsKey(),
      scopes: () => ['mrs', 'list', 'global'],
      open(ctx) {
        const row = selectedRow<MrRow>(ctx, myMrsKey());
        if (!row) return true;
        const { mr } = row;
        rememberMergeRequest(ctx.store, mr.project_id, mr.iid, mr);
        nav.push(ctx.store, { kind: 'mergeRequest', projectId: mr.project_id, path: row.path, iid: mr.iid });
        return true;
      },
      rowProject(ctx) {
        const row = selectedRow<MrRow>(ctx, myMrsKey());
        return row ? { projectId: row.mr.project_id, path: row.path } : undefined;
      },
      url: (ctx) => ({ url: selectedRow<MrRow>(ctx, myMrsKey())?.mr.web_url }),
      // Read by this feature's reader at a bounded cost (read.ts), once a minute while in front.
      poll(ctx) {
        const reader = createMrsReader(ctx);
        return { ownsList: true, refresh: (_pane, { full }) => reader.sync(full), moving: () => false, delay: () => READ_EVERY_MS };
      },
    },
  },
  commands: MRS_BINDINGS,
  palette: {
    mrs: {
      usage: 'mrs',
      order: 95,
      description: 'your open merge requests across projects (yours, assigned, to review), with their pipelines',
      run: (ctx) => openMyMrs(ctx),
    },
  },
  source: myMrsSource,
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    mrs: true;
  }
}
