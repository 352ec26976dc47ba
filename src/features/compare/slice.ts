// The comparison's part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { PipelineBasic } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import type { Comparison } from './diff.js';

export interface CompareState {
  state: 'loading' | 'ready' | 'error';
  error?: string;
  /** The last successful pipeline on the same ref before this one; null when there is none. */
  base?: PipelineBasic | null;
  /** Why that one: "the last success on main", "the same commit's success on feature/x". */
  why?: string;
  /** The base lists no job: there is nothing to compare. */
  empty?: boolean;
  ref?: string;
  result?: Comparison;
  /** Requests the comparison took. */
  reads?: number;
  scroll: number;
}

export interface CompareSlice {
  /** By `projectId:pipelineId`. */
  comparisons: Record<string, CompareState>;
}

export const compareKey = (projectId: number, pipelineId: number) => `${projectId}:${pipelineId}`;

export const createCompareSlice: StateCreator<AppState, [], [], CompareSlice> = () => ({
  comparisons: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeCompare = sliceWriter('compare', ['comparisons']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends CompareSlice {}
  interface PaneKinds {
    /** `:compare` / `C`: against the last green pipeline on the ref. */
    compare: { kind: 'compare'; projectId: number; path: string; pipelineId: number };
  }
}
