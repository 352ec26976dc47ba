// A pipeline list's server-side filters, typed as one line so every filter GitLab 17 takes on
// GET /projects/:id/pipelines (docs/gitlab-api.md §4.2) is a few keys away: `status=failed ref=main
// order_by=updated_at sort=asc …`. The keys are GitLab's; the values go as typed and GitLab judges
// them (its 400, e.g. "status does not have a valid value", shows under the list): a value list kept
// here would refuse what a newer GitLab accepts. A key twice, or one GitLab does not know (it would
// be ignored without a word), keeps the prompt open with a message and everything typed.
import { setPrompt } from '../../store/writers.js';
import { writePipelines } from './writers.js';
import { PIPELINE_SCOPES, PIPELINE_SOURCES, PIPELINE_STATUSES, type PipelineListFilters } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { resetList } from '../../store/lists.js';
import { listKeyText, type ListKey } from '../../store/types.js';
import { listKeys } from '../../domain/list-keys.js';

const TEXT_KEYS = ['ref', 'name', 'username'];
/** GitLab 17's pipeline list parameters, pagination aside (docs/gitlab-api.md "Pipeline list filters"). */
const KEYS = ['scope', 'status', 'source', 'ref', 'sha', 'yaml_errors', 'username', 'name', 'updated_after', 'updated_before', 'order_by', 'sort'];

/** `key=value` pairs; values may be "quoted with spaces". */
export function parsePipelineFilters(text: string): { filters: PipelineListFilters } | { error: string } {
  const filters: Record<string, string | boolean> = {};
  const re = /\s*([a-z_]+)=("([^"]*)"|'([^']*)'|(\S*))/y;
  let rest = text.trim();
  while (rest.length) {
    re.lastIndex = 0;
    const m = re.exec(rest);
    if (!m) return { error: `Expected key=value at "${rest.slice(0, 20)}" — keys: ${KEYS.join(', ')}` };
    const key = m[1]!;
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (!KEYS.includes(key)) return { error: `Unknown filter "${key}" — use ${KEYS.join(', ')}` };
    if (value === '') return { error: `${key}= needs a value` };
    // GitLab's parameters each take one value (a second would silently replace the first).
    if (key in filters) {
      return {
        error: key === 'status' ? 'Only one status is allowed: GitLab filters pipelines on a single status' : `${key}= is given twice: GitLab takes one ${key}`,
      };
    }
    filters[key] = key === 'yaml_errors' && (value === 'true' || value === 'false') ? value === 'true' : value;
    rest = rest.slice(re.lastIndex).trim();
  }
  return { filters: filters as PipelineListFilters };
}

/**
 * What Tab completes in the filter prompt (store/completion.ts): each key, and the values of the
 * keys GitLab takes from a fixed list (the free ones, ref= and name=, are typed).
 */
const FILTER_CHOICES: readonly string[] = [
  ...KEYS.map((key) => `${key}=`),
  ...PIPELINE_STATUSES.map((status) => `status=${status}`),
  ...PIPELINE_SCOPES.map((scope) => `scope=${scope}`),
  ...PIPELINE_SOURCES.map((source) => `source=${source}`),
  ...['id', 'status', 'ref', 'updated_at', 'user_id'].map((order) => `order_by=${order}`),
  'sort=asc',
  'sort=desc',
  'yaml_errors=true',
];

export function formatPipelineFilters(filters: PipelineListFilters): string {
  return Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (TEXT_KEYS.includes(k) && /\s/.test(String(v)) ? `${k}="${v}"` : `${k}=${v}`))
    .join(' ');
}

export function pipelineFilterPrompt(ctx: Ctx, projectId: number, key: ListKey): void {
  const current = ctx.store.getState().pipelineFilters[projectId] ?? {};
  setPrompt(ctx.store, {
    id: 'pipelines.filters',
    label: 'Filter pipelines:',
    initial: formatPipelineFilters(current),
    hint: 'status=failed|running|… scope=finished|tags|… source=merge_request_event|… ref=main sha=… username=alice name="…" yaml_errors=true updated_after=2024-11-01T00:00:00Z updated_before=… order_by=id|status|ref|updated_at|user_id sort=asc|desc · empty: all',
    submit: { owner: 'pipelines', command: 'pipelines.filters', args: { projectId, key } },
    choices: FILTER_CHOICES,
  });
}

/** Enter in the pipeline filter prompt: the list starts over with the new filters. */
export function submitPipelineFilters(ctx: Ctx, { projectId, key }: { projectId: number; key: ListKey }, value: string): string | null {
  const parsed = parsePipelineFilters(value);
  if ('error' in parsed) return parsed.error;
  writePipelines(ctx.store, (s) => ({ pipelineFilters: { ...s.pipelineFilters, [projectId]: parsed.filters } }));
  void resetList(ctx, key);
  return null;
}

/**
 * The project's pipelines list shows only `status` pipelines, of every ref (the pulse's `f` leaves
 * it under a failure it opens when a newer one failed on another ref).
 */
export function filterPipelinesByStatus(ctx: Ctx, projectId: number, status: string): void {
  const now = ctx.store.getState().pipelineFilters[projectId];
  if (now && Object.keys(now).length === 1 && now.status === status) return;
  writePipelines(ctx.store, (s) => ({ pipelineFilters: { ...s.pipelineFilters, [projectId]: { status } } }));
  // A list already read answered the old filter: it starts over (one not read yet is read by the poller).
  if (ctx.store.getState().lists[listKeyText(listKeys.pipelines(projectId))]) void resetList(ctx, listKeys.pipelines(projectId));
}
