// The app shell: composes the registered features (src/app/features.ts) into one app — the store
// from their slices, the controller that asks them, the pane switch from their specs — and wires the
// GitLab client's hooks to it. src/tui.tsx and the tests' rig (test/helpers/app.tsx) both build the
// app here, so what a test drives is what the terminal runs.
import type { ReactElement } from 'react';
import { createGitLab, type ClientOptions, type ExchangeEntry, type GitLab } from '../api/index.js';
import { recordExchange } from '../features/requests/index.js';
import { openProjectRef } from '../features/projects/index.js';
import type { Binding } from '../keymap/bindings.js';
import { Controller } from '../store/controller.js';
import { composeStore } from '../store/create.js';
import type { Platform } from '../store/ctx.js';
import type { Feature, FeatureOptions } from '../store/feature.js';
import type { PollTiming } from '../store/polling.js';
import { registryOf, runRegistry } from '../store/registry.js';
import type { AppStore } from '../store/store.js';
import type { AppConfigView, AppState, Pane } from '../store/types.js';
import { App, appLayout } from '../ui/App.js';
import { helpMaxOffset } from '../ui/HelpScreen.js';
import { AppContext } from '../ui/context.js';
import { ThemeContext, type Theme } from '../ui/theme.js';
import { FEATURES } from './features.js';
import { DOMAIN_SLICES } from '../domain/slices.js';

/** A store of the domain's records and the registered features' slices (or `features`'), starting on `first`. */
export function createAppStore(config: AppConfigView, first?: Pane, features: readonly Feature[] = FEATURES): AppStore {
  const registry = runRegistry(features);
  // A copy: no two stores share an object (store/create.test.ts).
  const start = first ?? (registry.first && { ...registry.first });
  if (!start) throw new Error('No feature says which pane the app opens on (Feature.first)');
  return composeStore(config, start, [
    // The domain's records (src/domain/slices.ts), then each feature's slice.
    ...DOMAIN_SLICES.map(([, slice]) => slice),
    ...features.flatMap((feature) => (feature.slice ? [feature.slice] : [])),
  ]);
}

/** A fresh store's state, for tests that build states by hand. */
export function initialState(config: AppConfigView, first?: Pane): AppState {
  return createAppStore(config, first).getState();
}

export interface AppOptions {
  /** The GitLab client's options; the app adds its hooks (retries to the header, the request log). */
  gitlab: Omit<ClientOptions, 'onRetry' | 'onExchange'> & { onExchange?: (entry: ExchangeEntry) => void };
  /** The client's GET retries report to the header ("retrying in Ns"); on unless false. */
  reportRetries?: boolean;
  config: AppConfigView;
  /** The first pane (default: the projects list). */
  first?: Pane;
  platform: Platform;
  now?: () => number;
  timing?: PollTiming;
  /** The features' own options (the log's `logTiming`). */
  featureOptions?: Omit<FeatureOptions, 'timing'>;
  tokenHelp?: string;
  /** The effective keymap (the user's keys laid over the defaults). */
  bindings?: readonly Binding[];
  /** `--project`: the project (path or id) looked up after the first frame, and where it came from. */
  project?: { ref: string; from?: string };
  /** The features (default: the registry, src/app/features.ts). */
  features?: readonly Feature[];
}

/** The terminal Ink draws on, as far as its size goes (a tty's stdout, a test's). */
export interface TerminalSize {
  readonly columns?: number;
  readonly rows?: number;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
}

export interface PipetopApp {
  gl: GitLab;
  store: AppStore;
  controller: Controller;
  /** The app's React tree, in the given theme. */
  view(theme: Theme): ReactElement;
  /**
   * Keeps the store's viewport the size of the body App draws on `terminal` (src/ui/App.tsx
   * appLayout): on every resize, and when a confirm or a completion menu changes the footer's
   * rows. Returns what stops it.
   */
  watchTerminal(terminal: TerminalSize): () => void;
}

export function createApp(options: AppOptions): PipetopApp {
  const features = options.features ?? FEATURES;
  let controller: Controller | null = null;
  const { onExchange, ...gitlab } = options.gitlab;
  const gl = createGitLab({
    ...gitlab,
    ...(options.reportRetries === false ? {} : { onRetry: (info) => controller?.onRetry({ delayMs: info.delayMs, reason: String(info.reason) }) }),
    // Every request counts towards the rate the pulse's header shows, and goes in the request log.
    onExchange: (entry) => {
      if (entry.note === undefined) controller?.countRequest();
      if (controller) recordExchange(controller.ctx.store, entry, Date.now());
      onExchange?.(entry);
    },
  });
  const store = createAppStore(options.config, options.first, features);
  controller = new Controller({
    store,
    gl,
    platform: options.platform,
    features,
    ...(options.now ? { now: options.now } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.featureOptions ? { featureOptions: options.featureOptions } : {}),
    ...(options.tokenHelp ? { tokenHelp: options.tokenHelp } : {}),
    ...(options.bindings ? { bindings: options.bindings } : {}),
    helpMax: (state, bindings) => helpMaxOffset(state, bindings, features),
  });
  // With --project (or a git remote) the app opens on that project, looked up after the first
  // frame: a slow GitLab shows a pane that says so, and q quits (features/projects/lookup.ts).
  if (options.project) void openProjectRef(controller.ctx, options.project.ref, options.project.from);
  const registry = registryOf(features);
  const now = options.now ?? Date.now;
  const app = controller;
  return {
    gl,
    store,
    controller: app,
    watchTerminal: (terminal) => watchTerminal(terminal, store, app),
    view: (theme) => (
      <AppContext.Provider value={{ store, controller: app, now, registry }}>
        <ThemeContext.Provider value={theme}>
          <App />
        </ThemeContext.Provider>
      </AppContext.Provider>
    ),
  };
}

/**
 * The viewport follows the terminal, set here rather than by a component (render never writes to
 * the controller). Only a change of the computed size is written: a size
 * set by hand (a test's, a bench's) stays until the terminal or the footer changes.
 */
function watchTerminal(terminal: TerminalSize, store: AppStore, controller: Controller): () => void {
  let last = '';
  const sync = () => {
    // As src/ui/use-terminal-size.ts reads it (what App draws with).
    const size = { columns: terminal.columns || 80, rows: terminal.rows || 24 };
    const { viewport } = appLayout(size, store.getState());
    const key = `${viewport.width}x${viewport.height}`;
    if (key === last) return;
    last = key;
    controller.setViewport(viewport);
  };
  sync();
  terminal.on('resize', sync);
  const unsubscribe = store.subscribe(sync);
  return () => {
    terminal.off('resize', sync);
    unsubscribe();
  };
}
