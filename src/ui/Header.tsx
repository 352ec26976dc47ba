// Top line: host, user, where you are (breadcrumbs), and the state of the connection
// (live / retrying in Ns / offline), plus DEMO and read-only markers.
import { Box } from 'ink';
import { Text } from './components/Text.js';
import { useEffect, useState } from 'react';
import Spinner from 'ink-spinner';
import { useShallow } from 'zustand/react/shallow';
import { displayWidth, safeText, truncateToWidth } from '../text/safe.js';
import type { Registry } from '../store/registry.js';
import type { AppState, ConnectionState, Pane } from '../store/types.js';
import { useApp, useAppState } from './context.js';
import { useTheme } from './theme.js';

export const HEADER_ROWS = 1;

export function Header({ width }: { width: number }) {
  const theme = useTheme();
  const { now, registry } = useApp();
  const config = useAppState((s) => s.config);
  const user = useAppState((s) => s.user);
  const connection = useAppState((s) => s.connection);
  const crumbs = useAppState(useShallow((s: AppState) => trail(s, registry).crumbs));
  const keep = useAppState((s) => trail(s, registry).project);
  const busy = useAppState((s) => Object.values(s.inflight)[0]);
  // Requests per minute, beside a pane whose spec shows it (PaneAnswers.header; the controller keeps the count).
  const perMinute = useAppState((s) => s.requestRate);
  const rate = perMinute !== null ? `${perMinute} req/min  ` : '';
  useTicker(connection.kind === 'retrying' || connection.kind === 'offline');

  const status = connectionText(connection, now());
  const markers = [config.demo ? 'DEMO' : null, config.readOnly ? 'read-only' : null].filter(Boolean).join(' ');
  const right = `${rate}${busy ? `${safeText(busy, 40)}  ` : ''}${markers ? `${markers}  ` : ''}${status.text}`;
  // Who and where, shortened before the trail: the host goes first, then the user.
  const host = safeText(config.host, 40);
  const name = user ? safeText(user.username, 30) : '';
  const lefts = [`pipetop ${host}${name ? ` ${name}` : ''}`, `pipetop${name ? ` ${name}` : ''}`, 'pipetop'];
  const roomWith = (left: string) => width - displayWidth(left) - displayWidth(right) - 5;
  const left = lefts.find((l) => roomWith(l) >= MIN_TRAIL) ?? lefts[lefts.length - 1]!;
  const room = Math.max(0, roomWith(left));
  return (
    <Box width={width} height={HEADER_ROWS} overflow="hidden">
      <Text bold color={theme.accent} wrap="truncate">
        {left}
      </Text>
      <Text> › </Text>
      <Box flexGrow={1} flexShrink={1}>
        <Text wrap="truncate">{fitTrail(crumbs, room, keep)}</Text>
      </Box>
      {rate ? <Text color={theme.muted}>{rate}</Text> : null}
      {busy ? <Text color={theme.warning}>{safeText(busy, 40)} </Text> : null}
      {config.demo ? (
        <Text inverse color={theme.warning}>
          {' '}
          DEMO{' '}
        </Text>
      ) : null}
      {config.readOnly ? <Text color={theme.warning}> read-only</Text> : null}
      <Text color={status.color === 'live' ? theme.success : status.color === 'warn' ? theme.warning : theme.error}>
        {' '}
        {status.spin ? <Spinner type="dots" /> : null}
        {status.text}
      </Text>
    </Box>
  );
}

/** Cells the trail keeps before the header drops the host and the user name. */
const MIN_TRAIL = 24;
const SEP = ' › ';

/**
 * The breadcrumb trail in `room` cells, cut from the left so the current place stays visible:
 * `… › #4512 › test:unit`. The crumb at `keep` (the project of the pipeline or job shown) stays
 * whatever is cut: the crumbs before it go first, then its group path is shortened in the middle
 * (`acme/…/terraform`, the project's own name kept), then the crumbs between it and the last. When
 * even the last crumb does not fit, its end is cut.
 */
export function fitTrail(parts: string[], room: number, keep = -1): string {
  if (room <= 0 || parts.length === 0) return '';
  const whole = parts.join(SEP);
  if (displayWidth(whole) <= room) return whole;
  const last = parts.length - 1;
  const fits = (crumbs: string[]) => displayWidth(crumbs.join(SEP)) <= room;
  if (keep < 0 || keep >= last) {
    for (let first = 1; first < parts.length; first++) {
      const cut = ['…', ...parts.slice(first)];
      if (fits(cut)) return cut.join(SEP);
    }
    return keep === last ? shortPath(parts[last]!, room) : truncateToWidth(parts[last]!, room);
  }
  const lead = keep > 0 ? ['…'] : [];
  for (let first = 1; first <= keep; first++) {
    const cut = ['…', ...parts.slice(first)];
    if (fits(cut)) return cut.join(SEP);
  }
  const tail = parts.slice(keep + 1);
  for (const project of pathShortenings(parts[keep]!)) {
    if (fits([...lead, project, ...tail])) return [...lead, project, ...tail].join(SEP);
  }
  // Then the crumbs between the project and the last, one at a time from the project's side, the
  // project's path as long as it fits: all of them at once left a trail of 44 cells in 80.
  for (let drop = 1; drop < tail.length - 1; drop++) {
    for (const project of pathShortenings(parts[keep]!)) {
      const crumbs = [...lead, project, '…', ...tail.slice(drop)];
      if (fits(crumbs)) return crumbs.join(SEP);
    }
  }
  const project = pathShortenings(parts[keep]!).pop()!;
  for (const crumbs of [
    [...lead, project, '…', parts[last]!],
    [project, '…', parts[last]!],
    [project, parts[last]!],
  ]) {
    if (fits(crumbs)) return crumbs.join(SEP);
  }
  const rest = room - displayWidth(project + SEP);
  return rest >= 4 ? `${project}${SEP}${truncateToWidth(parts[last]!, rest)}` : shortPath(parts[keep]!, room);
}

/**
 * A project path ever shorter, the project's own name kept: `acme/platform/infra/terraform` →
 * `acme/platform/…/terraform` → `acme/…/terraform` → `…/terraform`. The path as given comes first.
 */
export function pathShortenings(path: string): string[] {
  const segments = path.split('/');
  const name = segments[segments.length - 1]!;
  const shorter = [path];
  for (let head = segments.length - 2; head >= 1; head--) {
    const cut = `${segments.slice(0, head).join('/')}/…/${name}`;
    if (head < segments.length - 2 || segments.length > 2) shorter.push(cut);
  }
  if (segments.length > 1) shorter.push(`…/${name}`);
  return [...new Set(shorter.filter((p, i) => i === 0 || displayWidth(p) < displayWidth(path)))];
}

/** A project path in `room` cells: shortened in the middle, else its end cut. */
export function shortPath(path: string, room: number): string {
  return pathShortenings(path).find((p) => displayWidth(p) <= room) ?? truncateToWidth(pathShortenings(path).pop()!, room);
}

/** While waiting on GitLab (connecting, retrying) an ink-spinner turns before the text: it is one cell, as the ◌ was. */
function connectionText(c: ConnectionState, now: number): { text: string; color: 'live' | 'warn' | 'bad'; spin?: boolean } {
  switch (c.kind) {
    case 'connecting':
      return { text: ' connecting', color: 'warn', spin: true };
    case 'live':
      return { text: '● live', color: 'live' };
    case 'retrying':
      return { text: ` retrying in ${Math.max(0, Math.ceil((c.until - now) / 1000))}s`, color: 'warn', spin: true };
    case 'offline':
      return { text: `✖ offline · retry in ${Math.max(0, Math.ceil((c.until - now) / 1000))}s`, color: 'bad' };
  }
}

/** Re-renders every second while a countdown is shown. */
function useTicker(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
}

/**
 * One crumb per pane, as its feature names it, and before a pane that shows a pipeline or a job of
 * a project the trail has not named yet (the pulse's `f`, a downstream pipeline of another project)
 * that project's path; `project` is that crumb's index, the one fitTrail keeps.
 */
function trail(s: AppState, registry: Pick<Registry, 'specOf' | 'projects'>): { crumbs: string[]; project: number } {
  const crumbs: string[] = [];
  let named: number | null = null;
  let project = -1;
  for (const pane of s.stack) {
    const own = 'projectId' in pane && 'path' in pane ? (pane as { projectId: number; path: string }) : null;
    if (own && own.projectId !== named) {
      named = own.projectId;
      project = crumbs.length;
      crumbs.push(safeText(own.path, 80));
    }
    // The pane standing for a project (Feature.projects) has its path for a crumb: named just above.
    if (pane.kind === registry.projects?.kind) continue;
    const text = crumb(s, pane, registry);
    if (text) crumbs.push(text);
  }
  return { crumbs, project };
}

/** A pane's crumb, as its kind's spec names it (PaneSpec.crumb); its kind when it does not. */
function crumb(s: AppState, pane: Pane, registry: Pick<Registry, 'specOf'>): string {
  return registry.specOf(pane.kind)?.crumb?.(s, pane) ?? pane.kind;
}
