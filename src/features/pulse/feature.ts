// The pulse as the core sees it: its pane's keys (moving by project, Enter opens the project, `f`
// its newest failed pipeline), its web page, and the projects list it is drawn from (read once;
// the rows' own reads are the pulse poller's, poll.ts, which the controller starts and stops with
// itself through Feature.attach).
import { setFiltering } from '../../store/writers.js';
import { createPulseSlice, writePulse } from './slice.js';
import * as nav from '../../store/nav.js';
import type { Project } from '../../api/index.js';
import type { Feature } from '../../store/feature.js';
import { loadMore, refreshList } from '../../store/lists.js';
import { listOf, patchList, toast, topPane } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import type { Ctx } from '../../store/ctx.js';
import { windowFor } from '../../ui/components/window.js';
import { PULSE_LIST, entryOf, isPlaceholder, pulseBodyRows, pulseFilter, pulseRows, pulseSelected, pulseSourceProjects } from './rows.js';
import type { CommandId } from '../../keymap/bindings.js';
import { withRuns, type Takeover } from '../../store/command.js';
import { goBack } from '../../store/core-commands.js';
import { PULSE_BINDINGS } from './bindings.js';
import { startPulsePolling, type PulsePoller } from './poll.js';
import { PulsePane } from './PulsePane.js';
import { openNewestFailure } from './failure.js';
import { pushPane } from '../../store/palette.js';
import { listKeys } from '../../domain/list-keys.js';
import { rememberProject } from '../../domain/projects.js';

const MOVES: Record<string, (i: number, n: number, page: number) => number> = {
  'nav.down': (i) => i + 1,
  'nav.up': (i) => i - 1,
  'nav.top': () => 0,
  'nav.bottom': (_, n) => n - 1,
  'nav.pageDown': (i, _, page) => i + page,
  'nav.pageUp': (i, _, page) => i - page,
};

function move(ctx: Ctx, to: (i: number, n: number, page: number) => number): void {
  const state = ctx.store.getState();
  const rows = pulseRows(state);
  // The user's projects come a page at a time (50): near the end of the rows, the next page, so
  // every project of theirs gets its row (the config file's list is read whole). A filter that
  // matches none of the pages read yet lists the next one the same way, one page a key.
  const more = () => !state.config.pulse?.length && void loadMore(ctx, listKeys.projects());
  if (rows.length === 0) return void more();
  const height = pulseBodyRows(state);
  const i = Math.max(0, Math.min(rows.length - 1, to(pulseSelected(state, rows), rows.length, height)));
  const { offset } = windowFor(rows.length, i, height, state.pulse.offset);
  writePulse(ctx.store, (s) => ({ pulse: { ...s.pulse, selectedId: rows[i]!.projectId, pinAt: i, offset } }));
  if (i >= rows.length - height) more();
}

function selected(ctx: Ctx) {
  const state = ctx.store.getState();
  const rows = pulseRows(state);
  return rows[pulseSelected(state, rows)];
}

const projectOf = (ctx: Ctx, id: number): Project | undefined => pulseSourceProjects(ctx.store.getState()).find((p) => p.id === id);

/** A config file entry whose project is not read yet (its row just came on screen): say so. */
function notReadYet(ctx: Ctx, row: { projectId: number; path: string }): boolean {
  if (!isPlaceholder(row.projectId)) return false;
  const state = ctx.store.getState();
  const refused = state.pulse.listed[entryOf(state, row.projectId) ?? ''] === null;
  toast(ctx.store, 'info', refused ? `${row.path} could not be read (see the line under the list)` : `${row.path} is not read yet`);
  return true;
}

const push = (ctx: Ctx, pane: Pane) => nav.push(ctx.store, pane);

export const pulseFeature: Feature = {
  palette: {
    pulse: {
      usage: 'pulse',
      description: 'what is red or running across your projects',
      order: 120,
      run(ctx) {
        if (topPane(ctx.store.getState()).kind !== 'pulse') pushPane(ctx, { kind: 'pulse' });
        return null;
      },
    },
  },
  slice: createPulseSlice,
  specs: {
    pulse: {
      view: PulsePane,
      crumb: () => 'pulse',
      // The pulse says what it costs GitLab: requests per minute over the last minute (every pane's).
      header: { rate: true },
      scopes: () => ['pulse', 'global'],
      open(ctx) {
        const row = selected(ctx);
        if (!row || notReadYet(ctx, row)) return true;
        const project = projectOf(ctx, row.projectId);
        if (project) rememberProject(ctx.store, project);
        push(ctx, { kind: 'project', projectId: row.projectId, path: row.path, tab: 'pipelines' });
        return true;
      },
      rowProject(ctx) {
        const row = selected(ctx);
        return row && !isPlaceholder(row.projectId) ? { projectId: row.projectId, path: row.path } : undefined;
      },
      url(ctx) {
        const row = selected(ctx);
        return { url: row && !isPlaceholder(row.projectId) ? projectOf(ctx, row.projectId)?.web_url : undefined };
      },
      poll: (ctx) => ({
        refresh() {
          // The rows are the projects list's first page, read once: the budget is the rows' own reads.
          const state = ctx.store.getState();
          // The config file's projects are read as their rows come on screen, by the pulse poller.
          if (state.config.pulse) return undefined;
          if (listOf(state, listKeys.projects()).loadedAt !== null) return undefined;
          return refreshList(ctx, listKeys.projects());
        },
      }),
    },
  },
  commands: withRuns(PULSE_BINDINGS, {
    'pulse.openFailure': {
      run(ctx) {
        const row = selected(ctx);
        if (!row || notReadYet(ctx, row)) return;
        void openNewestFailure(ctx, row, projectOf(ctx, row.projectId)?.default_branch ?? null);
      },
    },
  }),
  // No store list: the pulse moves its own cursor.
  takes: [
    ...Object.entries(MOVES).map(([command, to]): Takeover => ({ command: command as CommandId, scopes: ['pulse'], run: (ctx) => move(ctx, to) })),
    // `/` as in every list (store/modal-keys.ts filterKey types it); Esc clears a kept filter first.
    { command: 'list.filter', scopes: ['pulse'], run: (ctx) => setFiltering(ctx.store, PULSE_LIST) },
    {
      command: 'nav.back',
      scopes: ['pulse'],
      run(ctx) {
        if (!pulseFilter(ctx.store.getState())) return goBack(ctx);
        patchList(ctx.store, PULSE_LIST, { filter: '', selected: 0 });
        toast(ctx.store, 'info', 'Filter cleared');
      },
    },
  ],
  name: 'pulse',
  scopeNames: { pulse: 'the pulse' },
  // Its list's cursor is its own (moveInFilter); a `:pulse` jump is a trail's root.
  listKinds: ['pulse'],
  roots: ['pulse'],
  moveInFilter(ctx, key, by) {
    if (key.kind !== 'pulse') return false;
    move(ctx, (i) => i + by);
    return true;
  },
  // The rows on screen are read by the pulse's own poller (poll.ts), with the controller.
  attach(ctx, { timing }) {
    let poller: PulsePoller | null = null;
    return {
      start: () => void (poller = startPulsePolling(ctx, Math.min(1000, timing.activeMs))),
      stop: () => poller?.stop(),
    };
  },
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    pulse: true;
  }
}
