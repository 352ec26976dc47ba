// `:compare` and `C` on a pipeline: the pipeline against the last one that passed on its ref (or, for
// a merge request's, on its commit or source branch: load.ts) — which one that is (#id, age, sha),
// jobs whose status flipped (downstream ones too), durations, tests newly failing, variables that
// differ. Read when opened and on `R`; j/k scroll; Enter opens the green pipeline.
import { compareKey, createCompareSlice, writeCompare } from './slice.js';
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { pipelineOnTrail } from '../../domain/trail.js';
import { topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import type { CommandId } from '../../keymap/bindings.js';
import { onPane, withRuns } from '../../store/command.js';
import { COMPARE_BINDINGS } from './bindings.js';
import { loadComparison } from './load.js';
import { ComparePane } from './ComparePane.js';

const SCROLL: Record<string, (i: number) => number> = {
  'nav.down': (i) => i + 1,
  'nav.up': (i) => i - 1,
  'nav.top': () => 0,
  'nav.pageDown': (i) => i + 10,
  'nav.pageUp': (i) => i - 10,
};

export const compareFeature: Feature = {
  slice: createCompareSlice,
  specs: {
    compare: {
      view: ComparePane,
      crumb: () => 'compare',
      scopes: () => ['compare', 'global'],
      // Read when opened and on `R`.
      poll: (ctx) => ({
        refresh: (pane, { full }) => (full ? loadComparison(ctx, pane.projectId, pane.pipelineId) : undefined),
        moving: () => false,
      }),
    },
  },
  name: 'compare',
  scopeNames: { compare: 'a comparison with the last green pipeline' },
  commands: withRuns(COMPARE_BINDINGS, {
    // `C` on the pipeline pane (the pipelines feature's).
    'pipeline.compare': {
      run: onPane('pipeline', (ctx, pane) => openCompare(ctx, { projectId: pane.projectId, path: pane.path, pipelineId: pane.pipelineId })),
    },
    'compare.open': {
      run: onPane('compare', (ctx, pane) => {
        const base = ctx.store.getState().comparisons[compareKey(pane.projectId, pane.pipelineId)]?.base;
        if (base) nav.push(ctx.store, { kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: base.id, view: 'list' });
      }),
    },
  }),
  // j/k scroll the comparison (it has no list).
  takes: Object.entries(SCROLL).map(([command, scroll]) => ({
    command: command as CommandId,
    scopes: ['compare'],
    run: onPane('compare', (ctx, pane) => {
      const key = compareKey(pane.projectId, pane.pipelineId);
      writeCompare(ctx.store, (s) => {
        const now = s.comparisons[key];
        return now ? { comparisons: { ...s.comparisons, [key]: { ...now, scroll: Math.max(0, scroll(now.scroll)) } } } : {};
      });
    }),
  })),
  palette: {
    compare: {
      usage: 'compare [pipeline id]',
      order: 150,
      description: 'the pipeline against the last successful one on its ref',
      run(ctx, args, at) {
        const pipeline = pipelineOnTrail(ctx, at, args[0], 'compare');
        return typeof pipeline === 'string' ? pipeline : openCompare(ctx, pipeline);
      },
    },
  },
};

/** Opens the comparison of a pipeline over the pane in front (the poller reads it). */
export function openCompare(ctx: Ctx, at: { projectId: number; path: string; pipelineId: number }): null {
  const top = topPane(ctx.store.getState());
  if (top.kind === 'compare' && top.pipelineId === at.pipelineId) return null;
  nav.push(ctx.store, { kind: 'compare', ...at } satisfies Pane);
  return null;
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    compare: true;
  }
}
