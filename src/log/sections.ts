// The section tree of a log: GitLab's collapsible sections, nested, with durations from their
// markers' timestamps. Sections are numbered in the order they start, so ids are also sorted by
// start line (every start marker opens a header line of its own).
import type { Marker } from './markers.js';

export interface Section {
  id: number;
  name: string;
  /** Visible text of the header line (the text after the start marker); the name if there is none. */
  header: string;
  parent: number | null;
  depth: number;
  /** The header line. */
  startLine: number;
  /** Last line inside the section; null while it is open. */
  endLine: number | null;
  /** Epoch seconds, from the marker. */
  startedAt: number;
  endedAt: number | null;
  durationS: number | null;
  collapsedByDefault: boolean;
}

/** The runner section that holds the job's own script output. */
export const SCRIPT_SECTION = 'step_script';
const MAX_HEADER = 500;

export class SectionTree {
  readonly list: Section[] = [];
  private readonly stack: number[] = [];
  private scriptDepth = 0;
  /** Names repeat across sections (and across the concatenated logs of a long job): keep one copy. */
  private readonly names = new Map<string, string>();
  /** Bumped on every change, so callers can cache what they derive. */
  version = 0;

  /** Innermost open section, if any. */
  get current(): number | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** Inside the job's script output (step_script or a section nested in it). */
  get inScript(): boolean {
    return this.scriptDepth > 0;
  }

  start(m: Marker, startLine: number): Section {
    const parent = this.current ?? null;
    let name = this.names.get(m.name);
    if (name === undefined) {
      name = flat(m.name);
      this.names.set(name, name);
    }
    const section: Section = {
      id: this.list.length,
      name,
      header: name,
      parent,
      depth: this.stack.length,
      startLine,
      endLine: null,
      startedAt: m.ts,
      endedAt: null,
      durationS: null,
      collapsedByDefault: m.options.collapsed === 'true',
    };
    this.list.push(section);
    this.stack.push(section.id);
    if (name === SCRIPT_SECTION) this.scriptDepth++;
    this.version++;
    return section;
  }

  /**
   * Innermost section holding a line: the last section to start at or before it, or the nearest
   * of its ancestors still open at that line (a section open at a later start is its ancestor).
   * O(log sections + depth), so lines need no per-line section index.
   */
  innermostAt(line: number): number | undefined {
    const list = this.list;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]!.startLine <= line) lo = mid + 1;
      else hi = mid;
    }
    let s = lo > 0 ? list[lo - 1] : undefined;
    while (s) {
      if (s.endLine === null || s.endLine >= line) return s.id;
      s = s.parent === null ? undefined : list[s.parent];
    }
    return undefined;
  }

  setHeader(id: number, text: string): void {
    const section = this.list[id];
    if (!section || text.length === 0) return;
    section.header = flat(text.length > MAX_HEADER ? `${text.slice(0, MAX_HEADER - 1)}…` : text);
    this.version++;
  }

  /**
   * Closes the innermost open section of that name, and any still open inside it (their end was
   * never written). An end marker for a section that is not open is ignored, as GitLab does.
   */
  end(m: Marker, lastLine: number): void {
    let at = this.stack.length - 1;
    while (at >= 0 && this.list[this.stack[at]!]!.name !== m.name) at--;
    if (at < 0) return;
    while (this.stack.length > at) {
      const section = this.list[this.stack.pop()!]!;
      if (section.name === SCRIPT_SECTION) this.scriptDepth--;
      section.endLine = Math.max(section.startLine, lastLine);
      section.endedAt = m.ts;
      section.durationS = Math.max(0, m.ts - section.startedAt);
    }
    this.version++;
  }

  clear(): void {
    this.list.length = 0;
    this.stack.length = 0;
    this.scriptDepth = 0;
    this.names.clear();
    this.version++;
  }
}

/** A copy that does not keep a big chunk of the log alive (slices share their parent string). */
function flat(s: string): string {
  return s.length > 64 ? Buffer.from(s, 'utf8').toString('utf8') : (' ' + s).slice(1);
}
