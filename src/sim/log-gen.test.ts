import { describe, expect, it } from 'vitest';
import { generateJobLog, visibleLog, type GeneratedLog, type LogSpec } from './log-gen.js';

const START = Date.UTC(2024, 10, 12, 9, 31, 54, 0);
const JOBS: [string, string][] = [
  ['build', 'build'],
  ['test:unit', 'test'],
  ['test:e2e', 'test'],
  ['lint', 'test'],
  ['deploy:production', 'deploy'],
  ['docker:build', 'build'],
  ['dependency_audit', 'test'],
  ['pages', 'deploy'],
];
const OUTCOMES = ['success', 'failed', 'canceled'] as const;
const SIZES = ['small', 'normal', 'huge'] as const;
const RUNNER_ORDER = [
  'prepare_executor',
  'prepare_script',
  'get_sources',
  'restore_cache',
  'download_artifacts',
  'step_script',
  'after_script',
  'archive_cache',
  'upload_artifacts_on_success',
  'upload_artifacts_on_failure',
  'cleanup_file_variables',
];

function spec(over: Partial<LogSpec> = {}): LogSpec {
  return {
    seed: 42,
    jobId: 1001,
    jobName: 'test:unit',
    stage: 'test',
    outcome: 'success',
    startedAt: START,
    durationMs: 4 * 60_000 + 17_345,
    ...over,
  };
}

/** Every combination of job kind, outcome, size and timestamps, with its generated log. */
const ALL: { s: LogSpec; log: GeneratedLog }[] = [];
for (const [jobName, stage] of JOBS)
  for (const outcome of OUTCOMES)
    for (const size of SIZES)
      for (const timestamps of [false, true]) {
        const s = spec({ jobName, stage, outcome, size, timestamps, jobId: 2000 + ALL.length });
        ALL.push({ s, log: generateJobLog(s) });
      }
const label = (s: LogSpec) => `${s.jobName}/${s.outcome}/${s.size}${s.timestamps ? '/ts' : ''}`;

const TS_PREFIX = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z [0-9a-f]{2}[OE][ +]/;
const SGR = /\x1b\[[0-9;]*m/g;

function physicalLines(log: GeneratedLog): string[] {
  const out: string[] = [];
  let from = 0;
  for (const end of log.lineEnds) {
    out.push(log.text.slice(from, end - 1));
    from = end;
  }
  return out;
}

/** Line content without the FF_TIMESTAMPS prefix. */
function contentLines(log: GeneratedLog, timestamps: boolean | undefined): string[] {
  return physicalLines(log).map((l) => (timestamps ? l.slice(32) : l));
}

interface Marker {
  kind: 'start' | 'end';
  ts: number;
  name: string;
  opts: string;
  line: number;
}

function markers(lines: string[]): Marker[] {
  const re = /section_(start|end):(\d+):([^\r[]*)(\[[^\]\r]*\])?\r\x1b\[0K/g;
  const out: Marker[] = [];
  lines.forEach((l, i) => {
    for (const m of l.matchAll(re)) {
      out.push({ kind: m[1] as 'start' | 'end', ts: Number(m[2]), name: m[3]!, opts: m[4] ?? '', line: i });
    }
  });
  return out;
}

/** Checks nesting; returns the maximum depth reached. */
function checkNesting(ms: Marker[]): number {
  const stack: string[] = [];
  let max = 0;
  for (const m of ms) {
    if (m.kind === 'start') {
      stack.push(m.name);
      max = Math.max(max, stack.length);
    } else {
      expect(stack.pop(), `end of ${m.name}`).toBe(m.name);
    }
  }
  expect(stack).toEqual([]);
  return max;
}

describe('generateJobLog', () => {
  it('is deterministic for one spec and differs between jobs', () => {
    for (const size of SIZES) {
      const a = generateJobLog(spec({ size, timestamps: true }));
      const b = generateJobLog(spec({ size, timestamps: true }));
      expect(b).toEqual(a);
      const other = generateJobLog(spec({ size, timestamps: true, jobId: 1002 }));
      expect(other.text).not.toBe(a.text);
      const otherSeed = generateJobLog(spec({ size, timestamps: true, seed: 43 }));
      expect(otherSeed.text).not.toBe(a.text);
    }
  });

  it('keeps lineEnds consistent with the text', () => {
    for (const { s, log } of ALL) {
      const n = log.lineEnds.length;
      expect(log.times.length, label(s)).toBe(n);
      expect(log.lineEnds[n - 1], label(s)).toBe(log.text.length);
      // Exactly one \n per physical line, at its end.
      expect(log.text.split('\n').length - 1, label(s)).toBe(n);
      // (Plain loops, one expect: vitest's expect is too slow to call per line of a huge log.)
      let prev = 0;
      let bad = -1;
      log.lineEnds.forEach((end, i) => {
        if (bad < 0 && (end <= prev || log.text[end - 1] !== '\n')) bad = i;
        prev = end;
      });
      expect(bad, label(s)).toBe(-1);
    }
  });

  it('spreads non-decreasing line times over exactly [startedAt, startedAt + durationMs]', () => {
    for (const { s, log } of ALL) {
      const { times } = log;
      expect(times[0], label(s)).toBe(s.startedAt);
      expect(times[times.length - 1], label(s)).toBe(s.startedAt + s.durationMs);
      expect(
        times.findIndex((t, i) => i > 0 && t < times[i - 1]!),
        label(s),
      ).toBe(-1);
    }
    // Not all at once: a real job shows gaps while commands run.
    const { times } = generateJobLog(spec({ size: 'normal' }));
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.max(...gaps)).toBeGreaterThan(5_000);
    expect(new Set(times).size).toBeGreaterThan(times.length / 2);
  });

  it('copes with a zero duration', () => {
    const log = generateJobLog(spec({ durationMs: 0 }));
    expect(log.times.every((t) => t === START)).toBe(true);
  });

  it('writes balanced, properly nested sections with valid names and consistent times', () => {
    for (const { s, log } of ALL) {
      const lines = contentLines(log, s.timestamps);
      const ms = markers(lines);
      expect(ms.length, label(s)).toBeGreaterThan(0);
      for (const m of ms) {
        expect(m.name, label(s)).toMatch(/^[a-zA-Z0-9_.-]+$/);
        expect(['', '[collapsed=true]']).toContain(m.opts);
        expect(m.ts, `${label(s)} ${m.name}`).toBe(Math.floor(log.times[m.line]! / 1000));
      }
      const depth = checkNesting(ms);
      // step_script > custom section > nested custom section (a canceled job may stop before).
      if (s.size !== 'small' && s.outcome !== 'canceled') expect(depth, label(s)).toBeGreaterThanOrEqual(3);
      // Every start marker begins its physical line's content, possibly after an erase-line and
      // after end markers of the sections just closed (the runner writes them on one line).
      for (const l of lines) {
        const at = l.indexOf('section_start:');
        if (at >= 0) expect(l.slice(0, at).replace(/section_end:\d+:[a-zA-Z0-9_.-]+\r\x1b\[0K/g, '')).toMatch(/^(\x1b\[0K)?$/);
      }
    }
  });

  it("opens the runner's sections in the runner's order, some collapsed", () => {
    for (const { s, log } of ALL) {
      const ms = markers(contentLines(log, s.timestamps));
      const runner = ms.filter((m) => m.kind === 'start' && RUNNER_ORDER.includes(m.name)).map((m) => m.name);
      const idx = runner.map((n) => RUNNER_ORDER.indexOf(n));
      expect(idx, label(s)).toEqual([...idx].sort((a, b) => a - b));
      expect(runner.slice(0, 3), label(s)).toEqual(['prepare_executor', 'prepare_script', 'get_sources']);
      expect(runner, label(s)).toContain('step_script');
      if (s.outcome !== 'canceled') expect(runner[runner.length - 1], label(s)).toBe('cleanup_file_variables');
      expect(
        ms.some((m) => m.opts === '[collapsed=true]'),
        label(s),
      ).toBe(true);
      // Custom sections live inside step_script.
      const custom = ms.filter((m) => m.kind === 'start' && !RUNNER_ORDER.includes(m.name));
      if (s.outcome !== 'canceled') expect(custom.length, label(s)).toBeGreaterThan(0);
      if (s.outcome === 'success') {
        expect(runner, label(s)).not.toContain('upload_artifacts_on_failure');
      } else if (s.outcome === 'failed') {
        expect(runner, label(s)).not.toContain('upload_artifacts_on_success');
        expect(runner, label(s)).not.toContain('archive_cache');
      }
    }
  });

  it('often writes an end marker and the next start on one physical line', () => {
    const { log } = ALL[0]!;
    expect(log.text).toMatch(/section_end:\d+:prepare_executor\r\x1b\[0Ksection_start:\d+:prepare_script/);
  });

  it('starts like a gitlab-runner log', () => {
    for (const { s, log } of ALL) {
      const lines = contentLines(log, s.timestamps).map((l) => l.replace(SGR, '').replace(/\x1b\[0K/g, ''));
      expect(lines[0], label(s)).toMatch(/^Running with gitlab-runner 17\.\d+\.\d+ \([0-9a-f]{8}\)$/);
      expect(lines[1], label(s)).toMatch(/^ {2}on \S+ [A-Za-z0-9]{8}, system ID: s_[0-9a-f]{12}$/);
      expect(log.text, label(s)).toMatch(/Using Docker executor with image \S+ \.\.\./);
      expect(log.text, label(s)).toMatch(/Checking out [0-9a-f]{8} as detached HEAD \(ref is main\)\.\.\./);
      expect(log.text, label(s)).toMatch(/\x1b\[32;1m\$ [^\n]+\x1b\[0;m/);
    }
    expect(generateJobLog(spec({ runnerDescription: 'blue-3.saas-linux-small-amd64' })).text).toContain('on blue-3.saas-linux-small-amd64 ');
  });

  it('ends with the job result', () => {
    for (const { s, log } of ALL) {
      const lines = contentLines(log, s.timestamps);
      const last = lines[lines.length - 1]!.replace(/section_end:\d+:[a-zA-Z0-9_.-]+\r\x1b\[0K/g, '');
      if (s.outcome === 'success') {
        expect(last, label(s)).toBe('\x1b[32;1mJob succeeded\x1b[0;m');
        expect(log.text).not.toContain('ERROR: Job failed');
      } else if (s.outcome === 'failed') {
        expect(last, label(s)).toBe('\x1b[31;1mERROR: Job failed: exit code 1\x1b[0;m');
      } else {
        expect(log.text, label(s)).not.toContain('Job succeeded');
        expect(log.text, label(s)).not.toContain('exit code 1\x1b');
        expect(['', '\x1b[31;1mERROR: Job failed: canceled\x1b[0;m']).toContain(last);
      }
    }
  });

  it('shows a failing test with a stack trace in a failed test job', () => {
    const log = generateJobLog(spec({ outcome: 'failed' }));
    const plain = log.text.replace(SGR, '');
    expect(plain).toMatch(/AssertionError: expected \d+ to be \d+/);
    expect(plain).toMatch(/\n {4}at \S+ \(\/builds\/[^)]+:\d+:\d+\)\n/);
    expect(plain).toMatch(/Tests {2}1 failed \| \d+ passed/);
    expect(plain).toMatch(/✓ src\/\S+\.test\.ts/);
    const ok = generateJobLog(spec()).text.replace(SGR, '');
    expect(ok).not.toContain('failed');
  });

  it('writes job-specific script output', () => {
    const text = (jobName: string, stage: string) => generateJobLog(spec({ jobName, stage })).text.replace(SGR, '');
    expect(text('build', 'build')).toMatch(/vite v[\d.]+ building for production\.\.\.[\s\S]*✓ built in/);
    expect(text('lint', 'test')).toContain('$ npx eslint');
    expect(text('deploy:production', 'deploy')).toMatch(/Deploying [0-9a-f]{8} to production/);
    expect(text('docker:build', 'build')).toContain('$ docker build');
    expect(text('test:e2e', 'test')).toContain('$ npx playwright test');
  });

  it('has the requested sizes', () => {
    for (const { s, log } of ALL) {
      const n = log.lineEnds.length;
      if (s.size === 'small') {
        expect(n, label(s)).toBeGreaterThanOrEqual(20);
        expect(n, label(s)).toBeLessThanOrEqual(s.outcome === 'success' ? 45 : 60);
      } else if (s.size === 'normal') {
        expect(n, label(s)).toBeGreaterThanOrEqual(s.outcome === 'canceled' ? 30 : 50);
        expect(n, label(s)).toBeLessThanOrEqual(320);
      } else if (s.outcome !== 'canceled') {
        expect(n, label(s)).toBeGreaterThanOrEqual(3000);
        expect(n, label(s)).toBeLessThanOrEqual(8500);
      }
    }
    // normal is the default size
    const n = generateJobLog(spec()).lineEnds.length;
    expect(n).toBeGreaterThanOrEqual(60);
    expect(n).toBeLessThanOrEqual(300);
  });

  it('uses only SGR and erase-line escapes, and no other control characters', () => {
    for (const { s, log } of ALL) {
      const rest = log.text.replace(SGR, '').replace(/\x1b\[0K/g, '');
      expect(rest.includes('\x1b'), label(s)).toBe(false);
      expect(rest, label(s)).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/);
    }
    // All four runner colours and the warning colour appear across the logs.
    const all = ALL.map((x) => x.log.text).join('');
    for (const code of ['\x1b[36;1m', '\x1b[32;1m', '\x1b[31;1m', '\x1b[0;33m', '\x1b[0;m', '\x1b[0K']) {
      expect(all).toContain(code);
    }
  });

  it('has progress lines rewritten with a bare \\r, and non-ASCII text', () => {
    const plain = ALL.filter((x) => !x.s.timestamps && x.s.size === 'normal');
    const withProgress = plain.filter((x) => /\r(?!\x1b\[0K)[^\n]/.test(x.log.text));
    expect(withProgress.length).toBeGreaterThan(plain.length / 3);
    expect(generateJobLog(spec()).text).toMatch(/[✓✔]/);
    expect(ALL.some((x) => /[\u4e00-\u9fff\u3040-\u30ff]/.test(x.log.text))).toBe(true);
    expect(ALL.some((x) => /\p{Extended_Pictographic}/u.test(x.log.text))).toBe(true);
  });

  it('prefixes every line with an FF_TIMESTAMPS header matching times[] when asked', () => {
    for (const { s, log } of ALL) {
      const lines = physicalLines(log);
      if (!s.timestamps) {
        expect(
          lines.some((l) => TS_PREFIX.test(l)),
          label(s),
        ).toBe(false);
        continue;
      }
      const bad = lines.findIndex(
        (l, i) =>
          !TS_PREFIX.test(l) ||
          Date.parse(`${l.slice(0, 23)}Z`) !== log.times[i] ||
          // A continuation follows a line that was left open by a bare \r.
          (l[31] === '+' && !lines[i - 1]!.endsWith('\r')),
      );
      expect(bad, `${label(s)}: ${JSON.stringify(lines[bad])}`).toBe(-1);
    }
    const ts = ALL.filter((x) => x.s.timestamps)
      .map((x) => physicalLines(x.log))
      .flat();
    expect(ts.some((l) => l.slice(27, 32) === ' 00O ')).toBe(true);
    expect(ts.some((l) => /^ [0-9a-f]{2}E /.test(l.slice(27, 32)))).toBe(true);
    expect(ts.some((l) => l[31] === '+')).toBe(true);
    // With the feature on, the runner says so in its header.
    expect(ts.some((l) => l.includes('feature flags: FF_TIMESTAMPS:true'))).toBe(true);
  });
});

describe('visibleLog', () => {
  it('is empty before the start and the whole log at the end', () => {
    for (const { s, log } of ALL) {
      expect(visibleLog(log, s.startedAt - 1), label(s)).toBe('');
      expect(visibleLog(log, s.startedAt + s.durationMs), label(s)).toBe(log.text);
      expect(visibleLog(log, s.startedAt + s.durationMs + 10_000), label(s)).toBe(log.text);
    }
  });

  it('shows whole lines only, never splitting an escape sequence', () => {
    for (const { s, log } of ALL.filter((x) => x.s.size !== 'huge')) {
      for (let k = 0; k <= 40; k++) {
        const now = s.startedAt + Math.floor((s.durationMs * k) / 40) - (k % 2);
        const v = visibleLog(log, now);
        expect(log.text.startsWith(v), label(s)).toBe(true);
        const shown = log.times.filter((t) => t <= now).length;
        expect(v.length, `${label(s)} at ${now}`).toBe(shown ? log.lineEnds[shown - 1] : 0);
        if (v) expect(v.endsWith('\n')).toBe(true);
        expect(v).not.toMatch(/\x1b(\[[0-9;]*)?$/);
      }
    }
  });

  it('grows monotonically over a huge log', () => {
    const s = spec({ size: 'huge', timestamps: true });
    const log = generateJobLog(s);
    let prev = '';
    for (let now = s.startedAt; now <= s.startedAt + s.durationMs; now += 997) {
      const v = visibleLog(log, now);
      expect(v.startsWith(prev)).toBe(true);
      prev = v;
    }
  });
});
