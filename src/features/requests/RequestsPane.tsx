// `:requests`: the request log, newest first. A 304 is marked (an unchanged answer, usually free for
// GitLab), a retried GET shows its try, a request with no answer shows why.
import { Text } from '../../ui/components/Text.js';
import { safeText } from '../../text/safe.js';
import { ListPane, type Column } from '../../ui/components/index.js';
import { useTheme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import type { RequestRecord } from './slice.js';
import { requestsKey } from './source.js';

/** 13:42:05 in the local zone: requests are seconds apart, and a log of them reads like one. */
const timeOfDay = (ms: number) => new Date(ms).toTimeString().slice(0, 8);
const statusText = (r: RequestRecord) => (r.status === undefined ? 'no answer' : r.status === 304 ? '304 same' : String(r.status));
const size = (n: number | undefined) =>
  n === undefined ? '' : n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;

export function RequestsPane({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const { list, rows } = useList<RequestRecord>(requestsKey());
  const columns: Column<RequestRecord>[] = [
    { header: 'At', width: 9, value: (r) => timeOfDay(r.at) },
    { header: 'Method', width: 7, value: (r) => r.method },
    {
      header: 'Status',
      width: 12,
      value: statusText,
      color: (r) => (r.status === undefined || r.status >= 400 ? theme.error : r.status === 304 ? theme.muted : undefined),
    },
    { header: 'Path', grow: 1, value: (r) => safeText(r.error ? `${r.path} — ${r.error}` : r.path, 300) },
    { header: 'Bytes', width: 10, align: 'right', value: (r) => size(r.bytes) },
    { header: 'Time', width: 8, align: 'right', value: (r) => `${r.ms} ms` },
    { header: 'Try', width: 4, align: 'right', value: (r) => (r.attempt > 1 ? String(r.attempt) : '') },
  ];
  const log = rows.length;
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      heading={
        <Text wrap="truncate">
          <Text bold>Requests</Text>
          <Text dimColor>{` · what pipetop asked GitLab, newest first · ${log} shown`}</Text>
        </Text>
      }
      keyOf={(r) => r.id}
      noun="requests"
      extra="y copy as curl · ⏎ its pane · o its web page"
    />
  );
}
