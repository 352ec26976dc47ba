// Types for scripts/ink/patches.mjs (a plain .mjs: it runs on install, before anything is compiled).
export interface Hunk {
  oldStart: number;
  newStart: number;
  old: string[];
  new: string[];
  endsFile?: boolean;
}
export interface FilePatch {
  /** From the repository root: node_modules/<package>/… */
  path: string;
  created: boolean;
  hunks: Hunk[];
}
export interface PackagePatch {
  patch: string;
  name: string;
  version: string;
  files: FilePatch[];
}
export const generated: { source: string; name: string; file: string }[];
export function readPatches(dir?: string): PackagePatch[];
export function parsePatch(text: string, where?: string): FilePatch[];
export function applyHunks(text: string, hunks: Hunk[], options?: { reverse?: boolean }): string | null;
export function inspect(patch: PackagePatch): (FilePatch & { state: string; result?: string })[];
export function applyAll(): string[];
export function checkAll(): void;
export function transpile(source: string): Promise<string>;
export function pristineFiles(only?: string[] | null): Map<string, string>;
export function pristinePlugin(only?: string[] | null): import('esbuild').Plugin;
