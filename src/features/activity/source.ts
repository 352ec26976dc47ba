// The activity feeds: a project's, the caller's (`:events`) and a user's (`:user`).
import type { Event, EventFilters, GitLab } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import { listKeyText, type AppState, type ListKey } from '../../store/types.js';
import { eventLine } from './event-line.js';

/** The source of `events:…` keys, or undefined for other keys. */
export function eventsSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind !== 'events') return undefined;
  const filters = state().listFilters[listKeyText(key)] ?? {};
  const opts = { ...(filters as EventFilters), perPage: 50 };
  const list = (page: number, signal?: AbortSignal) => {
    const o = { ...opts, startPage: page, signal };
    if (key.of === 'project') return gl.events.listForProject(key.projectId, o);
    if (key.of === 'user') return gl.events.listForUser(key.user, o);
    return gl.events.listMine(o);
  };
  return {
    perPage: 50,
    complete: false,
    fetch: (page, signal) => firstPage(list(page, signal).pages()),
    // Events carry an id in practice, though the API (docs/gitlab-api.md §2.8) does not list one.
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
  } satisfies ListSource<Event> as ListSource<unknown>;
}
