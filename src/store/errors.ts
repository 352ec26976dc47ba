// One line a person can act on, from whatever went wrong (GitLab's own message when it sent one).
import { isGitLabApiError } from '../api/index.js';

export function describeError(error: unknown): string {
  if (isGitLabApiError(error)) {
    const reason = error.reason || error.message;
    switch (error.kind) {
      case 'network':
        // A download that GitLab started and the connection ended (api/download.ts): how far it got.
        if (error.code === 'BODY_CUT') return reason;
        // A self-managed GitLab with a private CA: say what fixes it.
        if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS|SSL/i.test(error.code ?? '')) {
          return `GitLab's TLS certificate is not trusted (${error.code}); for a private CA set NODE_EXTRA_CA_CERTS=/path/to/ca.pem`;
        }
        return `cannot reach GitLab (${error.code ?? 'network error'})`;
      case 'timeout':
        return 'GitLab did not answer in time';
      case 'read-only':
        return 'read-only mode: nothing is changed';
      case 'invalid-response':
        return `GitLab answered something unexpected (${reason})`;
      default:
        return reason;
    }
  }
  return error instanceof Error ? error.message : String(error);
}
