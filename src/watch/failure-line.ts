// The first failure line of a failed job's log, for the summary `pipetop watch` prints at the end:
// the same finder as the log pane's `F` key (src/log/failure.ts), fed by the same line splitter and
// section tree, so "the first error the script printed" wins over the runner's "Job failed".
import { FailureTracker } from '../log/failure.js';
import { LineSplitter } from '../log/line-splitter.js';
import { SectionTree } from '../log/sections.js';

/** Only the end of a longer log is read: a failure is nearly always near the end. */
export const FAILURE_SCAN_BYTES = 1 << 20;

export function firstFailureLine(log: Buffer): string | null {
  return failureBlock(log, 0)?.line ?? null;
}

/** The failure line of a log and the lines around it (the `:failures` digest shows the block). */
export interface FailureBlock {
  /** The failure line, trimmed. */
  line: string;
  /** Lines before and after it (up to `around` each), as the log has them. */
  before: string[];
  after: string[];
}

/** The first failure line (as `F` finds it) with up to `around` lines on each side; null when none. */
export function failureBlock(log: Buffer, around = 2): FailureBlock | null {
  const bytes = log.length > FAILURE_SCAN_BYTES ? log.subarray(log.length - FAILURE_SCAN_BYTES) : log;
  const tree = new SectionTree();
  const tracker = new FailureTracker();
  const texts: string[] = [];
  const splitter = new LineSplitter({
    line: (l) => {
      tracker.observe(texts.length, l.text, tree.inScript);
      texts.push(l.text);
    },
    sectionStart: (m) => void tree.start(m, texts.length),
    sectionEnd: (m) => tree.end(m, texts.length - 1),
  });
  splitter.write(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
  splitter.end();
  const index = tracker.first();
  const line = index === null ? '' : (texts[index]?.trim() ?? '');
  if (index === null || !line) return null;
  return { line, before: texts.slice(Math.max(0, index - around), index), after: texts.slice(index + 1, index + 1 + around) };
}
