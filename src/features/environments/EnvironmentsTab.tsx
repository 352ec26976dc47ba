// The project's environments (docs/gitlab-api.md "Environments"): one row each — name, tier, state,
// what runs there (ref, short sha, commit title), who deployed it and when, and the status of its
// newest deployment when that is not what runs (blocked, running, failed). `/` filters; Enter opens one.
import { ListPane, statusCell, type Column } from '../../ui/components/index.js';
import { useTheme } from '../../ui/theme.js';
import { useApp } from '../../ui/context.js';
import { relativeTime } from '../../ui/format.js';
import { useList } from '../../ui/use-list.js';
import { envListKeys } from './keys.js';
import type { EnvRow } from './slice.js';

/** The newest deployment's status, and its number when it is not the one running ("blocked #206"). */
export function newestStatus(r: EnvRow): string {
  const d = r.latest ?? r.live;
  if (!d) return '';
  return d === r.live || d.id === r.live?.id ? (d.status ?? '') : `${d.status ?? ''} #${d.iid ?? d.id}`;
}

/** GitLab's tiers in a word that fits a narrow column. */
const TIERS: Record<string, string> = { production: 'prod', staging: 'stage', testing: 'test', development: 'dev', other: 'other' };
export const tierWord = (tier: string | undefined): string => (tier ? (TIERS[tier] ?? tier) : '');

export function EnvironmentsTab({ projectId, width, height }: { projectId: number; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const { list, rows } = useList<EnvRow>(envListKeys.environments(projectId));
  const columns: Column<EnvRow>[] = [
    { header: 'Environment', width: 12, grow: 2, max: 32, priority: 10, value: (r) => r.env.name },
    { header: 'Tier', width: 5, priority: 3, value: (r) => tierWord(r.env.tier) },
    {
      header: 'State',
      width: 9,
      priority: 8,
      value: (r) => r.env.state ?? '',
      display: (r) => ({ text: r.env.state ?? '', ...(r.env.state === 'available' ? {} : { dim: true }) }),
    },
    { header: 'Ref', width: 8, grow: 1, max: 24, priority: 5, value: (r) => r.live?.ref ?? '—' },
    { header: 'Commit', width: 8, priority: 9, value: (r) => r.live?.sha.slice(0, 8) ?? '' },
    { header: 'Title', width: 8, grow: 3, priority: 4, value: (r) => r.live?.deployable?.commit?.title ?? '' },
    { header: 'By', width: 9, priority: 2, value: (r) => r.live?.user?.username ?? '' },
    { header: 'Deployed', width: 8, priority: 6, value: (r) => (r.live ? relativeTime(r.live.created_at, now()) : '') },
    {
      header: 'Newest',
      width: 14,
      priority: 7,
      value: (r) => newestStatus(r),
      display: (r) => {
        const d = r.latest ?? r.live;
        if (!d) return { text: '' };
        const cell = statusCell(theme, d.status ?? 'unknown', { gitlabWord: true });
        return { text: d.id === r.live?.id ? cell.text : `${cell.text} #${d.iid ?? d.id}`, ...(cell.color ? { color: cell.color } : {}) };
      },
    },
  ];
  return (
    <ListPane
      list={list}
      rows={rows}
      columns={columns}
      width={width}
      height={height}
      keyOf={(r) => r.env.id}
      noun="environments"
      extra="⏎ deployments · B roll back · S stop"
    />
  );
}
