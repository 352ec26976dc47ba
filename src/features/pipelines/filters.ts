// A pipeline list's server-side filters, typed as one line so every filter of the API (docs/gitlab-api.md §4.2) is a few
// keys away: `status=failed ref=main order_by=id sort=asc …`. Invalid input keeps the prompt open
// with a message and everything typed.
import { PIPELINE_ORDER_BY, PIPELINE_SCOPES, PIPELINE_SOURCE_FILTERS, PIPELINE_STATUS_FILTERS, type PipelineListFilters } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { resetList } from '../../store/lists.js';
import type { ListKey } from '../../store/types.js';

const ENUMS: Record<string, readonly string[]> = {
  scope: PIPELINE_SCOPES,
  status: PIPELINE_STATUS_FILTERS,
  order_by: PIPELINE_ORDER_BY,
  sort: ['asc', 'desc'],
  yaml_errors: ['true', 'false'],
  // Every source GitLab documents; `parent_pipeline` is how child pipelines get into the list.
  source: PIPELINE_SOURCE_FILTERS,
};
const TEXT_KEYS = ['ref', 'name', 'username'];
const KEYS = ['scope', 'status', 'source', 'ref', 'yaml_errors', 'name', 'username', 'order_by', 'sort'];

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
    const allowed = ENUMS[key];
    if (allowed && !allowed.includes(value)) return { error: `${key} must be one of ${allowed.join(', ')}` };
    filters[key] = key === 'yaml_errors' ? value === 'true' : value;
    rest = rest.slice(re.lastIndex).trim();
  }
  return { filters: filters as PipelineListFilters };
}

export function formatPipelineFilters(filters: PipelineListFilters): string {
  return Object.entries(filters)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (TEXT_KEYS.includes(k) && /\s/.test(String(v)) ? `${k}="${v}"` : `${k}=${v}`))
    .join(' ');
}

export function pipelineFilterPrompt(ctx: Ctx, projectId: number, key: ListKey): void {
  const current = ctx.store.getState().pipelineFilters[projectId] ?? {};
  ctx.store.setState({
    prompt: {
      id: 'pipelines.filters',
      label: 'Filter pipelines:',
      initial: formatPipelineFilters(current),
      hint: 'status=failed|running|… scope=finished|tags|… source=merge_request_event|parent_pipeline|… ref=main username=alice name="…" yaml_errors=true order_by=id|status|ref|user_id sort=asc|desc · empty: all',
      submit: { command: 'pipelines.filters', args: { projectId, key } },
    },
  });
}

/** Enter in the pipeline filter prompt: the list starts over with the new filters. */
export function submitPipelineFilters(ctx: Ctx, { projectId, key }: { projectId: number; key: ListKey }, value: string): string | null {
  const parsed = parsePipelineFilters(value);
  if ('error' in parsed) return parsed.error;
  ctx.store.setState((s) => ({ pipelineFilters: { ...s.pipelineFilters, [projectId]: parsed.filters } }));
  void resetList(ctx, key);
  return null;
}
