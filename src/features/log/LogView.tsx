// The job log, windowed: only the rows on screen are read back from the engine (any log size).
// Section headers show ▸/▾ and their duration; search matches are marked; colours are the log's
// own SGR colours mapped to the terminal's palette (none under NO_COLOR).
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { ReactElement } from 'react';
import { fitViewport, wrapSpans, wrappedRowCount, type LogLine, type Section, type Span } from '../../log/index.js';
import type { LogViewState } from './slice.js';
import { truncateToWidth } from '../../text/safe.js';
import { useLog } from './use-log.js';
import { duration } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { MARKS } from '../../ui/glyphs.js';

export function LogView({ jobId, width, height, waiting }: { jobId: number; width: number; height: number; waiting: string | null }) {
  const theme = useTheme();
  // The lines come through the store (use-log.ts): a handle on the engine's model, re-read as lines arrive.
  const { view, lines: model } = useLog(jobId);

  // An error before there is a model too: the spool found no place on disk (log-view.ts).
  if (view?.error && !view.loaded)
    return (
      <Box height={height}>
        <Text color={theme.error} wrap="wrap">
          Cannot read the log: {view.error}
        </Text>
      </Box>
    );
  if (!model || !view)
    return (
      <Box height={height}>
        <Text dimColor>Opening the log…</Text>
      </Box>
    );
  if (model.lineCount === 0)
    return (
      <Box height={height}>
        <Text dimColor>{waiting ?? (view.loaded ? 'The log is empty.' : 'Loading the log…')}</Text>
      </Box>
    );

  const sections = sectionsById(model.sections());
  const matches = view.search?.matches ?? NO_MATCHES;
  const current = view.search && view.search.current >= 0 ? view.search.matches[view.search.current] : -1;
  // Wrapped lines take several screen rows: the rows on screen are counted in screen rows, so the
  // cursor stays on screen and nothing is drawn past the pane.
  const rowHeight = view.wrap
    ? (row: number) => {
        const line = model.line(model.visibleLine(row));
        return line.header !== undefined ? 1 : wrappedRowCount([{ text: prefixOf(line, view), style: {} }, ...line.spans], width, prefixOf(line, view).length);
      }
    : undefined;
  // Computed from the size on every render, not only when lines arrive: shrinking the terminal
  // while following keeps the tail in view (log/viewport.ts).
  const fit = fitViewport({ count: model.visibleCount, height, top: view.top, cursor: view.cursor, follow: view.follow, rowHeight });
  const rows: ReactElement[] = [];
  let used = 0;
  for (let row = fit.top; row < model.visibleCount && used < height; row++) {
    const index = model.visibleLine(row);
    const line = model.line(index);
    const drawn = (
      <Row
        key={index}
        line={line}
        view={view}
        width={width}
        selected={row === fit.cursor}
        match={sortedHas(matches, index)}
        current={index === current}
        section={line.header !== undefined ? sections.get(line.header) : undefined}
        folded={line.header !== undefined && model.isFolded(line.header)}
      />
    );
    // Wrapped, the last line on screen may not fit whole: every row keeps its height (flexShrink
    // 0) and the pane clips what is past its end, where Yoga would otherwise squeeze all the rows
    // (Ink's Text shrinks) and draw them over each other.
    rows.push(
      view.wrap ? (
        <Box key={index} flexShrink={0} flexDirection="column">
          {drawn}
        </Box>
      ) : (
        drawn
      ),
    );
    used += rowHeight ? rowHeight(row) : 1;
  }
  // Truncated rows fit by construction; only wrapped ones can overflow and need clipping, which
  // costs Ink a slice of every line on every frame (bench/latency.mjs).
  return (
    <Box flexDirection="column" height={height} overflow={view.wrap ? 'hidden' : 'visible'}>
      {rows}
    </Box>
  );
}

const NO_MATCHES: readonly number[] = [];

/**
 * Whether `sorted` (ascending: the live search's matches are, log-view.ts) holds `value`. A search
 * may match 100,000 lines; a Set of them built on every frame cost ~9 ms a scroll key, where the
 * rows on screen need a binary search each.
 */
export function sortedHas(sorted: readonly number[], value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = sorted[mid]!;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

// The log model hands out the same sections array until a section changes (log-model.ts
// sections()): indexed once per array, not on every frame.
const sectionIndex = new WeakMap<readonly Section[], Map<number, Section>>();

function sectionsById(list: readonly Section[]): Map<number, Section> {
  let byId = sectionIndex.get(list);
  if (!byId) sectionIndex.set(list, (byId = new Map(list.map((s) => [s.id, s]))));
  return byId;
}

/** The cells before a line's text: the gutter mark and a space, then its time when shown. */
function prefixOf(line: LogLine, view: LogViewState): string {
  return `  ${stampOf(line, view)}`;
}

function stampOf(line: LogLine, view: LogViewState): string {
  return view.timestamps && line.time ? `${new Date(line.time).toISOString().slice(11, 23)} ` : '';
}

function Row({
  line,
  view,
  width,
  selected,
  match,
  current,
  section,
  folded,
}: {
  line: LogLine;
  view: LogViewState;
  width: number;
  selected: boolean;
  match: boolean;
  current: boolean;
  section?: Section;
  folded: boolean;
}) {
  const theme = useTheme();
  const gutter = current ? MARKS.currentMatch.glyph : match ? MARKS.match.glyph : selected ? '›' : ' ';
  const stamp = stampOf(line, view);
  const room = width - 2 - stamp.length;
  if (section) {
    const marker = folded ? MARKS.folded.glyph : MARKS.unfolded.glyph;
    const took = section.durationS === null ? (section.endLine === null ? ' …' : '') : ` ${duration(section.durationS)}`;
    const title = truncateToWidth(`${marker} ${line.text || section.header || section.name}`, Math.max(1, room - took.length));
    return (
      <Text inverse={selected} wrap="truncate">
        <Text color={current ? theme.accent : undefined}>{gutter} </Text>
        {stamp ? <Text dimColor>{stamp}</Text> : null}
        <Text bold color={theme.accent}>
          {title}
        </Text>
        <Text dimColor>{took}</Text>
      </Text>
    );
  }
  const spans = match && view.search ? highlight(line.spans, view.search.query) : line.spans;
  if (view.wrap) {
    // Cut here, not by Ink: each piece is one screen row, continuation rows indented past the
    // gutter (and the time), so rows never overlap and text lines up (log/wrap.ts).
    const pieces = wrapSpans([{ text: `${gutter} `, style: {} }, ...(stamp ? [{ text: stamp, style: { dim: true } }] : []), ...spans], width, 2 + stamp.length);
    return (
      <Box flexDirection="column">
        {pieces.map((piece, i) => (
          <Text key={i} inverse={selected} wrap="truncate">
            {renderSpans(piece, theme.color, Infinity)}
          </Text>
        ))}
      </Box>
    );
  }
  return (
    <Text inverse={selected} wrap="truncate">
      <Text color={current ? theme.accent : undefined}>{gutter} </Text>
      {stamp ? <Text dimColor>{stamp}</Text> : null}
      {renderSpans(spans, theme.color, room)}
    </Text>
  );
}

/** Splits spans so every occurrence of the search shows inverse (text or /regex/, case-insensitive). */
export function highlight(spans: Span[], query: string): Span[] {
  const isRegex = query.length > 2 && query.startsWith('/') && query.endsWith('/');
  let re: RegExp;
  try {
    re = new RegExp(isRegex ? query.slice(1, -1) : query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  } catch {
    return spans;
  }
  const text = spans.map((s) => s.text).join('');
  const ranges: [number, number][] = [];
  for (let m = re.exec(text); m && ranges.length < 200; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    ranges.push([m.index, m.index + m[0].length]);
  }
  if (!ranges.length) return spans;
  const out: Span[] = [];
  let pos = 0;
  for (const span of spans) {
    const end = pos + span.text.length;
    let at = pos;
    for (const [a, b] of ranges) {
      if (b <= at || a >= end) continue;
      if (a > at) out.push({ text: text.slice(at, a), style: span.style });
      const stop = Math.min(b, end);
      out.push({ text: text.slice(Math.max(a, at), stop), style: { ...span.style, inverse: !span.style.inverse } });
      at = stop;
    }
    if (at < end) out.push({ text: text.slice(at, end), style: span.style });
    pos = end;
  }
  return out;
}

/** Styled spans, cut to the room left (by display width) unless wrapping. */
function renderSpans(spans: Span[], color: boolean, room: number) {
  const out: ReactElement[] = [];
  let left = room;
  spans.forEach((span, i) => {
    if (left <= 0) return;
    const text = Number.isFinite(left) ? truncateToWidth(span.text, left) : span.text;
    left -= text.length;
    const st = span.style;
    out.push(
      <Text
        key={i}
        color={color ? st.fg : undefined}
        backgroundColor={color ? st.bg : undefined}
        bold={st.bold}
        dimColor={st.dim}
        italic={st.italic}
        underline={st.underline}
        inverse={st.inverse}
      >
        {text}
      </Text>,
    );
  });
  return out;
}
