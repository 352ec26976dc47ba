// scripts/check-commits.mjs, which .ci/run runs: a subject over 72 characters fails CI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-commits.mjs', import.meta.url));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function repoWith(subjects: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'pipetop-commits-'));
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  for (const s of subjects) git('commit', '-q', '--allow-empty', '-m', s);
  return dir;
}

it('passes subjects of 72 characters and fails one of 73, naming it', () => {
  const ok = spawnSync(process.execPath, [script], { cwd: repoWith(['a'.repeat(72), 'Fix the thing']), encoding: 'utf8' });
  expect(ok.status).toBe(0);
  rmSync(dir, { recursive: true, force: true });
  const long = 'Make a subject that runs on and on past the seventy-two character limit!!';
  expect([...long].length).toBe(73);
  const bad = spawnSync(process.execPath, [script], { cwd: repoWith(['Short one', long]), encoding: 'utf8' });
  expect(bad.status).toBe(1);
  expect(bad.stderr).toContain('subject is 73 characters');
  expect(bad.stderr).toContain(long);
});

it('counts characters, not bytes', () => {
  const r = spawnSync(process.execPath, [script], { cwd: repoWith(['→'.repeat(72)]), encoding: 'utf8' });
  expect(r.status).toBe(0);
});
