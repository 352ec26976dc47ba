// The outputs' pure parts: the live view's lines (width, hostile server strings), JSON escaping,
// the in-place redraw, and the first failure line of a log.
import { describe, expect, it } from 'vitest';
import type { Job, Pipeline } from '../../src/api/index.js';
import { firstFailureLine, FAILURE_SCAN_BYTES } from '../../src/watch/failure-line.js';
import { outcomeOf, type Downstream } from '../../src/watch/model.js';
import { jsonLine, liveLines, LiveRegion, plainLine, summaryLines, tagLines } from '../../src/watch/render.js';
import { createReporter } from '../../src/watch/report.js';

const NOW = Date.UTC(2026, 10, 20, 12, 10, 0);
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const pipeline = {
  id: 7,
  status: 'running',
  ref: 'main',
  sha: 'abc',
  started_at: iso(125_000),
  created_at: iso(130_000),
  duration: null,
  finished_at: null,
} as unknown as Pipeline;
const job = (id: number, name: string, stage: string, status: string, extra: Partial<Job> = {}) =>
  ({ id, name, stage, status, started_at: iso(62_000), ...extra }) as Job;

describe('liveLines', () => {
  const jobs = [
    job(1, 'build', 'build', 'success'),
    job(2, 'test:unit', 'test', 'running'),
    job(3, 'lint', 'test', 'failed', { failure_reason: 'script_failure' }),
    job(4, 'deploy', 'deploy', 'created'),
  ];

  it('the pipeline, the stages, running jobs with elapsed time, failed jobs with the reason', () => {
    expect(liveLines({ pipeline, jobs, downstream: [] }, { color: false, width: 80, now: NOW, project: 'g/p' })).toEqual([
      '● pipeline #7 running · main · g/p · 2m 05s',
      '  build ✔  test ●  deploy ○',
      '  ● test:unit 1m 02s',
      '  ✖ lint — script_failure',
    ]);
  });

  it('fits every line in the width, colour or not', () => {
    const long = [...jobs, job(5, 'x'.repeat(200), 'test', 'running')];
    for (const color of [false, true]) {
      for (const line of liveLines({ pipeline, jobs: long, downstream: [] }, { color, width: 30, now: NOW, project: 'group/'.repeat(20) })) {
        expect([...line.replace(/\x1b\[\d+m/g, '')].length).toBeLessThanOrEqual(29);
      }
    }
  });

  it('under 11 columns too: a line wider than the terminal would wrap and break the redraw', () => {
    for (const width of [1, 2, 5, 8, 10, 11]) {
      const lines = liveLines({ pipeline, jobs, downstream: [] }, { color: true, width, now: NOW, project: 'g/p', tag: 'DEMO ' });
      expect(lines).toHaveLength(4);
      for (const line of lines) expect([...line.replace(/\x1b\[\d+m/g, '')].length).toBeLessThanOrEqual(width - 1);
    }
  });

  const bridges = (counts: Record<string, number>): Downstream[] =>
    Object.entries(counts)
      .flatMap(([status, n]) => Array.from({ length: n }, () => ({ status, pipelineStatus: status, allowFailure: false, stage: 'deploy', webUrl: null })))
      .map((d, i) => ({ ...d, bridgeId: 1000 + i, bridgeName: `region-${i}`, pipelineId: 5000 + i }));

  it('fits the height: trigger jobs that do not fit are summarised on one line, the failed and running ones shown first', () => {
    const downstream = bridges({ success: 195, running: 3, failed: 2 });
    const lines = liveLines({ pipeline, jobs, downstream }, { color: false, width: 80, height: 20, now: NOW, project: 'g/p' });
    expect(lines).toHaveLength(20);
    expect(lines.slice(0, 4)).toEqual([
      '● pipeline #7 running · main · g/p · 2m 05s',
      '  build ✔  test ●  deploy ○',
      '  ● test:unit 1m 02s',
      '  ✖ lint — script_failure',
    ]);
    expect(lines.slice(4, 9)).toEqual([
      '  ✖ region-198 → pipeline #5198 failed',
      '  ✖ region-199 → pipeline #5199 failed',
      '  ● region-195 → pipeline #5195 running',
      '  ● region-196 → pipeline #5196 running',
      '  ● region-197 → pipeline #5197 running',
    ]);
    expect(lines[9]).toBe('  ✔ region-0 → pipeline #5000 success');
    expect(lines[19]).toBe('  … and 185 more trigger jobs: 185 passed');
    // All of them fit: in GitLab's order, no summary.
    const few = liveLines(
      { pipeline, jobs: [], downstream: bridges({ success: 2, failed: 1 }) },
      { color: false, width: 80, height: 20, now: NOW, project: 'g/p' },
    );
    expect(few.slice(1)).toEqual(['  ✔ region-0 → pipeline #5000 success', '  ✔ region-1 → pipeline #5001 success', '  ✖ region-2 → pipeline #5002 failed']);
  });

  it('a short screen: each section keeps a line that counts it', () => {
    const many = [
      ...Array.from({ length: 9 }, (_, i) => job(10 + i, `run-${i}`, 'test', 'running')),
      ...Array.from({ length: 5 }, (_, i) => job(30 + i, `bad-${i}`, 'test', 'failed')),
    ];
    const lines = liveLines(
      { pipeline, jobs: many, downstream: bridges({ success: 170, running: 3 }) },
      { color: false, width: 80, height: 5, now: NOW, project: 'g/p' },
    );
    expect(lines).toEqual([
      '● pipeline #7 running · main · g/p · 2m 05s',
      '  test ●',
      '  … 9 more running',
      '  … 5 more failed',
      '  … and 173 more trigger jobs: 170 passed, 3 running',
    ]);
    expect(liveLines({ pipeline, jobs: many, downstream: [] }, { color: false, width: 80, height: 1, now: NOW, project: 'g/p' })).toHaveLength(1);
  });

  it('server strings cannot drive the terminal', () => {
    const evil = [job(9, 'x\x1b]52;c;aGk=\x07\x1b[2J\x9b2J', 'te\x1bst', 'failed', { failure_reason: 'r\x07' })];
    const text = [
      ...liveLines({ pipeline: { ...pipeline, ref: 'm\x1b]2;t\x07' }, jobs: evil, downstream: [] }, { color: false, width: 80, now: NOW, project: 'g/p' }),
      plainLine({ type: 'job', job: evil[0]!, previous: 'running' }),
    ].join('\n');
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
  });
});

describe('summaryLines', () => {
  it('a pipeline GitLab calls successful with a failed downstream pipeline: failed, and the summary says why', () => {
    const done = { ...pipeline, status: 'success', duration: 300, finished_at: iso(0), web_url: 'https://gitlab.example.com/g/p/-/pipelines/7' } as Pipeline;
    const downstream = [
      {
        bridgeId: 1,
        bridgeName: 'deploy:eu',
        stage: 'deploy',
        status: 'failed',
        allowFailure: false,
        pipelineId: 8,
        pipelineStatus: 'failed',
        webUrl: 'https://gitlab.example.com/g/q/-/pipelines/8',
      },
    ];
    const outcome = outcomeOf(done, downstream)!;
    expect(outcome).toBe('failed');
    expect(summaryLines({ pipeline: done, jobs: [], downstream }, outcome, [], { color: false }, NOW)).toEqual([
      '✖ pipeline #7 failed after 5m 00s — https://gitlab.example.com/g/p/-/pipelines/7',
      '  (GitLab says the pipeline succeeded, but a downstream pipeline failed)',
      '  ✖ downstream deploy:eu → pipeline #8 failed https://gitlab.example.com/g/q/-/pipelines/8',
    ]);
    // A pipeline that failed by itself needs no note.
    const failed = { ...done, status: 'failed' } as Pipeline;
    expect(summaryLines({ pipeline: failed, jobs: [], downstream }, 'failed', [], { color: false }, NOW)).not.toContain(
      '  (GitLab says the pipeline succeeded, but a downstream pipeline failed)',
    );
  });
});

describe('tagLines', () => {
  it('puts the tag before every line with something on it', () => {
    expect(tagLines('a\nb\n\nc\n', 'DEMO ')).toBe('DEMO a\nDEMO b\n\nDEMO c\n');
    expect(tagLines('a\n', '')).toBe('a\n');
  });
});

describe('jsonLine', () => {
  it('keeps server strings exact but escapes C1 controls and bidi overrides', () => {
    const line = jsonLine({ name: 'a\x1b[2Jb\x9b2J\u202ec' });
    expect(line).toBe('{"name":"a\\u001b[2Jb\\u009b2J\\u202ec"}');
    expect(JSON.parse(line)).toEqual({ name: 'a\x1b[2Jb\x9b2J\u202ec' });
  });
});

describe('LiveRegion', () => {
  it('moves up over what it drew, rewrites each line, erases what is left', () => {
    let out = '';
    const region = new LiveRegion((t) => (out += t));
    region.draw(['a', 'b', 'c']);
    expect(out).toBe('a\x1b[K\nb\x1b[K\nc\x1b[K\n');
    out = '';
    region.draw(['d']);
    expect(out).toBe('\r\x1b[3Ad\x1b[K\n\x1b[J');
    region.release();
    out = '';
    region.draw(['e']);
    expect(out).toBe('e\x1b[K\n');
  });
});

describe('firstFailureLine', () => {
  const section = (name: string, body: string) => `section_start:1700000000:${name}\r\x1b[0K${name}\n${body}section_end:1700000001:${name}\r\x1b[0K\n`;

  it('the first error the script printed, not the runner verdict, styles stripped', () => {
    const log =
      section('prepare_executor', 'Using docker\n') +
      section('step_script', '$ npm test\nok 1\n\x1b[31;1merror TS2322: nope\x1b[0m\nFAIL later\n') +
      '\x1b[31;1mERROR: Job failed: exit code 1\x1b[0m\n';
    expect(firstFailureLine(Buffer.from(log))).toBe('error TS2322: nope');
  });

  it('the runner verdict when nothing else; null for a clean log', () => {
    expect(firstFailureLine(Buffer.from(section('step_script', '$ true\n') + 'ERROR: Job failed: exit code 1\n'))).toBe('ERROR: Job failed: exit code 1');
    expect(firstFailureLine(Buffer.from('Job succeeded\n'))).toBeNull();
  });

  it('reads only the end of a huge log', () => {
    const filler = 'x'.repeat(99) + '\n';
    const log = `error: early\n${filler.repeat(Math.ceil(FAILURE_SCAN_BYTES / 100) + 10)}npm ERR! late\n`;
    expect(firstFailureLine(Buffer.from(log))).toBe('npm ERR! late');
  });
});

describe('the live reporter', () => {
  const run = (width: number, rows: number, demo: boolean) => {
    let out = '';
    const reporter = createReporter({
      mode: 'live',
      out: (t) => (out += t),
      err: () => {},
      color: false,
      width: () => width,
      height: () => rows,
      now: () => NOW,
      project: 'g/p',
      demo,
    });
    reporter.snapshot({ pipeline, jobs: [job(1, 'build', 'build', 'running')], downstream: [] }, [], true);
    reporter.trouble('GET /projects/1/pipelines/7 → timed out: no response within 30000 ms', 8_000);
    reporter.close();
    return out
      .split('\n')
      .filter(Boolean)
      .map((l) => l.replace(/\r\x1b\[\d+A|\x1b\[[KJ]/g, ''));
  };

  it('a GitLab trouble line fits the width and keeps "again in Ns" in view', () => {
    const lines = run(30, 24, false);
    expect(lines.at(-1)).toBe('  GET /project… — again in 8s');
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(29);
  });

  it('the trouble line counts against the height; with the demo each line says DEMO', () => {
    const lines = run(80, 3, true);
    // Two rows for the block (one stays for the cursor): the pipeline and the trouble.
    expect(lines.slice(-2)).toEqual([
      'DEMO ● pipeline #7 running · main · g/p · 2m 05s',
      'DEMO   GET /projects/1/pipelines/7 → timed out: no response with… — again in 8s',
    ]);
  });
});
