// A search that keeps up with a running log. A one-off search (LogModel.search) knows only the lines
// there were when it ran, so on a log still growing the count, the marks and `n` missed every later
// hit. A LiveSearch listens to the model and searches only what arrived since its last pass, one
// pass at a time (changes during a pass are folded into the next), and starts over when the log is
// replaced. The unfinished last line is searched on every pass and its hit kept only until the
// line is complete, when the next pass settles it.
import type { LogModel } from './log-model.js';
import { DEFAULT_SEARCH_LIMIT, compileQuery } from './search.js';

export interface LiveSearchResult {
  /** Matching line indexes, ascending. */
  readonly lines: readonly number[];
  readonly truncated: boolean;
  /** A pass is under way (the first one: the count is not known yet). */
  readonly running: boolean;
}

export interface LiveSearchOptions {
  regex?: boolean;
  limit?: number;
  /** Told after each pass that changed the result, and when a pass fails (the search then stops). */
  onUpdate?: (result: LiveSearchResult) => void;
  onError?: (error: unknown) => void;
}

type SearchableModel = Pick<LogModel, 'searchFrom' | 'subscribe' | 'resets'>;

export class LiveSearch {
  private lines: number[] = [];
  /** Complete lines already searched; a hit at or past this index came from the unfinished line. */
  private scanned = 0;
  private resets: number;
  private truncated = false;
  private running = false;
  /** A pass has finished: the result is a count, not "searching…". */
  private done = false;
  private again = false;
  private stopped = false;
  private readonly controller = new AbortController();
  private readonly unsubscribe: () => void;
  /** Settles when the pass under way (and any it queued) is done: tests and callers can wait on it. */
  private passes: Promise<void> = Promise.resolve();

  /** Starts the first pass at once. Throws SyntaxError for an invalid regular expression, like search(). */
  constructor(
    private readonly model: SearchableModel,
    readonly query: string,
    private readonly opts: LiveSearchOptions = {},
  ) {
    compileQuery(query, opts.regex);
    this.resets = model.resets;
    this.unsubscribe = model.subscribe(() => this.kick());
    this.kick();
  }

  get result(): LiveSearchResult {
    return { lines: this.lines, truncated: this.truncated, running: !this.done };
  }

  /** Resolves once no pass is under way or queued. */
  async settled(): Promise<void> {
    for (;;) {
      const current = this.passes;
      await current;
      if (current === this.passes && !this.running) return;
    }
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe();
    this.controller.abort();
  }

  private kick(): void {
    if (this.stopped || this.truncated) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.passes = this.loop();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped && !this.truncated);
    } finally {
      this.running = false;
    }
  }

  private async pass(): Promise<void> {
    if (this.model.resets !== this.resets) {
      // The log was replaced: what was found belongs to the old one.
      this.resets = this.model.resets;
      this.lines = [];
      this.scanned = 0;
      this.truncated = false;
    }
    const limit = this.opts.limit ?? DEFAULT_SEARCH_LIMIT;
    const kept = this.lines.filter((line) => line < this.scanned);
    let found;
    try {
      found = await this.model.searchFrom(this.query, this.scanned, {
        signal: this.controller.signal,
        ...(this.opts.regex !== undefined ? { regex: this.opts.regex } : {}),
        limit: Math.max(0, limit - kept.length),
      });
    } catch (error) {
      if (this.stopped) return;
      if (this.model.resets !== this.resets) {
        this.again = true; // reset mid-pass: start over on the next turn of the loop
        return;
      }
      this.stop();
      this.opts.onError?.(error);
      return;
    }
    if (this.stopped) return;
    const lines = kept.concat(found.lines);
    const changed = found.truncated || lines.length !== this.lines.length || lines.some((l, i) => l !== this.lines[i]);
    this.lines = lines;
    this.scanned = found.scanned;
    this.truncated = found.truncated;
    const first = !this.done;
    this.done = true;
    if (changed || first) this.opts.onUpdate?.(this.result);
  }
}
