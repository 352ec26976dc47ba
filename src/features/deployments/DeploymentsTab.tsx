// The project's deployments (docs/gitlab-api.md §4.4), newest first as GitLab lists them: status, iid,
// environment, ref, commit, who, when, and the job that deployed. Enter opens one; o opens the
// environment's URL.
import type { Deployment } from '../../api/index.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useTheme } from '../../ui/theme.js';
import { useApp } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useList } from '../../ui/use-list.js';
import { deploymentsList } from './slice.js';

export function DeploymentsTab({ projectId, width, height }: { projectId: number; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const key = deploymentsList(projectId);
  const { list, rows } = useList<Deployment>(key);
  const columns: Column<Deployment>[] = [
    { header: 'Status', width: 11, priority: 9, value: (d) => d.status ?? '', display: (d) => statusCell(theme, d.status ?? 'unknown', { gitlabWord: true }) },
    { header: 'ID', width: 6, priority: 7, value: (d) => `#${d.iid}` },
    { header: 'Environment', width: 12, grow: 1, priority: 10, value: (d) => d.environment?.name ?? '' },
    { header: 'Ref', width: 10, grow: 1, priority: 6, value: (d) => d.ref },
    { header: 'Commit', width: 8, priority: 2, value: (d) => d.sha.slice(0, 8) },
    { header: 'By', width: 10, priority: 3, value: (d) => d.user?.username ?? '' },
    { header: 'Created', width: 10, priority: 5, value: (d) => relativeTime(d.created_at, now()) },
    { header: 'Job', width: 12, grow: 1, priority: 1, value: (d) => (d.deployable ? `#${d.deployable.id} ${d.deployable.name}` : '—') },
  ];
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      keyOf={(d) => d.id}
      noun="deployments"
      extra="⏎ details · o environment URL"
    />
  );
}
