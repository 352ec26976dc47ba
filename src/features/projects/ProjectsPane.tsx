// Projects: the caller's projects (membership), most recently active first. Enter opens one.
import type { Project } from '../../api/index.js';
import { ListPane, type Column } from '../../ui/components/index.js';
import { useApp } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useList } from '../../ui/use-list.js';
import { listKeys } from '../../domain/list-keys.js';

export function ProjectsPane({ width, height }: { width: number; height: number }) {
  const { now } = useApp();
  const { list, rows } = useList<Project>(listKeys.projects());
  const columns: Column<Project>[] = [
    // The path is what people look for; the description gets what is left.
    { header: 'Project', width: 36, grow: 1, priority: 10, value: (p) => p.path_with_namespace },
    { header: 'Default', width: 12, priority: 5, value: (p) => p.default_branch ?? '—' },
    { header: 'Last activity', width: 14, priority: 6, value: (p) => relativeTime(p.last_activity_at, now()) },
    { header: 'Description', grow: 1, priority: 1, value: (p) => p.description ?? '' },
  ];
  return <ListPane list={list} rows={rows} columns={columns} width={width} height={height} keyOf={(p) => p.id} noun="projects" />;
}
