// Line writer: collects physical lines with a "cost" (ms since the previous line) and keeps the
// stack of open sections, so a canceled job can be cut anywhere and its sections closed.
import { EL, GREEN, HEAD, RED, RESET, TS_SLOT, YELLOW } from './ansi.js';

export interface StackNode {
  name: string;
  parent: StackNode | null;
}

export interface Line {
  text: string;
  /** Estimated ms elapsed since the previous line; scaled to durationMs at the end. */
  cost: number;
  /** Stream number of the FF_TIMESTAMPS prefix. */
  stream: number;
  /** Written to stderr (`E` in the FF_TIMESTAMPS prefix). */
  err: boolean;
  /** Continues the previous physical line (`+` in the FF_TIMESTAMPS prefix). */
  cont: boolean;
  /** Sections open after this line. */
  stack: StackNode | null;
  /** Holds section markers whose TS_SLOT must be filled in (scanning every line would cost more). */
  marked: boolean;
}

export class Writer {
  lines: Line[] = [];
  /** Small logs keep progress displays short (they become several lines with timestamps). */
  maxFrames = 1000;
  stack: StackNode | null = null;
  stream = 0;
  /** section_end markers waiting for the next line: the runner writes an end and the next start on one line. */
  private pending = '';

  constructor(readonly timestamps: boolean) {}

  line(text: string, cost = 0, err = false, marked = false): void {
    this.lines.push({
      text: this.pending + text,
      cost: Math.max(0, Math.round(cost)),
      stream: this.stream,
      err,
      cont: false,
      stack: this.stack,
      marked: marked || this.pending !== '',
    });
    this.pending = '';
  }
  blank(cost = 0): void {
    this.line('', cost);
  }
  /** The runner's own informational lines. */
  info(text: string, cost = 0): void {
    this.line(`${EL}${text}${RESET}`, cost);
  }
  green(text: string, cost = 0): void {
    this.line(`${GREEN}${text}${RESET}`, cost);
  }
  cmd(command: string, cost = 60): void {
    this.line(`${GREEN}$ ${command}${RESET}`, cost);
  }
  warn(text: string, cost = 0): void {
    this.line(`${YELLOW}${text}${RESET}`, cost, true);
  }
  error(text: string, cost = 0): void {
    this.line(`${RED}${text}${RESET}`, cost, true);
  }
  /** Lines that go to stderr uncoloured (npm warnings, stack traces). */
  stderr(text: string, cost = 0): void {
    this.line(text, cost, true);
  }

  /** A section the runner itself opens: cyan header, always preceded by erase-line. */
  runnerSection(name: string, header: string, collapsed: boolean, cost = 0): void {
    this.start(name, `${EL}${HEAD}${header}${RESET}${RESET}`, collapsed, cost, false);
  }

  /**
   * A section printed by the job's own script. As in GitLab's docs example
   * (`echo -e "\e[0Ksection_start:..."`), some scripts put an erase-line before the marker.
   */
  customSection(name: string, header: string, collapsed: boolean, leadingEL: boolean, cost = 0): void {
    this.start(name, header, collapsed, cost, leadingEL);
  }

  private start(name: string, header: string, collapsed: boolean, cost: number, leadingEL: boolean): void {
    const opts = collapsed ? '[collapsed=true]' : '';
    this.line(`${leadingEL ? EL : ''}section_start:${TS_SLOT}:${name}${opts}\r${EL}${header}`, cost, false, true);
    this.stack = { name, parent: this.stack };
    const last = this.lines[this.lines.length - 1];
    if (last) last.stack = this.stack;
  }

  end(name: string): void {
    if (this.stack?.name !== name) throw new Error(`log-gen: closing ${name} but ${this.stack?.name ?? 'nothing'} is open`);
    this.pending += `section_end:${TS_SLOT}:${name}\r${EL}`;
    this.stack = this.stack.parent;
  }

  /** Writes pending end markers on a line of their own (when nothing follows them). */
  flush(cost = 0): void {
    if (this.pending) this.line('', cost);
  }

  /**
   * A progress display redrawn with bare `\r`. With timestamps, the runner timestamps each flush
   * separately: the later parts become continuation lines (`+`), so a live view sees it advance.
   */
  progress(frames: string[], cost: number, err = false): void {
    if (frames.length > this.maxFrames) {
      const m = this.maxFrames;
      frames = Array.from({ length: m }, (_, k) => frames[Math.round((k * (frames.length - 1)) / (m - 1))]!);
    }
    if (!this.timestamps) {
      this.line(frames.join('\r'), cost, err);
      return;
    }
    const each = cost / frames.length;
    frames.forEach((f, i) => {
      this.line(i < frames.length - 1 ? `${f}\r` : f, each, err);
      if (i > 0) this.lines[this.lines.length - 1]!.cont = true;
    });
  }

  /** Drops every line after `index`; the open sections become those open after that line. */
  cutAfter(index: number): void {
    this.lines.length = index + 1;
    this.stack = this.lines[index]?.stack ?? null;
    this.pending = '';
  }
}
