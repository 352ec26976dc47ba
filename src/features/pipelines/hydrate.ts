// GitLab's pipeline list has no user or duration: the pipelines near the cursor get their full
// form, read by the poller's watcher (never by a component), once — and again only when the list
// shows the pipeline changed (a new `updated_at`). A few requests at a time, from one queue. On a
// terminal wide enough for the list's Title column (PIPELINE_TITLE_FROM), each commit's title too:
// one GET per commit, once (a commit never changes), kept on the pipeline as `commitTitle`.
import type { PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { listRows, nearSelection } from '../../store/lists.js';
import { listOf, topPane } from '../../store/store.js';
import type { AppState } from '../../store/types.js';
import { listKeyOf } from '../../store/sources.js';
import { writePipelineRecords } from '../../domain/pipelines.js';

/** Requests at a time. */
const LANES = 3;
/** Pipelines whose read is remembered: far more than any screen shows. */
const MAX_ASKED = 5_000;
/** The tab bar above a project tab's list. */
const TAB_ROWS = 2;
/** Terminal columns from which the pipelines list shows each commit's title (PipelinesTab). */
export const PIPELINE_TITLE_FROM = 150;
/** Commit titles remembered, by `projectId:sha`. */
const MAX_TITLES = 2_000;

/** A pipeline as the store keeps it once read whole: when, and its commit's title when asked. */
export type HeldPipeline = { hydratedAt?: string; commitTitle?: string | null } | undefined;

interface Wanted {
  projectId: number;
  id: number;
  sha: string;
  /** The list's `updated_at` for it: what this read is for. */
  version: string;
  /** Read whole already: only its commit's title is wanted. */
  titleOnly?: boolean;
}

export function watchPipelineRows(ctx: Ctx): (state: AppState) => void {
  // Every pipeline read (or being read), with the `updated_at` the list showed when it was asked:
  // a later state change, a refresh, or a second pass over the rows never asks it again until the
  // list shows another `updated_at`.
  const asked = new Map<number, string>();
  // The reads sent and not answered yet: `asked` alone cannot tell "being read" from "was read".
  const reading = new Set<number>();
  let queue: Wanted[] = [];
  let running = 0;
  let last: { list: unknown; pipelines: unknown; height: number; titles: boolean } | null = null;

  // A commit's title, read once per commit (the same commit has many pipelines); null when unreadable.
  const titles = new Map<string, Promise<string | null>>();
  const titleOf = (projectId: number, sha: string): Promise<string | null> => {
    const key = `${projectId}:${sha}`;
    let title = titles.get(key);
    if (!title) {
      title = ctx.gl.projects.commit(projectId, sha).then(
        (c) => c.title,
        () => null,
      );
      titles.set(key, title);
      for (const k of titles.keys()) {
        if (titles.size <= MAX_TITLES) break;
        titles.delete(k);
      }
    }
    return title;
  };
  const wide = () => ctx.store.getState().viewport.width >= PIPELINE_TITLE_FROM;

  const readOne = async ({ projectId, id, sha, version, titleOnly }: Wanted): Promise<void> => {
    const { store, gl } = ctx;
    try {
      const [full, commitTitle] = await Promise.all([titleOnly ? null : gl.pipelines.get(projectId, id), wide() ? titleOf(projectId, sha) : undefined]);
      writePipelineRecords(store, (s) => {
        const held = s.pipelines[id];
        if (!full && !held) return {};
        const next = full ? { ...full, hydratedAt: full.updated_at } : held!;
        return { pipelines: { ...s.pipelines, [id]: commitTitle === undefined ? next : { ...next, commitTitle } } };
      });
    } catch (error) {
      // Not read: a later change of the rows may ask again; the rest of this round waits for it.
      if (asked.get(id) === version) asked.delete(id);
      for (const w of queue) if (asked.get(w.id) === w.version) asked.delete(w.id);
      queue = [];
      ctx.connectionFailed(error);
    }
  };

  const pump = () => {
    while (running < LANES && queue.length) {
      const next = queue.shift()!;
      running++;
      reading.add(next.id);
      void readOne(next).finally(() => {
        reading.delete(next.id);
        running--;
        pump();
      });
    }
  };

  const hydrate = (projectId: number, rows: PipelineBasic[]) => {
    const state = ctx.store.getState();
    // The rows near the cursor now replace what was waiting (rows scrolled away are not read).
    for (const w of queue) if (asked.get(w.id) === w.version) asked.delete(w.id);
    queue = [];
    for (const row of rows) {
      const version = row.updated_at ?? '';
      const held = state.pipelines[row.id] as HeldPipeline;
      const whole = held?.hydratedAt !== undefined && held.hydratedAt === version;
      const titled = held?.commitTitle !== undefined || !wide();
      // Read whole: only a title may be missing (the terminal grew); otherwise a read, which brings
      // the title too when the terminal is wide by then.
      const want = whole ? (titled ? null : `${version} title`) : version;
      // Asked already, and either still being read or held by the store. What the store let go of
      // (retention.ts forgets a project's pipelines when the stack leaves it) is read again: the
      // record of the ask outlives the record it brought.
      if (want === null || (asked.get(row.id) === want && (reading.has(row.id) || held !== undefined))) continue;
      asked.delete(row.id);
      asked.set(row.id, want);
      queue.push({ projectId, id: row.id, sha: row.sha, version: want, ...(whole ? { titleOnly: true } : {}) });
    }
    // A long session scrolls through many pipelines: the record keeps the most recent ones (a
    // Map iterates in insertion order; a pipeline asked again moves to the end).
    for (const id of asked.keys()) {
      if (asked.size <= MAX_ASKED) break;
      asked.delete(id);
    }
    pump();
  };

  return (state) => {
    // The pipelines the pane in front lists (the Pipelines tab's: store/registry.ts listOf).
    const key = listKeyOf(topPane(state));
    if (key?.kind !== 'pipelines') return;
    const list = listOf(state, key);
    const height = state.viewport.height - TAB_ROWS;
    const titles = wide();
    if (last && last.list === list && last.pipelines === state.pipelines && last.height === height && last.titles === titles) return;
    last = { list, pipelines: state.pipelines, height, titles };
    hydrate(key.projectId, nearSelection(listRows<PipelineBasic>(ctx, state, key), list.selected, height));
  };
}
