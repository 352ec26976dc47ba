// The job log on screen: one LogModel (engine, src/log) per job pane in front, fed by a tail that
// polls only while the job runs and the pane is visible. The store keeps the view's small state
// (cursor, follow, search, toggles); the model keeps the lines (spooled to disk, any size).
//
// While the tail is live, the log is the fast signal and the job's own record is polled slowly
// (feature.ts, its poll's delay): the tail says when the job has likely changed — the runner's
// last line arrived, the log started over, it grew while the job was not known to run, it fell
// silent — and the job is re-read at once. When the job is seen finished, the tail makes its final read at once.
import { setConfirm } from '../../store/writers.js';
import { writeLog } from './slice.js';
import { isGitLabApiError, type Job } from '../../api/index.js';
import { formatSize, logDiskBudget } from '../../lib/budgets.js';
import { LiveSearch, LogModel, TempDirError, freeBytes, pipetopTempDir, type LiveSearchResult } from '../../log/index.js';
import { startTail, type TailRead } from './tail.js';
import { join } from 'node:path';
import { placementNote, replaceQuestion, TargetError } from '../../lib/safe-file.js';
import { safeText } from '../../text/safe.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { isActiveStatus } from '../../store/sources.js';
import { toast, topPane } from '../../store/store.js';
import type { AppState } from '../../store/types.js';
import type { LogViewState } from './slice.js';

export const INITIAL_LOG_VIEW: LogViewState = {
  follow: true,
  cursor: 0,
  top: 0,
  wrap: false,
  timestamps: false,
  details: false,
  search: null,
  anchor: null,
  version: 0,
  lines: 0,
  bytes: 0,
  error: null,
  loaded: false,
  diskFull: null,
};

interface Open {
  jobId: number;
  model: LogModel;
  tail: { stop(): void; refresh(): Promise<void>; pause(): void; resume(): void; readonly state: string };
  unsubscribe: () => void;
  /** The job's status when last seen, to notice it finishing. */
  status: string | undefined;
  /** The search in force: it keeps up with lines that arrive after it was made. */
  search: LiveSearch | null;
}

export interface LogTiming {
  /** Between reads while the log grows. */
  intervalMs: number;
  /** Longest wait between reads while the log is quiet. */
  quietMaxMs: number;
}

export const DEFAULT_LOG_TIMING: LogTiming = { intervalMs: 3_000, quietMaxMs: 6_000 };

/** Reads in a row that brought nothing before the job is re-read (it may have ended silently). */
const QUIET_READS_BEFORE_JOB_CHECK = 3;

export interface LogHooks {
  /** The log suggests the job changed (ended, restarted, started): re-read the job now. */
  jobMayHaveChanged?: (jobId: number) => void;
  /** Rows of log on screen for this job (from the viewport in the store). */
  rows?: (jobId: number) => number;
  /** Where the spool files go (default: pipetop's own temp directory, temp-dir.ts). */
  tmpDir?: string;
}

/** What a failed log read means: an erased job's log answers 404, which says nothing by itself. */
function logError(error: unknown, job: Job | undefined): string {
  if (isGitLabApiError(error) && error.kind === 'http' && error.status === 404) {
    return job?.erased_at ? "this job's log was erased" : 'GitLab has no log for this job (erased, or the job is gone)';
  }
  return describeError(error);
}

/** Keeps exactly one log open: the job pane in front. Others are disposed (their spool removed). */
export class LogRegistry {
  private open: Open | null = null;
  private opening: Promise<void> | null = null;
  /** The job whose log found no place for its spool files (not tried again until R or another job). */
  private refused: number | null = null;
  /** Rows of log on screen, so follow and paging fit the terminal. */
  get height(): number {
    return this.open ? (this.hooks.rows?.(this.open.jobId) ?? 10) : 10;
  }

  constructor(
    private readonly ctx: Ctx,
    private readonly timing: LogTiming = DEFAULT_LOG_TIMING,
    private readonly hooks: LogHooks = {},
  ) {}

  /** Whether the log of `jobId` is on screen and still being polled (not finished, not stopped). */
  tailing(jobId: number): boolean {
    const open = this.open;
    return open !== null && open.jobId === jobId && (open.tail.state === 'waiting' || open.tail.state === 'fetching');
  }

  model(jobId: number): LogModel | null {
    return this.open?.jobId === jobId ? this.open.model : null;
  }

  /** Called on every store change: opens the log of the job pane in front, closes the rest. */
  sync(state: AppState): void {
    const pane = topPane(state);
    // An erased job has no log left (GitLab removes it with the erase): nothing to read, ever.
    const want = pane.kind === 'job' && !state.jobs[pane.jobId]?.erased_at ? pane : null;
    if (this.open && this.open.jobId !== want?.jobId) void this.close();
    if (this.refused !== null && this.refused !== want?.jobId) this.refused = null;
    if (want && !this.open && !this.opening && this.refused !== want.jobId)
      this.opening = this.start(want.projectId, want.jobId).finally(() => (this.opening = null));
    const open = this.open;
    if (open) {
      // A log nobody follows is not read on (it would only grow on disk); G or f reads on at once.
      if (state.logViews[open.jobId]?.follow === false) open.tail.pause();
      else open.tail.resume();
      const status = state.jobs[open.jobId]?.status;
      // Seen finished: the final read now, not at the next (possibly backed-off) poll.
      if (status !== open.status) {
        const wasRunning = open.status === undefined || isActiveStatus(open.status);
        open.status = status;
        if (wasRunning && status !== undefined && !isActiveStatus(status) && this.tailing(open.jobId)) void open.tail.refresh();
      }
    }
  }

  private async start(projectId: number, jobId: number): Promise<void> {
    const { store } = this.ctx;
    // The spool files in pipetop's own directory (visible to du, removed at exit), within the disk
    // budget: --log-disk, else 2 GB or a tenth of the free space (src/lib/budgets.ts).
    let tmpDir: string;
    let maxDiskBytes: number;
    let model: LogModel;
    try {
      tmpDir = this.hooks.tmpDir ?? pipetopTempDir();
      maxDiskBytes = logDiskBudget(freeBytes(tmpDir), this.ctx.platform.logDiskBytes);
      model = await LogModel.create({ tmpDir, anonymousFiles: false, maxDiskBytes });
    } catch (error) {
      // No place for the spool files: the pane says why, and R tries again (not every store change).
      this.refused = jobId;
      this.patch(jobId, {
        error: `no place to spool it on disk: ${error instanceof TempDirError ? safeText(error.message, 600) : describeError(error)}. Point TMPDIR at a directory you can write; R tries again`,
      });
      return;
    }
    // The pane may have gone while the spool was being created.
    const pane = topPane(store.getState());
    if (pane.kind !== 'job' || pane.jobId !== jobId || store.getState().jobs[jobId]?.erased_at) {
      await model.dispose();
      return;
    }
    // The view reads the lines through the store (use-log.ts): a handle on the model, never the lines.
    writeLog(store, (s) => ({ logViews: { ...s.logViews, [jobId]: s.logViews[jobId] ?? { ...INITIAL_LOG_VIEW } }, logHandles: { [jobId]: model } }));
    const unsubscribe = model.subscribe(() => this.changed(jobId, model));
    const statusOf = () => store.getState().jobs[jobId]?.status;
    const tail = startTail({
      gl: this.ctx.gl,
      projectId,
      jobId,
      model,
      // Not known yet (opened before the job was read): keep reading until it is.
      isRunning: () => statusOf() === undefined || isActiveStatus(statusOf()),
      intervalMs: this.timing.intervalMs,
      quietMaxMs: this.timing.quietMaxMs,
      onRead: (read) => this.read(jobId, read, statusOf()),
      onFull: () =>
        this.patch(jobId, {
          diskFull: `log disk budget reached (${formatSize(maxDiskBytes)}, --log-disk): reading stopped at ${formatSize(model.byteSize)}`,
        }),
      onError: (error) => {
        this.patch(jobId, { error: logError(error, store.getState().jobs[jobId]) });
        this.ctx.connectionFailed(error);
      },
    });
    this.open = { jobId, model, tail, unsubscribe, status: statusOf(), search: null };
  }

  /** What a read says about the job: when it has likely changed, have it re-read. */
  private read(jobId: number, read: TailRead, status: string | undefined): void {
    if (!isActiveStatus(status)) return;
    const changed = read.jobEnded || read.reset || (read.appended > 0 && status !== 'running') || read.quietReads === QUIET_READS_BEFORE_JOB_CHECK;
    if (changed) this.hooks.jobMayHaveChanged?.(jobId);
  }

  private async close(): Promise<void> {
    const open = this.open;
    this.open = null;
    if (!open) return;
    // Its model is disposed below: the view must not read it any more.
    if (open.jobId in this.ctx.store.getState().logHandles) writeLog(this.ctx.store, { logHandles: {} });
    open.search?.stop();
    open.tail.stop();
    open.unsubscribe();
    await open.model.dispose();
  }

  dispose(): Promise<void> {
    return this.close();
  }

  /** Re-reads the log now (R); after the spool was refused, tries again to open it. */
  refresh(): Promise<void> {
    if (!this.open && this.refused !== null) {
      this.refused = null;
      this.sync(this.ctx.store.getState());
      return this.opening ?? Promise.resolve();
    }
    return this.open?.tail.refresh() ?? Promise.resolve();
  }

  private changed(jobId: number, model: LogModel): void {
    const view = this.ctx.store.getState().logViews[jobId] ?? INITIAL_LOG_VIEW;
    const last = Math.max(0, model.visibleCount - 1);
    this.patch(jobId, {
      version: view.version + 1,
      lines: model.lineCount,
      bytes: model.byteSize,
      loaded: true,
      error: null,
      ...(view.follow ? { cursor: last, top: Math.max(0, model.visibleCount - this.height) } : {}),
    });
  }

  patch(jobId: number, changes: Partial<LogViewState>): void {
    writeLog(this.ctx.store, (s) => ({ logViews: { ...s.logViews, [jobId]: { ...(s.logViews[jobId] ?? INITIAL_LOG_VIEW), ...changes } } }));
  }

  // ---- commands on the log in front -------------------------------------------------------------

  /** Moves the cursor to a visible row, scrolling as little as possible; follow pauses unless at the end. */
  moveTo(jobId: number, row: number): void {
    const model = this.model(jobId);
    if (!model) return;
    const view = this.view(jobId);
    const last = Math.max(0, model.visibleCount - 1);
    const cursor = Math.max(0, Math.min(last, row));
    let top = view.top;
    if (cursor < top) top = cursor;
    if (cursor >= top + this.height) top = cursor - this.height + 1;
    this.patch(jobId, { cursor, top: Math.max(0, top), follow: cursor === last && view.follow });
  }

  move(jobId: number, delta: number): void {
    this.moveTo(jobId, this.view(jobId).cursor + delta);
  }

  bottom(jobId: number): void {
    const model = this.model(jobId);
    if (!model) return;
    // G at the end resumes following, as in less +F.
    this.patch(jobId, { follow: true, cursor: Math.max(0, model.visibleCount - 1), top: Math.max(0, model.visibleCount - this.height) });
  }

  toggleFollow(jobId: number): void {
    const view = this.view(jobId);
    if (view.follow) this.patch(jobId, { follow: false });
    else this.bottom(jobId);
  }

  /** Folds or unfolds the section the cursor is in (or whose header it is on). */
  toggleFold(jobId: number): void {
    const model = this.model(jobId);
    if (!model) return;
    const view = this.view(jobId);
    const lineIndex = model.visibleLine(view.cursor);
    const line = model.line(lineIndex);
    const section = line.header ?? line.section;
    if (section === undefined) return void toast(this.ctx.store, 'info', 'Not inside a section');
    this.refold(jobId, model, () => model.toggleFold(section));
  }

  foldAll(jobId: number): void {
    const model = this.model(jobId);
    if (!model) return;
    const anyOpen = model.sections().some((s) => !model.isFolded(s.id));
    this.refold(jobId, model, () => model.setAllFolded(anyOpen));
  }

  /**
   * Changes folds keeping the cursor's line (folds.ts cursorAnchor): the cursor goes to that line,
   * or to the header now hiding it, and Z Z comes back to the very line it left.
   */
  private refold(jobId: number, model: LogModel, change: () => void): void {
    const view = this.view(jobId);
    const anchor = model.cursorAnchor(view.cursor, view.anchor);
    change();
    this.moveTo(jobId, model.rowOfLine(anchor));
    this.patch(jobId, { anchor });
    this.bump(jobId);
  }

  /** Shows a line: unfolds what hides it, puts the cursor on it. */
  reveal(jobId: number, lineIndex: number): void {
    const model = this.model(jobId);
    if (!model) return;
    const sections = model.sections();
    for (let id = model.line(lineIndex).section; id !== undefined && id !== null; id = sections.find((s) => s.id === id)?.parent ?? undefined) {
      if (model.isFolded(id)) model.toggleFold(id);
    }
    const row = model.rowOfLine(lineIndex);
    this.patch(jobId, { follow: false, cursor: row, top: Math.max(0, row - Math.floor(this.height / 3)) });
    this.bump(jobId);
  }

  firstFailure(jobId: number): void {
    const model = this.model(jobId);
    if (!model) return;
    const line = model.firstFailureLine();
    if (line === null) return void toast(this.ctx.store, 'info', 'No failure line in this log');
    this.reveal(jobId, line);
  }

  /**
   * `/`: a live search (log/live-search.ts) — lines that arrive later are searched too, so the
   * count, the marks and `n` keep up with a running log. Resolves once the first pass is done.
   */
  async search(jobId: number, query: string): Promise<string | null> {
    const model = this.model(jobId);
    const open = this.open;
    if (!model || !open) return 'The log is not loaded yet';
    open.search?.stop();
    open.search = null;
    if (!query) {
      this.patch(jobId, { search: null });
      return null;
    }
    const regex = query.length > 2 && query.startsWith('/') && query.endsWith('/');
    const text = regex ? query.slice(1, -1) : query;
    let failure: unknown = null;
    let live: LiveSearch;
    try {
      live = new LiveSearch(model, text, {
        regex,
        onUpdate: (result) => this.searchUpdated(jobId, live, query, result),
        onError: (error) => {
          if (open.search !== live) return;
          failure = error;
          open.search = null;
          this.patch(jobId, { search: null });
          toast(this.ctx.store, 'error', `Search stopped: ${describeError(error)}`);
        },
      });
    } catch (error) {
      return `Not a valid regular expression: ${(error as Error).message}`;
    }
    open.search = live;
    this.patch(jobId, { search: { query, matches: [], current: -1, running: true, truncated: false } });
    await live.settled();
    return failure === null ? null : describeError(failure);
  }

  /** A pass of the live search changed what matches: the first one moves to a match, later ones only count. */
  private searchUpdated(jobId: number, live: LiveSearch, query: string, result: LiveSearchResult): void {
    const model = this.model(jobId);
    if (!model || this.open?.search !== live) return;
    const before = this.view(jobId).search;
    const matches = [...result.lines];
    const first = before === null || before.running;
    if (!first) {
      // Later passes only count: the cursor stays, and the first match found late becomes current.
      const current = Math.min(Math.max(before.current, 0), matches.length - 1);
      this.patch(jobId, { search: { query, matches, current, running: result.running, truncated: result.truncated } });
      return;
    }
    const cursorLine = model.visibleLine(this.view(jobId).cursor);
    const next = matches.findIndex((l) => l >= cursorLine);
    const current = matches.length ? (next >= 0 ? next : 0) : -1;
    this.patch(jobId, { search: { query, matches, current, running: result.running, truncated: result.truncated } });
    if (current >= 0) this.reveal(jobId, matches[current]!);
    else toast(this.ctx.store, 'info', `No line matches "${safeText(query, 60)}"${this.tailing(jobId) ? ' yet: lines still to come are searched too' : ''}`);
  }

  nextMatch(jobId: number, step: 1 | -1): void {
    const search = this.view(jobId).search;
    if (!search || search.matches.length === 0) return void toast(this.ctx.store, 'info', 'No search: press / to search the log');
    const current = (search.current + step + search.matches.length) % search.matches.length;
    this.patch(jobId, { search: { ...search, current } });
    this.reveal(jobId, search.matches[current]!);
  }

  /**
   * `w`: a safe write (src/lib/safe-file.ts). The default name gets a free suffix when taken; a
   * typed name that exists is asked about first (a confirm, then `overwrite`).
   */
  async save(jobId: number, path: string, overwrite = false): Promise<string | null> {
    const model = this.model(jobId);
    if (!model) return 'The log is not loaded yet';
    try {
      const explicit = path !== this.defaultSavePath(jobId);
      const saved = await model.saveTo(path, { explicit, overwrite });
      const note = await placementNote(path, saved.path);
      toast(
        this.ctx.store,
        'success',
        `Saved the log (${saved.bytes.toLocaleString('en')} bytes) to ${safeText(saved.path, 200)}${note ? `; ${safeText(note, 200)}` : ''}`,
      );
      return null;
    } catch (error) {
      if (error instanceof TargetError && error.kind === 'exists') {
        setConfirm(this.ctx.store, {
          message: safeText(replaceQuestion(path, error.path), 400),
          yes: { owner: 'log', command: 'log.saveOverwrite', args: { jobId, path } },
        });
        return null;
      }
      return `Cannot save: ${error instanceof TargetError ? safeText(error.message, 300) : describeError(error)}`;
    }
  }

  defaultSavePath(jobId: number): string {
    const job = this.ctx.store.getState().jobs[jobId];
    const name = (job?.name ?? 'job').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
    return join(this.ctx.platform.downloadDir, `job-${jobId}-${name}.log`);
  }

  view(jobId: number): LogViewState {
    return this.ctx.store.getState().logViews[jobId] ?? INITIAL_LOG_VIEW;
  }

  private bump(jobId: number): void {
    this.patch(jobId, { version: this.view(jobId).version + 1 });
  }
}
