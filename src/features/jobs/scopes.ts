// A job list's status filter, typed as one line (`failed running`). Invalid input keeps the
// prompt open with a message and everything typed.
import { setPrompt } from '../../store/writers.js';
import { JOB_SCOPES, type JobScope } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { resetList } from '../../store/lists.js';
import { listKeyText, type ListKey } from '../../store/types.js';
import { writeJobs } from '../../domain/jobs.js';

/**
 * The words the screen shows for a status (ui/theme.ts labels success "passed"), and a common
 * spelling, accepted for GitLab's own.
 */
const ALIASES: Readonly<Record<string, JobScope>> = { passed: 'success', cancelled: 'canceled' };

export function parseJobScopes(text: string): { scopes: JobScope[] } | { error: string } {
  const words = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((w) => ALIASES[w.toLowerCase()] ?? w.toLowerCase());
  const bad = words.filter((w) => !(JOB_SCOPES as readonly string[]).includes(w));
  if (bad.length) return { error: `Unknown status ${bad.map((b) => `"${b}"`).join(', ')} — use ${JOB_SCOPES.join(', ')}` };
  return { scopes: [...new Set(words)] as JobScope[] };
}

export function jobScopePrompt(ctx: Ctx, key: ListKey): void {
  const current = ctx.store.getState().jobScopes[listKeyText(key)] ?? [];
  setPrompt(ctx.store, {
    id: 'jobs.scope',
    label: 'Show jobs with status:',
    initial: current.join(' '),
    hint: `one or several of ${JOB_SCOPES.map((scope) => (scope === 'success' ? 'passed' : scope)).join(' ')} · empty: all`,
    submit: { owner: 'jobs', command: 'jobs.scope', args: { key } },
    // Tab completes a status (store/completion.ts), in the words the screen uses.
    choices: JOB_SCOPES.map((scope) => (scope === 'success' ? 'passed' : scope)),
  });
}

/** Enter in the job status prompt: the list starts over with the new scopes. */
export function submitJobScopes(ctx: Ctx, { key }: { key: ListKey }, value: string): string | null {
  const parsed = parseJobScopes(value);
  if ('error' in parsed) return parsed.error;
  writeJobs(ctx.store, (s) => {
    const jobScopes = { ...s.jobScopes };
    if (parsed.scopes.length) jobScopes[listKeyText(key)] = parsed.scopes;
    else delete jobScopes[listKeyText(key)];
    return { jobScopes };
  });
  void resetList(ctx, key);
  return null;
}
