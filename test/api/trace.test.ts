import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { parseContentRange, readTrace } from '../../src/api/trace.js';
import { startServer, type Handler, type TestServer } from './test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function serve(handler: Handler) {
  server = await startServer(handler);
  return { s: server, gl: createClient({ baseUrl: server.url, token: 'trace-test-token' }) };
}

/** Real GitLab: Range ignored, the whole log every time. */
const wholeLog =
  (log: () => Buffer | string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    const body = Buffer.from(log());
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length, ...headers });
    res.end(body);
  };

/** A server that honours Range like a static file server. */
const rangeServer =
  (log: Buffer): Handler =>
  (req, res) => {
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (!m) return void res.writeHead(200, { 'content-length': log.length }).end(log);
    const start = Number(m[1]);
    if (start >= log.length) return void res.writeHead(416, { 'content-range': `bytes */${log.length}` }).end();
    const part = log.subarray(start);
    res.writeHead(206, { 'content-range': `bytes ${start}-${log.length - 1}/${log.length}`, 'content-length': part.length });
    res.end(part);
  };

describe('readTrace', () => {
  it('first read: the whole log, no Range header', async () => {
    const { s, gl } = await serve(wholeLog(() => 'hello'));
    const r = await readTrace(gl, 'group/proj', 42);
    expect(r).toEqual({ kind: 'append', chunk: Buffer.from('hello'), size: 5 });
    expect(s.requests[0]?.url).toBe('/api/v4/projects/group%2Fproj/jobs/42/trace');
    expect(s.requests[0]?.headers.range).toBeUndefined();
  });

  it('206: appends the requested range', async () => {
    const { s, gl } = await serve(rangeServer(Buffer.from('hello world')));
    const r = await readTrace(gl, 1, 2, { offset: 5 });
    expect(r).toEqual({ kind: 'append', chunk: Buffer.from(' world'), size: 11 });
    expect(s.requests[0]?.headers.range).toBe('bytes=5-');
  });

  it('200 to a Range request (real GitLab): appends what lies past the offset', async () => {
    const { s, gl } = await serve(wholeLog(() => 'hello world'));
    const r = await readTrace(gl, 1, 2, { offset: 5 });
    expect(r).toEqual({ kind: 'append', chunk: Buffer.from(' world'), size: 11 });
    expect(s.requests[0]?.headers.range).toBe('bytes=5-');
  });

  it('200 of the same length: unchanged', async () => {
    const { gl } = await serve(wholeLog(() => 'hello world'));
    expect(await readTrace(gl, 1, 2, { offset: 11 })).toEqual({ kind: 'unchanged', size: 11 });
  });

  it('200 shorter than what we hold: the log was reset (erased or retried)', async () => {
    const { gl } = await serve(wholeLog(() => 'new'));
    expect(await readTrace(gl, 1, 2, { offset: 11 })).toEqual({ kind: 'reset', chunk: Buffer.from('new'), size: 3 });
  });

  it('416 at exactly our size: unchanged, one request', async () => {
    const { s, gl } = await serve(rangeServer(Buffer.from('hello world')));
    expect(await readTrace(gl, 1, 2, { offset: 11 })).toEqual({ kind: 'unchanged', size: 11 });
    expect(s.requests).toHaveLength(1);
  });

  it('416 because the log shrank: refetches without Range and resets', async () => {
    const { s, gl } = await serve(rangeServer(Buffer.from('abc')));
    expect(await readTrace(gl, 1, 2, { offset: 11 })).toEqual({ kind: 'reset', chunk: Buffer.from('abc'), size: 3 });
    expect(s.requests.map((r) => r.headers.range ?? null)).toEqual(['bytes=11-', null]);
  });

  it('uses If-None-Match only while the caller holds what the ETag describes; 304 → unchanged', async () => {
    const { s, gl } = await serve((req, res) => {
      if (req.headers['if-none-match'] === 'W/"v1"') return void res.writeHead(304, { etag: 'W/"v1"' }).end();
      res.writeHead(200, { etag: 'W/"v1"', 'content-type': 'text/plain' }).end('abc');
    });
    expect(await readTrace(gl, 1, 7)).toEqual({ kind: 'append', chunk: Buffer.from('abc'), size: 3 });
    expect(await readTrace(gl, 1, 7, { offset: 3 })).toEqual({ kind: 'unchanged', size: 3 });
    // A caller starting over holds nothing: it must get the log, not a 304.
    expect(await readTrace(gl, 1, 7, { offset: 0 })).toEqual({ kind: 'append', chunk: Buffer.from('abc'), size: 3 });
    expect(s.requests.map((r) => [r.headers.range ?? null, r.headers['if-none-match'] ?? null])).toEqual([
      [null, null],
      ['bytes=3-', 'W/"v1"'],
      [null, null],
    ]);
    // The trace stays out of the JSON ETag cache: a plain JSON GET of another URL is unaffected.
    expect(s.requests[1]?.headers.accept).toBe('text/plain, */*');
  });

  it('works in bytes: a chunk may split a UTF-8 character', async () => {
    const log = Buffer.from('héllo ✓ done');
    const { gl } = await serve(wholeLog(() => log));
    const first = log.subarray(0, 2); // "h" and half of "é"
    const r = await readTrace(gl, 1, 2, { offset: first.length });
    expect(r.kind).toBe('append');
    if (r.kind !== 'append') return;
    expect(r.chunk[0]).toBe(log[2]);
    expect(Buffer.concat([first, r.chunk]).toString('utf8')).toBe('héllo ✓ done');
    expect(r.size).toBe(log.length);
  });

  it('decodes a gzip-compressed log', async () => {
    const text = 'section_start:1:step_script\r\x1b[0K$ make\n'.repeat(50);
    const zipped = gzipSync(text);
    const { s, gl } = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': zipped.length }).end(zipped));
    const r = await readTrace(gl, 1, 2);
    expect(r.kind === 'append' && r.chunk.toString('utf8')).toBe(text);
    expect(s.requests[0]?.headers['accept-encoding']).toBe('gzip');
  });

  it('an empty log (job not started) is unchanged at size 0', async () => {
    const { gl } = await serve(wholeLog(() => ''));
    expect(await readTrace(gl, 1, 2)).toEqual({ kind: 'unchanged', size: 0 });
  });

  it('404 throws a GitLabApiError', async () => {
    const { gl } = await serve((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404 Not found"}'));
    await expect(readTrace(gl, 1, 2)).rejects.toMatchObject({ kind: 'http', status: 404, reason: '404 Not found' });
  });

  it('parses Content-Range', () => {
    expect(parseContentRange('bytes 5-10/11')).toEqual({ start: 5, end: 10, total: 11 });
    expect(parseContentRange('bytes */11')).toEqual({ total: 11 });
    expect(parseContentRange('bytes 0-4/*')).toEqual({ start: 0, end: 4 });
    expect(parseContentRange('nonsense')).toBeUndefined();
  });
});
