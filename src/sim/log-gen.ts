// Job-log (trace) generator for the built-in GitLab simulator.
//
// Produces a log that reads like a real gitlab-runner 17.x trace (see GITLAB-FACTS.md, "Job log"):
// runner sections in the runner's order, custom nested sections inside step_script, SGR colours,
// `\e[0K` erase-line codes, bare `\r` progress lines, some non-ASCII text, optional FF_TIMESTAMPS
// prefixes. Each physical line carries the time it was written, so the simulator can serve the part
// of the log a running job has produced so far (`visibleLog`).
//
// Everything is derived from a seeded PRNG: the same spec always yields the same log, which keeps
// the simulator reproducible and lets it generate logs lazily, per job, only when asked.
import { hashSeed, Rng } from './rng.js';

export interface LogSpec {
  /** World seed. */
  seed: number;
  jobId: number;
  /** e.g. "test:unit", "build", "deploy:production"; picks what the script does. */
  jobName: string;
  /** e.g. "build", "test", "deploy"; used when the job name says little. */
  stage: string;
  outcome: 'success' | 'failed' | 'canceled';
  /** Epoch ms at which the job started running (time of the first line). */
  startedAt: number;
  /** Total run time (time of the last line minus startedAt). */
  durationMs: number;
  /** small: ~20-40 lines; normal (default): ~60-300; huge: thousands. */
  size?: 'small' | 'normal' | 'huge';
  /**
   * At least this many lines: verbose test output (in collapsed sections of 1,000 lines) pads the
   * script. For benchmarks of very long logs; the simulator's `scale.logLines`.
   */
  lines?: number;
  /** FF_TIMESTAMPS: prefix every physical line with `<ISO time> <stream><O|E><space|+>`. */
  timestamps?: boolean;
  runnerDescription?: string;
  // Optional: the simulator may pass its own values so the log agrees with the API's view of the
  // job. Without them, plausible values are derived from the seed.
  /** e.g. "acme/webshop". */
  projectPath?: string;
  projectId?: number;
  /** Branch or tag the job runs for, e.g. "main". */
  ref?: string;
  /** Commit SHA (40 hex digits, or at least 8). */
  sha?: string;
}

export interface GeneratedLog {
  /** The whole final log. */
  text: string;
  /** JS string offsets (UTF-16) just after the `\n` that ends each physical line. */
  lineEnds: number[];
  /** Epoch ms at which each physical line was written; non-decreasing, within [startedAt, startedAt+durationMs]. */
  times: number[];
}

// ---------------------------------------------------------------------------------------------
// Escape sequences. Only SGR and erase-line, as a real runner writes (and as GitLab renders).

const ESC = '\x1b';
const RESET = `${ESC}[0;m`;
const EL = `${ESC}[0K`;
const HEAD = `${ESC}[36;1m`;
const GREEN = `${ESC}[32;1m`;
const RED = `${ESC}[31;1m`;
const YELLOW = `${ESC}[0;33m`;
// Colours as Node tools (picocolors/chalk) print them with FORCE_COLOR set in CI.
const c = {
  green: (s: string) => `${ESC}[32m${s}${ESC}[39m`,
  red: (s: string) => `${ESC}[31m${s}${ESC}[39m`,
  yellow: (s: string) => `${ESC}[33m${s}${ESC}[39m`,
  cyan: (s: string) => `${ESC}[36m${s}${ESC}[39m`,
  gray: (s: string) => `${ESC}[90m${s}${ESC}[39m`,
  dim: (s: string) => `${ESC}[2m${s}${ESC}[22m`,
  bold: (s: string) => `${ESC}[1m${s}${ESC}[22m`,
};

/**
 * Stands for "the unix seconds of this line" inside section markers. Line times are only known
 * once all lines exist (they are scaled to durationMs), so markers are filled in at assembly.
 */
const TS_SLOT = '\u0000';

// ---------------------------------------------------------------------------------------------
// Line writer: collects physical lines with a "cost" (ms since the previous line) and keeps the
// stack of open sections, so a canceled job can be cut anywhere and its sections closed.

interface StackNode {
  name: string;
  parent: StackNode | null;
}

interface Line {
  text: string;
  /** Estimated ms elapsed since the previous line; scaled to durationMs at the end. */
  cost: number;
  /** Stream number of the FF_TIMESTAMPS prefix. */
  stream: number;
  /** Written to stderr (`E` in the FF_TIMESTAMPS prefix). */
  err: boolean;
  /** Continues the previous physical line (`+` in the FF_TIMESTAMPS prefix). */
  cont: boolean;
  /** Sections open after this line. */
  stack: StackNode | null;
  /** Holds section markers whose TS_SLOT must be filled in (scanning every line would cost more). */
  marked: boolean;
}

class Writer {
  lines: Line[] = [];
  /** Small logs keep progress displays short (they become several lines with timestamps). */
  maxFrames = 1000;
  stack: StackNode | null = null;
  stream = 0;
  /** section_end markers waiting for the next line: the runner writes an end and the next start on one line. */
  private pending = '';

  constructor(readonly timestamps: boolean) {}

  line(text: string, cost = 0, err = false, marked = false): void {
    this.lines.push({
      text: this.pending + text,
      cost: Math.max(0, Math.round(cost)),
      stream: this.stream,
      err,
      cont: false,
      stack: this.stack,
      marked: marked || this.pending !== '',
    });
    this.pending = '';
  }
  blank(cost = 0): void {
    this.line('', cost);
  }
  /** The runner's own informational lines. */
  info(text: string, cost = 0): void {
    this.line(`${EL}${text}${RESET}`, cost);
  }
  green(text: string, cost = 0): void {
    this.line(`${GREEN}${text}${RESET}`, cost);
  }
  cmd(command: string, cost = 60): void {
    this.line(`${GREEN}$ ${command}${RESET}`, cost);
  }
  warn(text: string, cost = 0): void {
    this.line(`${YELLOW}${text}${RESET}`, cost, true);
  }
  error(text: string, cost = 0): void {
    this.line(`${RED}${text}${RESET}`, cost, true);
  }
  /** Lines that go to stderr uncoloured (npm warnings, stack traces). */
  stderr(text: string, cost = 0): void {
    this.line(text, cost, true);
  }

  /** A section the runner itself opens: cyan header, always preceded by erase-line. */
  runnerSection(name: string, header: string, collapsed: boolean, cost = 0): void {
    this.start(name, `${EL}${HEAD}${header}${RESET}${RESET}`, collapsed, cost, false);
  }

  /**
   * A section printed by the job's own script. As in GitLab's docs example
   * (`echo -e "\e[0Ksection_start:..."`), some scripts put an erase-line before the marker.
   */
  customSection(name: string, header: string, collapsed: boolean, leadingEL: boolean, cost = 0): void {
    this.start(name, header, collapsed, cost, leadingEL);
  }

  private start(name: string, header: string, collapsed: boolean, cost: number, leadingEL: boolean): void {
    const opts = collapsed ? '[collapsed=true]' : '';
    this.line(`${leadingEL ? EL : ''}section_start:${TS_SLOT}:${name}${opts}\r${EL}${header}`, cost, false, true);
    this.stack = { name, parent: this.stack };
    const last = this.lines[this.lines.length - 1];
    if (last) last.stack = this.stack;
  }

  end(name: string): void {
    if (this.stack?.name !== name) throw new Error(`log-gen: closing ${name} but ${this.stack?.name ?? 'nothing'} is open`);
    this.pending += `section_end:${TS_SLOT}:${name}\r${EL}`;
    this.stack = this.stack.parent;
  }

  /** Writes pending end markers on a line of their own (when nothing follows them). */
  flush(cost = 0): void {
    if (this.pending) this.line('', cost);
  }

  /**
   * A progress display redrawn with bare `\r`. With timestamps, the runner timestamps each flush
   * separately: the later parts become continuation lines (`+`), so a live view sees it advance.
   */
  progress(frames: string[], cost: number, err = false): void {
    if (frames.length > this.maxFrames) {
      const m = this.maxFrames;
      frames = Array.from({ length: m }, (_, k) => frames[Math.round((k * (frames.length - 1)) / (m - 1))]!);
    }
    if (!this.timestamps) {
      this.line(frames.join('\r'), cost, err);
      return;
    }
    const each = cost / frames.length;
    frames.forEach((f, i) => {
      this.line(i < frames.length - 1 ? `${f}\r` : f, each, err);
      if (i > 0) this.lines[this.lines.length - 1]!.cont = true;
    });
  }

  /** Drops every line after `index`; the open sections become those open after that line. */
  cutAfter(index: number): void {
    this.lines.length = index + 1;
    this.stack = this.lines[index]?.stack ?? null;
    this.pending = '';
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary for plausible file, class and test names.

const MODULES = [
  'cart', 'checkout', 'auth', 'user', 'order', 'payment', 'search', 'catalog', 'inventory', 'shipping',
  'invoice', 'notification', 'session', 'pricing', 'discount', 'review', 'wishlist', 'profile', 'admin',
  'report', 'locale', 'media', 'webhook', 'export', 'audit', 'tax', 'coupon', 'address', 'rating', 'feed',
] as const;
const LAYERS = [
  'service', 'controller', 'repository', 'store', 'utils', 'validator', 'mapper', 'api', 'hooks', 'model',
  'client', 'guard', 'policy', 'queue', 'view', 'form',
] as const;
const VERBS = [
  'returns', 'rejects', 'computes', 'renders', 'updates', 'creates', 'deletes', 'validates', 'parses',
  'formats', 'caches', 'retries', 'handles', 'emits', 'sorts', 'filters', 'merges', 'normalizes', 'ignores',
  'throws on', 'debounces', 'serialises', 'paginates', 'redirects',
] as const;
const OBJECTS = [
  'an empty cart', 'the total price', 'expired tokens', 'a missing user', 'invalid input', 'the default locale',
  'pagination links', 'a partial refund', 'duplicate items', 'unicode names', 'a 404 response',
  'concurrent updates', 'the session cookie', 'large payloads', 'null values', 'negative quantities',
  'a stale cache entry', 'the shipping estimate', 'rounding errors', 'an unknown currency', 'nested categories',
  'the audit trail', 'a revoked API key', 'a long search query',
] as const;
const QUALIFIERS = [
  '', '', '', ' when offline', ' for guests', ' with a coupon', ' after a retry', ' in strict mode',
  ' on first load', ' with the feature flag off', ' across time zones', ' for admins',
] as const;
const COMMIT_MESSAGES = [
  '修复购物车缓存失效的问题 (#482)',
  'feat(checkout): 支持分期付款',
  'fix: handle expired sessions gracefully',
  '✨ add wishlist sharing',
  'chore(deps): bump vite from 5.4.10 to 5.4.11',
  'refactor: extract pricing rules → PricingEngine',
  'カート画面のレイアウトを修正',
  'perf: cache catalog queries 🚀',
  'Merge branch \'feature/address-book\' into \'main\'',
  'docs: explain the release process',
] as const;
const PROJECTS = [
  'acme/webshop', 'acme/storefront', 'northwind/billing-api', 'initech/payments-service', 'globex/mobile-bff',
  'umbrella/design-system', 'hooli/search-ui', 'acme/platform/checkout',
] as const;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const pad = (s: string | number, n: number) => String(s).padEnd(n);
const lpad = (s: string | number, n: number) => String(s).padStart(n);

function testName(r: Rng): string {
  return `${r.pick(VERBS)} ${r.pick(OBJECTS)}${r.pick(QUALIFIERS)}`;
}

// ---------------------------------------------------------------------------------------------
// Job context.

type Kind = 'build' | 'test' | 'e2e' | 'lint' | 'deploy' | 'docker' | 'audit' | 'generic';
type Size = 'small' | 'normal' | 'huge';

interface Ctx {
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
}

function classify(jobName: string, stage: string): Kind {
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

function environmentOf(jobName: string): string {
  const n = jobName.toLowerCase();
  const after = jobName.includes(':') ? jobName.slice(jobName.indexOf(':') + 1).trim() : '';
  if (after) return after;
  if (n.includes('prod')) return 'production';
  if (n.includes('review')) return 'review/main';
  return 'staging';
}

/** Section names must match [a-zA-Z0-9_.-]+ (environments like "review/x" do not). */
const sectionName = (s: string) => s.replace(/[^a-zA-Z0-9_.-]+/g, '_') || 'section';

// ---------------------------------------------------------------------------------------------
// Shared script fragments.

function npmCi(x: Ctx): void {
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
function npmScriptFailed(x: Ctx, script: string, command: string, code = 1): void {
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

function commitInfo(x: Ctx): void {
  const { w, r } = x;
  w.cmd(`git log -1 --format='%h %an: %s'`);
  const who = r.pick(['Mia Schulz', '王伟', 'Jonas Berg', 'Aiko Tanaka', 'Priya Raman', 'Lucas Martín', 'Zoë Dubois']);
  w.line(`${x.short} ${who}: ${r.pick(COMMIT_MESSAGES)}`, r.int(20, 120));
}

// ---------------------------------------------------------------------------------------------
// Scripts per kind of job.

function scriptBuild(x: Ctx): void {
  const { w, r, size } = x;
  if (size !== 'small') commitInfo(x);
  npmCi(x);
  w.customSection('build_app', `${HEAD}Building ${x.projectName}${RESET}`, false, r.chance(0.5), 40);
  const verbose = size === 'huge';
  const tscCmd = verbose ? 'tsc -p tsconfig.build.json --listEmittedFiles' : 'tsc -p tsconfig.build.json';
  if (size === 'small') {
    w.cmd(`npx ${tscCmd} && npx vite build`);
  } else {
    w.cmd('npm run build');
    w.blank();
    w.line(`> ${x.projectName}@${x.version} build`, 400);
    w.line(`> ${tscCmd} && vite build`);
    w.blank();
  }
  if (verbose) {
    // A verbose build: tsc lists every emitted file (thousands of lines in a big repo).
    const n = r.int(3000, 7000);
    for (let i = 0; i < n; i++) {
      const mod = r.pick(MODULES);
      const ext = r.chance(0.5) ? 'js' : r.chance(0.6) ? 'd.ts' : 'js.map';
      w.line(`TSFILE: ${x.buildDir}/dist/${mod}/${r.pick(LAYERS)}/${mod}-${r.pick(LAYERS)}-${i}.${ext}`, r.int(0, 12));
    }
  }
  if (x.fail) {
    const errors = r.int(1, size === 'small' ? 1 : 4);
    for (let i = 0; i < errors; i++) {
      const mod = r.pick(MODULES);
      const file = `src/${mod}/${mod}.${r.pick(LAYERS)}.ts`;
      const msg = r.pick([
        `error TS2322: Type 'string | undefined' is not assignable to type 'string'.`,
        `error TS2339: Property 'totl' does not exist on type '${cap(mod)}'.`,
        `error TS2345: Argument of type 'number' is not assignable to parameter of type 'Money'.`,
        `error TS7006: Parameter 'item' implicitly has an 'any' type.`,
      ]);
      w.line(`${file}(${r.int(3, 400)},${r.int(1, 60)}): ${msg}`, i === 0 ? r.int(5000, 20000) : 10);
      if (msg.includes('undefined')) w.line(`  Type 'undefined' is not assignable to type 'string'.`);
    }
    npmScriptFailed(x, 'build', `${tscCmd} && vite build`, 2);
    w.end('build_app');
    return;
  }
  w.line(`${c.cyan('vite v5.4.11')} ${c.green('building for production...')}`, r.int(5000, 20000));
  const modules = r.int(400, 2600);
  const frames: string[] = [];
  for (let i = 1, n = r.int(4, 9); i <= n; i++) {
    const mod = r.pick(MODULES);
    frames.push(`transforming (${Math.round((modules * i) / (n + 1))}) src/${mod}/${mod}.${r.pick(LAYERS)}.ts`);
  }
  w.progress(frames, r.int(4000, 15000));
  w.line(`${c.green('✓')} ${modules} modules transformed.`);
  if (size !== 'small') {
    w.line('rendering chunks...', r.int(500, 3000));
    w.line('computing gzip size...', r.int(200, 900));
  }
  const chunks = size === 'small' ? 2 : r.int(5, verbose ? 60 : 18);
  w.line(`${c.dim('dist/')}${c.green('index.html')}${' '.repeat(30)}${c.bold(' 0.46 kB')}${c.dim(' │ gzip:  0.30 kB')}`);
  for (let i = 0; i < chunks; i++) {
    const name = i === 0 ? 'index' : i === 1 ? 'vendor' : r.pick(MODULES);
    const css = i > 0 && r.chance(0.2);
    const kb = (r.next() * (i === 1 ? 600 : 90) + 0.5).toFixed(2);
    const file = `${name}-${r.alnum(8)}.${css ? 'css' : 'js'}`;
    w.line(`${c.dim('dist/assets/')}${css ? c.yellow(file) : c.cyan(file)}${' '.repeat(Math.max(1, 30 - file.length))}${c.bold(lpad(kb, 8) + ' kB')}${c.dim(` │ gzip: ${lpad((Number(kb) / 3.2).toFixed(2), 7)} kB`)}`, r.int(0, 30));
  }
  if (size !== 'small' && r.chance(0.35)) {
    w.line(c.yellow('(!) Some chunks are larger than 500 kB after minification. Consider:'));
    w.line(c.yellow('- Using dynamic import() to code-split the application'));
    w.line(c.yellow('- Use build.rollupOptions.output.manualChunks to improve chunking: https://rollupjs.org/configuration-options/#output-manualchunks'));
  }
  w.line(`${c.green(`✓ built in ${(r.next() * 30 + 3).toFixed(2)}s`)}`, 100);
  w.end('build_app');
}

function scriptTest(x: Ctx): void {
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
    const tests = verbose
      ? Math.max(1, Math.round((testTarget / fileCount) * (0.3 + r.next() * 1.4)))
      : r.int(2, size === 'small' ? 6 : 40);
    files.push({ path, cls: `${cap(mod)}${cap(layer)}`, tests });
  }
  const failFile = x.fail ? r.int(0, fileCount - 1) : -1;
  let failTest = '';
  let failLine = 0;
  let passed = 0;
  let skipped = 0;
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
          w.line(`   ${c.red('×')} ${name} ${c.dim(`${r.int(3, 90)}ms`)}`, r.int(2, 80));
          w.line(`     ${c.red('→ expected 4150 to be 4200 // Object.is equality')}`);
        } else if (r.chance(0.01)) {
          skipped++;
          if (verbose) w.line(`   ${c.yellow('↓')} ${name} ${c.dim('[skipped]')}`, r.int(0, 5));
        } else {
          passed++;
          if (verbose) w.line(`   ${c.green('✓')} ${name} ${c.dim(`${r.int(0, 60)}ms`)}`, r.int(2, 60));
        }
      }
    } else {
      passed += f.tests;
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
    if (size !== 'small') {
      w.stderr(`    at processTicksAndRejections (node:internal/process/task_queues:95:5)`);
      w.stderr(`    at runTest (file://${x.buildDir}/node_modules/@vitest/runner/dist/index.js:781:11)`);
      w.blank();
      w.stderr(c.red(c.dim(`${'⎯'.repeat(52)}[1/1]⎯`)));
    }
    w.blank();
  }
  const nFiles = files.length;
  const filesLine = x.fail
    ? `${c.bold(c.red('1 failed'))}${c.dim(' | ')}${c.bold(c.green(`${nFiles - 1} passed`))}`
    : c.bold(c.green(`${nFiles} passed`));
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
  w.line(`${c.dim('   Duration ')} ${secs}s${c.gray(` (transform ${(r.next() * 3).toFixed(2)}s, setup 0ms, collect ${(r.next() * 9).toFixed(2)}s, tests ${(r.next() * 20).toFixed(2)}s, environment 2ms, prepare ${(r.next() * 4).toFixed(2)}s)`)}`);
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
      w.line(` ${pad(d, 18)}| ${lpad(pct(), 7)} | ${lpad(pct(), 8)} | ${lpad(pct(), 7)} | ${lpad(pct(), 7)} | ${r.chance(0.5) ? `${r.int(10, 90)}-${r.int(91, 200)}` : ''}`);
    }
    w.line(sep);
    w.end('coverage_report');
  }
  w.end('unit_tests');
}

function scriptE2e(x: Ctx): void {
  const { w, r, size } = x;
  npmCi(x);
  if (size !== 'small') {
    // The playwright image ships browsers, but projects pinning another version download their own.
    w.customSection('browsers', `${HEAD}Installing browsers${RESET}`, true, true, 40);
    w.cmd('npx playwright install --with-deps chromium');
    w.line('Downloading Chromium 131.0.6778.33 (playwright build v1148) from https://playwright.azureedge.net/builds/chromium/1148/chromium-linux.zip', r.int(300, 1200));
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

function scriptLint(x: Ctx): void {
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
    ['Prefer using an optional chain expression instead, as it\'s more concise and easier to read', '@typescript-eslint/prefer-optional-chain'],
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

function scriptDeploy(x: Ctx): void {
  const { w, r, size } = x;
  const host = `web-${r.int(1, 4)}.${sectionName(x.env).toLowerCase()}.internal`;
  const url = `https://${sectionName(x.env).toLowerCase().replace(/_/g, '-')}.${x.projectName}.example.com`;
  w.cmd('apk add --no-cache curl rsync openssh-client');
  w.line('fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/main/x86_64/APKINDEX.tar.gz', r.int(300, 1500));
  w.line('fetch https://dl-cdn.alpinelinux.org/alpine/v3.20/community/x86_64/APKINDEX.tar.gz', r.int(200, 900));
  if (size !== 'small') {
    const apk = ['ca-certificates (20240705-r0)', 'brotli-libs (1.1.0-r2)', 'c-ares (1.33.1-r0)', 'libunistring (1.2-r0)', 'libidn2 (2.3.7-r0)', 'nghttp2-libs (1.62.1-r0)', 'libpsl (0.21.5-r1)', 'libcurl (8.11.0-r2)', 'curl (8.11.0-r2)', 'openssh-client-common (9.7_p1-r4)', 'openssh-client-default (9.7_p1-r4)', 'lz4-libs (1.9.4-r5)', 'popt (1.19-r3)', 'rsync (3.3.0-r0)'];
    apk.forEach((p, i) => w.line(`(${i + 1}/${apk.length}) Installing ${p}`, r.int(20, 300)));
    w.line('Executing busybox-1.36.1-r29.trigger', 50);
    w.line('Executing ca-certificates-20240705-r0.trigger', 80);
  }
  w.line(`OK: ${r.int(12, 20)} MiB in ${r.int(20, 30)} packages`, 60);
  w.cmd('echo "Deploying $CI_COMMIT_SHORT_SHA to $CI_ENVIRONMENT_NAME"');
  w.line(`Deploying ${x.short} to ${x.env}`);
  const sec = `deploy_${sectionName(x.env)}`;
  w.customSection(sec, `${HEAD}Deploying to ${x.env}${RESET}`, false, true, 30);
  w.customSection('upload_release', 'Uploading release bundle', true, true, 20);
  const dest = `deploy@${host}:/srv/${x.projectName}/releases/${x.short}/`;
  if (size === 'huge') {
    w.cmd(`rsync -av --delete dist/ ${dest}`);
    w.line('sending incremental file list', r.int(500, 2000));
    const n = r.int(3000, 7000);
    for (let i = 0; i < n; i++) {
      const mod = r.pick(MODULES);
      const kind = r.pick(['assets/img', 'assets/js', 'assets/css', 'locales', 'assets/fonts']);
      const ext = kind === 'assets/img' ? 'webp' : kind === 'assets/js' ? 'js' : kind === 'assets/css' ? 'css' : kind === 'locales' ? 'json' : 'woff2';
      w.line(`${kind}/${mod}-${r.alnum(8)}-${i}.${ext}`, r.int(1, 25));
    }
    w.blank();
    const bytes = r.int(50_000_000, 900_000_000);
    w.line(`sent ${bytes.toLocaleString('en-US')} bytes  received ${r.int(10_000, 90_000).toLocaleString('en-US')} bytes  ${(bytes / r.int(20, 200)).toLocaleString('en-US', { maximumFractionDigits: 2 })} bytes/sec`, r.int(200, 1000));
    w.line(`total size is ${(bytes * 1.02).toLocaleString('en-US', { maximumFractionDigits: 0 })}  speedup is 1.02`);
  } else {
    w.cmd(`rsync -az --delete --info=progress2 dist/ ${dest}`);
    const total = r.int(8_000_000, 90_000_000);
    const frames: string[] = [];
    for (let p = 0; p <= 100; p += r.int(7, 20)) {
      frames.push(`${lpad(Math.round((total * p) / 100).toLocaleString('en-US'), 14)} ${lpad(p, 3)}%   ${(r.next() * 40 + 2).toFixed(2)}MB/s    0:00:${String(r.int(0, 9)).padStart(2, '0')}`);
    }
    frames.push(`${lpad(total.toLocaleString('en-US'), 14)} 100%   ${(r.next() * 40 + 2).toFixed(2)}MB/s    0:00:${String(r.int(3, 30)).padStart(2, '0')} (xfr#${r.int(40, 900)}, to-chk=0/${r.int(900, 1200)})`);
    w.progress(frames, r.int(3000, 20000));
  }
  w.end('upload_release');
  w.cmd(`ssh deploy@${host} "ln -sfn /srv/${x.projectName}/releases/${x.short} /srv/${x.projectName}/current && sudo systemctl reload nginx"`);
  w.stderr(`Warning: Permanently added '${host}' (ED25519) to the list of known hosts.`, r.int(500, 2000));
  w.customSection('healthcheck', 'Health check', false, false, 30);
  w.cmd(`./scripts/healthcheck.sh ${url}/healthz`);
  if (x.fail) {
    const attempts = r.int(3, 5);
    for (let i = 1; i <= attempts; i++) {
      w.line(`→ GET ${url}/healthz … ${c.red('502 Bad Gateway')} (attempt ${i}/${attempts})`, r.int(2000, 6000));
    }
    w.stderr(c.red(`✗ health check failed after ${attempts} attempts`), 50);
    w.line('Rolling back to the previous release…', 100);
    w.line(`→ current -> /srv/${x.projectName}/releases/${r.hex(8)}`, r.int(500, 2000));
    w.end('healthcheck');
    w.end(sec);
    return;
  }
  w.line(`→ GET ${url}/healthz … ${c.green('200 OK')} (${r.int(40, 400)} ms)`, r.int(1000, 4000));
  w.line(c.green('✓ healthy after 1 attempt(s)'));
  w.end('healthcheck');
  w.end(sec);
  w.line(`🚀 Deployed ${x.projectName}@${x.short} to ${x.env} — ${url}`, 20);
}

/** `docker build --progress=plain`: BuildKit's numbered step output. */
function dockerBuildPlain(x: Ctx, image: string): void {
  const { w, r, size } = x;
  let step = 0;
  const bk = (lines: string[], cost: number) => {
    step++;
    lines.forEach((l, i) => w.line(`#${step} ${l}`, i === lines.length - 1 ? cost : r.int(0, 40)));
    w.blank();
  };
  w.line('#0 building with "default" instance using docker driver', r.int(200, 800));
  w.blank();
  bk(['[internal] load build definition from Dockerfile', `transferring dockerfile: ${r.int(300, 1500)}B done`, 'DONE 0.0s'], 30);
  bk(['[internal] load metadata for docker.io/library/node:20-alpine', `DONE ${(r.next() * 2 + 0.3).toFixed(1)}s`], r.int(300, 2000));
  bk(['[internal] load .dockerignore', 'transferring context: 2B done', 'DONE 0.0s'], 20);
  bk([`[build 1/6] FROM docker.io/library/node:20-alpine@sha256:${r.hex(64)}`, `resolve docker.io/library/node:20-alpine@sha256:${r.hex(64)} done`, 'DONE 0.0s'], 100);
  bk(['[internal] load build context', `transferring context: ${(r.next() * 20 + 1).toFixed(2)}MB ${(r.next() * 2).toFixed(1)}s done`, 'DONE 0.9s'], r.int(500, 2000));
  bk(['[build 2/6] WORKDIR /app', 'DONE 0.1s'], 100);
  bk(['[build 3/6] COPY package.json package-lock.json ./', 'DONE 0.1s'], 100);
  const pkgs = r.int(600, 1900);
  bk(['[build 4/6] RUN npm ci', `${(r.next() * 20 + 5).toFixed(3)} added ${pkgs} packages, and audited ${pkgs + 1} packages in ${r.int(9, 40)}s`, `DONE ${r.int(10, 45)}.${r.int(0, 9)}s`], r.int(10000, 45000));
  bk(['[build 5/6] COPY . .', 'DONE 0.3s'], 300);
  step++;
  const buildStep = step;
  w.line(`#${buildStep} [build 6/6] RUN npm run build`, 50);
  const t0 = r.next() * 2 + 0.4;
  let t = t0;
  const out = (s: string, cost: number) => {
    t += r.next() * 0.05;
    w.line(`#${buildStep} ${t.toFixed(3)} ${s}`, cost);
  };
  out('', 10);
  out(`> ${x.projectName}@${x.version} build`, 10);
  out('> vite build', 10);
  out('', 10);
  out('vite v5.4.11 building for production...', r.int(1000, 4000));
  if (size === 'huge') {
    const n = r.int(3000, 7000);
    for (let i = 0; i < n; i++) {
      const mod = r.pick(MODULES);
      out(`[vite] transformed src/${mod}/${mod}.${r.pick(LAYERS)}.ts`, r.int(1, 12));
    }
  }
  if (x.fail) {
    out(`x Build failed in ${(r.next() * 9 + 1).toFixed(2)}s`, r.int(3000, 10000));
    const mod = r.pick(MODULES);
    out(`error during build:`, 10);
    out(`[vite:esbuild] Transform failed with 1 error:`, 10);
    out(`${x.buildDir.replace(/^.*\//, '/app/')}/src/${mod}/${mod}.service.ts:${r.int(10, 200)}:${r.int(1, 40)}: ERROR: Expected ";" but found ")"`, 10);
    w.line(`#${buildStep} ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1`, 50, true);
    w.line('------', 0, true);
    w.line(' > [build 6/6] RUN npm run build:', 0, true);
    w.line('------', 0, true);
    w.line('Dockerfile:14', 0, true);
    w.line('--------------------', 0, true);
    w.line('  13 |     COPY . .', 0, true);
    w.line('  14 | >>> RUN npm run build', 0, true);
    w.line('  15 |     ', 0, true);
    w.line('--------------------', 0, true);
    w.line('ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1', 0, true);
    w.end('docker_build');
    w.end('release_image');
    return;
  }
  out(`✓ ${r.int(400, 2600)} modules transformed.`, r.int(3000, 12000));
  out(`✓ built in ${(r.next() * 20 + 3).toFixed(2)}s`, 200);
  w.line(`#${buildStep} DONE ${(t + r.next() * 10).toFixed(1)}s`, 50);
  w.blank();
  const digest = r.hex(64);
  bk(['exporting to image', `exporting layers ${(r.next() * 4 + 0.5).toFixed(1)}s done`, `writing image sha256:${digest} done`, `naming to ${image}:${x.short} done`, `DONE ${(r.next() * 4 + 0.6).toFixed(1)}s`], r.int(1000, 5000));
}

function scriptDocker(x: Ctx): void {
  const { w, r, size } = x;
  const image = `${x.registry}/${x.projectPath}`;
  w.cmd('docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" "$CI_REGISTRY"');
  w.stderr('WARNING! Using --password via the CLI is insecure. Use --password-stdin.', r.int(300, 1500));
  if (size !== 'small') {
    w.stderr('WARNING! Your password will be stored unencrypted in /root/.docker/config.json.');
    w.stderr('Configure a credential helper to remove this warning. See');
    w.stderr('https://docs.docker.com/engine/reference/commandline/login/#credential-stores');
    w.blank();
  }
  w.line('Login Succeeded', 100);
  w.customSection('release_image', `${HEAD}Building and pushing the image${RESET}`, false, true, 20);
  w.customSection('docker_build', 'docker build', true, true, 20);
  if (size === 'small') {
    // A quiet build prints only the image id (or the error).
    w.cmd(`docker build --quiet -t "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA" .`);
    if (x.fail) {
      w.stderr('ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1', r.int(10000, 60000));
      w.end('docker_build');
      w.end('release_image');
      return;
    }
    w.line(`sha256:${r.hex(64)}`, r.int(10000, 60000));
  } else {
    w.cmd(`docker build --pull --progress=plain -t "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA" .`);
    dockerBuildPlain(x, image);
    if (x.fail) return;
  }
  w.end('docker_build');
  w.customSection('docker_push', 'docker push', true, true, 20);
  w.cmd(`docker push "$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA"`);
  w.line(`The push refers to repository [${image}]`, r.int(300, 1500));
  const layers = Array.from({ length: size === 'small' ? 2 : r.int(5, 9) }, () => r.hex(12));
  if (size !== 'small') for (const l of layers) w.line(`${l}: Preparing`, r.int(0, 30));
  for (const l of layers) {
    if (r.chance(0.4)) {
      w.line(`${l}: Layer already exists`, r.int(100, 600));
      continue;
    }
    const mb = r.next() * 80 + 1;
    const frames: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const done = Math.round((50 * p) / 5);
      frames.push(`${l}: Pushing [${'='.repeat(Math.max(0, done - 1))}>${' '.repeat(50 - done)}]  ${((mb * p) / 5).toFixed(1)}MB/${mb.toFixed(1)}MB`);
    }
    w.progress(frames, r.int(500, 6000));
    w.line(`${l}: Pushed`, 50);
  }
  w.line(`${x.short}: digest: sha256:${r.hex(64)} size: ${r.int(1200, 2900)}`, r.int(300, 1500));
  w.end('docker_push');
  w.end('release_image');
}

function scriptAudit(x: Ctx): void {
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
    const lic: [string, number][] = [['MIT', r.int(500, 1200)], ['ISC', r.int(40, 120)], ['Apache-2.0', r.int(20, 80)], ['BSD-3-Clause', r.int(5, 30)], ['BSD-2-Clause', r.int(5, 30)], ['0BSD', r.int(1, 3)]];
    lic.forEach(([l, n], i) => w.line(`${i === lic.length - 1 ? '└─' : '├─'} ${l}: ${n}`, i === 0 ? r.int(1000, 4000) : 5));
    w.blank();
  }
  w.end('dependency_checks');
}

function scriptGeneric(x: Ctx): void {
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

// ---------------------------------------------------------------------------------------------
// The runner's frame around the script.

interface Artifacts {
  /** Paths listed on success, with their "found N" count. */
  paths: [string, number][];
  reports: [string, string][];
  /** Uploaded on failure too (artifacts:when: always). */
  always: boolean;
}

function artifactsFor(x: Ctx): Artifacts | null {
  const { r } = x;
  switch (x.kind) {
    case 'build':
      return { paths: [['dist/', r.int(20, 400)]], reports: [], always: false };
    case 'test':
      return {
        paths: [['coverage/', r.int(30, 300)]],
        reports: [['junit.xml', 'junit'], ['coverage/cobertura-coverage.xml', 'coverage_report']],
        always: true,
      };
    case 'e2e':
      return { paths: [['playwright-report/', r.int(10, 90)], ['test-results/', r.int(1, 40)]], reports: [], always: true };
    case 'lint':
      return { paths: [], reports: [['gl-codequality.json', 'codequality']], always: true };
    case 'audit':
      return { paths: [], reports: [['gl-dependency-scanning-report.json', 'dependency_scanning']], always: true };
    case 'generic':
      return r.chance(0.5) ? { paths: [['public/', r.int(5, 200)]], reports: [], always: false } : null;
    default:
      return null;
  }
}

function uploadArtifacts(x: Ctx, a: Artifacts, failed: boolean): void {
  const { w, r } = x;
  const name = failed ? 'upload_artifacts_on_failure' : 'upload_artifacts_on_success';
  w.runnerSection(name, failed ? 'Uploading artifacts for failed job' : 'Uploading artifacts for successful job', false, r.int(200, 800));
  const uploaded = (type: string, gzip: boolean) =>
    w.info(
      `Uploading artifacts as "${type}" to coordinator... 201 Created${RESET}  correlation_id${RESET}=${r.alnum(26).toUpperCase()} id${RESET}=${x.spec.jobId} responseStatus${RESET}=201 Created token${RESET}=glcbt-${r.hex(2)}${gzip ? ` format${RESET}=gzip` : ''}`,
      r.int(300, 3000),
    );
  // The runner uploads each artifacts entry in turn: plain paths as one "archive", then each report.
  const paths = a.paths.filter(([p]) => !(failed && p === 'dist/'));
  if (paths.length && x.size !== 'small') {
    w.green('Uploading artifacts...', 50);
    for (const [p, n] of paths) w.info(`${p}: found ${failed ? Math.ceil(n / 3) : n} matching artifact files and directories`, r.int(10, 300));
    uploaded('archive', false);
  }
  const reports = x.size === 'small' ? a.reports.slice(0, 1) : a.reports;
  for (const [file, type] of reports) {
    w.green('Uploading artifacts...', 20);
    if (failed && file.includes('coverage')) {
      // What the runner prints when a listed artifact was never written.
      w.warn(`WARNING: ${file}: no matching files. Ensure that the artifact path is relative to the working directory (${x.buildDir})`, 30);
      w.error('ERROR: No files to upload                         ', 5);
      continue;
    }
    w.info(`${file}: found 1 matching artifact files and directories`, r.int(10, 200));
    uploaded(type, true);
  }
  if (x.size === 'small' && !reports.length && paths.length) {
    w.green('Uploading artifacts...', 50);
    const [p, n] = paths[0]!;
    w.info(`${p}: found ${n} matching artifact files and directories`, r.int(10, 300));
    uploaded('archive', false);
  }
  w.end(name);
}

function usesNode(kind: Kind): boolean {
  return kind !== 'docker' && kind !== 'deploy';
}

function imageFor(kind: Kind, r: Rng): string {
  if (kind === 'docker') return 'docker:27.3';
  if (kind === 'deploy') return 'alpine:3.20';
  if (kind === 'e2e') return 'mcr.microsoft.com/playwright:v1.49.0-noble';
  return r.pick(['node:20', 'node:20', 'node:20-alpine', 'node:20.18-bookworm-slim']);
}

function pullImage(x: Ctx, image: string, service: boolean): void {
  const { w, r } = x;
  const repo = image.replace(/:.*$/, '').replace(/^.*\//, '');
  if (service) w.info(`Starting service ${image} ...`, r.int(50, 300));
  w.info(`Pulling docker image ${image} ...`, r.int(50, 300));
  w.info(`Using docker image sha256:${r.hex(64)} for ${image} with digest ${repo}@sha256:${r.hex(64)} ...`, r.int(1500, 20000));
}

/** Verbose test-runner output until the log has `lines` lines: sections of 1,000, every 7th line coloured. */
function padWithVerboseOutput(x: Ctx, lines: number): void {
  const { w, r } = x;
  for (let part = 1; w.lines.length < lines; part++) {
    w.customSection(`verbose_${part}`, `${HEAD}Verbose output, part ${part}${RESET}`, true, false, r.int(50, 300));
    for (let i = 0; i < 1000 && w.lines.length < lines; i++) {
      const mod = r.pick(MODULES);
      const file = `${x.buildDir}/src/${mod}/${mod}.${r.pick(LAYERS)}.test.ts`;
      w.line(i % 7 === 0 ? `${c.green('✓')} ${file} › ${testName(r)} ${c.dim(`(${r.int(1, 900)} ms)`)}` : `  debug ${mod}: ${testName(r)} took ${r.int(1, 900)} ms`, r.int(1, 40));
    }
    w.end(`verbose_${part}`);
  }
}

function runJob(x: Ctx): void {
  const { w, r, spec, kind, size } = x;
  const canceled = spec.outcome === 'canceled';

  // Header.
  const runner = r.pick([
    ['17.3.1', '66a723c3'],
    ['17.5.2', 'c6eae8d7'],
    ['17.6.0', '374d34fd'],
    ['17.7.0', '3153ccc6'],
  ] as const);
  const saas = (spec.runnerDescription ?? '').includes('saas');
  const description =
    spec.runnerDescription ?? r.pick(['docker-runner-1', 'docker-runner-2', 'ci-runner-eu-west-3', 'k8s-build-pool']);
  const token = r.alnum(8);
  w.info(`Running with gitlab-runner ${runner[0]} (${runner[1]})`);
  w.info(`  on ${description} ${token}, system ID: s_${r.hex(12)}`, r.int(0, 40));
  if (w.timestamps) w.info('  feature flags: FF_TIMESTAMPS:true', 1);

  // prepare_executor
  const executor = saas ? 'docker+machine' : 'docker';
  w.runnerSection('prepare_executor', `Preparing the "${executor}" executor`, true, r.int(100, 600));
  w.info(`Using Docker executor with image ${x.image} ...`, r.int(20, 200));
  if (kind === 'docker') {
    pullImage(x, 'docker:27.3-dind', true);
    w.info('Waiting for services to be up and running (timeout 30 seconds)...', r.int(100, 400));
  }
  if (size !== 'small' && r.chance(0.3)) w.info('Authenticating with credentials from job payload (GitLab Registry)', r.int(50, 200));
  pullImage(x, x.image, false);
  w.end('prepare_executor');

  // prepare_script
  w.runnerSection('prepare_script', 'Preparing environment', true, r.int(200, 1500));
  w.line(
    `Running on runner-${token.toLowerCase()}-project-${x.projectId}-concurrent-${r.int(0, 3)} via ${saas ? `runner-${token.toLowerCase()}-s-l-s-amd64-${Math.floor(spec.startedAt / 1000) - r.int(60, 3000)}-${r.hex(8)}` : `${description}.internal`}...`,
    r.int(300, 2000),
  );
  w.end('prepare_script');

  // get_sources
  w.runnerSection('get_sources', 'Getting source from Git repository', true, r.int(100, 600));
  const fresh = r.chance(0.6);
  if (size !== 'small' && r.chance(0.5)) w.green(`Gitaly correlation ID: ${r.alnum(26).toUpperCase()}`, r.int(100, 600));
  w.green('Fetching changes with git depth set to 20...', r.int(50, 200));
  if (fresh) {
    w.line(`Initialized empty Git repository in ${x.buildDir}/.git/`, r.int(200, 1500));
    w.green('Created fresh repository.', r.int(500, 4000));
  } else {
    w.line(`Reinitialized existing Git repository in ${x.buildDir}/.git/`, r.int(200, 800));
    if (size !== 'small') {
      w.line(` * [new ref]         ${x.sha.slice(0, 40)} -> refs/pipelines/${r.int(100000, 999999)}`, r.int(500, 3000));
      w.line(`   ${r.hex(8)}..${x.short}  ${x.ref}       -> origin/${x.ref}`, r.int(10, 100));
    }
  }
  w.green(`Checking out ${x.short} as detached HEAD (ref is ${x.ref})...`, r.int(200, 2000));
  if (!fresh && size !== 'small') {
    w.line('Removing node_modules/', r.int(100, 1200));
    if (r.chance(0.5)) w.line('Removing coverage/', r.int(10, 200));
  }
  w.blank();
  w.green('Skipping Git submodules setup', r.int(10, 100));
  w.end('get_sources');

  // restore_cache
  const cacheKey = `${usesNode(kind) ? 'node-modules' : 'default'}-${r.hex(16)}-${r.pick(['protected', 'non_protected'])}`;
  const hasCache = usesNode(kind) && size !== 'small' && r.chance(0.8);
  const cachePolicyPush = hasCache && r.chance(0.7);
  if (hasCache) {
    w.runnerSection('restore_cache', 'Restoring cache', false, r.int(100, 500));
    w.green(`Checking cache for ${cacheKey}...`, r.int(50, 300));
    if (r.chance(0.75)) {
      w.info(
        `Downloading cache from https://storage.googleapis.com/gitlab-com-runners-cache/project/${x.projectId}/${cacheKey}${RESET}  ETag${RESET}="${r.hex(32)}"`,
        r.int(1000, 12000),
      );
      w.green('Successfully extracted cache', r.int(1000, 9000));
    } else {
      w.warn('WARNING: file does not exist                       ', r.int(200, 900));
      w.error('Failed to extract cache', 10);
    }
    w.end('restore_cache');
  }

  // download_artifacts: jobs in later stages get their predecessors' artifacts.
  const firstStages = ['build', '.pre', 'prepare', 'install', 'setup', 'lint'];
  // Small jobs stand for jobs with `dependencies: []`, which download nothing.
  if (!firstStages.includes(spec.stage.toLowerCase()) && kind !== 'lint' && size !== 'small') {
    w.runnerSection('download_artifacts', 'Downloading artifacts', false, r.int(100, 500));
    const deps = kind === 'deploy' || kind === 'docker' ? ['build', 'test:unit'] : ['build'];
    for (const d of deps) {
      const id = Math.max(1, spec.jobId - r.int(1, 40));
      w.green(`Downloading artifacts for ${d} (${id})...`, r.int(50, 300));
      w.info(
        `Downloading artifacts from coordinator... ok        ${RESET}  correlation_id${RESET}=${r.alnum(26).toUpperCase()} host${RESET}=storage.googleapis.com id${RESET}=${id} responseStatus${RESET}=200 OK token${RESET}=glcbt-${r.hex(2)}`,
        r.int(500, 5000),
      );
    }
    w.end('download_artifacts');
  }

  // step_script
  w.runnerSection('step_script', 'Executing "step_script" stage of the job script', false, r.int(200, 800));
  w.stream = 1;
  w.info(`Using docker image sha256:${r.hex(64)} for ${x.image} with digest ${x.image.replace(/:.*$/, '').replace(/^.*\//, '')}@sha256:${r.hex(64)} ...`, r.int(300, 2000));
  const scriptStart = w.lines.length;
  if (usesNode(kind) && size !== 'small') {
    w.cmd('node --version && npm --version');
    w.line(`v20.${r.int(15, 18)}.${r.int(0, 3)}`, r.int(50, 300));
    w.line(`10.${r.int(5, 9)}.${r.int(0, 2)}`, r.int(50, 300));
  }
  if (spec.lines) padWithVerboseOutput(x, spec.lines);
  ({ build: scriptBuild, test: scriptTest, e2e: scriptE2e, lint: scriptLint, deploy: scriptDeploy, docker: scriptDocker, audit: scriptAudit, generic: scriptGeneric } as const)[kind](x);

  if (canceled) {
    // Cut the script somewhere in the middle; the runner then closes what is open and reports.
    const last = w.lines.length - 1;
    const from = Math.min(last, scriptStart + 1);
    const cut = from + Math.floor((last - from) * (0.3 + r.next() * 0.6));
    w.cutAfter(cut);
    const big = Math.max(1000, ...w.lines.slice(-20).map((l) => l.cost));
    w.stream = 0;
    while (w.stack) w.end(w.stack.name);
    if (r.chance(0.7)) w.error('ERROR: Job failed: canceled', big);
    else w.flush(big);
    return;
  }

  w.end('step_script');
  w.stream = 0;

  // after_script
  if (r.chance(x.fail ? 0.5 : 0.25) && size !== 'small') {
    w.runnerSection('after_script', 'Running after_script', false, r.int(300, 1500));
    w.stream = 2;
    w.green('Running after script...', r.int(50, 200));
    w.cmd(r.pick(['echo "Job finished with status $CI_JOB_STATUS"', 'docker compose down --volumes || true', 'rm -rf .cache/tmp']));
    if (x.kind !== 'docker') w.line(`Job finished with status ${x.fail ? 'failed' : 'success'}`, r.int(20, 200));
    w.stream = 0;
    w.end('after_script');
  }

  // archive_cache: default cache policy saves on success only.
  if (hasCache && !x.fail) {
    w.runnerSection('archive_cache', 'Saving cache for successful job', false, r.int(200, 800));
    if (cachePolicyPush) {
      w.green(`Creating cache ${cacheKey}...`, r.int(50, 200));
      w.info(`node_modules/: found ${r.int(8000, 60000)} matching artifact files and directories`, r.int(2000, 10000));
      w.info(`.npm/: found ${r.int(1000, 9000)} matching artifact files and directories`, r.int(300, 3000));
      w.info(`Uploading cache.zip to https://storage.googleapis.com/gitlab-com-runners-cache/project/${x.projectId}/${cacheKey}`, r.int(2000, 15000));
      w.green('Created cache', r.int(100, 600));
    } else {
      w.green(`Not uploading cache ${cacheKey} due to policy`, r.int(50, 200));
    }
    w.end('archive_cache');
  }

  const a = artifactsFor(x);
  if (a && (!x.fail || a.always)) uploadArtifacts(x, a, x.fail);

  w.runnerSection('cleanup_file_variables', 'Cleaning up project directory and file based variables', false, r.int(200, 1500));
  w.end('cleanup_file_variables');
  if (x.fail) w.error('ERROR: Job failed: exit code 1', r.int(300, 1500));
  else w.green('Job succeeded', r.int(300, 1500));
}

// ---------------------------------------------------------------------------------------------
// Assembly: scale line costs to the job's duration, fill in marker times, add prefixes.

/** `2024-11-12T09:31:54.628123Z`; caches the per-second part (Date formatting dominates otherwise). */
class IsoClock {
  private sec = NaN;
  private head = '';
  format(ms: number, micros: number): string {
    const sec = Math.floor(ms / 1000);
    if (sec !== this.sec) {
      this.sec = sec;
      this.head = new Date(sec * 1000).toISOString().slice(0, 20); // 2024-11-12T09:31:54.
    }
    const frac = (ms - sec * 1000) * 1000 + micros;
    return `${this.head}${String(frac).padStart(6, '0')}Z`;
  }
}

function assemble(lines: Line[], spec: LogSpec, r: Rng): GeneratedLog {
  const n = lines.length;
  const start = spec.startedAt;
  const duration = Math.max(0, spec.durationMs);
  if (lines[0]) lines[0].cost = 0; // the first line is written when the job starts
  let total = 0;
  for (const l of lines) total += l.cost;

  const times: number[] = new Array(n);
  const lineEnds: number[] = new Array(n);
  const parts: string[] = new Array(n);
  let cum = 0;
  let off = 0;
  let prevMs = -1;
  let prevMicros = 0;
  const clock = new IsoClock();
  for (let i = 0; i < n; i++) {
    const l = lines[i]!;
    cum += l.cost;
    // cum reaches exactly `total` on the last line, so it lands exactly on startedAt + durationMs.
    const t = total > 0 ? start + Math.round((cum / total) * duration) : i === n - 1 ? start + duration : start;
    times[i] = t;
    let text = l.text;
    if (l.marked) text = text.split(TS_SLOT).join(String(Math.floor(t / 1000)));
    if (spec.timestamps) {
      // Sub-millisecond digits are noise, but must not go backwards within one millisecond.
      let micros = r.int(0, 999);
      if (t === prevMs && micros < prevMicros) micros = Math.min(999, prevMicros + r.int(0, 5));
      prevMs = t;
      prevMicros = micros;
      const stream = l.stream.toString(16).padStart(2, '0');
      text = `${clock.format(t, micros)} ${stream}${l.err ? 'E' : 'O'}${l.cont ? '+' : ' '}${text}`;
    }
    text += '\n';
    parts[i] = text;
    off += text.length;
    lineEnds[i] = off;
  }
  return { text: parts.join(''), lineEnds, times };
}

// ---------------------------------------------------------------------------------------------
// Public API.

/** Generates the complete log of a job, deterministically from its spec. */
export function generateJobLog(spec: LogSpec): GeneratedLog {
  const r = new Rng(hashSeed(spec.seed, spec.jobId));
  // Project identity depends on the world seed only, so jobs of a world agree unless told otherwise.
  const world = new Rng(hashSeed(spec.seed, 0x51a7));
  const projectPath = spec.projectPath ?? world.pick(PROJECTS);
  const projectId = spec.projectId ?? world.int(100, 60000);
  const sha = (spec.sha ?? r.hex(40)).toLowerCase();
  const kind = classify(spec.jobName, spec.stage);
  const size: Size = spec.size ?? 'normal';
  const w = new Writer(spec.timestamps === true);
  if (size === 'small') w.maxFrames = 3;
  const x: Ctx = {
    r,
    w,
    spec,
    kind,
    size,
    fail: spec.outcome === 'failed',
    sha,
    short: sha.slice(0, 8),
    ref: spec.ref ?? 'main',
    projectPath,
    projectId,
    projectName: projectPath.replace(/^.*\//, ''),
    buildDir: `/builds/${projectPath}`,
    version: `${world.int(0, 4)}.${world.int(0, 30)}.${world.int(0, 12)}`,
    image: imageFor(kind, r),
    env: environmentOf(spec.jobName),
    registry: 'registry.gitlab.com',
  };
  runJob(x);
  return assemble(w.lines, spec, r);
}

/**
 * The part of the log visible at time `now` while the job runs: all whole lines whose time is
 * <= now. Lines are atomic, so neither a line nor an escape sequence is ever cut in half.
 * Binary search + one slice: cheap even for huge logs polled often.
 */
export function visibleLog(log: GeneratedLog, now: number): string {
  const { times, lineEnds, text } = log;
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! <= now) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return '';
  if (lo === times.length) return text;
  return text.slice(0, lineEnds[lo - 1]);
}
