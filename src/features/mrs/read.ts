// Reading `:mrs` at a bounded cost. Each read asks the three lists (read-my-lists in source.ts); a
// merge request's head pipeline is only in the single merge request, one request each. A read the
// user asks for (opening, R) reads every one. The timer reads again only those the lists say
// changed (`updated_at`, or new), then those whose head pipeline still runs (it moves while the
// merge request stands still), then any not read for MRS_SETTLED_RECHECK_MS — the stalest first,
// and never past MRS_REQUESTS_PER_MINUTE (src/lib/budgets.ts): 20, with the pulse's 40 for 20
// rows on screen 60 together, whatever the number of merge requests.
import type { PipelineBasic } from '../../api/index.js';
import { MRS_REQUESTS_PER_MINUTE, MRS_SETTLED_RECHECK_MS } from '../../lib/budgets.js';
import { isActiveStatus } from '../../lib/status.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { listOf, patchList } from '../../store/store.js';
import { byUrgency, myMrsKey, readMyMrLists, type MrRow } from './source.js';
import { oneRunAtATime } from '../../lib/one-run.js';

const MINUTE = 60_000;
/** The lists a read asks, whatever else it reads. */
const LIST_REQUESTS = 3;

interface Known {
  /** The merge request's updated_at when its head was read. */
  updatedAt: string;
  head: PipelineBasic | null | undefined;
  readAt: number;
}

export interface MrsReader {
  sync(full: boolean): Promise<void>;
}

export function createMrsReader(ctx: Ctx): MrsReader {
  const known = new Map<number, Known>();
  /** When each request of the timer's reads was sent, over the last minute. */
  let sends: number[] = [];

  async function readHead(row: MrRow, count: () => void): Promise<void> {
    count();
    let head: PipelineBasic | null | undefined;
    try {
      head = (await ctx.gl.mergeRequests.get(row.mr.project_id, row.mr.iid)).head_pipeline ?? null;
    } catch {
      head = undefined;
    }
    known.set(row.mr.id, { updatedAt: row.mr.updated_at ?? '', head, readAt: ctx.now() });
  }

  async function run(full: boolean): Promise<void> {
    const key = myMrsKey();
    const now = ctx.now();
    sends = sends.filter((t) => t > now - MINUTE);
    // The timer's read waits when the lists alone would pass the budget.
    if (!full && MRS_REQUESTS_PER_MINUTE - sends.length < LIST_REQUESTS) return;
    const spend = (n: number) => {
      if (!full) for (let i = 0; i < n; i++) sends.push(now);
    };
    if (listOf(ctx.store.getState(), key).loadedAt === null) patchList(ctx.store, key, { loading: true });
    let rows: MrRow[];
    try {
      spend(LIST_REQUESTS);
      rows = await readMyMrLists(ctx.gl, ctx.store.getState().user?.username);
      ctx.connectionOk();
    } catch (error) {
      patchList(ctx.store, key, { loading: false, error: describeError(error) });
      return;
    }
    const changed = (r: MrRow) => {
      const k = known.get(r.mr.id);
      return !k || k.updatedAt !== (r.mr.updated_at ?? '') || k.head === undefined;
    };
    const stalest = (a: MrRow, b: MrRow) => (known.get(a.mr.id)?.readAt ?? 0) - (known.get(b.mr.id)?.readAt ?? 0);
    let chosen: MrRow[];
    if (full) chosen = rows;
    else {
      const running = (r: MrRow) => isActiveStatus(known.get(r.mr.id)?.head?.status);
      const settledDue = (r: MrRow) => now - (known.get(r.mr.id)?.readAt ?? 0) >= MRS_SETTLED_RECHECK_MS;
      const order = [
        ...rows.filter(changed).sort(stalest),
        ...rows.filter((r) => !changed(r) && running(r)).sort(stalest),
        ...rows.filter((r) => !changed(r) && !running(r) && settledDue(r)).sort(stalest),
      ];
      chosen = order.slice(0, Math.max(0, MRS_REQUESTS_PER_MINUTE - sends.length));
    }
    await Promise.all(chosen.map((row) => readHead(row, () => spend(1))));
    // Forgotten: merge requests no longer in the lists (merged, closed, no longer the user's).
    const ids = new Set(rows.map((r) => r.mr.id));
    for (const id of known.keys()) if (!ids.has(id)) known.delete(id);
    // Failing head pipelines first, then running ones (source.ts byUrgency).
    const items = byUrgency(rows.map((r) => ({ ...r, head: known.get(r.mr.id)?.head })));
    patchList<MrRow>(ctx.store, key, { items, loading: false, loadedAt: ctx.now(), error: null, nextPage: null });
  }

  return { sync: oneRunAtATime(run) };
}
