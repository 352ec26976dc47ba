// What the app keeps of panes the user has left: without this the store remembers every job,
// pipeline, job list and log view ever opened, and a session that opens a new pipeline a minute
// grows by ~50 kB a minute for as long as it runs (bench/leak.mjs). On each navigation, lists of
// pipelines no pane in the stack shows (and the pipeline and job lists of projects the stack has
// left) are dropped, then every job, pipeline and log view that no pane and no kept list refers
// to. Going back finds every pane still in the stack exactly as it was left; opening a dropped one
// again loads it afresh, as the first time.
//
// One pass over every slice's records (not a forget per slice): what one keeps depends on what
// another kept — the kept lists' rows pin jobs, kept jobs pin their pipelines, marks pin pipelines.
import type { Job, Pipeline } from '../api/index.js';
import { listKeyOf, listKeys } from './sources.js';
import { listKeyText, type AppState, type ListKey, type ListKeyText } from './types.js';

/** The changes that forget what the stack no longer shows, or null when there is nothing to drop. */
export function forgetOffStack(state: AppState): Partial<AppState> | null {
  const projects = new Set<number>();
  const inStack = new Set<ListKeyText>();
  const jobIds = new Set<number>();
  const pipelineIds = new Set<number>();
  for (const pane of state.stack) {
    const key = listKeyOf(pane);
    if (key) inStack.add(listKeyText(key));
    if ('projectId' in pane) projects.add(pane.projectId);
    if (pane.kind === 'pipeline' || pane.kind === 'tests') pipelineIds.add(pane.pipelineId);
    if (pane.kind === 'job') jobIds.add(pane.jobId);
  }
  // The project lists of a project in the stack stay (its tabs keep their rows and cursors).
  for (const id of projects) {
    inStack.add(listKeyText(listKeys.pipelines(id)));
    inStack.add(listKeyText(listKeys.projectJobs(id)));
  }

  const lists: AppState['lists'] = {};
  let droppedLists = 0;
  for (const [key, list] of Object.entries(state.lists)) {
    // An entry set to undefined (a list reset by hand) is no list: dropped like one left behind.
    if (!list || (forgettable(list.key) && !inStack.has(key))) {
      droppedLists++;
      continue;
    }
    lists[key] = list;
    const kind = list.key?.kind;
    if (kind === 'pipelineJobs' || kind === 'projectJobs') for (const j of list.items as Job[]) jobIds.add(j.id);
    if (kind === 'pipelines') for (const p of list.items as Pipeline[]) pipelineIds.add(p.id);
  }
  // Watched pipelines stay: their ending is told from what the store holds (the marks feature).
  for (const id of Object.keys(state.marks)) pipelineIds.add(Number(id));
  for (const id of jobIds) {
    const pipeline = state.jobs[id]?.pipeline?.id;
    if (pipeline !== undefined) pipelineIds.add(pipeline);
  }

  const jobs = keep(state.jobs, jobIds);
  const pipelines = keep(state.pipelines, pipelineIds);
  const logViews = keep(state.logViews, new Set(state.stack.flatMap((p) => (p.kind === 'job' ? [p.jobId] : []))));
  // A pipeline's trigger jobs go with its pane (they are re-read when it opens again).
  const bridges = keep(state.bridges, new Set(state.stack.flatMap((p) => (p.kind === 'pipeline' ? [p.pipelineId] : []))));
  // A pipeline's variables, test summary and (big) test report: only while a pane shows the pipeline.
  const shown = new Set(state.stack.flatMap((p) => (p.kind === 'pipeline' || p.kind === 'tests' ? [p.pipelineId] : [])));
  const pipelineExtras = keep(state.pipelineExtras, shown);
  const testReports = keep(state.testReports, shown);
  if (!droppedLists && !jobs && !pipelines && !logViews && !bridges && !pipelineExtras && !testReports) return null;
  return {
    ...(droppedLists ? { lists } : {}),
    ...(jobs ? { jobs } : {}),
    ...(pipelines ? { pipelines } : {}),
    ...(logViews ? { logViews } : {}),
    ...(bridges ? { bridges } : {}),
    ...(pipelineExtras ? { pipelineExtras } : {}),
    ...(testReports ? { testReports } : {}),
  };
}

/** The lists that multiply with browsing: one per pipeline, and per project, opened. */
function forgettable(key: ListKey | undefined): boolean {
  return key?.kind === 'pipelineJobs' || key?.kind === 'pipelines' || key?.kind === 'projectJobs' || key?.kind === 'testCases';
}

/** `map` with only the `ids` entries, or null when nothing would go. */
function keep<T>(map: Record<number, T>, ids: Set<number>): Record<number, T> | null {
  const keys = Object.keys(map);
  if (keys.every((k) => ids.has(Number(k)))) return null;
  const out: Record<number, T> = {};
  for (const k of keys) if (ids.has(Number(k))) out[Number(k)] = map[Number(k)]!;
  return out;
}
