import { afterEach, describe, expect, it } from 'vitest';
import { generateJobLog } from '../sim/log-gen.js';
import { compileQuery, isByteSafe } from './search.js';
import { disposeModels, E, modelOf, newModel, texts } from './test-support.js';

afterEach(disposeModels);

describe('search', () => {
  const LOG =
    [
      `${E}[32;1m$ npm test${E}[0;m`,
      'PASS src/cart.test.ts',
      `${E}[31m${E}[1m${E}[41m FAIL ${E}[49m${E}[22m${E}[39m src/auth.test.ts`,
      'AssertionError: expected 4150 to be 4200',
      'Test Files  1 failed | 25 passed',
      `${E}[31;1mERROR: Job failed: exit code 1${E}[0;m`,
    ].join('\n') + '\n';

  it('case-insensitive substring over the plain text (escapes are not searchable)', async () => {
    const model = await modelOf(LOG);
    expect(await model.search('fail')).toEqual({ lines: [2, 4, 5], truncated: false });
    expect(await model.search('FAIL  src')).toEqual({ lines: [2], truncated: false });
    expect(await model.search('[41m')).toEqual({ lines: [], truncated: false });
    // The spool keeps styles after the text (`$ npm test` + NUL + `2p:a`): never a hit.
    expect(await model.search('2p:a')).toEqual({ lines: [], truncated: false });
    expect(await model.search('/2p:a/')).toEqual({ lines: [], truncated: false });
    expect(await model.search('4150')).toEqual({ lines: [3], truncated: false });
    expect(await model.search('')).toEqual({ lines: [], truncated: false });
  });

  it('regular expressions: /pattern/ in the query or the regex option', async () => {
    const model = await modelOf(LOG);
    expect(await model.search('/^(pass|fail)\\b/')).toEqual({ lines: [1], truncated: false });
    expect(await model.search('^\\s*fail\\s', { regex: true })).toEqual({ lines: [2], truncated: false });
    expect(await model.search('/exit code [1-9]/')).toEqual({ lines: [5], truncated: false });
    expect(await model.search('/^/')).toEqual({ lines: [0, 1, 2, 3, 4, 5], truncated: false });
    expect(await model.search('/\\s+AssertionError/')).toEqual({ lines: [], truncated: false }); // not across the line break
    expect(await model.search('/passed$/')).toEqual({ lines: [4], truncated: false });
    await expect(model.search('/(unclosed/')).rejects.toThrow(SyntaxError);
  });

  it('finds the partial last line too', async () => {
    const model = await newModel();
    model.append(Buffer.from('a\nb\nstill typing needle'));
    expect(await model.search('needle')).toEqual({ lines: [2], truncated: false });
  });

  it('searches the whole spool: many chunks, lines across chunk boundaries, non-ASCII', async () => {
    const model = await newModel();
    const block =
      Array.from({ length: 1000 }, (_, i) => `${E}[2mline ${i}${E}[22m the quick brown fox — ünïcödé ${i % 97 === 0 ? 'NEEDLE' : 'hay'}`).join('\n') + '\n';
    for (let k = 0; k < 40; k++) model.append(Buffer.from(block)); // ~2.7 MB of records: several 1 MB chunks
    model.end();
    expect(model.lineCount).toBe(40_000);
    const expected: number[] = [];
    for (let k = 0; k < 40; k++) for (let i = 0; i < 1000; i += 97) expected.push(k * 1000 + i);
    expect(await model.search('needle')).toEqual({ lines: expected, truncated: false });
    expect(await model.search('ÜNÏCÖDÉ NEEDLE')).toEqual({ lines: expected, truncated: false });
    const r = await model.search('/line 99\\d /');
    expect(r.lines.length).toBe(40 * 10);
    expect(texts(model)[r.lines[0]!]).toMatch(/^line 990 /);
  });

  it('caps the result and says so', async () => {
    const model = await modelOf('x\n'.repeat(50));
    expect(await model.search('x', { limit: 10 })).toEqual({ lines: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], truncated: true });
  });

  it('can be cancelled mid-way', async () => {
    const model = await newModel();
    model.append(Buffer.from('some text to search through\n'.repeat(200_000))); // ~5.6 MB
    model.end();
    const controller = new AbortController();
    const pending = model.search('search', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const already = new AbortController();
    already.abort();
    await expect(model.search('x', { signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a reset during a search fails it rather than returning line numbers of another log', async () => {
    const model = await newModel();
    model.append(Buffer.from('needle in a haystack\n'.repeat(200_000)));
    const pending = model.search('needle');
    model.reset();
    await expect(pending).rejects.toThrow(/reset/);
  });

  it('finds the failure lines of a real-shaped failed log', async () => {
    const log = generateJobLog({ seed: 1, jobId: 5, jobName: 'test:unit', stage: 'test', outcome: 'failed', startedAt: 0, durationMs: 300_000 });
    const model = await modelOf(log.text);
    const { lines } = await model.search('assertionerror');
    expect(lines).toHaveLength(1);
    expect(model.line(lines[0]!).text).toBe('AssertionError: expected 4150 to be 4200 // Object.is equality');
  });

  it('compileQuery: how each kind of query reads the spool', () => {
    // Latin-1 view of UTF-8 "ÄB 404": an ASCII needle still lower-cases right and finds its bytes.
    const bytes = Buffer.from('ÄB 404\x001:2\n', 'utf8');
    expect(compileQuery('404').fromBytes(bytes)).toBe(bytes.toString('latin1')); // no letters: no lower-casing
    expect(compileQuery('b 4').find(compileQuery('b 4').fromBytes(bytes), 0)).toBe(2); // Ä is two bytes
    expect(compileQuery('äb').fromBytes(bytes)).toBe('äb 404\x001:2\n'); // non-ASCII needle: real UTF-8
    expect(compileQuery('/b 4/').fromBytes(bytes)).toBe(Buffer.from('ÄB 404\n', 'utf8').toString('latin1')); // runs stripped
    expect(compileQuery('/b.4/').fromBytes(bytes)).toBe('ÄB 404\n');
    expect(isByteSafe('exit code [1-9]', 'igm')).toBe(true);
    expect(isByteSafe('^\\s*at ', 'igm')).toBe(true);
    for (const unsafe of ['a.b', '[^x]', '\\W', '\\S+', '\\u00e9', '\\xe9', 'é']) expect(isByteSafe(unsafe, 'igm')).toBe(false);
    expect(isByteSafe('abc', 'igms')).toBe(false);
  });

  it('a regex that is not byte-safe still sees characters, not bytes', async () => {
    const model = await modelOf('aéb\nab\n');
    expect(await model.search('/^a.b$/')).toEqual({ lines: [0], truncated: false });
  });
});
