// An SSH key as an administrator looks it up (`:key <id>`, docs/gitlab-api.md §4.5): the key (title, type and
// size, fingerprints computed from the key text as ssh-keygen prints them, dates) and its owner's
// administrator view (email, state, 2FA, permissions, identities, sign-ins).
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { sshKeyInfo } from '../../text/ssh-fingerprint.js';
import { Fields, NotLoaded, type FieldRow } from '../../ui/components/index.js';
import { keyLoadKey } from './slice.js';
import { useApp, useAppState } from '../../ui/context.js';
import { absoluteTime, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';

const yesNo = (v: unknown) => (v === true ? 'yes' : v === false ? 'no' : '—');

export function KeyPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'key' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const key = useAppState((s) => s.sshKeys[pane.keyId]);
  const error = useAppState((s) => s.loadErrors[keyLoadKey(pane.keyId)]);
  if (!key) return <NotLoaded what={`SSH key #${pane.keyId}`} error={error} height={height} />;
  const t = (iso: string | null | undefined) => (iso ? `${absoluteTime(iso)} (${relativeTime(iso, now())})` : 'never');
  const info = sshKeyInfo(key.key);
  const u = key.user;
  const keyRows: FieldRow[] = [
    { label: 'Title', value: key.title },
    { label: 'Fingerprint', value: info ? info.sha256 : 'cannot read the key text', color: info ? undefined : theme.error },
    { label: 'MD5', value: info?.md5 ?? '—' },
    { label: 'Type', value: info ? `${info.label}${info.bits ? `, ${info.bits} bits` : ''} (${info.type})` : '—' },
    { label: 'Comment', value: info?.comment || '—' },
    { label: 'Created', value: t(key.created_at) },
    // GitLab keeps an expired key (expires_at in the past) but no longer accepts it for Git over SSH.
    ...(key.expires_at && Date.parse(key.expires_at) <= now()
      ? [{ label: 'Expires', value: `EXPIRED ${t(key.expires_at)}: GitLab no longer accepts it`, color: theme.error }]
      : [{ label: 'Expires', value: key.expires_at ? t(key.expires_at) : 'never' }]),
    ...(key.usage_type ? [{ label: 'Usage', value: key.usage_type.replace(/_/g, ' ') }] : []),
  ];
  const identities = (u?.identities ?? []).map((i) => `${i.provider}: ${i.extern_uid}`).join(', ');
  const left: FieldRow[] = u
    ? [
        { label: 'Owner', value: `${u.name} (@${u.username}, id ${u.id})` },
        { label: 'Email', value: u.email },
        { label: 'State', value: u.state, color: u.state === 'active' ? undefined : theme.warning },
        { label: 'Administrator', value: yesNo(u.is_admin) },
        { label: '2FA enabled', value: yesNo(u.two_factor_enabled), color: u.two_factor_enabled ? undefined : theme.warning },
        { label: 'Identities', value: identities || 'none' },
        { label: 'Web page', value: `${u.web_url}  · o opens it` },
      ]
    : [{ label: 'Owner', value: '—' }];
  const right: FieldRow[] = u
    ? [
        { label: 'Can create group', value: yesNo(u.can_create_group) },
        { label: 'Can create project', value: yesNo(u.can_create_project) },
        { label: 'Projects limit', value: String(u.projects_limit ?? '—') },
        { label: 'Current sign-in', value: t(u.current_sign_in_at) },
        { label: 'Last sign-in', value: t(u.last_sign_in_at) },
        { label: 'Confirmed', value: t(u.confirmed_at) },
        { label: 'Member since', value: t(u.created_at) },
      ]
    : [];
  const half = Math.floor(width / 2);
  // On a short screen the blank rows go first, then the raw key line; the owner's rows are kept
  // (the pane clips below them rather than squeezing rows over each other).
  const ownerRows = Math.max(left.length, right.length);
  const needed = 1 + keyRows.length + 1 + ownerRows;
  const spacers = needed + 2 <= height;
  const keyLine = needed <= height;
  // Shorter still: the key keeps its title, fingerprint and type, then the other rows that fit.
  const essential = new Set(['Title', 'Fingerprint', 'Type']);
  let others = Math.max(0, height - 1 - ownerRows - essential.size);
  const shownKeyRows = keyLine ? keyRows : keyRows.filter((row) => essential.has(row.label) || others-- > 0);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {/* Nothing shrinks: on a short screen Yoga squeezed rows over each other; the pane clips instead. */}
      <Box flexDirection="column" flexShrink={0}>
        <Text bold wrap="truncate">
          SSH key #{key.id} {safeText(key.title, 60)}
        </Text>
        {spacers ? <Box height={1} flexShrink={0} /> : null}
        <Fields rows={shownKeyRows} labelWidth={13} />
        {keyLine ? (
          <Text dimColor wrap="truncate">
            {safeText(key.key, 2000)}
          </Text>
        ) : null}
        {spacers ? <Box height={1} flexShrink={0} /> : null}
        <Box flexShrink={0}>
          {/* One cell between the halves, so a cut value never runs into the next label. */}
          <Box width={half} paddingRight={1} flexDirection="column">
            <Fields rows={left} labelWidth={15} width={half - 1} />
          </Box>
          <Box width={width - half} flexDirection="column">
            <Fields rows={right} labelWidth={20} width={width - half} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
