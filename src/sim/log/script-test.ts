// What test and e2e jobs print: vitest and playwright runs.
import { hashSeed, Rng } from '../rng.js';
import { ESC, HEAD, RESET, c } from './ansi.js';
import type { Ctx } from './context.js';
import { commitInfo, npmCi } from './fragments.js';
import type { GeneratedTestCase } from './types.js';
import { LAYERS, MODULES, cap, lpad, pad, testName } from './vocab.js';

/** Log lines as text without SGR codes, blank lines dropped at both ends. */
function plainLines(lines: string[]): string {
  return lines
    .map((l) => l.replace(/\x1b\[[0-9;]*[A-Za-z]/g, ''))
    .join('\n')
    .trim();
}

export function scriptTest(x: Ctx): void {
  const { w, r, size } = x;
  if (size !== 'small') commitInfo(x);
  npmCi(x);
  const verbose = size === 'huge';
  w.customSection('unit_tests', `${HEAD}Running unit tests${RESET}`, false, r.chance(0.5), 40);
  w.cmd(verbose ? 'npx vitest run --coverage --reporter=verbose' : 'npx vitest run --coverage');
  w.blank(r.int(1500, 4000));
  w.line(` ${c.bold(`${ESC}[46m RUN ${ESC}[49m`)} ${c.cyan('v2.1.8')} ${c.gray(x.buildDir)}`);
  if (size !== 'small') {
    w.line(`      ${c.dim('Coverage enabled with')} ${c.yellow('v8')}`);
    w.blank();
  }

  // Plan files and tests; one of them fails if the job fails.
  const fileCount = size === 'small' ? r.int(2, 3) : verbose ? r.int(120, 260) : r.int(15, 45);
  const testTarget = verbose ? r.int(3000, 7000) : 0;
  const files: { path: string; cls: string; tests: number }[] = [];
  const used = new Set<string>();
  for (let i = 0; i < fileCount; i++) {
    const mod = r.pick(MODULES);
    const layer = r.pick(LAYERS);
    let path = `src/${mod}/${mod}.${layer}.test.ts`;
    for (let k = 2; used.has(path); k++) path = `src/${mod}/${mod}.${layer}.${k}.test.ts`;
    used.add(path);
    const tests = verbose ? Math.max(1, Math.round((testTarget / fileCount) * (0.3 + r.next() * 1.4))) : r.int(2, size === 'small' ? 6 : 40);
    files.push({ path, cls: `${cap(mod)}${cap(layer)}`, tests });
  }
  const failFile = x.fail ? r.int(0, fileCount - 1) : -1;
  let failTest = '';
  let failLine = 0;
  let passed = 0;
  let skipped = 0;
  // The JUnit report holds every case, named as the log names them. Names the log never prints
  // (passing tests of a quiet run) come from a stream of their own, so the log stays as it was.
  const cases: GeneratedTestCase[] = [];
  x.tests = cases;
  const side = new Rng(hashSeed(x.spec.seed, x.spec.jobId, 0x7e57));
  let failCase: GeneratedTestCase | null = null;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const failIdx = i === failFile ? r.int(0, f.tests - 1) : -1;
    const ms = r.int(8, 900);
    const fileCost = verbose ? r.int(20, 200) : r.int(100, 3000);
    if (failIdx >= 0) {
      w.line(` ${c.red('❯')} ${f.path} ${c.dim(`(${f.tests} tests | ${c.red('1 failed')})`)} ${c.yellow(`${ms}ms`)}`, fileCost);
    } else {
      w.line(` ${c.green('✓')} ${f.path} ${c.dim(`(${f.tests} tests)`)} ${ms}${c.dim('ms')}`, fileCost);
    }
    if (verbose || failIdx >= 0) {
      for (let t = 0; t < f.tests; t++) {
        const name = `${f.cls} > ${testName(r)}`;
        if (t === failIdx) {
          failTest = name;
          failLine = r.int(20, 300);
          const ms = r.int(3, 90);
          w.line(`   ${c.red('×')} ${name} ${c.dim(`${ms}ms`)}`, r.int(2, 80));
          w.line(`     ${c.red('→ expected 4150 to be 4200 // Object.is equality')}`);
          failCase = { name, classname: f.path, file: f.path, status: 'failed', timeMs: ms, failure: null };
          cases.push(failCase);
        } else if (r.chance(0.01)) {
          skipped++;
          if (verbose) w.line(`   ${c.yellow('↓')} ${name} ${c.dim('[skipped]')}`, r.int(0, 5));
          cases.push({ name, classname: f.path, file: f.path, status: 'skipped', timeMs: 0, failure: null });
        } else {
          passed++;
          let ms: number;
          if (verbose) {
            ms = r.int(0, 60);
            w.line(`   ${c.green('✓')} ${name} ${c.dim(`${ms}ms`)}`, r.int(2, 60));
          } else ms = side.int(0, 60);
          cases.push({ name, classname: f.path, file: f.path, status: 'success', timeMs: ms, failure: null });
        }
      }
    } else {
      passed += f.tests;
      for (let t = 0; t < f.tests; t++) {
        cases.push({ name: `${f.cls} > ${testName(side)}`, classname: f.path, file: f.path, status: 'success', timeMs: side.int(0, 60), failure: null });
      }
    }
  }
  w.blank();
  if (x.fail) {
    const f = files[failFile]!;
    const bar = '⎯'.repeat(23);
    if (size !== 'small') {
      w.stderr(c.red(`${c.bold(`${bar} Failed Tests 1 ${bar}`)}`), 30);
      w.blank();
    }
    const failureFrom = w.lines.length;
    w.stderr(`${c.red(`${c.bold(`${ESC}[41m FAIL ${ESC}[49m`)}`)} ${f.path} ${c.dim('>')} ${failTest.replace(' > ', ` ${c.dim('>')} `)}`);
    w.stderr(`${c.red(c.bold('AssertionError'))}${c.red(': expected 4150 to be 4200 // Object.is equality')}`);
    w.blank();
    if (size !== 'small') {
      w.stderr(c.green('- Expected'));
      w.stderr(c.red('+ Received'));
      w.blank();
      w.stderr(c.green('- 4200'));
      w.stderr(c.red('+ 4150'));
      w.blank();
    }
    w.stderr(` ${c.cyan('❯')} ${f.path}:${failLine}:32`);
    if (size !== 'small') {
      w.stderr(`    ${failLine - 2}|     const refund = await service.refund(order.id, 5800);`);
      w.stderr(`    ${failLine - 1}|     expect(refund.status).toBe('partial');`);
    }
    w.stderr(`    ${failLine}|     expect(refund.amount).toBe(4200);`);
    w.stderr(`       |                                ${c.red('^')}`);
    if (size !== 'small') w.stderr(`    ${failLine + 1}|   });`);
    w.blank();
    const src = f.path.replace('.test.ts', '.ts');
    w.stderr(`    at ${f.cls}.refund (${x.buildDir}/${src}:${r.int(40, 400)}:${r.int(5, 30)})`);
    w.stderr(`    at ${x.buildDir}/${f.path}:${failLine - 2}:20`);
    // The JUnit failure's text is the log's failure block after its FAIL heading, word for word
    // (without colours): vitest's reporter writes the error and its stack.
    if (failCase) failCase.failure = plainLines(w.lines.slice(failureFrom + 1).map((l) => l.text));
    if (size !== 'small') {
      w.stderr(`    at processTicksAndRejections (node:internal/process/task_queues:95:5)`);
      w.stderr(`    at runTest (file://${x.buildDir}/node_modules/@vitest/runner/dist/index.js:781:11)`);
      w.blank();
      w.stderr(c.red(c.dim(`${'⎯'.repeat(52)}[1/1]⎯`)));
    }
    w.blank();
  }
  const nFiles = files.length;
  const filesLine = x.fail ? `${c.bold(c.red('1 failed'))}${c.dim(' | ')}${c.bold(c.green(`${nFiles - 1} passed`))}` : c.bold(c.green(`${nFiles} passed`));
  const testsLine =
    (x.fail ? `${c.bold(c.red('1 failed'))}${c.dim(' | ')}` : '') +
    c.bold(c.green(`${passed} passed`)) +
    (skipped ? `${c.dim(' | ')}${c.yellow(`${skipped} skipped`)}` : '');
  const total = passed + skipped + (x.fail ? 1 : 0);
  w.line(`${c.dim(' Test Files ')} ${filesLine}${c.gray(` (${nFiles})`)}`, 20);
  w.line(`${c.dim('      Tests ')} ${testsLine}${c.gray(` (${total})`)}`);
  const start = new Date(x.spec.startedAt + r.int(20, 60) * 1000).toISOString().slice(11, 19);
  if (size !== 'small') w.line(`${c.dim('   Start at ')} ${start}`);
  const secs = (r.next() * 40 + 4).toFixed(2);
  w.line(
    `${c.dim('   Duration ')} ${secs}s${c.gray(` (transform ${(r.next() * 3).toFixed(2)}s, setup 0ms, collect ${(r.next() * 9).toFixed(2)}s, tests ${(r.next() * 20).toFixed(2)}s, environment 2ms, prepare ${(r.next() * 4).toFixed(2)}s)`)}`,
  );
  if (size !== 'small') w.blank();
  if (!x.fail && size !== 'small') {
    // Coverage table; GitLab's coverage regex typically reads the "All files" row.
    w.customSection('coverage_report', 'Coverage report', true, false, r.int(500, 3000));
    w.line(` ${c.cyan('%')} ${c.dim('Coverage report from')} ${c.yellow('v8')}`);
    const sep = `${'-'.repeat(19)}|---------|----------|---------|---------|-------------------`;
    w.line(sep);
    w.line('File               | % Stmts | % Branch | % Funcs | % Lines | Uncovered Line #s ');
    w.line(sep);
    const pct = () => (60 + r.next() * 40).toFixed(2);
    const all = pct();
    w.line(`All files          | ${lpad(all, 7)} | ${lpad(pct(), 8)} | ${lpad(pct(), 7)} | ${lpad(all, 7)} |                   `);
    const dirs = new Set(files.map((f) => f.path.split('/')[1]!));
    for (const d of [...dirs].slice(0, verbose ? 40 : 12)) {
      w.line(
        ` ${pad(d, 18)}| ${lpad(pct(), 7)} | ${lpad(pct(), 8)} | ${lpad(pct(), 7)} | ${lpad(pct(), 7)} | ${r.chance(0.5) ? `${r.int(10, 90)}-${r.int(91, 200)}` : ''}`,
      );
    }
    w.line(sep);
    w.end('coverage_report');
  }
  w.end('unit_tests');
}

export function scriptE2e(x: Ctx): void {
  const { w, r, size } = x;
  npmCi(x);
  if (size !== 'small') {
    // The playwright image ships browsers, but projects pinning another version download their own.
    w.customSection('browsers', `${HEAD}Installing browsers${RESET}`, true, true, 40);
    w.cmd('npx playwright install --with-deps chromium');
    w.line(
      'Downloading Chromium 131.0.6778.33 (playwright build v1148) from https://playwright.azureedge.net/builds/chromium/1148/chromium-linux.zip',
      r.int(300, 1200),
    );
    const frames: string[] = [];
    for (let p = 10; p <= 100; p += 10) {
      const bar = '■'.repeat(p * 0.8).padEnd(80);
      frames.push(`|${bar}| ${lpad(p, 3)}% of 164.6 MiB`);
    }
    w.progress(frames, r.int(4000, 15000));
    w.line('Chromium 131.0.6778.33 (playwright build v1148) downloaded to /root/.cache/ms-playwright/chromium-1148');
    w.end('browsers');
  }
  w.cmd('npx playwright test');
  w.blank(r.int(2000, 6000));
  const n = size === 'huge' ? r.int(3000, 6000) : size === 'small' ? r.int(2, 4) : r.int(20, 90);
  const workers = r.pick([2, 4, 4, 8]);
  w.line(`Running ${n} tests using ${workers} workers`);
  w.blank();
  const failAt = x.fail ? r.int(0, n - 1) : -1;
  let failName = '';
  const specs = ['checkout', 'cart', 'login', 'search', 'profile', 'admin', 'orders', 'wishlist'];
  for (let i = 0; i < n; i++) {
    const spec = r.pick(specs);
    const where = `tests/${spec}.spec.ts:${r.int(5, 200)}:5`;
    const name = `[chromium] › ${where} › ${spec} › ${testName(r)}`;
    if (i === failAt) {
      failName = name;
      w.line(`  ${c.red('✘')}  ${lpad(i + 1, String(n).length)} ${name} ${c.dim('(30.0s)')}`, r.int(5000, 30000));
    } else {
      w.line(`  ${c.green('✓')}  ${lpad(i + 1, String(n).length)} ${name} ${c.dim(`(${(r.next() * 5 + 0.3).toFixed(1)}s)`)}`, r.int(50, 3000));
    }
  }
  w.blank();
  if (x.fail) {
    w.stderr(`  1) ${failName} ${'─'.repeat(20)}`, 50);
    w.blank();
    w.stderr(`    Error: ${c.dim('Timed out 5000ms waiting for ')}expect(${c.red('locator')}).toHaveText(${c.green('expected')})`);
    w.blank();
    w.stderr(`    Locator: getByTestId('cart-total')`);
    w.stderr(`    Expected string: ${c.green('"€42.00"')}`);
    w.stderr(`    Received string: ${c.red('"€46.20"')}`);
    if (size !== 'small') {
      w.stderr(`    Call log:`);
      w.stderr(`      ${c.dim('- expect.toHaveText with timeout 5000ms')}`);
      w.stderr(`      ${c.dim("- waiting for getByTestId('cart-total')")}`);
      w.stderr(`      ${c.dim('  9 × locator resolved to <span data-testid="cart-total">€46.20</span>')}`);
      w.blank();
    }
    w.stderr(`        at ${x.buildDir}/tests/cart.spec.ts:41:50`);
    w.blank();
    w.line(c.red('  1 failed'));
    w.line(`    ${failName} ${'─'.repeat(10)}`);
    w.line(c.green(`  ${n - 1} passed (${(r.next() * 5 + 1).toFixed(1)}m)`));
  } else {
    w.line(c.green(`  ${n} passed (${(r.next() * 5 + 1).toFixed(1)}m)`));
  }
}
