// What test jobs of other stacks print: pytest, jest, go test, RSpec and Maven (surefire). Each log
// is the tool's own shape, so that its first real failure line is not the first line that says
// FAIL: pytest's `FAILED [  8%]` progress lines come before its `E   AssertionError`, jest's
// `FAIL  file` heading before `● test`, go's message line before (or after) `--- FAIL:`, RSpec says
// `Failure/Error:`, and surefire's exception follows a `<<< FAILURE!` line.
//
// The JUnit cases come from the same plan: a failed case's failure text (what GitLab's JUnit parser
// puts in `system_output`) is the log's own failure message, and pytest's and surefire's errored
// cases (`<error>`: the test could not run) are counted apart from failed ones, as GitLab does.
import { ESC, HEAD, RESET, c } from './ansi.js';
import type { Ctx } from './context.js';
import type { GeneratedTestCase, TestTool } from './types.js';
import { LAYERS, MODULES, OBJECTS, VERBS } from './vocab.js';

interface PlannedCase {
  group: string;
  name: string;
  status: 'success' | 'failed' | 'error' | 'skipped';
  timeMs: number;
  line: number;
}

const snake = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
const camel = (s: string) => snake(s).replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
const pascal = (s: string) => camel(s).charAt(0).toUpperCase() + camel(s).slice(1);

/** Groups (files, packages, classes) of cases; a failing job fails one case, sometimes errors another. */
function plan(x: Ctx, errors: boolean): PlannedCase[][] {
  const { r, size } = x;
  const groupCount = size === 'small' ? r.int(2, 3) : size === 'huge' ? r.int(30, 60) : r.int(4, 9);
  const groups: PlannedCase[][] = [];
  const used = new Set<string>();
  for (let g = 0; g < groupCount; g++) {
    let group = `${r.pick(MODULES)}_${r.pick(LAYERS)}`;
    for (let k = 2; used.has(group); k++) group = `${group}${k}`;
    used.add(group);
    const cases: PlannedCase[] = [];
    for (let i = 0, n = r.int(2, size === 'small' ? 5 : 12); i < n; i++) {
      cases.push({
        group,
        name: `${r.pick(VERBS)} ${r.pick(OBJECTS)}`,
        status: r.chance(0.02) ? 'skipped' : 'success',
        timeMs: r.int(1, 400),
        line: r.int(12, 240),
      });
    }
    groups.push(cases);
  }
  if (x.fail) {
    const g = groups[r.int(0, groups.length - 1)]!;
    g[r.int(0, g.length - 1)]!.status = 'failed';
    if (errors && r.chance(0.6)) {
      const e = groups[r.int(0, groups.length - 1)]!.find((t) => t.status === 'success');
      if (e) e.status = 'error';
    }
  }
  return groups;
}

const count = (groups: PlannedCase[][], status: PlannedCase['status']) => groups.flat().filter((t) => t.status === status).length;

export function scriptTool(x: Ctx, tool: Exclude<TestTool, 'vitest'>): void {
  const tests: GeneratedTestCase[] = [];
  x.tests = tests;
  const section = (title: string, command: string) => {
    x.w.customSection('unit_tests', `${HEAD}${title}${RESET}`, false, x.r.chance(0.5), 40);
    x.w.cmd(command);
  };
  ({ pytest, jest, go, rspec, maven })[tool](x, tests, section);
  x.w.end('unit_tests');
}

type Section = (title: string, command: string) => void;

function pytest(x: Ctx, tests: GeneratedTestCase[], section: Section): void {
  const { w, r } = x;
  const groups = plan(x, true);
  const all = groups.flat();
  section('Running tests', 'python -m pytest -v --junitxml=junit.xml');
  w.line(`${c.bold('============================= test session starts ==============================')}`, r.int(800, 3000));
  w.line(`platform linux -- Python 3.12.${r.int(1, 7)}, pytest-8.3.${r.int(1, 4)}, pluggy-1.5.0 -- /usr/local/bin/python`);
  w.line(`rootdir: ${x.buildDir}`);
  w.line('configfile: pyproject.toml');
  w.line(`${c.bold(`collected ${all.length} items`)}`, r.int(200, 1500));
  w.blank();
  const file = (t: PlannedCase) => `tests/test_${t.group}.py`;
  const fn = (t: PlannedCase) => `test_${snake(t.name)}`;
  all.forEach((t, i) => {
    const pct = `[${String(Math.floor(((i + 1) * 100) / all.length)).padStart(3)}%]`;
    const word = { success: c.green('PASSED'), failed: c.red('FAILED'), error: c.red('ERROR'), skipped: c.yellow('SKIPPED') }[t.status];
    w.line(`${file(t)}::${fn(t)} ${word}${' '.repeat(Math.max(1, 40 - fn(t).length))}${pct}`, t.timeMs);
  });
  const bad = all.filter((t) => t.status === 'failed' || t.status === 'error');
  const failures = new Map<PlannedCase, string[]>();
  for (const t of bad.filter((b) => b.status === 'error')) {
    w.blank();
    w.line(`================================== ERRORS ======================================`);
    w.line(`${c.red(c.bold(`_${'_'.repeat(10)} ERROR at setup of ${fn(t)} ${'_'.repeat(10)}`))}`);
    w.line(`file ${x.buildDir}/${file(t)}, line ${t.line}`);
    w.line(`  def ${fn(t)}(db_session):`);
    w.line(`${c.red(`E       fixture 'db_session' not found`)}`);
    w.line(`${c.red('>       available fixtures: cache, capfd, capsys, monkeypatch, tmp_path')}`);
    failures.set(t, [`file ${x.buildDir}/${file(t)}, line ${t.line}`, `  def ${fn(t)}(db_session):`, `E       fixture 'db_session' not found`]);
  }
  for (const t of bad.filter((b) => b.status === 'failed')) {
    const got = r.int(400, 599);
    w.blank();
    w.line(`=================================== FAILURES ===================================`);
    w.line(`${c.red(c.bold(`${'_'.repeat(20)} ${fn(t)} ${'_'.repeat(20)}`))}`);
    w.blank();
    w.line(`    def ${fn(t)}(client):`);
    w.line(`        resp = client.post("/${snake(t.group)}", json={"id": ${r.int(1, 99)}})`);
    w.line(`>       assert resp.status_code == 201`);
    const e1 = `E       AssertionError: assert ${got} == 201`;
    const e2 = `E        +  where ${got} = <Response [${got}]>.status_code`;
    w.line(c.red(c.bold(e1)));
    w.line(c.red(c.bold(e2)));
    w.blank();
    w.line(`${file(t)}:${t.line}: AssertionError`);
    failures.set(t, [`def ${fn(t)}(client):`, '>       assert resp.status_code == 201', e1, e2, '', `${file(t)}:${t.line}: AssertionError`]);
  }
  if (bad.length) {
    w.line('=========================== short test summary info ============================');
    for (const t of bad)
      w.line(
        `${c.red(t.status === 'failed' ? 'FAILED' : 'ERROR')} ${file(t)}::${fn(t)} - ${t.status === 'failed' ? 'AssertionError' : "fixture 'db_session' not found"}`,
      );
  }
  const parts = [
    ...(count(groups, 'failed') ? [c.red(`${count(groups, 'failed')} failed`)] : []),
    c.green(`${count(groups, 'success')} passed`),
    ...(count(groups, 'skipped') ? [c.yellow(`${count(groups, 'skipped')} skipped`)] : []),
    ...(count(groups, 'error') ? [c.red(`${count(groups, 'error')} error${count(groups, 'error') > 1 ? 's' : ''}`)] : []),
  ];
  w.line(`======================== ${parts.join(', ')} in ${(r.next() * 20 + 0.5).toFixed(2)}s =========================`);
  for (const t of all) tests.push(junitCase(t, `tests.test_${t.group}`, fn(t), file(t), failures.get(t)));
}

function jest(x: Ctx, tests: GeneratedTestCase[], section: Section): void {
  const { w, r } = x;
  const groups = plan(x, false);
  section('Running unit tests', 'npx jest --ci --reporters=default --reporters=jest-junit');
  const file = (t: PlannedCase) => `src/${t.group.replace('_', '/')}.test.ts`;
  const failures = new Map<PlannedCase, string[]>();
  for (const g of groups) {
    const failed = g.filter((t) => t.status === 'failed');
    const head = failed.length ? `${c.bold(`${ESC}[41m FAIL ${ESC}[49m`)}` : `${c.bold(`${ESC}[42m PASS ${ESC}[49m`)}`;
    w.line(`${head} ${c.dim(file(g[0]!).replace(/[^/]+$/, ''))}${c.bold(file(g[0]!).replace(/^.*\//, ''))}`, r.int(300, 3000));
    for (const t of failed) {
      const got = r.int(4000, 4999);
      const lines = [
        `● ${pascal(t.group)} › ${t.name}`,
        '',
        `expect(received).toBe(expected) // Object.is equality`,
        '',
        `Expected: 4200`,
        `Received: ${got}`,
        '',
        `  at Object.<anonymous> (${file(t)}:${t.line}:27)`,
      ];
      w.line(`  ${c.red(c.bold(lines[0]!))}`);
      w.blank();
      w.line(`    expect(${c.red('received')}).toBe(${c.green('expected')}) // Object.is equality`);
      w.blank();
      w.line(`    Expected: ${c.green('4200')}`);
      w.line(`    Received: ${c.red(String(got))}`);
      w.blank();
      w.line(`      ${t.line - 1} |     const total = await cart.total();`);
      w.line(`    ${c.red('>')} ${t.line} |     expect(total).toBe(4200);`);
      w.line(`         |                   ${c.red('^')}`);
      w.blank();
      w.line(`      at Object.<anonymous> (${c.cyan(file(t))}:${t.line}:27)`);
      w.blank();
      failures.set(t, lines.slice(2));
    }
  }
  w.blank();
  const f = count(groups, 'failed');
  const fFiles = groups.filter((g) => g.some((t) => t.status === 'failed')).length;
  w.line(
    `${c.bold('Test Suites:')} ${fFiles ? `${c.red(c.bold(`${fFiles} failed`))}, ` : ''}${c.green(c.bold(`${groups.length - fFiles} passed`))}, ${groups.length} total`,
  );
  const skipped = count(groups, 'skipped');
  w.line(
    `${c.bold('Tests:')}       ${f ? `${c.red(c.bold(`${f} failed`))}, ` : ''}${skipped ? `${c.yellow(c.bold(`${skipped} skipped`))}, ` : ''}${c.green(c.bold(`${count(groups, 'success')} passed`))}, ${groups.flat().length} total`,
  );
  w.line(`${c.bold('Time:')}        ${(r.next() * 30 + 2).toFixed(3)} s`);
  w.line(c.gray('Ran all test suites.'));
  for (const t of groups.flat()) tests.push(junitCase(t, `${pascal(t.group)} ${t.name}`, `${pascal(t.group)} › ${t.name}`, file(t), failures.get(t)));
}

function go(x: Ctx, tests: GeneratedTestCase[], section: Section): void {
  const { w, r } = x;
  const groups = plan(x, false);
  const verbose = r.chance(0.5);
  section('Running tests', `go test ${verbose ? '-v ' : ''}./... 2>&1 | tee test.out`);
  const module = `gitlab.example.com/${x.projectPath}`;
  const failures = new Map<PlannedCase, string[]>();
  for (const g of groups) {
    const pkg = `${module}/internal/${g[0]!.group.replace('_', '')}`;
    const testFile = `${g[0]!.group}_test.go`;
    let failed = false;
    for (const t of g) {
      const name = `Test${pascal(t.name)}`;
      const secs = (t.timeMs / 1000).toFixed(2);
      const message = `    ${testFile}:${t.line}: ${snake(t.name).replace(/_/g, ' ')}: got status ${r.int(400, 599)}, want 201`;
      if (t.status === 'failed') failed = true;
      if (verbose) {
        w.line(`=== RUN   ${name}`, t.timeMs);
        if (t.status === 'failed') w.line(message);
        if (t.status === 'skipped') w.line(`    ${testFile}:${t.line}: needs a database; set TEST_DATABASE_URL`);
        w.line(`--- ${t.status === 'failed' ? 'FAIL' : t.status === 'skipped' ? 'SKIP' : 'PASS'}: ${name} (${secs}s)`);
      } else if (t.status === 'failed') {
        // Without -v, go test prints a failed test's header first, then what it logged.
        w.line(`--- FAIL: ${name} (${secs}s)`, t.timeMs);
        w.line(message);
      }
      if (t.status === 'failed') failures.set(t, [message.trim()]);
    }
    if (failed) {
      w.line('FAIL');
      w.line(`FAIL\t${pkg}\t${(r.next() * 3).toFixed(3)}s`);
    } else w.line(`ok  \t${pkg}\t${(r.next() * 3).toFixed(3)}s`, r.int(100, 2000));
  }
  if (x.fail) w.line('FAIL');
  for (const g of groups) {
    for (const t of g)
      tests.push(junitCase(t, `${module}/internal/${t.group.replace('_', '')}`, `Test${pascal(t.name)}`, `${t.group}_test.go`, failures.get(t)));
  }
}

function rspec(x: Ctx, tests: GeneratedTestCase[], section: Section): void {
  const { w, r } = x;
  const groups = plan(x, false);
  section('Running specs', 'bundle exec rspec --format progress --format RspecJunitFormatter --out rspec.xml');
  w.line(`Randomized with seed ${r.int(1000, 65535)}`, r.int(1000, 4000));
  const all = groups.flat();
  const dots = all.map((t) => (t.status === 'failed' ? c.red('F') : t.status === 'skipped' ? c.yellow('*') : c.green('.'))).join('');
  w.line(dots, r.int(500, 4000));
  const file = (t: PlannedCase) => `./spec/models/${t.group}_spec.rb`;
  const klass = (t: PlannedCase) => pascal(t.group.replace(/_.*/, ''));
  const failures = new Map<PlannedCase, string[]>();
  const failed = all.filter((t) => t.status === 'failed');
  if (failed.length) {
    w.blank();
    w.line('Failures:');
    failed.forEach((t, i) => {
      const lines = [
        `Failure/Error: expect(${snake(klass(t))}).to be_valid`,
        `  expected #<${klass(t)} id: nil, name: "x"> to be valid, but got errors: Name is too short (minimum is 3 characters)`,
        `# ${file(t)}:${t.line}:in \`block (3 levels) in <top (required)>'`,
      ];
      w.blank();
      w.line(`  ${i + 1}) ${klass(t)} ${t.name}`);
      w.line(`     ${c.red(lines[0]!)}`);
      w.line(`     ${c.red(lines[1]!)}`);
      w.line(`     ${c.cyan(lines[2]!)}`);
      failures.set(t, lines);
    });
  }
  w.blank();
  w.line(`Finished in ${(r.next() * 20 + 1).toFixed(2)} seconds (files took ${(r.next() * 3 + 0.5).toFixed(2)} seconds to load)`);
  const summary = `${all.length} examples, ${failed.length} failure${failed.length === 1 ? '' : 's'}${count(groups, 'skipped') ? `, ${count(groups, 'skipped')} pending` : ''}`;
  w.line(failed.length ? c.red(summary) : c.green(summary));
  if (failed.length) {
    w.blank();
    w.line('Failed examples:');
    w.blank();
    for (const t of failed) w.line(`${c.red(`rspec ${file(t)}:${t.line - 2}`)} ${c.cyan(`# ${klass(t)} ${t.name}`)}`);
  }
  for (const t of all) tests.push(junitCase(t, `spec.models.${t.group}_spec`, `${klass(t)} ${t.name}`, file(t), failures.get(t)));
}

function maven(x: Ctx, tests: GeneratedTestCase[], section: Section): void {
  const { w, r } = x;
  const groups = plan(x, true);
  section('Running tests', 'mvn --batch-mode test');
  w.line('[INFO] Scanning for projects...', r.int(1000, 4000));
  w.line(`[INFO] Building ${x.projectName} ${x.version}-SNAPSHOT`);
  w.line('[INFO] --- surefire:3.2.5:test (default-test) @ ' + x.projectName + ' ---', r.int(2000, 8000));
  w.line('[INFO] -------------------------------------------------------');
  w.line('[INFO]  T E S T S');
  w.line('[INFO] -------------------------------------------------------');
  const klass = (t: PlannedCase) => `com.acme.${t.group.replace(/_.*/, '')}.${pascal(t.group)}Test`;
  const failures = new Map<PlannedCase, string[]>();
  for (const g of groups) {
    const k = klass(g[0]!);
    w.line(`[INFO] Running ${k}`, r.int(300, 3000));
    const f = g.filter((t) => t.status === 'failed').length;
    const e = g.filter((t) => t.status === 'error').length;
    const s = g.filter((t) => t.status === 'skipped').length;
    const secs = (g.reduce((n, t) => n + t.timeMs, 0) / 1000).toFixed(3);
    const tally = `Tests run: ${g.length}, Failures: ${f}, Errors: ${e}, Skipped: ${s}, Time elapsed: ${secs} s`;
    if (!f && !e) {
      w.line(`[INFO] ${tally} -- in ${k}`);
      continue;
    }
    w.line(`[${c.red('ERROR')}] ${tally} ${c.red('<<< FAILURE!')} -- in ${k}`);
    for (const t of g.filter((x2) => x2.status === 'failed' || x2.status === 'error')) {
      const method = camel(t.name);
      w.line(
        `[${c.red('ERROR')}] ${k}.${method} -- Time elapsed: ${(t.timeMs / 1000).toFixed(3)} s ${c.red(`<<< ${t.status === 'failed' ? 'FAILURE' : 'ERROR'}!`)}`,
      );
      const lines =
        t.status === 'failed'
          ? [`org.opentest4j.AssertionFailedError: expected: <201> but was: <${r.int(400, 599)}>`, `\tat ${k}.${method}(${pascal(t.group)}Test.java:${t.line})`]
          : [
              `java.lang.NullPointerException: Cannot invoke "com.acme.Repository.save(Object)" because "this.repository" is null`,
              `\tat ${k}.${method}(${pascal(t.group)}Test.java:${t.line})`,
            ];
      for (const l of lines) w.line(l);
      w.blank();
      failures.set(t, lines);
    }
  }
  const all = groups.flat();
  const tally = `Tests run: ${all.length}, Failures: ${count(groups, 'failed')}, Errors: ${count(groups, 'error')}, Skipped: ${count(groups, 'skipped')}`;
  w.line('[INFO] ');
  w.line('[INFO] Results:');
  w.line('[INFO] ');
  if (x.fail) {
    w.line(`[${c.red('ERROR')}] Failures: `);
    for (const t of all.filter((t2) => t2.status === 'failed'))
      w.line(`[${c.red('ERROR')}]   ${pascal(t.group)}Test.${camel(t.name)}:${t.line} ${failures.get(t)![0]!.replace(/^[\w.]+: /, '')}`);
    w.line(`[${c.red('ERROR')}] ${tally}`);
    w.line('[INFO] ');
    w.line(`[INFO] ${c.red(c.bold('BUILD FAILURE'))}`);
    w.line(
      `[${c.red('ERROR')}] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project ${x.projectName}: There are test failures.`,
    );
  } else {
    w.line(`[INFO] ${tally}`);
    w.line('[INFO] ');
    w.line(`[INFO] ${c.green(c.bold('BUILD SUCCESS'))}`);
  }
  for (const t of all) tests.push(junitCase(t, klass(t), camel(t.name), `src/test/java/${klass(t).replace(/\./g, '/')}.java`, failures.get(t)));
}

/** A planned case as its JUnit report gives it: the failure text is what the log printed for it. */
function junitCase(t: PlannedCase, classname: string, name: string, file: string, failure: string[] | undefined): GeneratedTestCase {
  return {
    name,
    classname,
    file,
    status: t.status,
    timeMs: t.status === 'skipped' ? 0 : t.timeMs,
    failure: failure ? failure.join('\n').trim() : null,
  };
}
