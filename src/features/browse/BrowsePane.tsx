// `:browse` / `b`: a job's artifacts as a file tree, and one file of it in the preview. Names come
// from the archive (anyone who can push can name a file `\x1b]52;…`): every one goes through
// safeText, and names unsafe as paths are listed apart, marked.
import { Box } from 'ink';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { Text } from '../../ui/components/Text.js';
import { useAppState } from '../../ui/context.js';
import { bytes } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { leftOutNote, rowsOf } from './load.js';
import { archiveKey, previewKey } from './slice.js';
import { UNSAFE_FOLDER } from './tree.js';

type BrowsePaneProps = { pane: Extract<Pane, { kind: 'browse' }>; width: number; height: number };

export function BrowsePane(props: BrowsePaneProps) {
  return props.pane.file === undefined ? <ArchiveTree {...props} /> : <FileView {...props} file={props.pane.file} />;
}

function ArchiveTree({ pane, width, height }: BrowsePaneProps) {
  const theme = useTheme();
  const listing = useAppState((s) => s.archives[archiveKey(pane.projectId, pane.jobId)]);
  const jobName = useAppState((s) => s.jobs[pane.jobId]?.name);
  const who = `${jobName ? safeText(jobName, 60) : 'job'} #${pane.jobId}`;
  if (!listing || (listing.state === 'loading' && listing.entries.length === 0)) return <Text dimColor>Reading the file list of the artifacts of {who}…</Text>;
  if (listing.state === 'error')
    return (
      <Box height={height} flexDirection="column">
        <Text color={theme.error} wrap="wrap">
          Cannot list the artifacts of {who}: {listing.error}
        </Text>
        <Text dimColor>R tries again · esc back</Text>
      </Box>
    );
  const rows = rowsOf(listing);
  const files = listing.entries.filter((e) => !e.directory).length;
  const how = listing.via === 'range' ? 'read by range' : 'downloaded whole (no Range)';
  const heading = `Artifacts of ${who} · ${files} file${files === 1 ? '' : 's'}, ${bytes(listing.total ?? 0)}${listing.zip64 ? ' (zip64)' : ''} · ${how}: ${listing.reads} request${listing.reads === 1 ? '' : 's'}, ${bytes(listing.bytes)}`;
  const note = leftOutNote(listing);
  const room = Math.max(1, height - 1 - (note ? 1 : 0));
  const first = Math.max(0, Math.min(listing.selected - Math.floor(room / 2), rows.length - room));
  const sizeWidth = 10;
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Text bold wrap="truncate">
        {heading}
      </Text>
      {note ? (
        <Text color={theme.warning} wrap="truncate">
          {note}
        </Text>
      ) : null}
      {rows.length === 0 ? <Text dimColor>{note ? 'Nothing fits.' : 'The archive is empty.'}</Text> : null}
      {rows.slice(first, first + room).map((row, i) => {
        const selected = first + i === listing.selected;
        const unsafeGroup = row.node.path === UNSAFE_FOLDER;
        const unsafe = row.node.entry?.unsafe;
        const mark = row.folder ? (row.open ? '▾ ' : '▸ ') : '  ';
        const name = row.folder ? `${safeText(row.node.name, 200)}${unsafeGroup ? '' : '/'}` : safeText(row.node.name, 200);
        const size = row.folder ? `${row.node.files} file${row.node.files === 1 ? '' : 's'}` : bytes(row.node.bytes);
        const warning = unsafe ? ` ⚠ ${unsafe}` : '';
        const nameWidth = Math.max(4, width - sizeWidth - 2 - row.depth * 2 - 2 - warning.length);
        return (
          <Text key={row.node.path} wrap="truncate" inverse={selected && theme.selection.inverse} bold={selected}>
            {'  '.repeat(row.depth)}
            {mark}
            <Text color={unsafeGroup || unsafe ? theme.warning : row.folder ? theme.accent : undefined}>{name.slice(0, nameWidth).padEnd(nameWidth)}</Text>
            <Text dimColor>{size.padStart(sizeWidth)}</Text>
            {warning ? <Text color={theme.warning}>{warning}</Text> : null}
          </Text>
        );
      })}
    </Box>
  );
}

function FileView({ pane, height, width, file }: BrowsePaneProps & { file: string }) {
  const theme = useTheme();
  const preview = useAppState((s) => s.previews[previewKey(pane.projectId, pane.jobId, file)]);
  const name = safeText(file, 200);
  if (!preview || preview.state === 'loading') return <Text dimColor>Reading {name}…</Text>;
  if (preview.state === 'error')
    return (
      <Box height={height} flexDirection="column">
        <Text color={theme.error} wrap="wrap">
          Cannot read {name}: {preview.message}
        </Text>
        <Text dimColor>R tries again · esc back</Text>
      </Box>
    );
  if (preview.state === 'refused')
    return (
      <Box height={height} flexDirection="column">
        <Text bold wrap="truncate">
          {name}
        </Text>
        <Text color={theme.warning} wrap="wrap">
          {preview.message}
        </Text>
      </Box>
    );
  const room = Math.max(1, height - 1);
  const top = Math.min(preview.scroll, Math.max(0, preview.lines.length - room));
  const gutter = String(preview.lines.length).length;
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Text bold wrap="truncate">
        {`${name} · ${preview.lines.length} line${preview.lines.length === 1 ? '' : 's'}, ${bytes(preview.bytes)}`}
      </Text>
      {preview.lines.slice(top, top + room).map((line, i) => (
        <Text key={top + i} wrap="truncate">
          <Text dimColor>{`${String(top + i + 1).padStart(gutter)} `}</Text>
          {safeText(line, 1000) || ' '}
        </Text>
      ))}
    </Box>
  );
}
