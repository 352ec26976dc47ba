// The schedules list: GitLab's list, then each schedule's detail (it alone has the last pipeline).
import type { GitLab, PipelineSchedule } from '../../api/index.js';
import { describeCron } from '../../cron/cron.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import { listKeyText, type AppState, type ListKey } from '../../store/types.js';

/** Runs `work` over `items`, `limit` at a time, keeping the order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

export function scheduleText(s: PipelineSchedule): string {
  return `#${s.id} ${s.description} ${s.ref} ${s.cron} ${describeCron(s.cron)} ${s.cron_timezone} ${s.active ? 'active' : 'inactive'} ${s.owner?.username ?? ''} ${s.owner?.name ?? ''}`;
}

/** The source of `schedules:<projectId>`, or undefined for other keys. */
export function schedulesSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind !== 'schedules') return undefined;
  const filters = state().listFilters[listKeyText(key)] ?? {};
  const { projectId } = key;
  return {
    perPage: 20,
    complete: false,
    // GitLab's list has no last pipeline; the detail has. Schedules are few per project, and an
    // unchanged detail is a cheap 304 (the same object comes back, so nothing re-renders).
    fetch: async (page, signal) => {
      const first = await firstPage(
        gl.schedules.list(projectId, { scope: filters.scope as 'active' | 'inactive' | undefined, perPage: 20, startPage: page, signal }).pages(),
      );
      const items = await mapLimit(first.items, 4, (s) => gl.schedules.get(projectId, s.id, { signal }).catch(() => s));
      return { ...first, items };
    },
    idOf: (s) => (s as PipelineSchedule).id,
    textOf: (s) => scheduleText(s as PipelineSchedule),
  } satisfies ListSource<PipelineSchedule> as ListSource<unknown>;
}
