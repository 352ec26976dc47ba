// The pulse pane's rows from the store: the user's projects (the projects list), each with the
// pipelines the pulse read for it, in attention order; and which of them are on screen — the only
// ones polled. Pure functions of the state, shared by the pane, its keys and its poller.
import type { Project } from '../../api/index.js';
import { listKeys } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import type { AppState } from '../../store/types.js';
import { windowFor } from '../../ui/components/window.js';
import { pulseProject } from './fetch.js';
import { pulseRow, sortByAttention, type PulseProject, type PulseRow } from './model.js';

/** The summary and column header above the rows (PulseView). */
export const PULSE_HEAD_ROWS = 2;

/** One empty list, so selectors see the same array until the projects arrive. */
const NONE: Project[] = [];

/** The projects the pulse shows: the config file's list when it names one, else the user's projects. */
export function pulseSourceProjects(state: AppState): Project[] {
  if (state.config.pulse) return state.pulse.listed ?? NONE;
  return listOf<Project>(state, listKeys.projects()).items;
}

export function pulseProjects(state: AppState): PulseProject[] {
  return pulseSourceProjects(state).map(pulseProject);
}

let memo: { projects: unknown; pipelines: unknown; rows: PulseRow[] } | null = null;

/** Rows in display order; the same array while neither the projects nor their pipelines changed. */
export function pulseRows(state: AppState): PulseRow[] {
  const projects = pulseSourceProjects(state);
  const { pipelines } = state.pulse;
  if (memo && memo.projects === projects && memo.pipelines === pipelines) return memo.rows;
  const rows = sortByAttention(pulseProjects(state).map((p) => pulseRow(p, pipelines[p.id] ?? null)));
  memo = { projects, pipelines, rows };
  return rows;
}

/** Index of the selected row (kept by project id; the first row when it is gone). */
export function pulseSelected(state: AppState, rows: readonly PulseRow[] = pulseRows(state)): number {
  const i = rows.findIndex((r) => r.projectId === state.pulse.selectedId);
  return i >= 0 ? i : 0;
}

/** Rows of the body (viewport) that show projects. */
export const pulseBodyRows = (state: AppState): number =>
  Math.max(1, state.viewport.height - PULSE_HEAD_ROWS - (state.config.pulse && state.pulse.error ? 1 : 0));

/** Project ids of the rows on screen, top to bottom. */
export function visiblePulseIds(state: AppState): number[] {
  const rows = pulseRows(state);
  const height = pulseBodyRows(state);
  const { offset } = windowFor(rows.length, pulseSelected(state, rows), height, state.pulse.offset);
  return rows.slice(offset, offset + height).map((r) => r.projectId);
}
