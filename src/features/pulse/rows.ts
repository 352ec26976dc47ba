// The pulse pane's rows from the store: the user's projects (the projects list), each with the
// pipelines the pulse read for it, in attention order; and which of them are on screen — the only
// ones polled. Pure functions of the state, shared by the pane, its keys and its poller.
import type { Project } from '../../api/index.js';
import { visibleRows } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import type { AppState, ListKey } from '../../store/types.js';
import { windowFor } from '../../ui/components/window.js';
import { pulseProject } from './fetch.js';
import { pulseRow, sortByAttention, type PulseProject, type PulseRow } from './model.js';
import { listKeys } from '../../domain/list-keys.js';

/** The summary and column header above the rows (PulseView). */
export const PULSE_HEAD_ROWS = 2;

/** The list that holds the pulse's `/` filter (its rows are worked out here, not kept in it). */
export const PULSE_LIST: ListKey = { kind: 'pulse' };

/** What `/` typed on the pulse: rows whose project path has every word (store/sources.ts visibleRows). */
export const pulseFilter = (state: AppState): string => listOf(state, PULSE_LIST).filter;

/**
 * The row of a config file entry not read yet has this id: negative, never a GitLab id. A list of
 * 10,000 projects is read as its rows come on screen (the pulse poller, poll.ts), not all at once.
 */
export const placeholderId = (index: number): number => -(index + 1);
export const isPlaceholder = (id: number): boolean => id < 0;
/** The config file entry a placeholder id stands for. */
export const entryOf = (state: AppState, id: number): string | undefined => (isPlaceholder(id) ? state.config.pulse?.[-id - 1] : undefined);

/** The projects the pulse shows: the config file's list when it names one, else the user's projects. */
export function pulseSourceProjects(state: AppState): Project[] {
  const entries = state.config.pulse;
  if (entries) return configuredProjects(entries, state.pulse.listed);
  return listOf<Project>(state, listKeys.projects()).items;
}

/** The last answer of configuredProjects: selectors must see the same array while nothing changed. */
let lastConfigured: { entries: readonly string[]; listed: AppState['pulse']['listed']; projects: Project[] } | null = null;

/**
 * One project per config file entry: the project once read, else a placeholder named as written
 * (its row shows "…"); an entry GitLab refused keeps its placeholder (the line under the pulse names
 * it), so the rows under it do not slide on screen and get read in turn. A project named twice (by
 * path and by id) has one row.
 */
function configuredProjects(entries: readonly string[], listed: AppState['pulse']['listed']): Project[] {
  if (lastConfigured?.entries === entries && lastConfigured.listed === listed) return lastConfigured.projects;
  const seen = new Set<number>();
  const projects: Project[] = [];
  entries.forEach((entry, i) => {
    const project = listed[entry] ?? placeholder(entry, placeholderId(i));
    if (seen.has(project.id)) return;
    seen.add(project.id);
    projects.push(project);
  });
  lastConfigured = { entries, listed, projects };
  return projects;
}

function placeholder(entry: string, id: number): Project {
  return { id, name: entry, name_with_namespace: entry, path: entry, path_with_namespace: entry, default_branch: null, web_url: '', last_activity_at: '' };
}

export function pulseProjects(state: AppState): PulseProject[] {
  return pulseSourceProjects(state).map(pulseProject);
}

/**
 * Rows in display order, worked out afresh on each call (a key acting on the pulse asks once). What
 * asks often keeps its own memo: the pane a useMemo over the projects and their pipelines
 * (PulsePane), the poller a memoPulseRows of its own.
 */
export function pulseRows(state: AppState): PulseRow[] {
  return pulseRowsOf(pulseSourceProjects(state), state.pulse.pipelines, pulseFilter(state), pinOf(state));
}

/** The row under the cursor and the line it stays on, once the user moved the cursor. */
export type PulsePin = { projectId: number; at: number } | null;

export const pinOf = (state: AppState): PulsePin =>
  state.pulse.selectedId !== null && state.pulse.pinAt !== null ? { projectId: state.pulse.selectedId, at: state.pulse.pinAt } : null;

/**
 * The rows of `projects` whose path matches `filter` (all without one), in attention order. Only
 * these can come on screen, so only these are read (poll.ts): a filter never reads more projects.
 * The pinned row (the one under the cursor) keeps its line while the others fill and sort around
 * it: a row that moves as the user reaches for it would have Enter open another project.
 */
export function pulseRowsOf(projects: readonly Project[], pipelines: AppState['pulse']['pipelines'], filter = '', pin: PulsePin = null): PulseRow[] {
  const shown = visibleRows([...projects], filter, (p) => p.path_with_namespace);
  const rows = sortByAttention(shown.map(pulseProject).map((p) => pulseRow(p, pipelines[p.id] ?? null)));
  const from = pin ? rows.findIndex((r) => r.projectId === pin.projectId) : -1;
  if (from < 0 || from === pin!.at) return rows;
  const [row] = rows.splice(from, 1);
  rows.splice(Math.min(pin!.at, rows.length), 0, row!);
  return rows;
}

/** pulseRows for one owner: the same array while neither the projects, their pipelines nor the pin changed. */
export function memoPulseRows(): (state: AppState) => PulseRow[] {
  let last: { projects: readonly Project[]; pipelines: AppState['pulse']['pipelines']; filter: string; pin: PulsePin; rows: PulseRow[] } | null = null;
  return (state) => {
    const projects = pulseSourceProjects(state);
    const { pipelines } = state.pulse;
    const filter = pulseFilter(state);
    const pin = pinOf(state);
    if (
      last?.projects !== projects ||
      last.pipelines !== pipelines ||
      last.filter !== filter ||
      last.pin?.projectId !== pin?.projectId ||
      last.pin?.at !== pin?.at
    ) {
      last = { projects, pipelines, filter, pin, rows: pulseRowsOf(projects, pipelines, filter, pin) };
    }
    return last.rows;
  };
}

/** Index of the selected row (kept by project id; the first row when it is gone). */
export function pulseSelected(state: AppState, rows: readonly PulseRow[] = pulseRows(state)): number {
  return selectedIndex(rows, state.pulse.selectedId);
}

export function selectedIndex(rows: readonly PulseRow[], selectedId: AppState['pulse']['selectedId']): number {
  const i = rows.findIndex((r) => r.projectId === selectedId);
  return i >= 0 ? i : 0;
}

/** Rows of the body (viewport) that show projects. */
export const pulseBodyRows = (state: AppState): number =>
  Math.max(1, state.viewport.height - PULSE_HEAD_ROWS - (state.config.pulse && state.pulse.error ? 1 : 0));

/** Project ids of the rows on screen, top to bottom. */
export function visiblePulseIds(state: AppState, rows: readonly PulseRow[] = pulseRows(state)): number[] {
  const height = pulseBodyRows(state);
  const { offset } = windowFor(rows.length, pulseSelected(state, rows), height, state.pulse.offset);
  return rows.slice(offset, offset + height).map((r) => r.projectId);
}
