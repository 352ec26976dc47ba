// Frames cut into the parts a layout function says they have: a test compares what is drawn with
// what the paging code counts (src/features/log/log-layout.ts).
import type { JobPaneLayout } from '../../src/features/log/log-layout.js';

/** The header's rows above every pane (src/ui/Header.tsx HEADER_ROWS). */
const HEADER_ROWS = 1;

/** A job pane's frame, row by row, in the parts `layout` gives it, top to bottom. */
export interface JobPaneRows {
  head: string[];
  busy: string[];
  log: string[];
  status: string[];
  spare: string[];
  /** The rows after the pane: the footer's. */
  below: string[];
}

export function jobPaneRows(frame: string, layout: JobPaneLayout): JobPaneRows {
  const lines = frame.split('\n').slice(HEADER_ROWS);
  let at = 0;
  const take = (n: number) => lines.slice(at, (at += n));
  return {
    head: take(layout.head),
    busy: take(layout.busy),
    log: take(layout.log),
    status: take(layout.status),
    spare: take(layout.spare),
    below: lines.slice(at),
  };
}
