// The one place keys become store changes: overlays (prompt, confirm, help, `/` filter) take keys
// first, then the keymap resolves the key for the top pane and a command runs. Components only
// render state and call `handleKey`; they never talk to the API.
//
// The controller knows panes only as lists (moving, `/`, Esc), tabs, and what their specs answer
// (store/feature.ts PaneAnswers): their scopes, a form's keys and pastes, whether a pane is ready; commands
// are looked up by id and scope (store/command.ts), a confirm's `y` and a prompt's Enter go to the
// feature the confirm or prompt names as its owner, and what features keep running (Feature.attach:
// the log engine, background pollers) starts and stops with it. Every owner is found in the
// registry's tables (store/registry.ts), never by asking the features in turn: it never names a
// feature, and the order they are listed in changes nothing.
import type { GitLab } from '../api/index.js';
import { isGitLabApiError } from '../api/index.js';
import type { CommandId, Scope } from '../keymap/bindings.js';
import type { Keymap } from '../keymap/matcher.js';
import type { Binding } from '../keymap/bindings.js';
import { bindingName, type InputEvent, type Key } from '../input/key.js';
import { InkFeed } from '../input/ink-feed.js';
import { keymapOf } from './keymap.js';
import { commandTable, handlerOf, readOnlyRefusal, type Command, type CommandTable, type Handler } from './command.js';
import { coreCommands, coreConfirmed } from './core-commands.js';
import type { ConfirmAction, PromptAction, PromptResult } from './continuations.js';
import { confirmKey, filterKey, helpKey, pasteInto, promptKey } from './modal-keys.js';
import type { Ctx, Platform } from './ctx.js';
import { describeError } from './errors.js';
import type { Attached, Feature, FeatureOptions } from './feature.js';
import { registryOf, type Registry } from './registry.js';
import { listRows } from './lists.js';
import { promptChoices, submitPalette } from './palette.js';
import { completionKey } from './completion.js';
import { backoffMs, DEFAULT_TIMING, startPolling, type Poller, type PollTiming } from './polling.js';
import { listKeyOf } from './sources.js';
import { listOf, toast, topPane, type AppStore } from './store.js';
import { clearToast, quit, setConnection, setFatal, setFiltering, setHelp, setPrompt, setRequestRate, setUser, setViewport } from './writers.js';
import { type AppState, type ListKey, type Pane, type Viewport } from './types.js';
import { TypeAhead } from './type-ahead.js';
import { requestsPerMinute } from '../lib/rate.js';

export interface ControllerDeps {
  store: AppStore;
  gl: GitLab;
  platform: Platform;
  now?: () => number;
  timing?: PollTiming;
  /** The features' own options (the log's `logTiming`: how often the log in front is read). */
  featureOptions?: Omit<FeatureOptions, 'timing'>;
  /** What to tell the user when GitLab rejects the token (names the flag/variable to set). */
  tokenHelp?: string;
  /** The features to plug in (the app shell's registry, src/app/features.ts). */
  features: readonly Feature[];
  /** The effective bindings (the user's keys laid over the defaults); default: the features' defaults. */
  bindings?: readonly Binding[];
  /**
   * How far `?` help can scroll in the viewport, laid out as the help screen draws it (the app
   * shell's: src/ui/HelpScreen.tsx helpMaxOffset). Without it, help's offset has no end.
   */
  helpMax?: (state: AppState, bindings: readonly Binding[]) => number;
}

export class Controller {
  readonly ctx: Ctx;
  /** Keys for the Ink components in front (the prompt's field, its choice menu): App mounts its port. */
  readonly inkFeed = new InkFeed();
  private poller: Poller | null = null;
  /** What the features keep running beside the controller (Feature.attach), in their order. */
  private readonly attached: Attached[];
  /** Send times of every request (the client's onExchange): the header's requests per minute. */
  private readonly sent: number[] = [];
  private failures = 0;
  /** Who owns what among the features (built at start: two owners of one thing throw here). */
  private readonly registry: Registry;
  /** The table keys resolve through; the footer and `?` help read it too. */
  private table: Keymap;
  /** Startup notices (config mistakes, resolve warnings) still to show, and the toast showing one. */
  private notices: string[] = [];
  private noticeToast: number | null = null;
  /** The core's commands and the features'. */
  private readonly own: readonly Command[];
  /** What each command runs, by id and scope (store/command.ts): the core's, the features', the table's own (a user's `run.NAME`). */
  private commands!: CommandTable;
  /** The core's commands by id: what a feature's own binding of one (Enter on its pane, in its words) runs. */
  private readonly core: ReadonlyMap<CommandId, Handler>;
  /** Commands that change GitLab (their bindings' `mutates`, wherever they run): read-only mode refuses them. */
  private mutating!: ReadonlySet<CommandId>;
  /** Commands that act on a pane's rows: typed before the rows came, they wait (type-ahead.ts). */
  private rowKeys!: ReadonlySet<CommandId>;
  /** Keys typed while the pane in front loads, applied when it is ready (type-ahead.ts). */
  private readonly typeAhead: TypeAhead;
  /** The controller's own store subscription (help's end, the request rate shown): undone by stop(). */
  private readonly unsubscribe: () => void;
  /** What help's end was last counted from: the pane, the viewport, read-only, the table. */
  private helpInputs: readonly unknown[] = [];
  /** Decays the request rate shown, once a second, while a pane in front shows it (after start). */
  private rateTimer: ReturnType<typeof setInterval> | null = null;
  private rateTimed = false;
  /** The pane in front when the rate was last placed. */
  private ratePane: Pane | null = null;

  constructor(private readonly deps: ControllerDeps) {
    const now = deps.now ?? Date.now;
    this.ctx = {
      store: deps.store,
      gl: deps.gl,
      platform: deps.platform,
      now,
      connectionOk: () => {
        this.failures = 0;
        const c = deps.store.getState().connection;
        if (c.kind !== 'live') setConnection(deps.store, { kind: 'live', at: now() });
      },
      connectionFailed: (error) => this.failed(error),
      acted: () => void this.poller?.acted(),
      refreshNow: () => void this.poller?.refreshNow(),
      features: deps.features,
      ink: this.inkFeed,
    };
    this.registry = registryOf(deps.features);
    this.table = keymapOf(this.ctx.features, deps.bindings);
    const core = coreCommands({ refresh: () => void this.refresh() });
    this.core = new Map(core.map((command) => [command.command, command as Handler]));
    this.own = [...core, ...this.ctx.features.flatMap((feature) => feature.commands ?? [])];
    this.compose(deps.bindings);
    this.typeAhead = new TypeAhead({
      store: deps.store,
      // Keys typed before a confirm's check ended were typed without its warning: dropped if it has one.
      ready: (pane, state) => (state.confirm?.checking ? false : state.confirm?.warning ? 'drop' : this.paneReady(pane, state)),
      replay: (key) => this.handleKey(key),
    });
    const options: FeatureOptions = { ...deps.featureOptions, timing: this.timing };
    // Each feature's own part, independent of the others': the order they start in is immaterial.
    this.attached = this.ctx.features.flatMap((feature) => (feature.attach ? [feature.attach(this.ctx, options)] : []));
    // What the frame shows is computed here from the store, never reported back by a component.
    this.unsubscribe = deps.store.subscribe((state) => {
      this.fitHelp(state);
      if (topPane(state) !== this.ratePane) this.showRate();
    });
    this.showRate();
  }

  private get timing(): PollTiming {
    return this.deps.timing ?? DEFAULT_TIMING;
  }

  /** `y`: the confirm's owner runs what it carries (its continuation, data it wrote itself). */
  private confirmed(action: ConfirmAction): void {
    if (action.owner === 'core') return coreConfirmed(this.ctx, action);
    const owner = this.registry.named(action.owner)?.confirmed;
    if (!owner) throw new Error(`No feature ${action.owner} answers its confirm`);
    owner(this.ctx, action as never);
  }

  /** Enter: the palette's is the core's; any other prompt's owner runs what it carries with the value typed. */
  private submitted(action: PromptAction, value: string): PromptResult {
    if (action.owner === 'palette') return submitPalette(this.ctx, this, value);
    const owner = this.registry.named(action.owner)?.submitted;
    if (!owner) throw new Error(`No feature ${action.owner} answers its prompt`);
    return owner(this.ctx, action as never, value);
  }

  /** The terminal's size for the panes (the app shell calls it on every resize: src/app/create.tsx): paging and the log fit it. */
  setViewport(viewport: Viewport): void {
    const now = this.deps.store.getState().viewport;
    if (now.width !== viewport.width || now.height !== viewport.height) setViewport(this.deps.store, viewport);
  }

  /** Who am I (checks the token), then live updates of what is on screen. */
  async start(): Promise<void> {
    try {
      const me = await this.deps.gl.users.current();
      setUser(this.deps.store, { username: me.username, name: me.name, isAdmin: me.is_admin === true });
      this.ctx.connectionOk();
    } catch (error) {
      if (isGitLabApiError(error) && error.status === 401) {
        setFatal(
          this.deps.store,
          `GitLab rejected the token (${error.reason}).\n\n${this.deps.tokenHelp ?? 'Set a valid personal access token with --token or GITLAB_TOKEN.'}`,
        );
        return;
      }
      this.failed(error);
    }
    this.poller = startPolling(this.ctx, this.timing, () => this.failures);
    for (const part of this.attached) part.start?.();
    this.rateTimed = true;
    this.showRate();
  }

  stop(): void {
    this.unsubscribe();
    this.rateTimed = false;
    if (this.rateTimer) clearInterval(this.rateTimer);
    this.rateTimer = null;
    this.typeAhead.stop();
    this.poller?.stop();
    for (const part of this.attached) part.stop?.();
  }

  private failed(error: unknown): void {
    if (!isGitLabApiError(error)) return;
    const now = this.ctx.now();
    const reason = describeError(error);
    if (error.kind === 'network' || error.kind === 'timeout') {
      this.failures++;
      setConnection(this.deps.store, { kind: 'offline', since: now, reason, until: now + this.backoff(error.retryAfterMs) });
    } else if (error.kind === 'http' && (error.status >= 500 || error.status === 429)) {
      this.failures++;
      setConnection(this.deps.store, { kind: 'retrying', until: now + this.backoff(error.retryAfterMs), reason });
    }
  }

  private backoff(retryAfterMs?: number): number {
    return backoffMs(this.timing, this.failures, retryAfterMs);
  }

  /** GET retries inside the client report here, so the header can say "retrying in Ns". */
  onRetry(info: { delayMs: number; reason: string }): void {
    setConnection(this.deps.store, { kind: 'retrying', until: this.ctx.now() + info.delayMs, reason: info.reason });
  }

  /** Every request attempt the client makes (its onExchange hook) counts towards the rate shown. */
  countRequest(): void {
    const now = this.ctx.now();
    this.sent.push(now);
    // Only the last minute is ever shown: keep the record bounded.
    while (this.sent.length > 0 && this.sent[0]! <= now - 60_000) this.sent.shift();
    this.showRate();
  }

  /** Requests per minute pipetop caused over the last minute. */
  requestRate(): number {
    return requestsPerMinute(this.sent, this.ctx.now());
  }

  /**
   * The request rate in the store (AppState.requestRate) while the pane in front shows it (its
   * spec says so: PaneAnswers.header), null otherwise. Written only when the whole number shown
   * changes — a frame per change, not per request — and re-counted once a second while shown, so
   * it falls when requests stop.
   */
  private showRate(): void {
    const { store } = this.deps;
    const state = store.getState();
    const pane = topPane(state);
    this.ratePane = pane;
    // The pane's spec says (store/registry.ts), never whichever feature answers first.
    const shown = this.registry.answer(pane, (answers) => answers.header?.rate) === true;
    const rate = shown ? Math.round(this.requestRate()) : null;
    if (state.requestRate !== rate) setRequestRate(store, rate);
    if (shown && this.rateTimed && !this.rateTimer) {
      this.rateTimer = setInterval(() => this.showRate(), 1000);
      this.rateTimer.unref?.();
    } else if (!shown && this.rateTimer) {
      clearInterval(this.rateTimer);
      this.rateTimer = null;
    }
  }

  refresh(): Promise<void> {
    return Promise.all([this.poller?.refreshNow(), ...this.attached.map((part) => part.refresh?.())]).then(() => undefined);
  }

  // ---- keys ------------------------------------------------------------------------------------------

  get keymap(): Keymap {
    return this.table;
  }

  /** Replaces the table (the user's keys laid over `keymap.bindings`); call before the first frame. */
  useBindings(bindings: readonly Binding[]): void {
    this.table = keymapOf(this.ctx.features, bindings);
    this.compose(bindings);
  }

  /**
   * The command table: the core's and the features' commands, and those the bindings given bring
   * with them (a user's own commands, from the commands feature: their ids are the config file's).
   */
  private compose(bindings: readonly Binding[] | undefined): void {
    const known = new Set(this.own.map((command) => command.command));
    const brought = (bindings ?? []).filter((b): b is Command => !known.has(b.command) && typeof (b as Command).run === 'function');
    const commands = [...this.own, ...brought];
    this.commands = commandTable(
      commands,
      this.ctx.features.flatMap((feature) => feature.takes ?? []),
    );
    this.rowKeys = new Set(commands.filter((command) => command.rows).map((command) => command.command));
    this.mutating = new Set(commands.filter((command) => command.mutates).map((command) => command.command));
  }

  /**
   * One key or paste from src/input, applied at once: the next key of a burst sees what this one
   * left (every handler reads store.getState()). A handler that throws costs that key, not the app.
   */
  handleKey(event: InputEvent): void {
    try {
      if (event.kind === 'paste') {
        // Routed as keys are: an overlay (prompt, confirm, `/` filter) takes it before the pane under
        // it; otherwise a form in front may (a run form takes several lines as several variables).
        const state = this.deps.store.getState();
        const overlay = state.prompt !== null || state.confirm !== null || state.filtering !== null;
        const pane = topPane(state);
        if (!overlay && this.registry.answer(pane, (answers) => answers.paste?.(this.ctx, pane, event.text) || undefined)) return this.unterminated(event);
        pasteInto(this.ctx, event.text);
        return this.unterminated(event);
      }
      this.key(event);
    } catch (error) {
      toast(this.deps.store, 'error', `That key failed: ${describeError(error)}`);
    }
  }

  /** A paste whose end marker never came (src/input/parser.ts ended it after a silence): say so. */
  private unterminated(event: { unterminated?: boolean; text: string }): void {
    if (!event.unterminated) return;
    toast(
      this.deps.store,
      'info',
      `The paste was unterminated (its end marker never came): ended after a pause, its ${event.text.length.toLocaleString('en')} characters kept`,
    );
  }

  /**
   * Messages the user must see before the first key (a mistake in the config file, a warning about
   * the flags): one at a time in the footer, each until a key, then the next.
   */
  notify(messages: readonly string[]): void {
    this.notices.push(...messages);
    if (this.noticeToast === null) this.nextNotice();
  }

  private nextNotice(): void {
    const message = this.notices.shift();
    if (message === undefined) {
      this.noticeToast = null;
      return;
    }
    const more = this.notices.length ? ` (${this.notices.length} more: any key)` : '';
    toast(this.deps.store, 'error', `${message}${more}`);
    this.noticeToast = this.deps.store.getState().toast?.id ?? null;
  }

  private key(key: Key): void {
    const { store } = this.deps;
    const { keymap } = this;
    // A startup notice in the footer goes at the next key (the key itself still works).
    if (this.noticeToast !== null) {
      const shown = store.getState().toast?.id === this.noticeToast;
      if (shown) clearToast(store);
      this.nextNotice();
    }
    const state = store.getState();
    const name = bindingName(key);
    // Ctrl-C always quits, whatever is in front.
    if (name === 'ctrl+c') return quit(store);
    if (state.fatal) {
      if (name === 'q' || name === 'escape') quit(store);
      return;
    }
    const command = (scopes: Scope[]) => keymap.resolve(name, scopes)?.command ?? null;
    // Keys wait behind a held one (type-ahead.ts), in order; one that leaves the pane runs now.
    // With a confirm open, any key but `y` answers no at once (and drops a `y` held before it).
    if (this.typeAhead.holding) {
      const leaves = state.confirm
        ? command(['confirm']) !== 'confirm.yes'
        : ['nav.back', 'app.quit'].includes(command(scopesOf(topPane(state), this.ctx.features)) ?? '');
      if (!leaves) return this.typeAhead.hold(key);
      this.typeAhead.drop();
    }
    if (state.prompt) {
      // Tab completes (store/completion.ts); its menu takes Tab, Shift-Tab and Esc while it is open.
      if (completionKey(this.ctx, command(['edit']), (prompt, head) => promptChoices(this.ctx, prompt, head))) return;
      return promptKey(this.ctx, command(['edit']), key.text, {
        submit: (value) => void this.submitPrompt(value),
        cancel: () => this.cancelPrompt(),
      });
    }
    // A `y` typed while the confirm still checks for something newer waits for the check (and is
    // dropped if it found something: store/type-ahead.ts); any other key answers no at once.
    if (state.confirm?.checking && command(['confirm']) === 'confirm.yes') return this.typeAhead.hold(key);
    if (state.confirm) return confirmKey(this.ctx, command(['confirm']), (action) => this.confirmed(action));
    // A form owns the keyboard while it is in front (Tab, typing, ^S, Esc): keys resolve in its scopes and 'edit'.
    const pane = topPane(state);
    const scopes = scopesOf(pane, this.ctx.features);
    const edit = command([...scopes, 'edit']);
    if (this.registry.answer(pane, (answers) => answers.keys?.(this.ctx, pane, edit, key.text) || undefined)) return;
    if (state.help) return helpKey(this.ctx, command(['help', 'global']));
    if (state.filtering) return filterKey(this.ctx, state.filtering, command(['filter', 'edit']), key.text);
    const resolved = keymap.resolve(name, scopes);
    // A key that acts on the pane's rows, typed before they came: it waits for them.
    if (resolved && this.rowKeys.has(resolved.command) && !this.paneReady(pane, state)) return this.typeAhead.hold(key);
    if (resolved) {
      if (state.toast && state.toast.id !== this.noticeToast) clearToast(store);
      this.run(resolved.command);
    }
  }

  /** Whether keys typed ahead are waiting for the pane in front to load. */
  get holdingKeys(): boolean {
    return this.typeAhead.holding;
  }

  /**
   * Whether the pane shows what its keys act on: its owner may say (a pipeline's jobs and trigger
   * jobs all in); otherwise its list has loaded once, or failed (the error is what there is to see).
   */
  private paneReady(pane: Pane, state: AppState): boolean {
    const said = this.registry.answer(pane, (answers) => answers.ready?.(this.ctx, pane, state));
    if (said !== undefined) return said;
    const key = listKeyOf(pane);
    if (!key) return true;
    const list = listOf(state, key);
    return list.loadedAt !== null || list.error !== null;
  }

  /**
   * How far help can scroll (help.max), so `G` and paging stop at the end: counted again when help
   * opens or what it lays out changes (the pane under it, the viewport, read-only, the keys).
   */
  private fitHelp(state: AppState): void {
    const help = state.help;
    if (!help || !this.deps.helpMax) return;
    const inputs = [topPane(state), state.viewport, state.config.readOnly, this.table];
    const same = help.max !== undefined && inputs.every((input, i) => input === this.helpInputs[i]);
    if (same && help.offset <= help.max!) return;
    this.helpInputs = inputs;
    const max = this.deps.helpMax(state, this.table.bindings);
    if (help.max !== max || help.offset > max) setHelp(this.deps.store, { offset: Math.min(help.offset, max), max });
  }

  /** Enter in the field on screen (ink-text-input's onSubmit): the prompt runs, a `/` filter is kept. */
  submitField(value: string): void {
    const state = this.deps.store.getState();
    if (state.prompt) void this.submitPrompt(value);
    else if (state.filtering) setFiltering(this.deps.store, null);
  }

  cancelPrompt(): void {
    setPrompt(this.deps.store, null);
  }

  /** Runs the prompt's handler; an error keeps it open with what was typed. */
  async submitPrompt(value: string): Promise<void> {
    const prompt = this.deps.store.getState().prompt;
    if (!prompt) return;
    let error: string | null;
    try {
      error = await this.submitted(prompt.submit, value);
    } catch (e) {
      error = describeError(e);
    }
    // The handler may have opened another prompt; only close or annotate this one.
    const now = this.deps.store.getState().prompt;
    if (now?.id !== prompt.id) return;
    // The palette closes on an error, its message in the status line: the next key (a `q` to go
    // back, say) must act, not be typed into a palette the user thinks is gone.
    if (error && prompt.id === 'palette') {
      setPrompt(this.deps.store, null);
      return toast(this.deps.store, 'error', error);
    }
    setPrompt(this.deps.store, error ? { ...now, initial: value, error } : null);
  }

  // ---- commands ------------------------------------------------------------------------------------

  /**
   * Runs a command on the pane in front: its handler is looked up by id and the pane's scopes (the
   * most specific first: a feature's takeover of a core command on its pane before the core's).
   * What it cannot do here is said, not run; read-only mode refuses what changes GitLab, here and
   * nowhere else, before anything is asked or sent.
   */
  run(command: CommandId): void {
    const { store } = this.deps;
    const state = store.getState();
    const pane = topPane(state);
    const handler = handlerOf(this.commands, command, scopesOf(pane, this.ctx.features)) ?? this.core.get(command);
    if (!handler) return;
    const disabled = handler.disabledReason?.(state, pane);
    if (disabled) return void toast(store, 'info', disabled);
    if (this.mutating.has(command) && state.config.readOnly) {
      return void toast(store, 'error', readOnlyRefusal(handler.refusal?.(this.ctx, pane) ?? command));
    }
    handler.run(this.ctx, pane);
    if (handler.thenCore) this.core.get(command)?.run(this.ctx, pane);
  }

  /** Rows of the top pane's list after the `/` filter (what the view shows). */
  rowsOf<T>(key: ListKey): T[] {
    return listRows<T>(this.ctx, this.deps.store.getState(), key);
  }
}

/** Keymap scopes for a pane, most specific first: those of its spec (store/registry.ts), else the global keys alone. */
export function scopesOf(pane: Pane, features: readonly Feature[]): Scope[] {
  return registryOf(features).answer(pane, (answers) => answers.scopes?.(pane)) ?? ['global'];
}
