// Saved views of the config file (`views:`): named filters over pipelines across projects, opened
// with `:view NAME` and shown as sections with counts (src/features/views). A mistake in one never
// stops pipetop: it becomes a warning, and that view or field is left out.
//
//   views:
//     deploys:                      # :view deploys
//       projects: [acme/api, acme/web]   # default: the pulse's projects
//       refs: [main]
//       statuses: [failed, running, manual]
//       sources: [push, schedule]
//       users: [alice]
import { PIPELINE_STATUSES } from '../api/types.js';
import type { Yaml } from './load-yaml.js';

export interface SavedView {
  name: string;
  projects?: string[];
  refs?: string[];
  statuses?: string[];
  sources?: string[];
  users?: string[];
}

export const VIEW_FIELDS = ['projects', 'refs', 'statuses', 'sources', 'users'] as const;

/** Pipeline statuses GitLab has (src/api/vocabulary.ts): a view naming another would match nothing. */
const STATUSES: readonly string[] = PIPELINE_STATUSES;

export interface ViewWarning {
  line?: number;
  key: string;
  message: string;
}

/** `views:` as written (yaml: the parser, loaded lazily, src/config/load-yaml.ts) → the views that make sense, and a warning for each thing that does not. */
export function parseViews(yaml: Yaml, value: unknown, lineOf: (node: unknown) => number | undefined): { views: SavedView[]; warnings: ViewWarning[] } {
  const warnings: ViewWarning[] = [];
  const views: SavedView[] = [];
  if (!yaml.isMap(value)) {
    warnings.push({ line: lineOf(value), key: 'views', message: 'expected named views (e.g. deploys: { refs: [main], statuses: [manual] }); no views' });
    return { views, warnings };
  }
  for (const pair of value.items) {
    const name = yaml.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const at = lineOf(pair.key);
    const key = `views.${name}`;
    if (!/^[A-Za-z0-9_.-]{1,40}$/.test(name)) {
      warnings.push({ line: at, key, message: 'a view’s name is letters, digits, _ . - (up to 40); ignored' });
      continue;
    }
    if (views.some((v) => v.name === name)) {
      warnings.push({ line: at, key, message: 'named twice; the first is kept' });
      continue;
    }
    const view: SavedView = { name };
    if (yaml.isMap(pair.value)) {
      for (const entry of pair.value.items) {
        const field = yaml.isScalar(entry.key) ? String(entry.key.value) : String(entry.key);
        const line = lineOf(entry.key) ?? at;
        if (!(VIEW_FIELDS as readonly string[]).includes(field)) {
          warnings.push({ line, key: `${key}.${field}`, message: `not a filter (${VIEW_FIELDS.join(', ')}); ignored` });
          continue;
        }
        const items = yaml.isSeq(entry.value) ? entry.value.items : [entry.value];
        const values = items.map((i) => (yaml.isScalar(i) && (typeof i.value === 'string' || typeof i.value === 'number') ? String(i.value).trim() : ''));
        if (values.length === 0 || values.some((v) => !v || /[\x00-\x1f\x7f]/.test(v))) {
          warnings.push({
            line,
            key: `${key}.${field}`,
            message: `expected a list (e.g. ${field}: [${field === 'refs' ? 'main' : field === 'statuses' ? 'failed' : '…'}]); ignored`,
          });
          continue;
        }
        const unknown = field === 'statuses' ? values.filter((v) => !STATUSES.includes(v)) : [];
        if (unknown.length) {
          warnings.push({ line, key: `${key}.${field}`, message: `${unknown.join(', ')}: not a pipeline status (${STATUSES.join(', ')}); ignored` });
          continue;
        }
        view[field as (typeof VIEW_FIELDS)[number]] = [...new Set(values)];
      }
    } else if (!(yaml.isScalar(pair.value) && pair.value.value === null) && pair.value !== null) {
      warnings.push({ line: at, key, message: `expected filters (${VIEW_FIELDS.join(', ')}); ignored` });
      continue;
    }
    views.push(view);
  }
  return { views, warnings };
}
