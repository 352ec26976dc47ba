// The marks' part of the store (zustand's slices pattern; composed in store/create.ts).
import { sliceWriter } from '../../store/writer.js';
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from '../../store/types.js';

/** A pipeline the user asked to be told about when it ends (`m`; retried and created ones too). */
export interface PipelineMark {
  projectId: number;
  path: string;
  ref: string;
  /** Its status when last seen: an ending is a change from a status that had not ended. */
  status: string | null;
}

export interface MarksSlice {
  /** Watched pipelines by id. */
  marks: Record<number, PipelineMark>;
}

export const createMarksSlice: StateCreator<AppState, [], [], MarksSlice> = () => ({
  marks: {},
});

/** The writer of this slice's records: the feature's code changes them through it (store/writer.ts). */
export const writeMarks = sliceWriter('marks', ['marks']);

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the slice into the state
  interface AppState extends MarksSlice {}
}
