// The stage graph and the timeline of a 5,000-job pipeline take 5-15 ms to lay out (grouping by
// stage; every job's spans and the critical path), and paid on the key, the first frame of each
// view would be the slowest of bench/latency.mjs. Both layouts are kept per jobs array
// (StageGraph.tsx columnsOf, TimelineView.tsx timelineLayout), so the pane lays out the view `v`
// leads to just after a frame is out, when the jobs or the view change, and the key finds it done.
import { useEffect } from 'react';
import type { Job } from '../../api/index.js';
import type { PipelineView } from '../../store/types.js';
import { columnsOf } from './StageGraph.js';
import { timelineLayout } from './TimelineView.js';
import { needsLayoutOf, type NeedsOf } from './needs-layout.js';

/** What `v` shows next. */
export const NEXT_VIEW = { list: 'graph', graph: 'needs', needs: 'timeline', timeline: 'list' } as const satisfies Record<PipelineView, PipelineView>;

/** Lays out `view` of `jobs` now, as the view will when it renders them (nothing for the list). */
export function layOut(jobs: readonly Job[], view: PipelineView, now: number, needsOf: NeedsOf | null = null): void {
  if (view === 'graph') columnsOf(jobs);
  else if (view === 'needs') needsLayoutOf(jobs, needsOf);
  // A timeline with running or waiting jobs is laid out again for the clock of the frame that shows
  // it; what does not read the clock (timeline.ts TimelineSkeleton: rows, settled spans, the settled
  // steps of the critical path) is kept from this layout, so that one costs the live jobs only.
  else if (view === 'timeline') timelineLayout(jobs, now);
}

/** After each frame that shows new jobs or another view: the next view's layout, off the key path. */
export function useLayoutAhead(jobs: readonly Job[], view: PipelineView, now: () => number, needsOf: NeedsOf | null = null): void {
  useEffect(() => {
    // A timer, not the effect itself: the frame this render makes is written first.
    const timer = setTimeout(() => layOut(jobs, NEXT_VIEW[view], now(), needsOf), 0);
    return () => clearTimeout(timer);
  }, [jobs, view, now, needsOf]);
}
