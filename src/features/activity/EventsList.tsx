// An activity feed as a table: when (relative and absolute), who (a project's feed) or where (a
// person's feed across projects), and one readable line per event. Filters show in the status line.
import type { Event } from '../../api/index.js';
import { eventDays, formatEventFilters } from './events-filter.js';
import { ListPane, type Column } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { eventLine } from './event-line.js';
import { useList } from '../../ui/use-list.js';
import { listKeyText, type ListKey } from '../../store/types.js';

const utcMinute = (iso: string | undefined) =>
  iso && !Number.isNaN(Date.parse(iso)) ? new Date(Date.parse(iso)).toISOString().slice(0, 16).replace('T', ' ') : '—';

export function EventsList({ listKey, showProject, width, height }: { listKey: ListKey; showProject: boolean; width: number; height: number }) {
  const { now } = useApp();
  const { list, rows } = useList<Event>(listKey);
  const filters = useAppState((s) => s.listFilters[listKeyText(listKey)]);
  const projects = useAppState((s) => s.projects);
  // Feeds across projects name only project ids; the poller reads the ones on screen (projects.ts).

  const columns: Column<Event>[] = [
    // 10: older than a month, relativeTime gives the date (YYYY-MM-DD), which must not be cut.
    { header: 'When', width: 10, priority: 5, value: (e) => relativeTime(e.created_at, now()) },
    { header: 'Date (UTC)', width: 16, priority: 1, value: (e) => utcMinute(e.created_at) },
    // A person's own feed (`:events`, `:user`) is all theirs: the project says more than the author.
    ...(showProject
      ? [{ header: 'Project', width: 12, grow: 1, priority: 4, value: (e: Event) => projects[e.project_id]?.path_with_namespace ?? `#${e.project_id}` }]
      : [{ header: 'Author', width: 10, priority: 3, value: (e: Event) => e.author_username ?? e.author?.username ?? '' }]),
    { header: 'Event', width: 30, grow: 3, priority: 10, value: (e) => eventLine(e) },
  ];
  const text = formatEventFilters(filters);
  const days = eventDays(filters);
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      keyOf={(e, i) => e.id ?? i}
      noun="events"
      emptyNoun={text ? 'events for these filters' : 'events'}
      extra={text ? `filters: ${text}${days ? ` · ${days}` : ''}` : 'f filters'}
    />
  );
}
