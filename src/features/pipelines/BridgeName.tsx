// How the pipeline pane names its trigger jobs: a mark and where each leads (bridges.ts).
import { useCallback } from 'react';
import type { Job } from '../../api/index.js';
import type { Pane } from '../../store/types.js';
import { useAppState } from '../../ui/context.js';
import { bridgeName, downstreamHint, isBridge } from './bridges.js';

/** A `nameOf` for JobTable and StageGraph: a bridge's label, undefined for a job. */
export function useDownstreamNames(pane: Extract<Pane, { kind: 'pipeline' }>): (j: Job) => string | undefined {
  const projects = useAppState((s) => s.projects);
  const { projectId, path } = pane;
  return useCallback((j: Job) => (isBridge(j) ? bridgeName({ projects }, j, { projectId, path }) : undefined), [projects, projectId, path]);
}

/** What the line under the job list says about the selected row when it is a bridge, else null. */
export function useDownstreamHint(pane: Extract<Pane, { kind: 'pipeline' }>, row: Job | undefined): string | null {
  const projects = useAppState((s) => s.projects);
  return isBridge(row) ? downstreamHint({ projects }, row, pane) : null;
}
