// The line model: GitLab's reading of a trace (sections, \r, \r\n, timestamps) through LogModel.
import { afterEach, describe, expect, it } from 'vitest';
import { generateJobLog } from '../sim/log-gen.js';
import { allLines, disposeModels, E, modelOf, newModel, snapshot, texts, type Snapshot } from './test-support.js';

afterEach(disposeModels);

const EL = `${E}[0K`;
const RESET = `${E}[0;m`;
const start = (ts: number, name: string, opts = '') => `section_start:${ts}:${name}${opts}\r${EL}`;
const end = (ts: number, name: string) => `section_end:${ts}:${name}\r${EL}`;

/** A runner log with every feature, shaped like gitlab-runner 17 output. */
const RUNNER_LOG =
  [
    `${EL}Running with gitlab-runner 17.6.0 (374d34fd)${RESET}`,
    `${EL}  on docker-runner-1 N2X4vrHh, system ID: s_d63e94150860${RESET}`,
    `${start(1731403914, 'prepare_executor', '[collapsed=true]')}${EL}${E}[36;1mPreparing the "docker" executor${RESET}${RESET}`,
    `${EL}Using Docker executor with image node:20-alpine ...${RESET}`,
    `${end(1731403963, 'prepare_executor')}${start(1731403963, 'step_script')}${EL}${E}[36;1mExecuting "step_script" stage of the job script${RESET}${RESET}`,
    `${E}[32;1m$ npm ci${RESET}`,
    `${EL}${start(1731403970, 'install_deps', '[collapsed=true]')}Installing dependencies`,
    `Downloading 10%\rDownloading 55%\rDownloading 100%`,
    `added 1211 packages in 27s\r`,
    `${end(1731404015, 'install_deps')}`,
    `héllo wörld ✔ 修复购物车 🚀`,
    `${E}[31;1mERROR: something broke${RESET}`,
    `${end(1731404020, 'step_script')}${E}[31;1mERROR: Job failed: exit code 1${RESET}`,
  ].join('\n') + '\n';

describe('sections', () => {
  it('a runner log: headers, nesting, collapsed, durations; markers never shown', async () => {
    const model = await modelOf(RUNNER_LOG);
    expect(texts(model)).toEqual([
      'Running with gitlab-runner 17.6.0 (374d34fd)',
      '  on docker-runner-1 N2X4vrHh, system ID: s_d63e94150860',
      'Preparing the "docker" executor',
      'Using Docker executor with image node:20-alpine ...',
      'Executing "step_script" stage of the job script',
      '$ npm ci',
      'Installing dependencies',
      'Downloading 100%',
      'added 1211 packages in 27s',
      'héllo wörld ✔ 修复购物车 🚀',
      'ERROR: something broke',
      'ERROR: Job failed: exit code 1',
    ]);
    expect(model.sections()).toEqual([
      {
        id: 0,
        name: 'prepare_executor',
        header: 'Preparing the "docker" executor',
        parent: null,
        depth: 0,
        startLine: 2,
        endLine: 3,
        startedAt: 1731403914,
        endedAt: 1731403963,
        durationS: 49,
        collapsedByDefault: true,
      },
      {
        id: 1,
        name: 'step_script',
        header: 'Executing "step_script" stage of the job script',
        parent: null,
        depth: 0,
        startLine: 4,
        endLine: 10,
        startedAt: 1731403963,
        endedAt: 1731404020,
        durationS: 57,
        collapsedByDefault: false,
      },
      {
        id: 2,
        name: 'install_deps',
        header: 'Installing dependencies',
        parent: 1,
        depth: 1,
        startLine: 6,
        endLine: 8,
        startedAt: 1731403970,
        endedAt: 1731404015,
        durationS: 45,
        collapsedByDefault: true,
      },
    ]);
    const lines = allLines(model);
    expect(lines.map((l) => [l.section ?? null, l.header ?? null])).toEqual([
      [null, null],
      [null, null],
      [0, 0],
      [0, null],
      [1, 1],
      [1, null],
      [2, 2],
      [2, null],
      [2, null],
      [1, null],
      [1, null],
      [null, null],
    ]);
    expect(lines[5]!.spans).toEqual([{ text: '$ npm ci', style: { fg: 'green', bold: true } }]);
    expect(lines[11]!.spans).toEqual([{ text: 'ERROR: Job failed: exit code 1', style: { fg: 'red', bold: true } }]);
    for (const l of lines) expect(l.text).not.toMatch(/section_|\x1b|\r/);
    expect(model.isFolded(0)).toBe(true);
    expect(model.isFolded(1)).toBe(false);
    expect(model.isFolded(2)).toBe(true);
  });

  it('several markers on one physical line: end + start + end + start', async () => {
    const model = await modelOf(`${start(10, 'a')}A\n${end(12, 'a')}${start(12, 'b')}${end(13, 'b')}${start(13, 'c')}C header\nin c\n${end(20, 'c')}\n`);
    expect(texts(model)).toEqual(['A', '', 'C header', 'in c']);
    expect(model.sections().map((s) => [s.name, s.header, s.startLine, s.endLine, s.durationS])).toEqual([
      ['a', 'A', 0, 0, 2],
      ['b', 'b', 1, 1, 1], // no header text: the name stands in; its (empty) header line still exists
      ['c', 'C header', 2, 3, 7],
    ]);
  });

  it('an erase-line before the marker (echo -e "\\e[0Ksection_start:…") and text before a marker stay outside', async () => {
    const model = await modelOf(`before ${start(1, 'x')}${E}[1mHeader${E}[0m\nbody\n${EL}${end(3, 'x')}after\n`);
    expect(texts(model)).toEqual(['before ', 'Header', 'body', 'after']);
    const [before, header, body, after] = allLines(model);
    expect([before!.section, header!.section, header!.header, body!.section, after!.section]).toEqual([undefined, 0, 0, 0, undefined]);
    expect(header!.spans).toEqual([{ text: 'Header', style: { bold: true } }]);
  });

  it('an end closes sections left open inside it; a stray end is ignored', async () => {
    const model = await modelOf(`${start(1, 'outer')}O\n${start(2, 'inner')}I\nx\n${end(9, 'outer')}${end(9, 'nothing')}tail\n`);
    expect(model.sections().map((s) => [s.name, s.endLine, s.endedAt, s.durationS])).toEqual([
      ['outer', 2, 9, 8],
      ['inner', 2, 9, 7],
    ]);
    expect(allLines(model)[3]).toMatchObject({ text: 'tail' });
    expect(allLines(model)[3]!.section).toBeUndefined();
  });

  it('an open section (job still running) has no end yet', async () => {
    const model = await newModel();
    model.append(Buffer.from(`${start(100, 'step_script')}Executing\nline\n`));
    expect(model.sections()[0]).toMatchObject({ endLine: null, endedAt: null, durationS: null });
    model.append(Buffer.from(`${end(160, 'step_script')}\n`));
    expect(model.sections()[0]).toMatchObject({ endLine: 1, endedAt: 160, durationS: 60 });
  });

  it('options are parsed; a marker with an invalid name is plain text (and still sanitized)', async () => {
    const model = await modelOf(`${start(1, 'ok', '[collapsed=true,foo=bar]')}H\nsection_start:1:bad name\r${EL}shown\n`);
    expect(model.sections()).toHaveLength(1);
    expect(texts(model)).toEqual(['H', 'shown']);
  });
});

describe('carriage returns', () => {
  it('a bare \\r rewrites the line: a progress bar collapses to its last state', async () => {
    expect(texts(await modelOf('Downloading  0%\rDownloading 50%\rDownloading 100%\nnext\n'))).toEqual(['Downloading 100%', 'next']);
  });

  it('\\r\\n ends a line without rewriting it; a \\r just before the end changes nothing', async () => {
    expect(texts(await modelOf('one\r\ntwo\r\n\r\nthree\r\r\n'))).toEqual(['one', 'two', '', 'three']);
  });

  it('the colours set by rewritten text stay in effect', async () => {
    const [line] = allLines(await modelOf(`${E}[32mold\rnew${E}[0m\n`));
    expect(line!.spans).toEqual([{ text: 'new', style: { fg: 'green' } }]);
  });

  it("a marker's own \\r is not a rewrite, but a real \\r after the header still is", async () => {
    const model = await modelOf(`${start(5, 'dl')}Fetching 1/3\rFetching 3/3\n${end(6, 'dl')}\n`);
    expect(texts(model)).toEqual(['Fetching 3/3']);
    expect(model.sections()[0]!.header).toBe('Fetching 3/3');
  });

  it('\\r followed by an erase-line clears the line, as in a terminal', async () => {
    expect(texts(await modelOf(`progress 99%\r${EL}\ndone\n`))).toEqual(['', 'done']);
  });
});

describe('FF_TIMESTAMPS', () => {
  const ts = (iso: string, stream: string, rest: string) => `${iso} ${stream}${rest}`;
  const LOG =
    [
      ts('2024-11-12T09:31:54.628123Z', '00O ', `${EL}Running with gitlab-runner 17.5.2${RESET}`),
      ts('2024-11-12T09:31:55.000001Z', '00O ', `${start(1731403915, 'build', '[collapsed=true]')}${EL}${E}[36;1mBuilding${RESET}`),
      ts('2024-11-12T09:31:56.100000Z', '01O ', 'transforming (1) src/a.ts\r'),
      ts('2024-11-12T09:31:57.200000Z', '01O+', 'transforming (488) src/b.ts\r'),
      ts('2024-11-12T09:31:58.300000Z', '01O+', 'transforming (975) src/c.ts'),
      ts('2024-11-12T09:31:58.400000Z', '01E ', 'npm warn deprecated glob@7.2.3'),
      ts('2024-11-12T09:31:59.000000Z', '01O ', 'partial '),
      ts('2024-11-12T09:31:59.500000Z', '01O+', 'line joined'),
      ts('2024-11-12T09:32:00.500000Z', '00O ', `${end(1731403920, 'build')}${E}[32;1mJob succeeded${RESET}`),
    ].join('\n') + '\n';

  it('strips the prefix, keeps the time (epoch ms) and merges + continuations', async () => {
    const model = await modelOf(LOG);
    const lines = allLines(model);
    expect(lines.map((l) => l.text)).toEqual([
      'Running with gitlab-runner 17.5.2',
      'Building',
      'transforming (975) src/c.ts',
      'npm warn deprecated glob@7.2.3',
      'partial line joined',
      'Job succeeded',
    ]);
    expect(lines.map((l) => l.time)).toEqual([
      Date.UTC(2024, 10, 12, 9, 31, 54, 628),
      Date.UTC(2024, 10, 12, 9, 31, 55, 0),
      Date.UTC(2024, 10, 12, 9, 31, 56, 100),
      Date.UTC(2024, 10, 12, 9, 31, 58, 400),
      Date.UTC(2024, 10, 12, 9, 31, 59, 0),
      Date.UTC(2024, 10, 12, 9, 32, 0, 500),
    ]);
    expect(model.sections()).toEqual([
      expect.objectContaining({ name: 'build', header: 'Building', startLine: 1, endLine: 4, durationS: 5, collapsedByDefault: true }),
    ]);
  });

  it('a held line shows as the partial line until the next line says whether it continues', async () => {
    const model = await newModel();
    model.append(Buffer.from(ts('2024-11-12T09:31:56.100000Z', '01O ', 'transforming (1) src/a.ts\r\n')));
    expect(model.lineCount).toBe(1);
    expect(model.line(0).text).toBe('transforming (1) src/a.ts');
    model.append(Buffer.from(ts('2024-11-12T09:31:57.200000Z', '01O+', 'transforming (2) src/b.ts\n')));
    expect(model.lineCount).toBe(1);
    expect(model.line(0)).toMatchObject({ text: 'transforming (2) src/b.ts', time: Date.UTC(2024, 10, 12, 9, 31, 56, 100) });
    model.append(Buffer.from(ts('2024-11-12T09:31:58.000000Z', '01O ', 'next\n')));
    expect(texts(model)).toEqual(['transforming (2) src/b.ts', 'next']);
  });

  it("the simulator's timestamped logs read like its plain ones", async () => {
    const spec = { seed: 3, jobId: 77, jobName: 'build', stage: 'build', outcome: 'success' as const, startedAt: Date.UTC(2024, 10, 12), durationMs: 300_000 };
    const plain = await modelOf(generateJobLog(spec).text);
    const stamped = await modelOf(generateJobLog({ ...spec, timestamps: true }).text);
    // Small progress displays are thinned the same way in both, so the visible lines agree.
    // The only extra line: the runner announcing the feature.
    expect(texts(stamped).filter((t) => t !== '  feature flags: FF_TIMESTAMPS:true')).toEqual(texts(plain));
    expect(stamped.sections().map((s) => [s.name, s.startLine - 1, s.endLine! - 1])).toEqual(plain.sections().map((s) => [s.name, s.startLine, s.endLine]));
    const times = allLines(stamped).map((l) => l.time!);
    expect(times.every((t) => t >= spec.startedAt && t <= spec.startedAt + spec.durationMs)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('a line that only looks like a timestamp is text', async () => {
    expect(texts(await modelOf('2024-11-12 is a date\n2024-11-12T09:31:54.628123Z 00X nope\n'))).toEqual([
      '2024-11-12 is a date',
      '2024-11-12T09:31:54.628123Z 00X nope',
    ]);
  });
});

describe('any split of the input gives the same lines', () => {
  const HOSTILE = `${E}]52;c;ZXZpbA==\x07${E}]0;title${E}\\${E}[2J${E}c${E}P1;2q${E}\\\x07\x00\u009b31m`;
  const SAMPLE =
    RUNNER_LOG +
    `${E}[38;5;196mred 256${E}[0m ${E}[38;2;0;205;0mgreen rgb${E}[0m\ttab\n` +
    `hostile:${HOSTILE}:end\n` +
    [
      ` ${E}[32m✓${E}[39m src/cart/cart.service.test.ts ${E}[2m(23 tests)${E}[22m ${E}[33m53ms${E}[39m`,
      ` ${E}[32m✓${E}[39m src/checkout/checkout.service.test.ts ${E}[2m(14 tests)${E}[22m ${E}[33m591ms${E}[39m`,
      ` ${E}[31m❯${E}[39m src/auth/auth.validator.test.ts ${E}[2m(10 tests | ${E}[31m1 failed${E}[39m)${E}[22m ${E}[33m703ms${E}[39m`,
      `   ${E}[31m×${E}[39m AuthValidator > paginates duplicate items with a coupon ${E}[33m68ms${E}[39m`,
      `${E}[31m${E}[1m${E}[41m FAIL ${E}[49m${E}[22m${E}[39m src/auth/auth.validator.test.ts ${E}[2m>${E}[22m AuthValidator`,
      `${E}[31m${E}[1mAssertionError${E}[22m${E}[39m${E}[31m: expected 4150 to be 4200 // Object.is equality${E}[39m`,
      `${E}[2m Test Files ${E}[22m ${E}[1m${E}[31m1 failed${E}[39m${E}[22m${E}[2m | ${E}[22m${E}[1m${E}[32m25 passed${E}[39m${E}[22m${E}[90m (26)${E}[39m`,
      `[=====>              ] 25%\r[==========>         ] 50%\r[====================] 100%`,
    ].join('\n') +
    '\n' +
    `${start(1731404030, 'upload', '[collapsed=true]')}Uploading\r\nUploading artifacts... 201 Created\n${end(1731404031, 'upload')}\n` +
    'final line without newline 🎉';

  function feed(model: Awaited<ReturnType<typeof newModel>>, bytes: Buffer, cuts: number[]): Snapshot {
    model.reset();
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      model.append(bytes.subarray(at, cut));
      at = cut;
    }
    model.end();
    return snapshot(model);
  }

  it('every single split point of a ~2 KB runner log (plain)', async () => {
    // Invalid UTF-8 in the middle: a bad byte and a truncated 3-byte sequence.
    const withBadBytes = Buffer.concat([Buffer.from(SAMPLE, 'utf8'), Buffer.from([0x0a, 0xff, 0xe2, 0x82, 0x0a]), Buffer.from('after the bad bytes\n')]);
    const whole = snapshot(await modelOf(withBadBytes));
    expect(withBadBytes.length).toBeGreaterThan(1500);
    expect(whole.lines.length).toBe(27);
    expect(whole.lines.slice(12, 14).map((l) => l.text)).toEqual(['red 256 green rgb       tab', 'hostile::end']);
    expect(whole.lines.slice(21).map((l) => l.text)).toEqual([
      '[====================] 100%',
      'Uploading',
      'Uploading artifacts... 201 Created',
      'final line without newline 🎉',
      '\ufffd\ufffd',
      'after the bad bytes',
    ]);
    const model = await newModel();
    for (let cut = 0; cut <= withBadBytes.length; cut++) {
      const got = feed(model, withBadBytes, [cut]);
      if (JSON.stringify(got) !== JSON.stringify(whole)) expect({ cut, ...got }).toEqual({ cut, ...whole });
    }
  });

  it('every single split point of a timestamped simulator log, and random three-way splits', async () => {
    const log = generateJobLog({
      seed: 9,
      jobId: 5,
      jobName: 'build',
      stage: 'build',
      outcome: 'failed',
      startedAt: Date.UTC(2024, 10, 12),
      durationMs: 200_000,
      timestamps: true,
      size: 'small',
    }).text;
    const bytes = Buffer.from(log.slice(0, log.indexOf('\n', 2500) + 1), 'utf8');
    const whole = snapshot(await modelOf(bytes));
    expect(whole.lines.length).toBeGreaterThan(15);
    expect(whole.lines.every((l) => l.time !== undefined)).toBe(true);
    const model = await newModel();
    for (let cut = 0; cut <= bytes.length; cut++) {
      const got = feed(model, bytes, [cut]);
      if (JSON.stringify(got) !== JSON.stringify(whole)) expect({ cut, ...got }).toEqual({ cut, ...whole });
    }
    let seed = 12345;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let k = 0; k < 300; k++) {
      const cuts = [rnd(bytes.length + 1), rnd(bytes.length + 1)].sort((a, b) => a - b);
      const got = feed(model, bytes, cuts);
      if (JSON.stringify(got) !== JSON.stringify(whole)) expect({ cuts, ...got }).toEqual({ cuts, ...whole });
    }
  });

  it('byte by byte', async () => {
    const bytes = Buffer.from(RUNNER_LOG, 'utf8');
    const model = await newModel();
    for (let i = 0; i < bytes.length; i++) model.append(bytes.subarray(i, i + 1));
    model.end();
    expect(snapshot(model)).toEqual(snapshot(await modelOf(bytes)));
  });
});

describe('split escapes and characters', () => {
  it('an SGR sequence split across chunks still colours the text', async () => {
    const model = await modelOf(`${E}[3`, '1;1mred', `${E}`, '[0m plain\n');
    expect(allLines(model)[0]!.spans).toEqual([
      { text: 'red', style: { fg: 'red', bold: true } },
      { text: ' plain', style: {} },
    ]);
  });

  it('an OSC split across chunks is still dropped whole', async () => {
    expect(texts(await modelOf(`a${E}]`, '52;c;ZX', 'Zp\x07b\n'))).toEqual(['ab']);
  });

  it.each([
    [1, 3],
    [2, 2],
    [3, 1],
  ])('a 4-byte emoji split %i/%i', async (a) => {
    const bytes = Buffer.from('go 🚀 now\n', 'utf8');
    const at = 3 + a; // "go " then a bytes of the emoji
    expect(texts(await modelOf(bytes.subarray(0, at), bytes.subarray(at)))).toEqual(['go 🚀 now']);
  });

  it('invalid UTF-8 shows as U+FFFD (bad byte, truncated sequence, overlong, cut at the very end)', async () => {
    const model = await modelOf(Buffer.from([0x61, 0xff, 0x62, 0x0a, 0xe2, 0x82, 0x78, 0x0a, 0xc0, 0xaf, 0x0a, 0x7a, 0xf0, 0x9f]));
    expect(texts(model)).toEqual(['a\ufffdb', '\ufffdx', '\ufffd\ufffd', 'z\ufffd']);
  });
});

describe('partial lines and hostile input', () => {
  it('the unfinished last line is shown and then completed', async () => {
    const model = await newModel();
    model.append(Buffer.from('first\nsecond, still wri'));
    expect(model.lineCount).toBe(2);
    expect(model.line(1).text).toBe('second, still wri');
    model.append(Buffer.from('ting\rsecond, rewritten'));
    expect(model.line(1).text).toBe('second, rewritten');
    model.append(Buffer.from('\n'));
    expect(texts(model)).toEqual(['first', 'second, rewritten']);
    model.append(Buffer.from('x'));
    model.end();
    expect(texts(model)).toEqual(['first', 'second, rewritten', 'x']);
  });

  it("no escape or control character reaches a line's text or spans", async () => {
    const hostile = [
      `osc52 ${E}]52;c;cm0gLXJmIH4K\x07done`,
      `title ${E}]0;pwned${E}\\done`,
      `clear ${E}[2J${E}[3J${E}[Hdone`,
      `reset ${E}cdone`,
      `dcs ${E}P0;1;0q"1;1;1;1#0;2;0;0;0${E}\\done`,
      `bel \x07\x07 nul \x00done`,
      `csi8 \u009b2J\u009b1;31mdone`,
      `apc ${E}_Ga=T,f=100;iVBORw0KGgo=${E}\\done`,
    ];
    const model = await modelOf(hostile.join('\n') + '\n');
    const lines = allLines(model);
    expect(lines.map((l) => l.text)).toEqual(['osc52 done', 'title done', 'clear done', 'reset done', 'dcs done', 'bel  nul done', 'csi8 done', 'apc done']);
    for (const l of lines) {
      for (const s of [l.text, ...l.spans.map((x) => x.text)]) expect(s).not.toMatch(/[\x00-\x08\x0a-\x1f\x7f-\x9f]/);
      expect(l.spans.every((s) => Object.keys(s.style).length === 0)).toBe(true);
    }
  });

  it('a very long line without a newline is broken rather than held in memory', async () => {
    const model = await newModel();
    const chunk = Buffer.alloc(256 * 1024, 'x');
    for (let i = 0; i < 5; i++) model.append(chunk);
    model.end();
    const lengths = allLines(model).map((l) => l.text.length);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(5 * 256 * 1024);
    expect(Math.max(...lengths)).toBeLessThanOrEqual((1 << 20) + 256 * 1024);
  });
});
