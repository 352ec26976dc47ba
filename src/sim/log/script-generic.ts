// What a job of no recognised kind prints.
import { HEAD, RESET, c } from './ansi.js';
import type { Ctx } from './context.js';
import { commitInfo } from './fragments.js';
import { LAYERS, MODULES, lpad } from './vocab.js';

export function scriptGeneric(x: Ctx): void {
  const { w, r, size } = x;
  w.cmd('echo "Running $CI_JOB_NAME for $CI_COMMIT_REF_NAME"');
  w.line(`Running ${x.spec.jobName} for ${x.ref}`);
  if (size !== 'small') commitInfo(x);
  w.customSection('prepare_workspace', `${HEAD}Preparing workspace${RESET}`, true, true, 20);
  w.cmd('mkdir -p public reports');
  w.cmd('./scripts/ci/prepare.sh');
  w.customSection('fetch_assets', 'Fetching assets', true, false, 20);
  w.line(`→ fetching assets manifest from https://cdn.example.com/${x.projectName}/manifest.json`, r.int(200, 900));
  const frames: string[] = [];
  for (let p = 0; p <= 100; p += 20) frames.push(`Downloading assets… ${lpad(p, 3)}% [${'#'.repeat(p / 5).padEnd(20, '.')}]`);
  w.progress(frames, r.int(2000, 8000));
  w.end('fetch_assets');
  w.end('prepare_workspace');
  w.cmd('./scripts/ci/run.sh');
  const n = size === 'huge' ? r.int(3000, 7000) : size === 'small' ? r.int(2, 4) : r.int(15, 60);
  for (let i = 0; i < n; i++) {
    const mod = r.pick(MODULES);
    w.line(`${c.green('✓')} processed src/${mod}/${mod}.${r.pick(LAYERS)}.ts (${i + 1}/${n})`, r.int(2, 200));
  }
  if (x.fail) {
    w.stderr(c.red(`✗ ${r.pick(['docs/changelog.md', 'public/index.html', 'reports/summary.json'])}: validation failed (3 problems)`), r.int(200, 2000));
    w.stderr('Error: process exited with code 1');
    w.stderr(`    at ChildProcess.<anonymous> (${x.buildDir}/scripts/ci/run.mjs:${r.int(20, 90)}:13)`);
    w.stderr('    at ChildProcess.emit (node:events:518:28)');
    return;
  }
  w.line(`Done in ${(r.next() * 60 + 2).toFixed(2)}s. ✨`, 50);
}
