// The core's commands as objects (store/command.ts): moving in a list, Enter, back, tabs, the `/`
// filter, a page's URL, refresh, the palette, help, quitting. Their keys and words are the core's
// bindings (src/keymap/bindings.ts); what they run is here. A feature runs one of them its own way on
// its own panes with a takeover (Feature.takes), found first because its scope is more specific.
import * as nav from './nav.js';
import { BINDINGS, type CommandId } from '../keymap/bindings.js';
import { checkWebUrl } from '../platform/url-check.js';
import type { Command, Handler } from './command.js';
import type { Ctx } from './ctx.js';
import { moveSelection } from './lists.js';
import { runPalette } from './palette.js';
import { registryOf } from './registry.js';
import { listKeyOf } from './sources.js';
import { quit as quitApp, setConfirm, setFiltering, setHelp } from './writers.js';
import type { CoreConfirm } from './continuations.js';
import { listOf, patchList, toast } from './store.js';
import type { Pane } from './types.js';

/** What the core's commands need of the controller. */
export interface CoreOps {
  refresh(): void;
}

/** The rows a page key moves in a list. */
export const pageSize = (ctx: Ctx) => Math.max(1, ctx.store.getState().viewport.height - 4);

const move =
  (to: (i: number, n: number, page: number) => number): Handler['run'] =>
  (ctx, pane) => {
    const key = listKeyOf(pane);
    if (key) moveSelection(ctx, key, (i, n) => to(i, n, pageSize(ctx)));
  };

/** Esc's going back, for a feature's own Esc once it has done its part (the pulse clears its filter first). */
export const goBack = (ctx: Ctx): void => leave(ctx, false);

/** The stack without its top pane, or the quit flag on the first pane (q). */
function leave(ctx: Ctx, quit: boolean): void {
  if (!nav.back(ctx.store) && quit) quitApp(ctx.store);
}

/** Tab, Shift-Tab, 1…9 on a tabbed pane: its tabs are those the features declare for its kind (Feature.tab), in their places. */
function switchTab(ctx: Ctx, pane: Pane, to: (i: number, n: number) => number): void {
  const tabs = registryOf(ctx.features).tabsOf(pane.kind);
  const current = (pane as { tab?: unknown }).tab;
  if (tabs.length === 0 || typeof current !== 'string') return;
  const n = tabs.length;
  const tab = tabs[(to(tabs.indexOf(current), n) + n) % n]!;
  nav.replaceTop(ctx.store, { ...pane, tab } as Pane);
}

/** `o` and `y`: what the page is, the pane's spec says; only a checked URL is opened or copied (src/platform/url-check.ts). */
function page(ctx: Ctx, pane: Pane, copy: boolean): void {
  const { store } = ctx;
  const found = registryOf(ctx.features).answer(pane, (answers) => answers.url?.(ctx, pane));
  const raw = found?.url;
  if (!raw) return void toast(store, 'info', 'Nothing here has a web page');
  // On GitLab's host unless the feature says it may be elsewhere (an environment's external_url).
  const verdict = checkWebUrl(raw, { gitlabOrigin: ctx.gl.client.origin, anyHost: found.anyHost === true });
  if (!verdict.ok) return void toast(store, 'error', `Not ${copy ? 'copied' : 'opened'}: ${verdict.reason}`);
  const url = verdict.url;
  // A page on another host than the API's (GitLab behind a proxy, an internal name for the API):
  // copying text harms no one, so it is copied, saying where it points; opening asks first.
  const where = verdict.elsewhere ? ` — on ${verdict.elsewhere}, not on ${apiHost(ctx)} where pipetop reads GitLab` : '';
  if (copy) {
    ctx.platform.copy(url);
    // Nothing confirms that the terminal put it on the clipboard: say what was done.
    return void toast(store, 'info', `Link ${url} ${ctx.platform.copyNotice ?? 'sent to the terminal'}${where}`);
  }
  if (verdict.elsewhere) {
    return setConfirm(store, {
      message: `Open ${url}?`,
      detail: `It is on ${verdict.elsewhere}, not on ${apiHost(ctx)} where pipetop reads GitLab.`,
      yes: { owner: 'core', command: 'object.openElsewhere', args: { url } },
    });
  }
  openPage(ctx, url);
}

const apiHost = (ctx: Ctx): string => {
  try {
    return new URL(ctx.gl.client.origin).host;
  } catch {
    return ctx.gl.client.origin;
  }
};

function openPage(ctx: Ctx, url: string): void {
  void ctx.platform.openUrl(url).then((r) => toast(ctx.store, r.opened ? 'success' : 'info', r.opened ? `Opened ${url}` : r.message));
}

/** `y` to one of the core's own confirms (store/continuations.ts CoreConfirm). */
export function coreConfirmed(ctx: Ctx, action: CoreConfirm): void {
  if (action.command === 'object.openElsewhere') openPage(ctx, action.args.url);
}

type CoreRun = Pick<Command, 'run' | 'rows'>;

function coreRuns(ops: CoreOps): Partial<Record<CommandId, CoreRun>> {
  // A number past the last tab does nothing (store/keymap.ts binds none there).
  const tab = (n: number): CoreRun => ({
    run: (ctx, pane) => void (n <= registryOf(ctx.features).tabsOf(pane.kind).length && switchTab(ctx, pane, () => n - 1)),
  });
  return {
    'nav.down': { rows: true, run: move((i) => i + 1) },
    'nav.up': { rows: true, run: move((i) => i - 1) },
    'nav.top': { rows: true, run: move(() => 0) },
    'nav.bottom': { rows: true, run: move((_, n) => n - 1) },
    'nav.pageDown': { rows: true, run: move((i, _, p) => i + p) },
    'nav.pageUp': { rows: true, run: move((i, _, p) => i - p) },
    // Enter: where it leads is the business of the pane's spec (store/registry.ts).
    'nav.open': { rows: true, run: (ctx, pane) => void registryOf(ctx.features).answer(pane, (answers) => answers.open?.(ctx, pane) || undefined) },
    'nav.back': {
      run(ctx, pane) {
        // A kept `/` filter goes first: back from a filtered list is the whole list.
        const key = listKeyOf(pane);
        if (key && listOf(ctx.store.getState(), key).filter) {
          patchList(ctx.store, key, { filter: '', selected: 0 });
          return void toast(ctx.store, 'info', 'Filter cleared');
        }
        leave(ctx, false);
      },
    },
    'app.quit': { run: (ctx) => leave(ctx, true) },
    'app.forceQuit': { run: (ctx) => quitApp(ctx.store) },
    'nav.nextTab': { run: (ctx, pane) => switchTab(ctx, pane, (i) => i + 1) },
    'nav.prevTab': { run: (ctx, pane) => switchTab(ctx, pane, (i) => i - 1) },
    'nav.tab1': tab(1),
    'nav.tab2': tab(2),
    'nav.tab3': tab(3),
    'nav.tab4': tab(4),
    'nav.tab5': tab(5),
    'nav.tab6': tab(6),
    'nav.tab7': tab(7),
    'nav.tab8': tab(8),
    'nav.tab9': tab(9),
    'list.filter': {
      run(ctx, pane) {
        const key = listKeyOf(pane);
        if (key) setFiltering(ctx.store, key);
      },
    },
    'object.open': { rows: true, run: (ctx, pane) => page(ctx, pane, false) },
    'object.copy': { rows: true, run: (ctx, pane) => page(ctx, pane, true) },
    'app.refresh': { run: () => ops.refresh() },
    'app.palette': { run: (ctx) => runPalette(ctx) },
    'app.help': { run: (ctx) => setHelp(ctx.store, { offset: 0 }) },
  };
}

/**
 * The core's commands: its bindings with what they run. The modal ones (text fields, the `/`
 * filter, a confirm, help) have none: store/modal-keys.ts takes those keys before any command runs.
 */
export function coreCommands(ops: CoreOps): Command[] {
  const runs = coreRuns(ops);
  return BINDINGS.flatMap((binding) => {
    const run = runs[binding.command];
    return run ? [{ ...binding, ...run }] : [];
  });
}
