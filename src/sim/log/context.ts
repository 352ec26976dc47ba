// Job context.
import type { Rng } from '../rng.js';
import type { GeneratedTestCase, LogSpec } from './types.js';
import type { Writer } from './writer.js';

export type Kind = 'build' | 'test' | 'e2e' | 'lint' | 'deploy' | 'docker' | 'audit' | 'generic';
export type Size = 'small' | 'normal' | 'huge';

export interface Ctx {
  r: Rng;
  w: Writer;
  spec: LogSpec;
  kind: Kind;
  size: Size;
  /** The script fails at its end (outcome 'failed'). A canceled job is generated as success, then cut. */
  fail: boolean;
  sha: string;
  short: string;
  ref: string;
  projectPath: string;
  projectId: number;
  projectName: string;
  buildDir: string;
  version: string;
  image: string;
  env: string;
  registry: string;
  /** Filled by a test script: the cases of its JUnit report. */
  tests: GeneratedTestCase[] | null;
}

export function classify(jobName: string, stage: string): Kind {
  const n = jobName.toLowerCase();
  const has = (...words: string[]) => words.some((x) => n.includes(x));
  if (has('docker', 'image', 'kaniko', 'container')) return 'docker';
  if (has('deploy', 'release', 'rollout', 'publish')) return 'deploy';
  if (has('e2e', 'playwright', 'cypress', 'browser', 'acceptance')) return 'e2e';
  if (has('lint', 'eslint', 'prettier', 'format', 'typecheck', 'style')) return 'lint';
  if (has('audit', 'sast', 'scan', 'security', 'dependency', 'secret')) return 'audit';
  if (has('test', 'spec', 'unit', 'integration', 'coverage', 'jest', 'vitest')) return 'test';
  if (has('build', 'compile', 'bundle', 'assets')) return 'build';
  const s = stage.toLowerCase();
  if (s.includes('build')) return 'build';
  if (s.includes('test') || s.includes('verify')) return 'test';
  if (s.includes('deploy') || s.includes('release')) return 'deploy';
  if (s.includes('lint') || s.includes('check')) return 'lint';
  return 'generic';
}

export function environmentOf(jobName: string): string {
  const n = jobName.toLowerCase();
  const after = jobName.includes(':') ? jobName.slice(jobName.indexOf(':') + 1).trim() : '';
  if (after) return after;
  if (n.includes('prod')) return 'production';
  if (n.includes('review')) return 'review/main';
  return 'staging';
}

/** Section names must match [a-zA-Z0-9_.-]+ (environments like "review/x" do not). */
export const sectionName = (s: string) => s.replace(/[^a-zA-Z0-9_.-]+/g, '_') || 'section';
