// What `:jobs` shows: its palette words read into a filter — statuses GitLab filters on (`scope[]`
// of GET /projects/:id/jobs) and name, ref and stage, which GitLab's jobs list cannot filter on, so
// they are matched here on the jobs read.
import { JOB_SCOPES, type Job, type JobScope } from '../../api/index.js';
import { safeText } from '../../text/safe.js';

export interface AllJobsFilter {
  scopes: JobScope[];
  /** Part of the job's name, any case (`name=prod` matches deploy:production). */
  name: string | null;
  /** The ref, exactly. */
  ref: string | null;
  /** The stage, exactly. */
  stage: string | null;
}

const FIELDS = ['name', 'ref', 'stage'] as const;

/** `manual ref=main stage=deploy name=prod` → the filter, or what is wrong with the words. */
export function parseAllJobsFilter(args: readonly string[]): AllJobsFilter | string {
  const filter: AllJobsFilter = { scopes: [], name: null, ref: null, stage: null };
  for (const word of args) {
    if (word === 'all') continue;
    const eq = word.indexOf('=');
    if (eq > 0) {
      const field = word.slice(0, eq) as (typeof FIELDS)[number];
      const value = word.slice(eq + 1);
      if (!FIELDS.includes(field)) return `:jobs filters on ${FIELDS.join('=, ')}= (got "${safeText(word, 40)}")`;
      if (!value) return `${field}= needs a value, e.g. ${field}=${field === 'ref' ? 'main' : field === 'stage' ? 'deploy' : 'prod'}`;
      filter[field] = value;
    } else if ((JOB_SCOPES as readonly string[]).includes(word)) {
      if (!filter.scopes.includes(word as JobScope)) filter.scopes.push(word as JobScope);
    } else {
      return `Unknown job status "${safeText(word, 40)}": one of ${JOB_SCOPES.join(', ')} (or name=, ref=, stage=)`;
    }
  }
  return filter;
}

export function matchesFilter(job: Job, filter: AllJobsFilter): boolean {
  if (filter.scopes.length && !(filter.scopes as string[]).includes(job.status)) return false;
  if (filter.name && !job.name.toLowerCase().includes(filter.name.toLowerCase())) return false;
  if (filter.ref && job.ref !== filter.ref) return false;
  if (filter.stage && job.stage !== filter.stage) return false;
  return true;
}

/** The filter as typed: `manual ref=main` ('' for none). */
export function filterText(filter: AllJobsFilter): string {
  return [...filter.scopes, ...FIELDS.flatMap((f) => (filter[f] ? [`${f}=${filter[f]}`] : []))].join(' ');
}

/** What Tab completes after `:jobs`: the statuses GitLab filters on, `all`, and the keys matched here. */
export const FILTER_WORDS: readonly string[] = [...JOB_SCOPES, 'all', ...FIELDS.map((f) => `${f}=`)];
