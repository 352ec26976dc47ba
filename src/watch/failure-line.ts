// The first failure line of a failed job's log, for the summary `pipetop watch` prints at the end:
// the same finder as the log pane's `F` key (src/log/failure.ts), fed by the same line splitter and
// section tree, so "the first error the script printed" wins over the runner's "Job failed".
import { FailureTracker } from '../log/failure.js';
import { LineSplitter } from '../log/line-splitter.js';
import { SectionTree } from '../log/sections.js';

/** Only the end of a longer log is read: a failure is nearly always near the end. */
export const FAILURE_SCAN_BYTES = 1 << 20;

export function firstFailureLine(log: Buffer): string | null {
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
  const text = index === null ? null : (texts[index]?.trim() ?? null);
  return text ? text : null;
}
