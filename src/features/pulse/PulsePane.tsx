// The pulse pane: PulseView over the store's rows (rows.ts), the cursor kept by project. The rows
// are worked out here, once per change of the projects or their pipelines (this pane's own memo).
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { useMemo } from 'react';
import { useTheme } from '../../ui/theme.js';
import { safeText } from '../../text/safe.js';
import { listOf } from '../../store/store.js';
import { useApp, useAppState } from '../../ui/context.js';
import { PulseView } from './PulseView.js';
import { PULSE_LIST, isPlaceholder, pulseRowsOf, pulseSourceProjects, selectedIndex } from './rows.js';
import type { PulseFilter } from './PulseView.js';
import { listKeys } from '../../domain/list-keys.js';

export function PulsePane({ width, height }: { width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const source = useAppState(pulseSourceProjects);
  const pipelines = useAppState((s) => s.pulse.pipelines);
  const selectedId = useAppState((s) => s.pulse.selectedId);
  const pinAt = useAppState((s) => s.pulse.pinAt);
  const filterText = useAppState((s) => listOf(s, PULSE_LIST).filter.trim());
  const rows = useMemo(
    () => pulseRowsOf(source, pipelines, filterText, selectedId !== null && pinAt !== null ? { projectId: selectedId, at: pinAt } : null),
    [source, pipelines, filterText, selectedId, pinAt],
  );
  const selected = selectedIndex(rows, selectedId);
  const projects = useAppState((s) => listOf(s, listKeys.projects()));
  const configured = useAppState((s) => s.config.pulse !== undefined);
  const entries = useAppState((s) => s.config.pulse?.length ?? 0);
  const listError = useAppState((s) => s.pulse.error);
  const empty = configured
    ? entries === 0
      ? 'The config file’s pulse: list names no project.'
      : 'None of the config file’s projects could be read.'
    : projects.loadedAt === null
      ? 'Loading your projects…'
      : 'You are a member of no project.';
  // Until the project list and the first project's pipelines are in, nothing is counted yet.
  // A configured list is read lazily (its rows show at once, as placeholders): loading until one is in.
  const loading = (!configured && projects.loadedAt === null) || (rows.length > 0 && !rows.some((r) => r.loaded));
  // A filter matches what is listed: the user's projects a page at a time, the config file's entries
  // as written until read (a row is read only when on screen, so a filter never reads them all).
  const partial = configured
    ? source.some((p) => isPlaceholder(p.id))
      ? '(entries not read yet match as written in the config file)'
      : null
    : projects.nextPage !== null
      ? 'listed so far (move down to list more)'
      : null;
  const filter: PulseFilter | undefined = filterText ? { text: safeText(filterText, 60), of: source.length, partial } : undefined;
  if (projects.error && rows.length === 0) {
    // The whole message: it names what to set (a CA file, a token), so it is not cut to a row.
    return (
      <Box flexDirection="column" width={width} height={height}>
        <Text color={theme.error} wrap="wrap">
          Cannot list your projects: {projects.error}
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      <PulseView
        rows={rows}
        selected={selected}
        width={width}
        height={height - (configured && listError ? 1 : 0)}
        now={now()}
        emptyText={filterText && source.length ? `No project path matches /${safeText(filterText, 60)}` : empty}
        loading={loading}
        filter={filter}
      />
      {configured && listError ? (
        <Text color={theme.error} wrap="truncate">
          {safeText(listError, 400)}
        </Text>
      ) : null}
    </Box>
  );
}
