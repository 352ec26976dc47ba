// The request log as a list (`:requests`): read from the store, not from GitLab — newest first,
// every entry on one page, so `/` filters all of them.
import type { ListSource } from '../../store/sources.js';
import type { AppState, ListKey } from '../../store/types.js';
import { REQUEST_LOG_SIZE, requestText } from './record.js';
import type { RequestRecord } from './slice.js';

export const requestsKey = (): ListKey => ({ kind: 'requests' });

export function requestsSource(key: ListKey, state: () => AppState): ListSource<RequestRecord> | undefined {
  if (key.kind !== 'requests') return undefined;
  return {
    fetch: async () => ({ items: [...state().requestLog].reverse(), page: 1, nextPage: null }),
    idOf: (r) => r.id,
    textOf: requestText,
    complete: true,
    perPage: REQUEST_LOG_SIZE,
  };
}
