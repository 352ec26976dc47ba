// `:failures` / `X`: why a pipeline failed. One block per failed job — its name, stage, the trigger
// jobs that lead to it, GitLab's failure reason — and the failure line of its log with the lines
// around it. The selected block is marked; blocks scroll so it stays on screen.
import { Box } from 'ink';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { Text } from '../../ui/components/Text.js';
import { useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { digestKey, type FailureItem } from './slice.js';
import { MARKS } from '../../ui/glyphs.js';
import { runnerBlame } from '../runners/index.js';

/** Rows one item takes: its heading and its block (or the note saying why there is none). */
const rowsOf = (item: FailureItem) => 1 + (item.block ? item.block.before.length + 1 + item.block.after.length : 1);

const kib = (n: number) => (n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

export function FailuresPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'failures' }>; width: number; height: number }) {
  const theme = useTheme();
  const digest = useAppState((s) => s.failures[digestKey(pane.projectId, pane.pipelineId)]);
  if (!digest || (digest.state === 'loading' && digest.items.length === 0))
    return (
      <Box height={height}>
        <Text dimColor>Reading the failed jobs of #{pane.pipelineId} and of the pipelines below it…</Text>
      </Box>
    );
  if (digest.state === 'error')
    return (
      <Box height={height} flexDirection="column">
        <Text color={theme.error} wrap="wrap">
          Cannot read why #{pane.pipelineId} failed: {digest.error}
        </Text>
        <Text dimColor>R tries again · esc back</Text>
      </Box>
    );
  const { items } = digest;
  const allowed = items.filter((i) => i.allowFailure).length;
  const reading = items.some((i) => !i.block && !i.logNote) && digest.logs === 0;
  const heading = `Why #${pane.pipelineId} failed · ${items.length} failed job${items.length === 1 ? '' : 's'}${allowed ? ` (${allowed} allowed to fail)` : ''}${reading ? ' · reading their logs…' : ` · ${digest.logs} log${digest.logs === 1 ? '' : 's'} read, ${kib(digest.bytes)}`}`;
  if (items.length === 0)
    return (
      <Box height={height} flexDirection="column">
        <Text bold>{heading}</Text>
        <Text dimColor>No failed job in this pipeline or below it.</Text>
      </Box>
    );
  // Failures that blame a runner's machine or the queue, by runner (the runners feature's grouping).
  const blame = runnerBlame(items);
  // The first item shown: as far down as needed for the selected one to fit below the heading.
  const room = Math.max(1, height - 1 - (blame ? 1 : 0));
  let first = 0;
  const fits = (from: number) => items.slice(from, digest.selected + 1).reduce((n, i) => n + rowsOf(i), 0) <= room;
  while (first < digest.selected && !fits(first)) first++;
  const shown: FailureItem[] = [];
  let used = 0;
  for (let i = first; i < items.length && used + rowsOf(items[i]!) <= room; i++) {
    shown.push(items[i]!);
    used += rowsOf(items[i]!);
  }
  if (shown.length === 0) shown.push(items[digest.selected]!);
  const w = Math.max(10, width - 4);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold wrap="truncate">
        {heading}
      </Text>
      {blame ? (
        <Text wrap="truncate" color={blame.flagged ? theme.error : theme.warning}>
          {safeText(blame.text, width * 2)}
        </Text>
      ) : null}
      {shown.map((item) => {
        const selected = items.indexOf(item) === digest.selected;
        const via = item.via.length ? ` · via ${item.via.map((v) => safeText(v, 40)).join(' › ')}` : '';
        const reason = item.failureReason ? ` · ${item.failureReason.replace(/_/g, ' ')}` : '';
        const on = item.runner
          ? ` · on ${safeText(item.runner.description ?? `#${item.runner.id}`, 40)}${item.machine ? ` (${safeText(item.machine, 24)})` : ''}`
          : '';
        return (
          <Box key={item.jobId} flexDirection="column">
            <Text wrap="truncate" inverse={selected && theme.selection.inverse} bold={selected}>
              <Text color={item.allowFailure ? theme.warning : theme.error}>
                {item.allowFailure ? `${MARKS.allowedFailure.glyph} ` : `${theme.status('failed').icon} `}
              </Text>
              {`${safeText(item.name, 80)} `}
              <Text dimColor>{`#${item.jobId} ${safeText(item.stage, 30)}${via}${reason}${on}${item.allowFailure ? ' · allowed to fail' : ''}`}</Text>
            </Text>
            {item.block ? (
              <>
                {item.block.before.map((l, i) => (
                  <Text key={`b${i}`} dimColor wrap="truncate">{`  ${safeText(l, w)}`}</Text>
                ))}
                <Text color={theme.error} wrap="truncate">{`▸ ${safeText(item.block.line, w)}`}</Text>
                {item.block.after.map((l, i) => (
                  <Text key={`a${i}`} dimColor wrap="truncate">{`  ${safeText(l, w)}`}</Text>
                ))}
              </>
            ) : (
              <Text dimColor wrap="truncate">{`  ${item.logNote ?? (reading ? 'reading its log…' : 'its log names no failure line')}`}</Text>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
