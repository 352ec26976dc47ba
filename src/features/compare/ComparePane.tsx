// `:compare` / `C`: a pipeline against the last successful one on its ref, as lines of text that
// j/k scroll: which pipeline it is compared with, then what flipped, what got slower, what tests fail
// now, which variables differ.
import { Box } from 'ink';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { duration } from '../../time/duration.js';
import { Text } from '../../ui/components/Text.js';
import { useApp, useAppState } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { compareKey } from './slice.js';

type Line = { text: string; tone?: 'bad' | 'good' | 'dim' | 'head' };

const signed = (s: number) => `${s >= 0 ? '+' : '−'}${duration(Math.abs(s))}`;

export function ComparePane({ pane, width, height }: { pane: Extract<Pane, { kind: 'compare' }>; width: number; height: number }) {
  const theme = useTheme();
  const { now } = useApp();
  const c = useAppState((s) => s.comparisons[compareKey(pane.projectId, pane.pipelineId)]);
  if (!c || c.state === 'loading') return <Text dimColor>Finding the last successful pipeline before #{pane.pipelineId} and comparing…</Text>;
  if (c.state === 'error')
    return (
      <Text color={theme.error}>
        Cannot compare #{pane.pipelineId}: {c.error} (R tries again)
      </Text>
    );
  const lines: Line[] = [];
  const ref = safeText(c.ref ?? '', 80);
  const why = safeText(c.why ?? `the last success on ${ref}`, 120);
  if (!c.base) {
    lines.push({ text: `No successful pipeline on ${ref} before #${pane.pipelineId}: nothing to compare with.`, tone: 'dim' });
  } else if (c.empty || !c.result) {
    lines.push({ text: `#${c.base.id}, ${why}, lists no job: nothing to compare with.`, tone: 'dim' });
  } else {
    const b = c.base;
    const r = c.result;
    lines.push({
      text: `#${pane.pipelineId} against #${b.id}, ${why}: ${b.sha.slice(0, 8)}, ${relativeTime(b.created_at, now())}`,
      tone: 'head',
    });
    lines.push({
      text: `Duration ${r.totalBefore !== null ? duration(r.totalBefore) : '—'} → ${r.totalAfter !== null ? duration(r.totalAfter) : '—'}${r.totalBefore !== null && r.totalAfter !== null ? ` (${signed(r.totalAfter - r.totalBefore)})` : ''} · ${c.reads} requests`,
      tone: 'dim',
    });
    lines.push({ text: '' });
    lines.push({ text: r.flipped.length ? `Jobs that changed (${r.flipped.length})` : 'No job changed status', tone: 'head' });
    for (const f of r.flipped)
      lines.push({
        text: `  ${safeText(f.name, 60)} [${safeText(f.stage, 30)}]: ${f.before ?? 'not there'} → ${f.after ?? 'gone'}`,
        tone: f.after === 'failed' ? 'bad' : f.after === 'success' ? 'good' : undefined,
      });
    lines.push({ text: '' });
    lines.push({
      text: r.testsCompared
        ? r.newlyFailing.length
          ? `Tests failing now that did not then (${r.newlyFailing.length})`
          : 'No test newly failing'
        : 'Tests: no report to compare',
      tone: 'head',
    });
    for (const t of r.newlyFailing) lines.push({ text: `  ${safeText(t, 200)}`, tone: 'bad' });
    lines.push({ text: '' });
    const moved = r.durations.filter((d) => d.after !== d.before);
    lines.push({ text: moved.length ? 'Durations, biggest change first' : 'No job took longer or shorter', tone: 'head' });
    for (const d of moved.slice(0, 20))
      lines.push({
        text: `  ${safeText(d.name, 60)}: ${duration(d.before)} → ${duration(d.after)} (${signed(d.after - d.before)})`,
        tone: d.after > d.before ? 'bad' : 'good',
      });
    lines.push({ text: '' });
    lines.push({
      text: r.variables.length ? `Variables that differ (${r.variables.length}; keys only)` : 'Variables: the same (or not readable)',
      tone: 'head',
    });
    for (const v of r.variables) lines.push({ text: `  ${safeText(v.key, 80)}: ${v.change}` });
  }
  const top = Math.min(c.scroll, Math.max(0, lines.length - height));
  const tone = (l: Line) =>
    l.tone === 'bad'
      ? { color: theme.error }
      : l.tone === 'good'
        ? { color: theme.success }
        : l.tone === 'dim'
          ? { dimColor: true }
          : l.tone === 'head'
            ? { bold: true }
            : {};
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      {lines.slice(top, top + height).map((l, i) => (
        <Text key={top + i} wrap="truncate" {...tone(l)}>
          {l.text || ' '}
        </Text>
      ))}
    </Box>
  );
}
