// `:mr N`: one merge request — title, state, branches — and its pipelines (detached and merged
// results), newest first. Enter opens a pipeline; `N` runs a new one for the merge request.
import { Text } from '../../ui/components/Text.js';
import type { PipelineBasic } from '../../api/index.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import { mrKindText } from './mr.js';
import { mrKey, mrRef } from '../../domain/merge-request-refs.js';
import { mrPipelinesList } from './list-keys.js';

export function MergeRequestPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'mergeRequest' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const mr = useAppState((s) => s.mergeRequests[mrKey(pane.projectId, pane.iid)]);
  const { list, rows } = useList<PipelineBasic>(mrPipelinesList(pane.projectId, pane.iid));
  const columns: Column<PipelineBasic>[] = [
    { header: 'Status', width: 11, value: (p) => p.status, display: (p) => statusCell(theme, p.status) },
    { header: 'Pipeline', width: 9, value: (p) => `#${p.id}` },
    {
      header: 'Kind',
      width: 15,
      value: (p) => {
        const r = mrRef(p.ref);
        return r ? mrKindText(r.kind) : p.ref;
      },
    },
    { header: 'Commit', width: 9, value: (p) => p.sha.slice(0, 8) },
    { header: 'Source', grow: 1, value: (p) => p.source ?? '' },
    { header: 'Created', width: 10, value: (p) => relativeTime(p.created_at, now()) },
  ];
  const title = mr ? `!${pane.iid} ${safeText(mr.title, 120)}` : `!${pane.iid}`;
  const about = mr ? `${mr.state}${mr.draft ? ' · draft' : ''} · ${safeText(mr.source_branch, 50)} → ${safeText(mr.target_branch, 50)}` : '';
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      heading={
        <Text wrap="truncate">
          <Text bold>{title}</Text>
          <Text dimColor>{about ? ` · ${about}` : ''}</Text>
        </Text>
      }
      keyOf={(p) => p.id}
      noun="pipelines"
      extra="N new pipeline for this merge request"
    />
  );
}
