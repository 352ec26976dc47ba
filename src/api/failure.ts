// Transport failures (no usable HTTP response) mapped to GitLabApiError kinds, and which of them
// are worth retrying for an idempotent request.
import { GitLabApiError, type GitLabApiErrorInit, type Redactor } from './errors.js';
import { RETRYABLE_CODES } from './retry.js';

export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && e.code !== 'UND_ERR') return e.code;
  if (e.cause) return errorCode(e.cause);
  // Happy-eyeballs connects report an AggregateError of the per-address failures.
  if (Array.isArray(e.errors) && e.errors.length > 0) return errorCode(e.errors[0]);
  return typeof e.code === 'string' ? e.code : undefined;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

export interface FailureContext {
  method: string;
  path: string;
  caller?: AbortSignal | undefined;
  /** Our own per-attempt timer fired. */
  timedOut: boolean;
  timeoutMs: number;
}

/** Which of aborted / timeout / network a thrown transport error is; the caller's abort wins. */
export function classify(err: unknown, ctx: FailureContext, redact: Redactor): GitLabApiError {
  const base = { method: ctx.method, path: ctx.path };
  if (err instanceof GitLabApiError) return err;
  if (ctx.caller?.aborted) return new GitLabApiError({ ...base, kind: 'aborted', reason: 'request aborted by caller' }, redact);
  const code = errorCode(err);
  if (ctx.timedOut || (code && TIMEOUT_CODES.has(code))) {
    const init: GitLabApiErrorInit = { ...base, kind: 'timeout', reason: `no response within ${ctx.timeoutMs} ms` };
    if (code) init.code = code;
    return new GitLabApiError(init, redact);
  }
  const message = err instanceof Error ? err.message : String(err);
  const init: GitLabApiErrorInit = { ...base, kind: 'network', reason: message || 'connection failed' };
  if (code) init.code = code;
  return new GitLabApiError(init, redact);
}

export function retryableFailure(error: GitLabApiError): boolean {
  if (error.kind === 'timeout') return true;
  return error.kind === 'network' && error.code !== undefined && RETRYABLE_CODES.has(error.code);
}
