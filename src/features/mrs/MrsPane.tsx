// `:mrs`: one row per open merge request of the user's, across projects, failing first: its head
// pipeline's status, project, `!iid`, title, draft flag, the user's part in it, and its age.
import { Text } from '../../ui/components/Text.js';
import { safeText } from '../../text/safe.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useApp } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import { myMrsKey, type MrRow } from './source.js';

export function MrsPane({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const { now } = useApp();
  const { list, rows } = useList<MrRow>(myMrsKey());
  const columns: Column<MrRow>[] = [
    {
      header: 'Pipeline',
      width: 11,
      priority: 9,
      value: (r) => (r.head === undefined ? '?' : (r.head?.status ?? 'none')),
      display: (r) => (r.head ? statusCell(theme, r.head.status) : { text: r.head === null ? '— none' : '? unread', dim: true }),
    },
    { header: 'Project', width: 14, grow: 2, priority: 8, value: (r) => safeText(r.path, 80) },
    { header: 'MR', width: 6, priority: 7, value: (r) => `!${r.mr.iid}` },
    { header: 'Title', width: 16, grow: 4, priority: 10, value: (r) => safeText(r.mr.title.replace(/^(Draft|WIP):\s*/i, ''), 120) },
    { header: 'Draft', width: 6, priority: 6, value: (r) => (r.mr.draft ? 'draft' : '') },
    { header: 'You', width: 9, priority: 4, value: (r) => r.roles.join(',') },
    { header: 'Age', width: 8, priority: 5, value: (r) => relativeTime(r.mr.created_at, now()) },
  ];
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      heading={
        <Text wrap="truncate">
          <Text bold>Merge requests</Text>
          <Text dimColor> · open, yours, assigned to you or yours to review · failing first, then running, then newest</Text>
        </Text>
      }
      keyOf={(r) => r.mr.id}
      noun="merge requests"
      extra="⏎ pipelines · o open in browser"
    />
  );
}
