// A 206 is read as the archive's bytes [start, last] only when those are the bytes asked for: a
// server (or a proxy) that answers another range is refused, naming both, before its body is used.
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { readArchiveRange } from '../../src/api/artifacts.js';
import { isGitLabApiError } from '../../src/api/index.js';
import { startServer, type TestServer } from './test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const archive = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

/** Answers every Range with 206 for the range `answer` gives (the bytes of that range, truthfully labelled). */
async function serve(answer: (asked: string) => [number, number]) {
  server = await startServer((req, res) => {
    const [start, last] = answer(req.headers.range ?? '');
    const part = archive.subarray(start, last + 1);
    res.writeHead(206, { 'content-range': `bytes ${start}-${last}/${archive.length}`, 'content-length': part.length, 'content-type': 'application/zip' });
    res.end(part);
  });
  return createClient({ baseUrl: server.url, token: 'range-test-token' });
}

it('refuses a 206 whose range starts elsewhere than asked, for a range and for a suffix', async () => {
  const gl = await serve(() => [100, 119]);
  const middle = await readArchiveRange(gl, 1, 2, { start: 200, end: 220 }).catch((e: unknown) => e);
  expect(isGitLabApiError(middle) && middle.message).toMatch(/bytes 100-119 sent for bytes 200-219 asked/);
  const suffix = await readArchiveRange(gl, 1, 2, { suffix: 20 }).catch((e: unknown) => e);
  expect(isGitLabApiError(suffix) && suffix.message).toMatch(/bytes 100-119 sent for bytes 980-999 asked/);
});

it('takes the range asked for, a suffix longer than the archive, and a range cut at the end', async () => {
  const gl = await serve((asked) => {
    const m = /^bytes=(\d*)-(\d*)$/.exec(asked)!;
    if (m[1] === '') return [Math.max(0, archive.length - Number(m[2])), archive.length - 1];
    return [Number(m[1]), Math.min(Number(m[2]), archive.length - 1)];
  });
  const middle = await readArchiveRange(gl, 1, 2, { start: 200, end: 220 });
  expect(middle.kind === 'partial' && [middle.start, [...middle.bytes]]).toEqual([200, [...archive.subarray(200, 220)]]);
  const all = await readArchiveRange(gl, 1, 2, { suffix: 5000 });
  expect(all.kind === 'partial' && [all.start, all.bytes.length]).toEqual([0, 1000]);
  const end = await readArchiveRange(gl, 1, 2, { start: 990, end: 1010 });
  expect(end.kind === 'partial' && [end.start, end.bytes.length]).toEqual([990, 10]);
});
