// The one error type of the API client. Everything a caller may show or log lives on it, already
// redacted: the UI prints errors inline, so a token must never reach a message, a path or a stack.

export type GitLabErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'read-only' | 'invalid-response';

export interface GitLabApiErrorInit {
  kind: GitLabErrorKind;
  /** HTTP status; 0 when no response arrived. */
  status?: number;
  method: string;
  /** Path and query relative to the API root (no host). */
  path: string;
  /** GitLab's message (or our description of the failure), readable, one line. */
  reason: string;
  fields?: Record<string, string[]>;
  retryAfterMs?: number;
  code?: string;
  body?: string;
}

export type Redactor = (text: string) => string;

const identity: Redactor = (text) => text;

const KIND_LABEL: Record<Exclude<GitLabErrorKind, 'http'>, string> = {
  network: 'network error',
  timeout: 'timed out',
  aborted: 'aborted',
  'read-only': 'refused',
  'invalid-response': 'invalid response',
};

export class GitLabApiError extends Error {
  readonly kind: GitLabErrorKind;
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly reason: string;
  readonly fields?: Record<string, string[]>;
  readonly retryAfterMs?: number;
  readonly code?: string;
  readonly body?: string;

  /** `redact` is applied to every string before it is stored, and before the stack is captured. */
  constructor(init: GitLabApiErrorInit, redact: Redactor = identity) {
    const method = init.method.toUpperCase();
    const path = redact(init.path);
    const reason = redact(init.reason);
    const status = init.status ?? 0;
    const head = init.kind === 'http' ? String(status) : KIND_LABEL[init.kind];
    super(`${method} ${path} → ${head}: ${reason}`);
    this.kind = init.kind;
    this.status = status;
    this.method = method;
    this.path = path;
    this.reason = reason;
    if (init.fields) this.fields = redactFields(init.fields, redact);
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.code !== undefined) this.code = init.code;
    if (init.body !== undefined) this.body = redact(init.body);
  }

  /** Logs and crash reports serialise errors; keep the message (Error's own is not enumerable). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    return Object.assign(out, this);
  }
}

// On the prototype so it is not an own enumerable field, yet shows up in String(err) and stacks.
Object.defineProperty(GitLabApiError.prototype, 'name', { value: 'GitLabApiError' });

function redactFields(fields: Record<string, string[]>, redact: Redactor): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(fields)) out[redact(key)] = list.map(redact);
  return out;
}

export const REDACTED = '[REDACTED]';

/**
 * Replaces every occurrence of the token, raw and URL-encoded (it may have been put in a query
 * string), so error text can be shown and logged safely.
 */
export function createRedactor(token: string | undefined): Redactor {
  if (!token) return identity;
  const forms = [...new Set([token, encodeURIComponent(token)])].sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((acc, form) => acc.split(form).join(REDACTED), text);
}

export function isGitLabApiError(value: unknown): value is GitLabApiError {
  return value instanceof GitLabApiError;
}
