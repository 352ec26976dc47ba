// Saved views (`views:` in the config file, src/config/views.ts): named filters over pipelines
// across projects — projects, refs, statuses, sources, users — shown as sections with their counts
// (gh-dash's sections, k9s's aliases). `:view NAME` opens one; Tab and shift+Tab go to the next or
// previous section; Enter opens the pipeline. The view in front is read as any list is; the other
// sections are read once, for their counts.
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { refreshList, selectedRow } from '../../store/lists.js';
import { listOf, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { isActiveStatus } from '../../lib/status.js';
import { safeText } from '../../text/safe.js';
import { VIEW_BINDINGS } from './bindings.js';
import { onPane } from '../../store/command.js';
import { ViewPane } from './ViewPane.js';
import { viewKey, viewOf, viewSource, type ViewRow } from './source.js';

/** `:view [NAME]`: the view over the pane in front (in its place when a view is in front). */
export function openView(ctx: Ctx, name: string | undefined): string | null {
  const views = ctx.store.getState().config.views ?? [];
  if (views.length === 0) return 'No saved views: add views: to the config file (README, "Saved views")';
  const view = name === undefined ? views[0]! : viewOf(ctx.store.getState(), name);
  if (!view) return `No view "${safeText(name ?? '', 40)}" in the config file: ${views.map((v) => v.name).join(', ')}`;
  const pane: Pane = { kind: 'view', name: view.name };
  const top = topPane(ctx.store.getState());
  if (top.kind === 'view') nav.replaceTop(ctx.store, pane);
  else nav.push(ctx.store, pane);
  return null;
}

function step(ctx: Ctx, pane: Extract<Pane, { kind: 'view' }>, by: number): void {
  const views = ctx.store.getState().config.views ?? [];
  const at = views.findIndex((v) => v.name === pane.name);
  if (views.length < 2 || at < 0) return;
  openView(ctx, views[(at + by + views.length) % views.length]!.name);
}

export const viewsFeature: Feature = {
  name: 'views',
  listKinds: ['view'],
  specs: {
    view: {
      view: ViewPane,
      crumb: (_s, pane) => `view ${safeText(pane.name, 40)}`,
      list: (pane) => viewKey(pane.name),
      scopes: () => ['view', 'list', 'global'],
      open(ctx, pane) {
        const row = selectedRow<ViewRow>(ctx, viewKey(pane.name));
        if (!row) return true;
        // The pipeline pane reads the pipeline itself (a list's row lacks what it shows).
        nav.push(ctx.store, { kind: 'pipeline', projectId: row.projectId, path: row.path, pipelineId: row.pipeline.id, view: 'list' });
        return true;
      },
      url: (ctx, pane) => ({ url: selectedRow<ViewRow>(ctx, viewKey(pane.name))?.pipeline.web_url }),
      poll: (ctx) => ({
        // The other sections' counts: each read once (the one in front is the core's list).
        refresh(pane) {
          const state = ctx.store.getState();
          const unread = (state.config.views ?? []).filter(
            (v) => v.name !== pane.name && listOf(state, viewKey(v.name)).loadedAt === null && !listOf(state, viewKey(v.name)).loading,
          );
          return unread.length ? Promise.all(unread.map((v) => refreshList(ctx, viewKey(v.name)))).then(() => undefined) : undefined;
        },
        moving: (pane) => listOf<ViewRow>(ctx.store.getState(), viewKey(pane.name)).items.some((r) => isActiveStatus(r.pipeline.status)),
      }),
    },
  },
  commands: VIEW_BINDINGS,
  palette: {
    view: {
      usage: 'view [name]',
      order: 96,
      description: 'a saved view of the config file (views:): its pipelines across projects',
      run: (ctx, args) => openView(ctx, args[0]),
    },
  },
  source: viewSource,
  // Tab and Shift-Tab step through the views, as through a project's tabs.
  takes: [
    { command: 'nav.nextTab', scopes: ['view'], run: onPane('view', (ctx, pane) => step(ctx, pane, 1)) },
    { command: 'nav.prevTab', scopes: ['view'], run: onPane('view', (ctx, pane) => step(ctx, pane, -1)) },
  ],
};
