// List sources for the schedules, deployments and activity views (plugged into sources.ts): the
// API call behind each list key, row identity, and the text `/` filters on.
import type { Deployment, Event, EventFilters, GitLab, Page, Paged, PipelineSchedule } from '../../api/index.js';
import { describeCron } from '../../cron/cron.js';
import { eventLine } from './event-line.js';
import type { AppState, ListKey } from '../../store/types.js';

/** The parts of sources.ts's ListSource these lists fill in (same shape, declared here to avoid a cycle). */
interface Source<T> {
  fetch(page: number, signal?: AbortSignal): Promise<Page<T>>;
  idOf(item: T): number;
  textOf(item: T): string;
  complete: boolean;
  perPage: number;
}

async function firstPage<T>(paged: Paged<T>): Promise<Page<T>> {
  for await (const page of paged.pages()) return page;
  return { items: [], page: 1, nextPage: null };
}

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

export const activityKeys = {
  schedules: (projectId: number): ListKey => `schedules:${projectId}`,
  deployments: (projectId: number): ListKey => `deployments:${projectId}`,
  projectEvents: (projectId: number): ListKey => `events:project:${projectId}`,
  myEvents: (): ListKey => 'events:me',
  userEvents: (user: string): ListKey => `events:user:${user}`,
};

export function isActivityListKey(key: ListKey): boolean {
  return key.startsWith('schedules:') || key.startsWith('deployments:') || key.startsWith('events:');
}

export function scheduleText(s: PipelineSchedule): string {
  return `#${s.id} ${s.description} ${s.ref} ${s.cron} ${describeCron(s.cron)} ${s.cron_timezone} ${s.active ? 'active' : 'inactive'} ${s.owner?.username ?? ''} ${s.owner?.name ?? ''}`;
}

export function activitySource(key: ListKey, gl: GitLab, state: () => AppState): Source<unknown> {
  const [kind, a, ...rest] = key.split(':');
  const filters = state().listFilters[key] ?? {};
  if (kind === 'schedules') {
    const projectId = Number(a);
    return {
      perPage: 20,
      complete: false,
      // GitLab's list has no last pipeline; the detail has. Schedules are few per project, and an
      // unchanged detail is a cheap 304 (the same object comes back, so nothing re-renders).
      fetch: async (page, signal) => {
        const first = await firstPage(gl.schedules.list(projectId, { scope: filters.scope as 'active' | 'inactive' | undefined, perPage: 20, startPage: page, signal }));
        const items = await mapLimit(first.items, 4, (s) => gl.schedules.get(projectId, s.id, { signal }).catch(() => s));
        return { ...first, items };
      },
      idOf: (s) => (s as PipelineSchedule).id,
      textOf: (s) => scheduleText(s as PipelineSchedule),
    } satisfies Source<PipelineSchedule> as Source<unknown>;
  }
  if (kind === 'deployments') {
    const projectId = Number(a);
    return {
      perPage: 50,
      complete: false,
      // GitLab lists deployments oldest first (and the spec gives no sort parameter); its web page
      // and its users want the newest first. With the total known (a one-row probe), read GitLab's
      // pages from the last one back, each reversed: our page 1 is its last two pages (so it is
      // never a stub), our page p its page N-p. Without a total, keep GitLab's order.
      fetch: async (page, signal) => {
        const list = (at: number, perPage = 50) => firstPage(gl.deployments.list(projectId, { perPage, startPage: at, signal }));
        const probe = await list(1, 1);
        if (probe.total === undefined) return list(page);
        const last = Math.max(1, Math.ceil(probe.total / 50));
        const servers = page === 1 ? [last, last - 1] : [last - page];
        const got = await Promise.all(servers.filter((n) => n >= 1).map((n) => list(n)));
        const items = got.flatMap((p) => [...p.items].reverse());
        const oldest = Math.min(...servers);
        return { items, page, nextPage: oldest > 1 ? page + 1 : null };
      },
      idOf: (d) => (d as Deployment).id,
      textOf: (d) => {
        const x = d as Deployment;
        return `#${x.iid} ${x.environment?.name ?? ''} ${x.ref} ${x.sha.slice(0, 8)} ${x.status ?? ''} ${x.user?.username ?? ''} ${x.deployable?.name ?? ''}`;
      },
    } satisfies Source<Deployment> as Source<unknown>;
  }
  if (kind === 'events') {
    const opts = { ...(filters as EventFilters), perPage: 50 };
    const list = (page: number, signal?: AbortSignal) => {
      const o = { ...opts, startPage: page, signal };
      if (a === 'project') return gl.events.listForProject(Number(rest[0]), o);
      if (a === 'user') return gl.events.listForUser(rest.join(':'), o);
      return gl.events.listMine(o);
    };
    return {
      perPage: 50,
      complete: false,
      fetch: (page, signal) => firstPage(list(page, signal)),
      // Events carry an id in practice, though the spec does not list one.
      idOf: (e) => {
        const x = e as Event;
        if (typeof x.id === 'number') return x.id;
        // Otherwise a stable negative id from what makes the event itself.
        let h = 0;
        for (const c of `${x.created_at}|${x.author_id}|${x.action_name}|${x.target_id}|${x.push_data?.commit_to}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
        return -Math.abs(h) - 1;
      },
      textOf: (e) => {
        const x = e as Event;
        return `${x.author_username ?? ''} ${x.author?.name ?? ''} ${eventLine(x)} ${x.target_type ?? ''} ${x.created_at ?? ''}`;
      },
    } satisfies Source<Event> as Source<unknown>;
  }
  throw new Error(`unknown list ${key}`);
}
