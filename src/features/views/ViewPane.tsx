// `:view NAME`: the saved views as sections with their counts (the one shown in bold), then the
// shown view's pipelines across projects, newest first, each with its project.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { safeText } from '../../text/safe.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import type { Pane } from '../../store/types.js';
import { listKeyText } from '../../store/types.js';
import { viewKey, type ViewRow } from './source.js';

/** What a section's count says: the rows read, `…` while its first read runs, `!` when it failed. */
function count(list: { loadedAt: number | null; error: string | null; items: unknown[] } | undefined): string {
  if (!list || list.loadedAt === null) return list?.error ? '!' : '…';
  return String(list.items.length);
}

export function ViewPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'view' }>; width: number; height: number }) {
  const theme = useTheme();
  const { now } = useApp();
  const views = useAppState((s) => s.config.views) ?? [];
  const lists = useAppState((s) => s.lists);
  const { list, rows } = useList<ViewRow>(viewKey(pane.name));
  const view = views.find((v) => v.name === pane.name);
  const columns: Column<ViewRow>[] = [
    { header: 'Status', width: 11, priority: 9, value: (r) => r.pipeline.status, display: (r) => statusCell(theme, r.pipeline.status) },
    { header: 'Project', width: 14, grow: 2, priority: 8, value: (r) => safeText(r.path, 80) },
    { header: 'Pipeline', width: 9, priority: 7, value: (r) => `#${r.pipeline.id}` },
    { header: 'Ref', width: 10, grow: 2, priority: 6, value: (r) => safeText(r.pipeline.ref, 80) },
    { header: 'Source', width: 12, priority: 4, value: (r) => safeText(String(r.pipeline.source ?? ''), 30) },
    { header: 'Created', width: 9, priority: 5, value: (r) => relativeTime(r.pipeline.created_at, now()) },
  ];
  const filters = view
    ? (['projects', 'refs', 'statuses', 'sources', 'users'] as const).flatMap((f) => (view[f] ? [`${f}: ${view[f]!.join(', ')}`] : [])).join(' · ') ||
      'every pipeline of the pulse’s projects'
    : '';
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        {views.map((v, i) => (
          <Text key={v.name} bold={v.name === pane.name} inverse={v.name === pane.name && theme.selection.inverse} dimColor={v.name !== pane.name}>
            {`${i ? '  ' : ''}${v.name} ${count(lists[listKeyText(viewKey(v.name))] as never)}`}
          </Text>
        ))}
      </Text>
      <ListPane
        list={list}
        rows={rows}
        columns={columns}
        width={width}
        height={height - 1}
        heading={
          <Text wrap="truncate" dimColor>
            {safeText(filters, 200)}
          </Text>
        }
        keyOf={(r) => r.pipeline.id}
        noun="pipelines"
        extra="⏎ pipeline · tab next view"
      />
    </Box>
  );
}
