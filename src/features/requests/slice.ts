// The request log's part of the store (zustand's slices pattern; composed in store/create.ts): every
// request pipetop made, as the client reported it (api/transport.ts ExchangeEntry).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from '../../store/types.js';

export interface RequestRecord {
  /** Its place in the log: 1 for the first request pipetop made. */
  id: number;
  /** When it ended: this machine's wall clock (the log is about pipetop's own requests, shown as a time of day). */
  at: number;
  method: string;
  /** Path and query below the host, as the client reported it (the token redacted). */
  path: string;
  /** The HTTP status; absent when no answer came (then `error` says why). */
  status?: number;
  /** Body bytes on the wire. */
  bytes?: number;
  ms: number;
  /** 1 for the first try; more when the client retried a GET. */
  attempt: number;
  error?: string;
}

export interface RequestsSlice {
  /** Oldest first, at most REQUEST_LOG_SIZE. */
  requestLog: RequestRecord[];
}

export const createRequestsSlice: StateCreator<AppState, [], [], RequestsSlice> = () => ({
  requestLog: [],
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeRequests = sliceWriter('requests', ['requestLog']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends RequestsSlice {}
  interface PaneKinds {
    /** `:requests`: every request pipetop made. */
    requests: { kind: 'requests' };
  }
  interface ListKeyKinds {
    requests: { kind: 'requests' };
  }
}
