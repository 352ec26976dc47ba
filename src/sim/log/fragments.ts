// Shared script fragments.
import { HEAD, RESET, c } from './ansi.js';
import type { Ctx } from './context.js';
import { COMMIT_MESSAGES } from './vocab.js';

export function npmCi(x: Ctx): void {
  const { w, r } = x;
  w.customSection('install_deps', `${HEAD}Installing dependencies${RESET}`, true, r.chance(0.5));
  w.cmd('npm ci --prefer-offline');
  if (x.size !== 'small') {
    const deprecated = [
      'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you want a good and tested way to coalesce async requests by a key value, which is much more comprehensive and powerful.',
      'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported',
      'npm warn deprecated rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported',
      'npm warn deprecated @humanwhocodes/config-array@0.13.0: Use @eslint/config-array instead',
    ];
    const nDep = r.int(0, deprecated.length);
    for (let i = 0; i < nDep; i++) w.stderr(deprecated[i]!, i === 0 ? r.int(4000, 15000) : r.int(50, 800));
    // Nested two levels deep (step_script > install_deps > npm_postinstall): the root package's
    // postinstall output, which npm does print.
    w.customSection('npm_postinstall', 'postinstall: patch-package', true, false, r.int(3000, 12000));
    w.blank();
    w.line(`> ${x.projectName}@${x.version} postinstall`);
    w.line('> patch-package');
    w.blank();
    w.line(`patch-package 8.0.0`, r.int(100, 400));
    w.line('Applying patches...');
    const patches = ['@types/react@19.0.1', 'react-native-svg@15.8.0', 'vite-plugin-pwa@0.21.1', 'zod@3.23.8'];
    for (let i = 0, n = r.int(1, 3); i < n; i++) w.line(`${patches[i]} ${c.green('✔')}`, r.int(20, 200));
    w.end('npm_postinstall');
    w.blank();
  }
  const pkgs = r.int(600, 1900);
  w.line(`added ${pkgs} packages, and audited ${pkgs + 1} packages in ${r.int(9, 48)}s`, r.int(500, 4000));
  if (x.size === 'small') {
    w.line('found 0 vulnerabilities');
    w.end('install_deps');
    return;
  }
  w.blank();
  w.line(`${r.int(90, 260)} packages are looking for funding`);
  w.line('  run `npm fund` for details');
  w.blank();
  if (r.chance(0.6)) {
    w.line('found 0 vulnerabilities');
  } else {
    w.line(`${r.int(1, 6)} moderate severity vulnerabilities`);
    w.blank();
    w.line('To address all issues, run:');
    w.line('  npm audit fix');
    w.blank();
    w.line('Run `npm audit` for details.');
  }
  w.end('install_deps');
}

/** npm's own report when a script exits non-zero (npm 10 format, on stderr). */
export function npmScriptFailed(x: Ctx, script: string, command: string, code = 1): void {
  const { w } = x;
  w.stderr(`npm error Lifecycle script \`${script}\` failed with error:`, 30);
  w.stderr(`npm error code ${code}`);
  if (x.size !== 'small') {
    w.stderr(`npm error path ${x.buildDir}`);
    w.stderr(`npm error workspace ${x.projectName}@${x.version}`);
    w.stderr(`npm error location ${x.buildDir}`);
  }
  w.stderr(`npm error command failed`);
  w.stderr(`npm error command sh -c ${command}`);
}

export function commitInfo(x: Ctx): void {
  const { w, r } = x;
  w.cmd(`git log -1 --format='%h %an: %s'`);
  const who = r.pick(['Mia Schulz', '王伟', 'Jonas Berg', 'Aiko Tanaka', 'Priya Raman', 'Lucas Martín', 'Zoë Dubois']);
  w.line(`${x.short} ${who}: ${r.pick(COMMIT_MESSAGES)}`, r.int(20, 120));
}
