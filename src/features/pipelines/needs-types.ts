// The needs graph's shapes, apart from the code that makes them: the layout (needs-layout.ts) and
// the routing of its lines (needs-lanes.ts) both read and write them.
import type { Job } from '../../api/index.js';

export interface NeedsNode {
  job: Job;
  /** Its place in the pane's rows (the cursor). */
  index: number;
  column: number;
  row: number;
  /** What it needs; null: the stage order. */
  needs: readonly string[] | null;
  /** Needs in columns further left than the one before it: named, not drawn (a line would cross columns). */
  far: string[];
  /** Needs in the column before whose line could not be drawn truthfully (needs-lanes.ts): named. */
  hidden: string[];
  failedPath: boolean;
}

export interface NeedsEdge {
  from: NeedsNode;
  to: NeedsNode;
  failed: boolean;
}

export interface GutterRoute {
  /** Cells: the two stubs and the lanes (3 at least, as a gutter of straight lines). */
  width: number;
  /** The drawn lines, each with the cell of its lane (null: a straight line needing no lane). */
  lines: { edge: NeedsEdge; x: number | null }[];
}

export interface NeedsLayout {
  columns: NeedsNode[][];
  /** Lines between neighbouring columns (from column c to c + 1), drawn or not. */
  edges: NeedsEdge[];
  nodes: NeedsNode[];
  /** The gutter after each column but the last: its width and the lines it draws. */
  gutters: GutterRoute[];
}

export type NeedsOf = ReadonlyMap<string, readonly string[] | null>;
