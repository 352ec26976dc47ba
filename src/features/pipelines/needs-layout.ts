// The needs graph's layout: jobs in columns by depth — a job that needs nothing in the first, a job
// one column right of the deepest job it needs — as GitLab's "job dependencies" view groups them.
// A job without `needs` follows the stage order: it waits for every job of the earlier stages, so
// it stands right of all of them. Lines join a job to what it needs, routed with the layout
// (needs-lanes.ts); the failed path is each job that failed (not allowed to) and what it took
// down: the jobs needing it, skipped. Pure: the pane draws it (NeedsGraph.tsx), and
// layout-ahead.ts lays it out before `v` asks.
import type { Job } from '../../api/index.js';
import { routeGutters } from './needs-lanes.js';
import type { NeedsEdge, NeedsLayout, NeedsNode, NeedsOf } from './needs-types.js';

export type { GutterRoute, NeedsEdge, NeedsLayout, NeedsNode, NeedsOf } from './needs-types.js';

const isHardFailure = (j: Job) => (j.status === 'failed' || j.status === 'canceled') && !j.allow_failure;

export function needsLayout(jobs: readonly Job[], needsOf: NeedsOf | null): NeedsLayout {
  const stageOrder: string[] = [];
  for (const j of jobs) if (!stageOrder.includes(j.stage)) stageOrder.push(j.stage);
  const stageOf = (j: Job) => stageOrder.indexOf(j.stage);
  const byName = new Map<string, { job: Job; index: number }>();
  jobs.forEach((job, index) => byName.set(job.name, { job, index }));
  const needsFor = (j: Job): readonly string[] | null => {
    const n = needsOf?.get(j.name);
    return n === undefined ? null : n === null ? null : n.filter((name) => byName.has(name) && name !== j.name);
  };

  // Depth of each job, by index: memoized, a cycle (GitLab refuses one; a broken answer may not) counts as 0.
  const depth = new Array<number>(jobs.length).fill(-1);
  const visiting = new Set<number>();
  // The deepest job of the stages before each stage, for the stage-order jobs.
  const deepestBefore = new Map<number, number>();
  const depthOf = (index: number): number => {
    if (depth[index]! >= 0) return depth[index]!;
    if (visiting.has(index)) return 0;
    visiting.add(index);
    const job = jobs[index]!;
    const needs = needsFor(job);
    let d = 0;
    if (needs !== null) {
      for (const name of needs) d = Math.max(d, depthOf(byName.get(name)!.index) + 1);
    } else {
      const stage = stageOf(job);
      let before = deepestBefore.get(stage);
      if (before === undefined) {
        before = -1;
        jobs.forEach((other, i) => {
          if (stageOf(other) < stage) before = Math.max(before!, depthOf(i));
        });
        deepestBefore.set(stage, before);
      }
      d = before + 1;
    }
    visiting.delete(index);
    depth[index] = d;
    return d;
  };
  const nodes: NeedsNode[] = jobs.map((job, index) => ({
    job,
    index,
    column: depthOf(index),
    row: 0,
    needs: needsFor(job),
    far: [],
    hidden: [],
    failedPath: false,
  }));
  const nodeOf = (name: string) => nodes[byName.get(name)!.index]!;

  // The failed path: hard failures, and the skipped jobs that need one (transitively), or that come
  // after one by the stage order.
  const firstFailedColumn = Math.min(...nodes.filter((n) => isHardFailure(n.job)).map((n) => n.column));
  for (const n of nodes) if (isHardFailure(n.job)) n.failedPath = true;
  for (let changed = true, rounds = 0; changed && rounds <= nodes.length; rounds++) {
    changed = false;
    for (const n of nodes) {
      if (n.failedPath || n.job.status !== 'skipped') continue;
      const down = n.needs !== null ? n.needs.some((name) => nodeOf(name).failedPath) : n.column > firstFailedColumn;
      if (down) changed = n.failedPath = true;
    }
  }

  const columnCount = nodes.reduce((m, n) => Math.max(m, n.column + 1), 0);
  const columns: NeedsNode[][] = Array.from({ length: columnCount }, () => []);
  for (const n of nodes) columns[n.column]!.push(n);
  // Rows: each column in stage then list order, then moved toward the rows of what its jobs need
  // (one barycentre pass), which keeps most lines short and straight.
  columns.forEach((column, c) => {
    column.sort((a, b) => stageOf(a.job) - stageOf(b.job) || a.index - b.index);
    if (c > 0) {
      const weight = (n: NeedsNode) => {
        const rows = (n.needs ?? [])
          .map((name) => nodeOf(name))
          .filter((m) => m.column === c - 1)
          .map((m) => m.row);
        return rows.length ? rows.reduce((s, r) => s + r, 0) / rows.length : Infinity;
      };
      const weights = new Map(column.map((n) => [n, weight(n)]));
      column.sort((a, b) => {
        const wa = weights.get(a)!;
        const wb = weights.get(b)!;
        return wa === wb ? 0 : wa === Infinity ? 1 : wb === Infinity ? -1 : wa - wb;
      });
    }
    column.forEach((n, row) => (n.row = row));
  });

  const edges: NeedsEdge[] = [];
  for (const n of nodes) {
    for (const name of n.needs ?? []) {
      const from = nodeOf(name);
      if (from.column === n.column - 1) edges.push({ from, to: n, failed: from.failedPath && n.failedPath });
      else n.far.push(name);
    }
  }
  const layout: NeedsLayout = { columns, edges, nodes, gutters: [] };
  layout.gutters = routeGutters(layout);
  return layout;
}

// Kept per jobs array and needs map (the store replaces both when they change): the view mounts on
// each `v` and renders on each cursor move; a 5,000-job pipeline is laid out and its lines routed once.
const kept = new WeakMap<readonly Job[], { needsOf: NeedsOf | null; layout: NeedsLayout }>();

export function needsLayoutOf(jobs: readonly Job[], needsOf: NeedsOf | null): NeedsLayout {
  const hit = kept.get(jobs);
  if (hit && hit.needsOf === needsOf) return hit.layout;
  const layout = needsLayout(jobs, needsOf);
  kept.set(jobs, { needsOf, layout });
  return layout;
}

// ---- the needs the tree read over GraphQL brings (graph-poll.ts) ------------------------------------

const needsMaps = new WeakMap<object, NeedsOf>();

/** Each job's needs by name, from the pipeline's tree (once per tree object); null without one. */
export function needsMapOf(graph: { jobs: readonly { name: string; needs: string[] | null }[] } | undefined): NeedsOf | null {
  if (!graph) return null;
  let map = needsMaps.get(graph);
  if (!map) needsMaps.set(graph, (map = new Map(graph.jobs.map((j) => [j.name, j.needs]))));
  return map;
}

const withNeeds = new WeakMap<readonly Job[], { needsOf: NeedsOf; jobs: Job[] }>();

/** The rows with their `needs` (the timeline's critical path follows them), once per rows and needs. */
export function jobsWithNeeds(jobs: Job[], needsOf: NeedsOf | null): Job[] {
  if (!needsOf) return jobs;
  const hit = withNeeds.get(jobs);
  if (hit && hit.needsOf === needsOf) return hit.jobs;
  const out = jobs.map((j) => {
    const needs = needsOf.get(j.name);
    return needs === undefined ? j : { ...j, needs };
  });
  withNeeds.set(jobs, { needsOf, jobs: out });
  return out;
}
