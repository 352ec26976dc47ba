// Streamed downloads against a throwaway server: a gzip-encoded artifact bomb stops
// as it inflates, and a download cut short says so instead of "cannot reach GitLab".
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { downloadToFile } from '../../src/api/download.js';
import { describeError } from '../../src/store/errors.js';
import { pump } from '../hostile/server.js';
import { rejection, servePerTest, tempDirPerTest } from './test-server.js';

const MB = 1024 * 1024;
const dir = tempDirPerTest('pipetop-bomb-');
const serve = servePerTest();

it('a gzip-encoded artifact bomb (1 MB members → 4 GiB) with no listed size stops as it inflates; nothing is saved', async () => {
  const member = gzipSync(Buffer.alloc(MB, 0), { level: 9 });
  let sent = 0;
  let members = 0;
  const s = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-encoding': 'gzip' });
    return pump(res, () => {
      if (members++ >= 4096) return null;
      sent += member.length;
      return member;
    });
  });
  const before = process.memoryUsage().rss;
  const err = await rejection(
    downloadToFile(createClient({ baseUrl: s.url, token: 'glpat-bomb-test', maxRetries: 0 }), '/projects/1/jobs/5/artifacts', join(dir(), 'artifacts.zip')),
  );
  expect(err.kind).toBe('invalid-response');
  expect(err.reason).toMatch(/^artifacts inflates more than 200× its compressed size: a compression bomb; stopped$/);
  expect(describeError(err)).toContain('compression bomb');
  // Stopped after ~16 MB decoded, from a few KB on the wire; not 4 GiB on disk.
  expect(sent).toBeLessThan(4 * MB);
  expect(await readdir(dir())).toEqual([]);
  expect((process.memoryUsage().rss - before) / MB).toBeLessThan(200);
});

it('a gzip-encoded artifact that compresses like a real one downloads whole', async () => {
  const payload = Buffer.alloc(3 * MB).map((_, i) => (i * 7919 + (i >> 9)) % 251);
  const s = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-encoding': 'gzip' });
    res.end(gzipSync(payload));
  });
  const result = await downloadToFile(createClient({ baseUrl: s.url, token: 'glpat-bomb-test' }), '/projects/1/jobs/5/artifacts', join(dir(), 'a.zip'));
  expect(result.bytes).toBe(payload.length);
});

it('a gzip-encoded artifact over --max-download names the limit', async () => {
  const payload = Buffer.alloc(3 * MB).map((_, i) => (i * 7919 + (i >> 9)) % 251);
  const s = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-encoding': 'gzip' });
    res.end(gzipSync(payload));
  });
  const err = await rejection(
    downloadToFile(createClient({ baseUrl: s.url, token: 'glpat-bomb-test', maxRetries: 0 }), '/projects/1/jobs/5/artifacts', join(dir(), 'a.zip'), {
      maxBytes: MB,
    }),
  );
  expect(err.reason).toMatch(/larger than the 1\.0 MiB limit \(--max-download\)/);
  expect(await readdir(dir())).toEqual([]);
});

it('a download cut short says how far it got, not "cannot reach GitLab"', async () => {
  const s = await serve((req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(2 * MB) });
    res.write(Buffer.alloc(MB / 2, 1), () => req.socket.destroy());
  });
  const err = await rejection(
    downloadToFile(createClient({ baseUrl: s.url, token: 'glpat-bomb-test', maxRetries: 0 }), '/projects/1/jobs/5/artifacts', join(dir(), 'a.zip')),
  );
  expect(err.kind).toBe('network');
  expect(err.code).toBe('BODY_CUT');
  expect(describeError(err)).toMatch(/^the download was cut off after [\d.]+ (KiB|MiB) of 2\.0 MiB \(.+\); nothing was saved$/);
  expect(describeError(err)).not.toContain('cannot reach GitLab');
  expect(await readdir(dir())).toEqual([]);
});
