#!/usr/bin/env node
// Commit subjects ≤ 72 characters (they are read in `git log --oneline`, in merge lists and in
// review tools, which cut longer ones). Older history has longer subjects and cannot be rewritten, so
// only commits after FROM are checked; `.ci/run` runs this. A clone without FROM (a shallow one)
// checks the commits it has.
import { spawnSync } from 'node:child_process';

const FROM = '361ec464d8cab567434771833517c82be97cd97a';
const MAX = 72;

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });
if (git('rev-parse', '--git-dir').status !== 0) {
  console.log('check-commits: not a git checkout; nothing to check');
  process.exit(0);
}
const known = git('cat-file', '-e', `${FROM}^{commit}`).status === 0;
const range = known ? [`${FROM}..HEAD`] : ['HEAD'];
const log = git('log', '--format=%h%x00%s', ...range);
if (log.status !== 0) {
  console.error(`check-commits: git log failed: ${log.stderr.trim()}`);
  process.exit(1);
}
const long = log.stdout
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\0'))
  .filter(([, subject]) => [...subject].length > MAX);
for (const [hash, subject] of long) console.error(`${hash}: subject is ${[...subject].length} characters (≤ ${MAX}): ${subject}`);
console.log(
  `check-commits: ${long.length ? `${long.length} subject(s) too long` : 'every subject ≤ 72 characters'} (${known ? `since ${FROM.slice(0, 7)}` : 'all commits in this clone'})`,
);
process.exit(long.length ? 1 : 0);
