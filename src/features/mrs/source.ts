// `:mrs` as a list: the user's open merge requests across projects — GET /merge_requests three
// ways (scope=created_by_me, scope=assigned_to_me, scope=all&reviewer_username=<me>: GitLab has no
// one scope for all three, docs/gitlab-api.md "Merge requests across projects"), one row each,
// newest first; then each one's head pipeline, which only the single merge request carries (read.ts
// reads those within a budget).
import type { GitLab, MergeRequest, Page, PipelineBasic } from '../../api/index.js';
import { firstPage, type ListSource } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import type { AppState, ListKey } from '../../store/types.js';

export type MrRole = 'author' | 'assignee' | 'reviewer';

export interface MrRow {
  mr: MergeRequest;
  /** The project's path (from the answer's references or web_url). */
  path: string;
  roles: MrRole[];
  /** The head pipeline: null when none ran, undefined when it could not be read. */
  head: PipelineBasic | null | undefined;
}

export const myMrsKey = (): ListKey => ({ kind: 'myMrs' });

/** Merge requests per request: one page of each list, the newest (the rest are rarely one's own work in flight). */
export const MRS_PER_LIST = 50;

/** `acme/mobile!12` → `acme/mobile`; else the path in the web page's URL; else the project id. */
export function projectPathOf(mr: MergeRequest): string {
  const full = mr.references?.full;
  if (full && full.endsWith(`!${mr.iid}`)) return full.slice(0, -`!${mr.iid}`.length);
  const url = mr.web_url ? /^https?:\/\/[^/]+\/(.+?)\/-\/merge_requests\/\d+/.exec(mr.web_url)?.[1] : undefined;
  return url ?? String(mr.project_id);
}

/**
 * The three lists, merged into one row per merge request, newest first, heads not read yet
 * (read.ts reads them: each merge request's head pipeline is only in the single merge request).
 */
export async function readMyMrLists(gl: GitLab, username: string | undefined, signal?: AbortSignal): Promise<MrRow[]> {
  const none: Page<MergeRequest> = { items: [], page: 1, nextPage: null };
  const base = { state: 'opened' as const, perPage: MRS_PER_LIST, ...(signal ? { signal } : {}) };
  const [mine, assigned, reviewing] = await Promise.all([
    firstPage(gl.mergeRequests.list({ ...base, scope: 'created_by_me' }).pages()),
    firstPage(gl.mergeRequests.list({ ...base, scope: 'assigned_to_me' }).pages()),
    username ? firstPage(gl.mergeRequests.list({ ...base, scope: 'all', reviewer_username: username }).pages()) : Promise.resolve(none),
  ]);
  const rows = new Map<number, MrRow>();
  const add = (items: MergeRequest[], role: MrRole) => {
    for (const mr of items) {
      const row = rows.get(mr.id) ?? { mr, path: projectPathOf(mr), roles: [], head: undefined };
      if (!row.roles.includes(role)) row.roles.push(role);
      rows.set(mr.id, row);
    }
  };
  add(mine.items, 'author');
  add(assigned.items, 'assignee');
  add(reviewing.items, 'reviewer');
  return [...rows.values()].sort((a, b) => Date.parse(b.mr.created_at ?? '') - Date.parse(a.mr.created_at ?? '') || b.mr.id - a.mr.id);
}

/** `:mrs`'s rows are read by this feature's poll (read.ts): the source names them and gives back what is held. */
export function myMrsSource(key: ListKey, _gl: GitLab, state: () => AppState): ListSource<MrRow> | undefined {
  if (key.kind !== 'myMrs') return undefined;
  return {
    fetch: async () => ({ items: listOf<MrRow>(state(), key).items, page: 1, nextPage: null }),
    idOf: (r) => r.mr.id,
    textOf: (r) => `!${r.mr.iid} ${r.mr.title} ${r.path} ${r.roles.join(' ')} ${r.head?.status ?? ''} ${r.mr.source_branch} ${r.mr.draft ? 'draft' : ''}`,
    complete: true,
    perPage: MRS_PER_LIST * 3,
  };
}

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  interface PaneKinds {
    /** `:mrs`: the user's merge requests across projects. */
    myMrs: { kind: 'myMrs' };
  }
  interface ListKeyKinds {
    myMrs: { kind: 'myMrs' };
  }
}
