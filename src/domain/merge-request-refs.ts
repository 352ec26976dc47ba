// Merge-request refs (`refs/merge-requests/N/head`, `…/merge`, `…/train`) as every list shows them:
// `!N` and the merge request's title when it was read (the pipelines feature reads them, mr.ts).
import type { AppState } from '../store/types.js';

const MR_REF = /^refs\/merge-requests\/(\d+)\/(head|merge|train)$/;

/** The merge request a ref points at, and which pipeline of it: detached (head) or merged results. */
export function mrRef(ref: string): { iid: number; kind: 'head' | 'merge' | 'train' } | null {
  const m = MR_REF.exec(ref);
  return m ? { iid: Number(m[1]), kind: m[2] as 'head' | 'merge' | 'train' } : null;
}

/** Where a merge request is kept (AppState.mergeRequests). */
export const mrKey = (projectId: number, iid: number): string => `${projectId}!${iid}`;

/** A ref as the lists show it: `!12 Add biometric login` for a merge request's, else the ref. */
export function refText(state: Pick<AppState, 'mergeRequests'>, projectId: number, ref: string): string {
  const mr = mrRef(ref);
  if (!mr) return ref;
  const title = state.mergeRequests[mrKey(projectId, mr.iid)]?.title;
  return title ? `!${mr.iid} ${title}` : `!${mr.iid}`;
}
