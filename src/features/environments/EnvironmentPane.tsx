// One environment: what it is (tier, state, URL, when it stops by itself), what runs there, what
// waits (a blocked deployment and its keys), a roll back under way until it ends, and its
// deployments newest first — status, ref, sha, title, who, when, job. Enter opens a deployment.
import { Box } from 'ink';
import type { Deployment } from '../../api/index.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { Text } from '../../ui/components/Text.js';
import { useApp, useAppState } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { useList } from '../../ui/use-list.js';
import { envListKeys } from './keys.js';
import { label } from './plan.js';
import { envKey, environmentLoadKey, type Rollback } from './slice.js';

/** How a roll back under way is said, from its new deployment once the list shows it. */
export function rollbackLine(env: string, r: Rollback, d: Deployment | undefined): { text: string; done: boolean } {
  const to = `${r.target.sha.slice(0, 8)}${r.target.title ? ` “${r.target.title}”` : ''}`;
  if (!d) return { text: `Rolling ${env} back to ${to}: job #${r.jobId} started`, done: false };
  const status = d.status ?? 'unknown';
  if (status === 'success') return { text: `Rolled back: ${env} runs ${to} (${label(d)} succeeded)`, done: true };
  if (status === 'failed' || status === 'canceled' || status === 'skipped') {
    return { text: `Roll back ${label(d)} ${status}: ${env} still runs ${r.from.sha.slice(0, 8)}`, done: true };
  }
  return { text: `Rolling ${env} back to ${to}: ${label(d)} ${status}`, done: false };
}

export function EnvironmentPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'environment' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const key = envKey(pane.projectId, pane.name);
  const row = useAppState((s) => s.environments[key]);
  const rollback = useAppState((s) => s.rollbacks[key]);
  const error = useAppState((s) => s.loadErrors[environmentLoadKey(pane.projectId, pane.name)]);
  const { list, rows } = useList<Deployment>(envListKeys.deployments(pane.projectId, pane.name));
  const all = list.items as Deployment[];
  const live = all.find((d) => d.status === 'success') ?? row?.live ?? null;
  const waiting = all.find((d) => d.status === 'blocked');
  const followed = rollback ? all.find((d) => d.deployable?.id === rollback.jobId) : undefined;
  const env = row?.env;
  const name = safeText(pane.name, 60);
  const facts = [
    env?.tier,
    env?.state,
    env?.external_url ? `${env.external_url} (o opens)` : null,
    env?.auto_stop_at ? `stops by itself ${relativeTime(env.auto_stop_at, now())}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const lines: { text: string; color?: string | undefined }[] = [
    ...(error ? [{ text: error, color: theme.error }] : []),
    {
      text: live
        ? `runs ${label(live)} ${live.sha.slice(0, 8)} ${live.ref}${live.deployable?.commit?.title ? ` “${live.deployable.commit.title}”` : ''} · deployed ${relativeTime(live.created_at, now())}${live.user ? ` by ${live.user.username}` : ''}`
        : 'runs nothing deployed successfully yet',
    },
  ];
  if (rollback) {
    const said = rollbackLine(name, rollback, followed);
    lines.push({ text: said.text, color: said.done ? (followed?.status === 'success' ? theme.success : theme.error) : theme.warning });
  }
  if (waiting) lines.push({ text: `${label(waiting)} ${waiting.sha.slice(0, 8)} waits for an approval · A approve · X reject`, color: theme.warning });
  const headerRows = 1 + lines.length + 1;
  const columns: Column<Deployment>[] = [
    { header: 'Status', width: 11, priority: 9, value: (d) => d.status ?? '', display: (d) => statusCell(theme, d.status ?? 'unknown', { gitlabWord: true }) },
    { header: 'ID', width: 6, priority: 8, value: (d) => label(d) },
    { header: 'Ref', width: 8, grow: 1, max: 24, priority: 5, value: (d) => d.ref },
    { header: 'Commit', width: 8, priority: 10, value: (d) => d.sha.slice(0, 8) },
    { header: 'Title', width: 12, grow: 3, priority: 4, value: (d) => d.deployable?.commit?.title ?? '' },
    { header: 'By', width: 9, priority: 3, value: (d) => d.user?.username ?? '' },
    { header: 'When', width: 9, priority: 7, value: (d) => relativeTime(d.created_at, now()) },
    { header: 'Job', width: 8, grow: 1, max: 24, priority: 2, value: (d) => (d.deployable ? `#${d.deployable.id} ${d.deployable.name}` : '— (API)') },
  ];
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box flexDirection="column" flexShrink={0}>
        <Text wrap="truncate-end">
          <Text bold>{name}</Text>
          <Text dimColor> {safeText(facts, 200)}</Text>
        </Text>
        {lines.map((l, i) => (
          <Text key={i} wrap="truncate-end" {...(l.color ? { color: l.color } : {})}>
            {safeText(l.text, 300)}
          </Text>
        ))}
        <Box height={1} />
      </Box>
      <ListPane
        list={list}
        rows={rows}
        columns={columns}
        width={width}
        height={Math.max(3, height - headerRows)}
        keyOf={(d) => d.id}
        noun="deployments"
        extra="⏎ details · B roll back · S stop"
      />
    </Box>
  );
}
