// What lint and audit jobs print: ESLint/Prettier reports and npm audit advisories.
import { HEAD, RESET, c } from './ansi.js';
import type { Ctx } from './context.js';
import { npmCi } from './fragments.js';
import { LAYERS, MODULES, pad } from './vocab.js';

export function scriptLint(x: Ctx): void {
  const { w, r, size } = x;
  npmCi(x);
  w.customSection('eslint', `${HEAD}ESLint${RESET}`, size !== 'small', r.chance(0.5), 40);
  w.cmd('npx eslint . --max-warnings 500');
  const huge = size === 'huge';
  const fileCount = huge ? r.int(600, 1200) : size === 'small' ? r.int(0, 1) : r.int(2, 12);
  const rules = [
    ["'%s' is assigned a value but never used", '@typescript-eslint/no-unused-vars'],
    ['Unexpected console statement', 'no-console'],
    ['Unexpected any. Specify a different type', '@typescript-eslint/no-explicit-any'],
    ["React Hook useEffect has a missing dependency: '%s'. Either include it or remove the dependency array", 'react-hooks/exhaustive-deps'],
    ["Prefer using an optional chain expression instead, as it's more concise and easier to read", '@typescript-eslint/prefer-optional-chain'],
  ] as const;
  let warnings = 0;
  let errors = 0;
  const failFile = x.fail ? r.int(0, Math.max(0, fileCount - 1)) : -1;
  const total = Math.max(fileCount, x.fail ? 1 : 0);
  for (let i = 0; i < total; i++) {
    const mod = r.pick(MODULES);
    w.blank(i === 0 ? r.int(4000, 20000) : r.int(5, 60));
    w.line(c.bold(`${x.buildDir}/src/${mod}/${mod}.${r.pick(LAYERS)}.ts`));
    const k = huge ? r.int(2, 5) : r.int(1, 4);
    for (let j = 0; j < k; j++) {
      const [msg, rule] = r.pick(rules);
      const isErr = i === failFile && j === 0;
      if (isErr) errors++;
      else warnings++;
      const loc = `${r.int(1, 400)}:${r.int(1, 60)}`;
      const text = msg.replace('%s', r.pick(['total', 'fetchCart', 'locale', 'tmp', 'user']));
      w.line(`  ${c.dim(pad(loc, 7))}  ${isErr ? c.red('error  ') : c.yellow('warning')}  ${pad(text, 60)}  ${c.dim(rule)}`, r.int(0, 10));
    }
  }
  w.blank();
  if (errors + warnings > 0) {
    const summary = `✖ ${errors + warnings} problems (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warnings)`;
    w.line(errors ? c.red(c.bold(summary)) : c.yellow(c.bold(summary)));
    if (errors) w.line(c.red(c.bold(`  ${errors} error and 0 warnings potentially fixable with the \`--fix\` option.`)));
    w.blank();
  }
  w.end('eslint');
  if (x.fail) return;
  w.customSection('prettier', `${HEAD}Prettier${RESET}`, false, false, 30);
  w.cmd('npx prettier --check "src/**/*.{ts,tsx,css}"');
  w.line('Checking formatting...', r.int(2000, 8000));
  w.line('All matched files use Prettier code style!', r.int(100, 500));
  w.end('prettier');
  if (size !== 'small') {
    w.cmd('npx tsc --noEmit');
    w.line(c.green('✓ no type errors'), r.int(5000, 25000));
  }
}

export function scriptAudit(x: Ctx): void {
  const { w, r, size } = x;
  w.customSection('dependency_checks', `${HEAD}Dependency checks${RESET}`, false, true, 20);
  w.customSection('npm_audit', 'npm audit', true, true, 20);
  w.cmd('npm audit --audit-level=high --omit=dev');
  w.line('# npm audit report', r.int(2000, 8000));
  w.blank();
  const advisories: [string, string, string, string][] = [
    ['cookie', '<0.7.0', 'cookie accepts cookie name, path, and domain with out of bounds characters', 'GHSA-pxg6-pf52-xh8x'],
    ['micromatch', '<4.0.8', 'Regular Expression Denial of Service (ReDoS) in micromatch', 'GHSA-952p-6rrq-rcjv'],
    ['path-to-regexp', '<0.1.12', 'path-to-regexp contains a ReDoS', 'GHSA-rhx6-c78j-4q9w'],
    ['esbuild', '<=0.24.2', 'esbuild enables any website to send any requests to the development server and read the response', 'GHSA-67mh-4wv8-2f99'],
    ['cross-spawn', '<7.0.5', 'Regular Expression Denial of Service (ReDoS) in cross-spawn', 'GHSA-3xgq-45jj-v275'],
  ];
  const huge = size === 'huge';
  const count = huge ? r.int(520, 1150) : size === 'small' ? 1 : r.int(4, 9);
  for (let i = 0; i < count; i++) {
    const [pkg, range, title, ghsa] = advisories[i % advisories.length]!;
    const sev = x.fail && i === 0 ? 'high' : r.pick(['low', 'moderate']);
    w.line(`${pkg}  ${range}`, r.int(0, 10));
    w.line(`Severity: ${sev}`);
    w.line(`${title} - https://github.com/advisories/${ghsa}`);
    w.line('fix available via `npm audit fix`');
    w.line(`node_modules/${huge ? `${r.pick(MODULES)}-lib/node_modules/` : ''}${pkg}`);
    w.blank();
  }
  w.line(`${count} vulnerabilities (${x.fail ? `${count - 1} moderate, 1 high` : `${count} moderate`})`);
  if (size !== 'small') {
    w.blank();
    w.line('To address all issues, run:');
    w.line('  npm audit fix');
  }
  w.end('npm_audit');
  if (!x.fail && size !== 'small') {
    w.cmd('npx license-checker --summary --onlyAllow "MIT;ISC;Apache-2.0;BSD-2-Clause;BSD-3-Clause;0BSD"');
    const lic: [string, number][] = [
      ['MIT', r.int(500, 1200)],
      ['ISC', r.int(40, 120)],
      ['Apache-2.0', r.int(20, 80)],
      ['BSD-3-Clause', r.int(5, 30)],
      ['BSD-2-Clause', r.int(5, 30)],
      ['0BSD', r.int(1, 3)],
    ];
    lic.forEach(([l, n], i) => w.line(`${i === lic.length - 1 ? '└─' : '├─'} ${l}: ${n}`, i === 0 ? r.int(1000, 4000) : 5));
    w.blank();
  }
  w.end('dependency_checks');
}
