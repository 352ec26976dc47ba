// The one place keys become store changes: overlays (prompt, confirm, help, `/` filter) take keys
// first, then the keymap resolves the key for the top pane and a command runs. Components only
// render state and call `handleKey`; they never talk to the API.
import type { GitLab, Job, PipelineBasic, Project } from '../api/index.js';
import { isGitLabApiError } from '../api/index.js';
import type { CommandId, Scope } from '../keymap/bindings.js';
import type { Keymap } from '../keymap/matcher.js';
import type { Binding } from '../keymap/bindings.js';
import { bindingName, type InputEvent, type Key } from '../input/key.js';
import { keymapOf } from './keymap.js';
import { downloadArtifacts, downloadJobArtifacts, jobAction, runJobAction, submitDownload, type JobVerb } from '../features/jobs/index.js';
import { pipelineAction, runPipelineAction } from '../features/pipelines/index.js';
import { closeRunForm, handleRunFormKey, pasteIntoRunForm, openNewPipelineForm, openPlayForm, playWithVariables } from '../features/pipelines/index.js';
import { bridgeAction, isBridge, type BridgeVerb } from '../features/pipelines/index.js';
import type { ConfirmAction, ConfirmHandlers, PromptAction, PromptHandlers, PromptResult } from './commands.js';
import { confirmKey, filterKey, helpKey, pasteInto, promptKey } from './modal-keys.js';
import { runDeleteSchedule, runTakeOwnership, closeScheduleForm } from '../features/schedules/index.js';
import type { Ctx, Platform } from './ctx.js';
import { describeError } from './errors.js';
import { submitEventFilters } from '../features/activity/index.js';
import { FEATURES } from '../features/index.js';
import { ask, type Feature } from './feature.js';
import { handleFormKey, pasteIntoForm } from '../features/schedules/index.js';
import { runLogCommand } from '../features/log/index.js';
import { DEFAULT_LOG_TIMING, LogRegistry, type LogTiming } from '../features/log/index.js';
import { jobScopePrompt, submitJobScopes } from '../features/jobs/index.js';
import { pipelineFilterPrompt, submitPipelineFilters } from '../features/pipelines/index.js';
import { listRows, moveSelection, selectedRow } from './lists.js';
import { runPalette, submitPalette } from './palette.js';
import { backoffMs, DEFAULT_TIMING, startPolling, type Poller, type PollTiming } from './polling.js';
import { listKeyOf } from './sources.js';
import { listOf, patchList, toast, topPane, type AppStore } from './store.js';
import { PROJECT_TABS, type ListKey, type Pane, type Viewport } from './types.js';
import { logRowsOf } from '../features/log/index.js';
import { checkWebUrl } from '../platform/url-check.js';
import { startMarkPolling, type MarkPoller } from '../features/marks/index.js';
import { requestsPerMinute, startPulsePolling, type PulsePoller } from '../features/pulse/index.js';

export interface ControllerDeps {
  store: AppStore;
  gl: GitLab;
  platform: Platform;
  now?: () => number;
  timing?: PollTiming;
  /** How often the log in front is read (while it grows, and at most while it is quiet). */
  logTiming?: LogTiming;
  /** What to tell the user when GitLab rejects the token (names the flag/variable to set). */
  tokenHelp?: string;
  /** The features to plug in (default: all of src/features). */
  features?: readonly Feature[];
  /** The effective bindings (the user's keys laid over the defaults); default: the features' defaults. */
  bindings?: readonly Binding[];
}

export class Controller {
  readonly ctx: Ctx;
  private poller: Poller | null = null;
  /** Reads marked pipelines whose pane is not in front (features/marks). */
  private markPoller: MarkPoller | null = null;
  /** Reads the pulse's rows on screen while it is in front (features/pulse). */
  private pulsePoller: PulsePoller | null = null;
  /** Send times of every request (the client's onExchange): the header's requests per minute. */
  private readonly sent: number[] = [];
  /** The job log of the job pane in front (one at a time). */
  readonly logs: LogRegistry;
  private unsubscribeLogs: (() => void) | null = null;
  private failures = 0;
  /** What `y` on a confirm runs, by command id (data in the store, handlers here). */
  private readonly confirmHandlers: ConfirmHandlers<Ctx>;
  /** What Enter in a prompt runs, by command id. */
  private readonly promptHandlers: PromptHandlers<Ctx>;
  /** The table keys resolve through; the footer and `?` help read it too. */
  private table: Keymap;
  /** Startup notices (config mistakes, resolve warnings) still to show, and the toast showing one. */
  private notices: string[] = [];
  private noticeToast: number | null = null;

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
        if (c.kind !== 'live') deps.store.setState({ connection: { kind: 'live', at: now() } });
      },
      connectionFailed: (error) => this.failed(error),
      acted: () => void this.poller?.acted(),
      features: deps.features ?? FEATURES,
    };
    this.table = keymapOf(this.ctx.features, deps.bindings);
    // The log tail tells the poller when the job in front has likely changed (see features/log/log-view.ts).
    this.logs = new LogRegistry(this.ctx, deps.logTiming ?? DEFAULT_LOG_TIMING, {
      jobMayHaveChanged: () => void this.poller?.refreshNow(),
      rows: (jobId) => logRowsOf(deps.store.getState(), jobId),
    });
    this.ctx.searchLog = (jobId, query) => this.logs.search(jobId, query);
    this.confirmHandlers = {
      'job.confirmed': (ctx, a) => void runJobAction(ctx, a.verb, a.job, a.projectId, a.path),
      'pipeline.cancelConfirmed': (ctx, a) => void runPipelineAction(ctx, 'cancel', a.pipeline, a.projectId),
      'schedule.discardForm': (ctx) => closeScheduleForm(ctx),
      'schedule.takeOwnershipConfirmed': (ctx, a) => void runTakeOwnership(ctx, a),
      'schedule.deleteConfirmed': (ctx, a) => void runDeleteSchedule(ctx, a),
      'job.downloadOverwrite': (ctx, a) => void downloadJobArtifacts(ctx, a),
      'log.saveOverwrite': (ctx, a) => void this.logs.save(a.jobId, a.path, true).then((msg) => msg && toast(ctx.store, 'error', msg)),
      'run.discardForm': (ctx) => closeRunForm(ctx),
      'job.playConfirmed': (ctx, a) => void playWithVariables(ctx, a),
    };
    const logs = this.logs;
    this.promptHandlers = {
      palette: (ctx, _a, value) => submitPalette(ctx, this, value),
      'log.search': (_ctx, a, value) => logs.search(a.jobId, value),
      'log.save': (_ctx, a, value) => (value.trim() ? logs.save(a.jobId, value.trim()) : 'Type a file path'),
      'pipelines.filters': submitPipelineFilters,
      'jobs.scope': submitJobScopes,
      'job.download': submitDownload,
      'events.filters': submitEventFilters,
    };
  }

  /** Runs a confirm's command (looked up by id). */
  private confirmed(action: ConfirmAction): void {
    (this.confirmHandlers[action.command] as (ctx: Ctx, args: ConfirmAction['args']) => void)(this.ctx, action.args);
  }

  private submitted(action: PromptAction, value: string): PromptResult {
    return (this.promptHandlers[action.command] as (ctx: Ctx, args: PromptAction['args'], value: string) => PromptResult)(this.ctx, action.args, value);
  }

  /** The terminal's size for the panes (App calls it on every resize): paging and the log fit it. */
  setViewport(viewport: Viewport): void {
    const now = this.deps.store.getState().viewport;
    if (now.width !== viewport.width || now.height !== viewport.height) this.deps.store.setState({ viewport });
  }

  /** Rows a page key moves in a list. */
  private get pageSize(): number {
    return Math.max(1, this.deps.store.getState().viewport.height - 4);
  }

  /** Who am I (checks the token), then live updates of what is on screen. */
  async start(): Promise<void> {
    try {
      const me = await this.deps.gl.users.current();
      this.deps.store.setState({ user: { username: me.username, name: me.name, isAdmin: me.is_admin === true } });
      this.ctx.connectionOk();
    } catch (error) {
      if (isGitLabApiError(error) && error.status === 401) {
        this.deps.store.setState({
          fatal: `GitLab rejected the token (${error.reason}).\n\n${this.deps.tokenHelp ?? 'Set a valid personal access token with --token or GITLAB_TOKEN.'}`,
        });
        return;
      }
      this.failed(error);
    }
    this.poller = startPolling(this.ctx, this.deps.timing ?? DEFAULT_TIMING, () => this.failures, { tailing: (jobId) => this.logs.tailing(jobId) });
    this.markPoller = startMarkPolling(this.ctx, (this.deps.timing ?? DEFAULT_TIMING).activeMs, (this.deps.timing ?? DEFAULT_TIMING).idleMs);
    this.pulsePoller = startPulsePolling(this.ctx, Math.min(1000, (this.deps.timing ?? DEFAULT_TIMING).activeMs));
    this.unsubscribeLogs = this.deps.store.subscribe((state) => this.logs.sync(state));
    this.logs.sync(this.deps.store.getState());
  }

  stop(): void {
    this.poller?.stop();
    this.markPoller?.stop();
    this.pulsePoller?.stop();
    this.unsubscribeLogs?.();
    void this.logs.dispose();
  }

  private failed(error: unknown): void {
    if (!isGitLabApiError(error)) return;
    const now = this.ctx.now();
    const reason = describeError(error);
    if (error.kind === 'network' || error.kind === 'timeout') {
      this.failures++;
      this.deps.store.setState({ connection: { kind: 'offline', since: now, reason, until: now + this.backoff(error.retryAfterMs) } });
    } else if (error.kind === 'http' && (error.status >= 500 || error.status === 429)) {
      this.failures++;
      this.deps.store.setState({ connection: { kind: 'retrying', until: now + this.backoff(error.retryAfterMs), reason } });
    }
  }

  private backoff(retryAfterMs?: number): number {
    return backoffMs(this.deps.timing ?? DEFAULT_TIMING, this.failures, retryAfterMs);
  }

  /** GET retries inside the client report here, so the header can say "retrying in Ns". */
  onRetry(info: { delayMs: number; reason: string }): void {
    this.deps.store.setState({ connection: { kind: 'retrying', until: this.ctx.now() + info.delayMs, reason: info.reason } });
  }

  /** Every request attempt the client makes (its onExchange hook) counts towards the rate shown. */
  countRequest(): void {
    const now = this.ctx.now();
    this.sent.push(now);
    // Only the last minute is ever shown: keep the record bounded.
    while (this.sent.length > 0 && this.sent[0]! <= now - 60_000) this.sent.shift();
  }

  /** Requests per minute pipetop caused over the last minute. */
  requestRate(): number {
    return requestsPerMinute(this.sent, this.ctx.now());
  }

  refresh(): Promise<void> {
    return Promise.all([this.poller?.refreshNow(), this.logs.refresh()]).then(() => undefined);
  }

  // ---- keys ------------------------------------------------------------------------------------------

  get keymap(): Keymap {
    return this.table;
  }

  /** Replaces the table (the user's keys laid over `keymap.bindings`); call before the first frame. */
  useBindings(bindings: readonly Binding[]): void {
    this.table = keymapOf(this.ctx.features, bindings);
  }

  /**
   * One key or paste from src/input, applied at once: the next key of a burst sees what this one
   * left (every handler reads store.getState()). A handler that throws costs that key, not the app.
   */
  handleKey(event: InputEvent): void {
    try {
      if (event.kind === 'paste') {
        // The run form takes a multi-line paste as several variable lines.
        if (pasteIntoRunForm(this.ctx, event.text)) return;
        return pasteInto(this.ctx, event.text, (text) => pasteIntoForm(this.ctx, text));
      }
      this.key(event);
    } catch (error) {
      toast(this.deps.store, 'error', `That key failed: ${describeError(error)}`);
    }
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
      if (shown) store.setState({ toast: null });
      this.nextNotice();
    }
    const state = store.getState();
    const name = bindingName(key);
    // Ctrl-C always quits, whatever is in front.
    if (name === 'ctrl+c') return store.setState({ quit: true });
    if (state.fatal) {
      if (name === 'q' || name === 'escape') store.setState({ quit: true });
      return;
    }
    const command = (scopes: Scope[]) => keymap.resolve(name, scopes)?.command ?? null;
    if (state.prompt) {
      return promptKey(this.ctx, command(['edit']), key.text, {
        submit: (value) => void this.submitPrompt(value),
        cancel: () => this.cancelPrompt(),
      });
    }
    if (state.confirm) return confirmKey(this.ctx, command(['confirm']), (action) => this.confirmed(action));
    // The schedule form owns the keyboard while it is in front (Tab, typing, ^S, Esc).
    if (topPane(state).kind === 'scheduleForm') return handleFormKey(this.ctx, command(['scheduleForm', 'edit']), key.text);
    // So does the run form (`N`, `p` on a manual job): Tab, typing, Enter sends, Esc.
    if (topPane(state).kind === 'runForm') return handleRunFormKey(this.ctx, command(['runForm', 'edit']), key.text);
    if (state.help) return helpKey(this.ctx, command(['help', 'global']));
    if (state.filtering) return filterKey(this.ctx, state.filtering, command(['filter', 'edit']), key.text);
    const resolved = keymap.resolve(name, scopesOf(topPane(state), this.ctx.features));
    if (resolved) {
      if (state.toast && state.toast.id !== this.noticeToast) store.setState({ toast: null });
      this.run(resolved.command);
    }
  }

  /** HelpScreen reports how far its layout can scroll, so `G` and paging stop at the end. */
  setHelpMax(max: number): void {
    const help = this.deps.store.getState().help;
    if (help && (help.max !== max || help.offset > max)) this.deps.store.setState({ help: { offset: Math.min(help.offset, max), max } });
  }

  cancelPrompt(): void {
    this.deps.store.setState({ prompt: null });
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
    this.deps.store.setState({ prompt: error ? { ...now, initial: value, error } : null });
  }

  // ---- commands --------------------------------------------------------------------------------------

  run(command: CommandId): void {
    const { store } = this.deps;
    const state = store.getState();
    const pane = topPane(state);
    const key = listKeyOf(pane);
    const move = (to: (i: number, n: number) => number) => key && moveSelection(this.ctx, key, to);
    // The pulse (no store list) moves its own cursor: its feature runs the command first.
    if (
      pane.kind === 'pulse' &&
      command.startsWith('nav.') &&
      command !== 'nav.back' &&
      command !== 'nav.open' &&
      this.ctx.features.some((feature) => feature.run?.(this.ctx, command, pane))
    )
      return;
    // In a job pane, moving moves through the log.
    if (pane.kind === 'job' && (command.startsWith('nav.') || command.startsWith('log.')) && command !== 'nav.back' && command !== 'nav.open') {
      return runLogCommand(this.ctx, this.logs, pane.jobId, command);
    }
    switch (command) {
      case 'nav.down':
        return void move((i) => i + 1);
      case 'nav.up':
        return void move((i) => i - 1);
      case 'nav.top':
        return void move(() => 0);
      case 'nav.bottom':
        return void move((_, n) => n - 1);
      case 'nav.pageDown':
        return void move((i) => i + this.pageSize);
      case 'nav.pageUp':
        return void move((i) => i - this.pageSize);
      case 'nav.open':
        return this.open(pane);
      case 'nav.back':
        // A kept `/` filter goes first: back from a filtered list is the whole list.
        if (key && listOf(state, key).filter) {
          patchList(store, key, { filter: '', selected: 0 });
          return void toast(store, 'info', 'Filter cleared');
        }
        if (state.stack.length > 1) store.setState({ stack: state.stack.slice(0, -1) });
        // `--project` opens alone on its lookup: back from it is the project list.
        else if (pane.kind === 'projectLookup') store.setState({ stack: [{ kind: 'projects' }] });
        return;
      case 'app.quit':
        if (state.stack.length > 1) store.setState({ stack: state.stack.slice(0, -1) });
        else store.setState({ quit: true });
        return;
      case 'app.forceQuit':
        return store.setState({ quit: true });
      case 'nav.nextTab':
      case 'nav.prevTab':
      case 'nav.tab1':
      case 'nav.tab2':
      case 'nav.tab3':
      case 'nav.tab4':
      case 'nav.tab5':
        return this.switchTab(pane, command);
      case 'list.filter':
        if (key) store.setState({ filtering: key });
        return;
      case 'pipelines.filters':
        if (pane.kind === 'project') pipelineFilterPrompt(this.ctx, pane.projectId, listKeyOf(pane)!);
        return;
      case 'pipeline.jobScope':
        if (key && (pane.kind === 'pipeline' || (pane.kind === 'project' && pane.tab === 'jobs'))) jobScopePrompt(this.ctx, key);
        return;
      case 'pipeline.new':
        if (pane.kind === 'project' || pane.kind === 'pipeline') openNewPipelineForm(this.ctx, pane.projectId, pane.path);
        return;
      case 'pipeline.retry':
      case 'pipeline.cancel': {
        const pipeline = this.targetPipeline(pane);
        if (!pipeline || (pane.kind !== 'project' && pane.kind !== 'pipeline')) return void toast(store, 'info', 'No pipeline selected (still loading?)');
        return pipelineAction(this.ctx, command === 'pipeline.retry' ? 'retry' : 'cancel', pipeline, pane.projectId);
      }
      case 'pipeline.toggleGraph':
        if (pane.kind === 'pipeline')
          store.setState({
            stack: [...state.stack.slice(0, -1), { ...pane, view: pane.view === 'list' ? 'graph' : pane.view === 'graph' ? 'timeline' : 'list' }],
          });
        return;
      case 'job.retry':
      case 'job.cancel':
      case 'job.play':
      case 'job.erase':
      case 'job.keep':
      case 'job.download': {
        const job = this.targetJob(pane);
        if (!job || !('projectId' in pane)) return void toast(store, 'info', 'No job selected (still loading?)');
        // A trigger job (bridge) takes only what GitLab allows it (features/pipelines/bridges.ts).
        if (isBridge(job) && pane.kind === 'pipeline') return bridgeAction(this.ctx, command.slice(4) as BridgeVerb, job, pane);
        if (command === 'job.download') return downloadArtifacts(this.ctx, job, pane.projectId);
        // A manual job: its variables first (none by default: Enter plays at once).
        if (command === 'job.play' && job.status === 'manual') return openPlayForm(this.ctx, job, pane.projectId, pane.path);
        return jobAction(this.ctx, command.slice(4) as JobVerb, job, pane.projectId, pane.path);
      }
      case 'object.open':
      case 'object.copy': {
        const raw = this.targetUrl(pane);
        if (!raw) return void toast(store, 'info', 'Nothing here has a web page');
        // Only a checked URL is copied or opened (src/platform/url-check.ts); a deployment's page
        // may be its environment's external_url, on any host.
        const anyHost = pane.kind === 'deployment' || (pane.kind === 'project' && pane.tab === 'deployments');
        const verdict = checkWebUrl(raw, { gitlabOrigin: this.deps.gl.client.origin, anyHost });
        if (!verdict.ok) return void toast(store, 'error', `Not ${command === 'object.copy' ? 'copied' : 'opened'}: ${verdict.reason}`);
        const url = verdict.url;
        if (command === 'object.copy') {
          this.deps.platform.copy(url);
          // Nothing confirms that the terminal put it on the clipboard: say what was done.
          return void toast(store, 'info', `Link ${url} ${this.deps.platform.copyNotice ?? 'sent to the terminal'}`);
        }
        void this.deps.platform.openUrl(url).then((r) => toast(store, r.opened ? 'success' : 'info', r.opened ? `Opened ${url}` : r.message));
        return;
      }
      case 'app.refresh':
        void this.refresh();
        return;
      case 'app.palette':
        return runPalette(this.ctx);
      case 'app.help':
        return store.setState({ help: { offset: 0 } });
      default:
        for (const feature of this.ctx.features) if (feature.run?.(this.ctx, command, pane)) return;
    }
  }

  private open(pane: Pane): void {
    const { store } = this.deps;
    if (this.ctx.features.some((feature) => feature.open?.(this.ctx, pane))) return;
    const key = listKeyOf(pane);
    if (!key) return;
    const push = (next: Pane) => store.setState((s) => ({ stack: [...s.stack, next] }));
    if (pane.kind === 'projects') {
      const project = selectedRow<Project>(this.ctx, key);
      if (!project) return;
      store.setState((s) => ({ projects: { ...s.projects, [project.id]: { ...s.projects[project.id], ...project } } }));
      return push({ kind: 'project', projectId: project.id, path: project.path_with_namespace, tab: 'pipelines' });
    }
    if (pane.kind === 'project' && pane.tab === 'pipelines') {
      const pipeline = selectedRow<PipelineBasic>(this.ctx, key);
      if (pipeline) push({ kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: pipeline.id, view: 'list' });
      return;
    }
    if (pane.kind === 'pipeline' || (pane.kind === 'project' && pane.tab === 'jobs')) {
      const job = selectedRow<Job>(this.ctx, key);
      if (job) push({ kind: 'job', projectId: pane.projectId, path: pane.path, jobId: job.id });
    }
  }

  private switchTab(pane: Pane, command: CommandId): void {
    if (pane.kind !== 'project') return;
    const i = PROJECT_TABS.indexOf(pane.tab);
    const n = PROJECT_TABS.length;
    const tab =
      command === 'nav.nextTab'
        ? PROJECT_TABS[(i + 1) % n]!
        : command === 'nav.prevTab'
          ? PROJECT_TABS[(i + n - 1) % n]!
          : PROJECT_TABS[Number(command.slice(-1)) - 1]!;
    this.deps.store.setState((s) => ({ stack: [...s.stack.slice(0, -1), { ...pane, tab }] }));
  }

  targetJob(pane: Pane): Job | undefined {
    const state = this.deps.store.getState();
    if (pane.kind === 'job') return state.jobs[pane.jobId];
    const key = listKeyOf(pane);
    if (pane.kind === 'pipeline' || (pane.kind === 'project' && pane.tab === 'jobs')) return key ? selectedRow<Job>(this.ctx, key) : undefined;
    return undefined;
  }

  private targetPipeline(pane: Pane): PipelineBasic | undefined {
    if (pane.kind === 'pipeline') return this.deps.store.getState().pipelines[pane.pipelineId];
    if (pane.kind === 'project' && pane.tab === 'pipelines') return selectedRow<PipelineBasic>(this.ctx, listKeyOf(pane)!);
    return undefined;
  }

  private targetUrl(pane: Pane): string | undefined {
    const state = this.deps.store.getState();
    const answer = ask(this.ctx.features, (feature) => feature.url?.(this.ctx, pane));
    if (answer) return answer.url;
    const key = listKeyOf(pane);
    if (pane.kind === 'projects') return key ? selectedRow<Project>(this.ctx, key)?.web_url : undefined;
    if (pane.kind === 'project') {
      if (pane.tab === 'pipelines' || pane.tab === 'jobs') {
        const row = key ? selectedRow<{ web_url?: string }>(this.ctx, key) : undefined;
        if (row?.web_url) return row.web_url;
      }
      return state.projects[pane.projectId]?.web_url;
    }
    if (pane.kind === 'pipeline') return state.pipelines[pane.pipelineId]?.web_url;
    return pane.kind === 'job' ? state.jobs[pane.jobId]?.web_url : undefined;
  }

  /** Rows of the top pane's list after the `/` filter (what the view shows). */
  rowsOf<T>(key: ListKey): T[] {
    return listRows<T>(this.ctx, this.deps.store.getState(), key);
  }
}

/** Keymap scopes for a pane, most specific first: a feature's own, else the core's. */
export function scopesOf(pane: Pane, features: readonly Feature[]): Scope[] {
  const own = ask(features, (feature) => feature.scopes?.(pane));
  if (own) return own;
  switch (pane.kind) {
    case 'projects':
      return ['projects', 'list', 'global'];
    case 'project':
      return pane.tab === 'jobs'
        ? ['jobs', 'project', 'list', 'global']
        : pane.tab === 'pipelines'
          ? ['pipelines', 'project', 'list', 'global']
          : ['project', 'global'];
    case 'pipeline':
      return ['pipeline', 'list', 'global'];
    case 'job':
      return ['job', 'global'];
    default:
      return ['global'];
  }
}
