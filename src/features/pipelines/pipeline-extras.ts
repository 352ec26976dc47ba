// What the pipeline pane shows beyond GitLab's pipeline JSON: its variables (`…/variables`) and its
// test summary (`…/test_report_summary`). Read by the poller's watcher (never by a component) while
// the pipeline — or its Tests view — is in front; the variables once (they never change), the
// summary again only when the pipeline's status or update time changed (GitLab computes it from
// the jobs' JUnit uploads, so a finished pipeline's summary is final).
import { writePipelines } from './writers.js';
import type { Pipeline, PipelineVariable, TestReportSummary } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { isGitLabApiError } from '../../api/index.js';
import { topPane } from '../../store/store.js';
import type { AppState } from '../../store/types.js';

/**
 * Why a read failed: GitLab's reason (`error`, for the details), and what it means for the user in
 * the header (`said`), or null where it means nothing to them there (a missing route, a 502).
 */
export interface ExtraUnread {
  error: string;
  said: string | null;
}

/** A read that failed, not an answer. */
export const isUnread = (x: object): x is ExtraUnread => 'error' in x && 'said' in x;

export interface PipelineExtrasState {
  variables?: PipelineVariable[] | ExtraUnread;
  tests?: TestReportSummary | ExtraUnread;
  /** The pipeline's `status updated_at` when the summary was read. */
  testsAt?: string;
  /** `i`: the details (variables with their values, suites) instead of the jobs. */
  details?: boolean;
}

/** When this changes, the test summary is read again. */
export const pipelineStamp = (p: Pick<Pipeline, 'status' | 'updated_at'>): string => `${p.status} ${p.updated_at ?? ''}`;

function patchExtras(ctx: Ctx, id: number, patch: Partial<PipelineExtrasState>): void {
  writePipelines(ctx.store, (s) => ({ pipelineExtras: { ...s.pipelineExtras, [id]: { ...s.pipelineExtras[id], ...patch } } }));
}

export function toggleDetails(ctx: Ctx, pipelineId: number): void {
  patchExtras(ctx, pipelineId, { details: !ctx.store.getState().pipelineExtras[pipelineId]?.details });
}

export function watchPipelineExtras(ctx: Ctx): (state: AppState) => void {
  const reading = new Set<string>();
  const read = async (what: string, work: () => Promise<void>) => {
    if (reading.has(what)) return;
    reading.add(what);
    try {
      await work();
    } finally {
      reading.delete(what);
    }
  };
  return (state) => {
    const pane = topPane(state);
    if (pane.kind !== 'pipeline' && pane.kind !== 'tests') return;
    const { projectId, pipelineId } = pane;
    const pipeline = state.pipelines[pipelineId];
    const extras = state.pipelineExtras[pipelineId];
    if (!pipeline) return;
    if (!extras?.variables) {
      void read(`variables:${pipelineId}`, async () => {
        try {
          patchExtras(ctx, pipelineId, { variables: await ctx.gl.pipelines.variables(projectId, pipelineId) });
        } catch (error) {
          patchExtras(ctx, pipelineId, { variables: unread('variables', error) });
          ctx.connectionFailed(error);
        }
      });
    }
    const stamp = pipelineStamp(pipeline);
    if (extras?.testsAt !== stamp) {
      void read(`tests:${pipelineId}`, async () => {
        try {
          patchExtras(ctx, pipelineId, { tests: await ctx.gl.pipelines.testReportSummary(projectId, pipelineId), testsAt: stamp });
        } catch (error) {
          patchExtras(ctx, pipelineId, { tests: unread('tests', error), testsAt: stamp });
          ctx.connectionFailed(error);
        }
      });
    }
  };
}

/**
 * A refused or failed read, said as what it means for the user
 * (docs/gitlab-api.md "Pipeline variables and test summary: refusals"). Variables: GitLab lets Maintainers read them, and the
 * user who ran the pipeline when they may update it (Ci::PipelinePolicy `read_pipeline_variable`),
 * anyone else gets 403. The test summary needs `read_build` (403 without it) and GitLab 14.2 (an
 * older GitLab has no such route: 404, said as no report, as a pipeline without one shows nothing).
 */
export function unread(what: 'variables' | 'tests', error: unknown): ExtraUnread {
  const said = describeError(error);
  const status = isGitLabApiError(error) && error.kind === 'http' ? error.status : null;
  if (what === 'variables' && status === 403) {
    return { error: `only Maintainers and whoever ran the pipeline may read them (${said})`, said: 'variables need the Maintainer role' };
  }
  if (what === 'tests' && status === 403) return { error: `your role may not read this pipeline's jobs (${said})`, said: 'tests need access to the jobs' };
  if (what === 'tests' && status === 404) return { error: `no test report: this GitLab has none for the pipeline (${said})`, said: null };
  // Any other refusal, a network error or a time-out says nothing about the pipeline (the header's
  // connection state says the rest); an answer GitLab sent broken is said, it is the answer.
  const transport = isGitLabApiError(error) && ['http', 'network', 'timeout', 'aborted'].includes(error.kind);
  return { error: said, said: transport ? null : `${what}: ${said}` };
}

/**
 * `2 failed, 1 error`: GitLab counts errored cases (`<error>` in JUnit: the test could not run)
 * apart from failed ones (`error_count`, `total.error`); empty when there are none of either.
 */
export function badText(failed: number, errors: number): string {
  const n = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? x : 0);
  const parts = [
    ...(n(failed) ? [`${n(failed).toLocaleString('en')} failed`] : []),
    ...(n(errors) ? [`${n(errors).toLocaleString('en')} error${n(errors) === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(', ');
}

/** `tests 1,204 · 2 failed, 1 error` (nothing when the pipeline published no JUnit report). */
export function testsText(tests: PipelineExtrasState['tests']): string {
  if (!tests) return '';
  if (isUnread(tests)) return tests.said ?? '';
  const t = tests.total;
  if (t.count === 0) return '';
  const bad = badText(t.failed, t.error);
  return `tests ${t.count.toLocaleString('en')}${bad ? ` · ${bad}` : ' · all passed'}${t.skipped ? ` · ${t.skipped.toLocaleString('en')} skipped` : ''}`;
}

/** `variables: DEPLOY_TARGET ROLLOUT_PLAN (file)`: keys only (values may be secrets; `i` shows them). */
export function variablesText(variables: PipelineExtrasState['variables']): string {
  if (!variables) return '';
  if (isUnread(variables)) return variables.said ?? '';
  if (!variables.length) return '';
  return `variables: ${variables.map((v) => `${v.key}${v.variable_type === 'file' ? ' (file)' : ''}`).join(' ')}`;
}
