import { execFileSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { downloadToFile, type DownloadProgress } from '../../src/api/download.js';
import { createJobsApi } from '../../src/api/jobs.js';
import { TargetError } from '../../src/lib/safe-file.js';
import { rejection, servePerTest, tempDirPerTest, type Handler } from './test-server.js';

const dir = tempDirPerTest('pipetop-dl-');
const serve = servePerTest();

const PAYLOAD = Buffer.alloc(200_000, 0).map((_, i) => (i * 31) % 251);

describe('artifact download', () => {
  it('streams to the destination and reports progress against Content-Length', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': PAYLOAD.length });
      // Several writes so progress is reported more than once.
      for (let i = 0; i < PAYLOAD.length; i += 50_000) res.write(PAYLOAD.subarray(i, i + 50_000));
      res.end();
    });
    const progress: DownloadProgress[] = [];
    const jobs = createJobsApi(createClient({ baseUrl: s.url, token: 'tok' }));
    const dest = join(dir(), 'artifacts.zip');
    const result = await jobs.downloadArtifacts('g/p', 5, dest, { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ path: dest, bytes: PAYLOAD.length });
    expect((await readFile(dest)).equals(PAYLOAD)).toBe(true);
    expect(await readdir(dir())).toEqual(['artifacts.zip']);
    expect(s.requests[0]?.url).toBe('/api/v4/projects/g%2Fp/jobs/5/artifacts');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ received: PAYLOAD.length, total: PAYLOAD.length });
    expect(progress.every((p, i) => p.total === PAYLOAD.length && (i === 0 || p.received > (progress[i - 1]?.received ?? 0)))).toBe(true);
  });

  it('leaves no file and no temp file when the connection is cut mid-body, and keeps an existing file', async () => {
    const s = await serve((req, res) => {
      res.writeHead(200, { 'content-length': PAYLOAD.length });
      res.write(PAYLOAD.subarray(0, 60_000), () => req.socket.destroy());
    });
    const dest = join(dir(), 'artifacts.zip');
    await writeFile(dest, 'previous download');
    const received: number[] = [];
    const err = await rejection(
      downloadToFile(createClient({ baseUrl: s.url, maxRetries: 0 }), '/projects/1/jobs/5/artifacts', dest, {
        overwrite: true,
        onProgress: (p) => received.push(p.received),
      }),
    );
    expect(err.kind).toBe('network');
    expect(received.length).toBeGreaterThan(0);
    expect(await readdir(dir())).toEqual(['artifacts.zip']);
    expect(await readFile(dest, 'utf8')).toBe('previous download');
  });

  it('cleans up when the caller aborts mid-download', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': PAYLOAD.length });
      res.write(PAYLOAD.subarray(0, 10_000)); // then stall
    });
    const ctl = new AbortController();
    const err = await rejection(
      downloadToFile(createClient({ baseUrl: s.url }), '/a', join(dir(), 'a.zip'), { signal: ctl.signal, onProgress: () => ctl.abort() }),
    );
    expect(err.kind).toBe('aborted');
    expect(await readdir(dir())).toEqual([]);
  });

  it('times out a body that stalls, and cleans up', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': PAYLOAD.length });
      res.write(PAYLOAD.subarray(0, 10_000)); // then nothing, ever
    });
    const err = await rejection(downloadToFile(createClient({ baseUrl: s.url, timeoutMs: 80 }), '/a', join(dir(), 'a.zip')));
    expect(err.kind).toBe('timeout');
    expect(await readdir(dir())).toEqual([]);
  });

  it('turns an HTTP error into a GitLabApiError and writes nothing', async () => {
    const s = await serve((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404 Not found"}'));
    const err = await rejection(createJobsApi(createClient({ baseUrl: s.url })).downloadArtifacts(1, 5, join(dir(), 'x.zip')));
    expect(err.status).toBe(404);
    expect(err.message).toBe('GET /projects/1/jobs/5/artifacts → 404: 404 Not found');
    expect(await readdir(dir())).toEqual([]);
  });

  it('follows a 302 to another origin without the token, but keeps it on the same origin', async () => {
    const storage = await serve((_req, res) => res.writeHead(200, { 'content-length': 5 }).end('bytes'));
    const api = await serve((req, res) => {
      if (req.url?.endsWith('/artifacts')) return void res.writeHead(302, { location: '/api/v4/redirected' }).end();
      res.writeHead(302, { location: `${storage.url}/bucket/a.zip?X-Amz-Signature=s3cret` }).end();
    });
    const dest = join(dir(), 'a.zip');
    const result = await createJobsApi(createClient({ baseUrl: api.url, token: 'tok' })).downloadArtifacts(1, 5, dest);
    expect(result.bytes).toBe(5);
    expect(await readFile(dest, 'utf8')).toBe('bytes');
    expect(api.requests.map((r) => [r.url, r.headers['private-token']])).toEqual([
      ['/api/v4/projects/1/jobs/5/artifacts', 'tok'],
      ['/api/v4/redirected', 'tok'],
    ]);
    expect(storage.requests).toHaveLength(1);
    expect(storage.requests[0]?.url).toBe('/bucket/a.zip?X-Amz-Signature=s3cret');
    expect(storage.requests[0]?.headers['private-token']).toBeUndefined();
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('gives up after 5 redirects', async () => {
    const s = await serve((_req, res) => res.writeHead(302, { location: '/api/v4/loop' }).end());
    const err = await rejection(downloadToFile(createClient({ baseUrl: s.url }), '/start', join(dir(), 'x')));
    expect(err.reason).toBe('more than 5 redirects');
    expect(s.requests).toHaveLength(6);
    expect(await readdir(dir())).toEqual([]);
  });

  it('decodes a gzip content-encoding', async () => {
    const zipped = gzipSync(PAYLOAD);
    const s = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': zipped.length }).end(zipped));
    const dest = join(dir(), 'g.bin');
    const result = await downloadToFile(createClient({ baseUrl: s.url }), '/g', dest);
    expect(result.bytes).toBe(PAYLOAD.length);
    expect((await readFile(dest)).equals(PAYLOAD)).toBe(true);
  });
});

describe('artifact download: sizes and targets', () => {
  // A chunked body (no Content-Length) that never ends unless the client stops reading.
  function endless(chunks: { n: number }): Handler {
    return (req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="../../../.bashrc"' });
      const block = Buffer.alloc(64 * 1024, 7);
      const pump = (): void => {
        while (!res.destroyed && chunks.n < 100_000) {
          chunks.n++;
          if (!res.write(block)) return void res.once('drain', pump);
        }
        res.end();
      };
      req.socket.on('close', () => res.destroy());
      pump();
    };
  }

  it('stops a body larger than the size the job advertised, and removes the partial file', async () => {
    const chunks = { n: 0 };
    const s = await serve(endless(chunks));
    const jobs = createJobsApi(createClient({ baseUrl: s.url, maxRetries: 0 }));
    const err = await rejection(jobs.downloadArtifacts(1, 5, join(dir(), 'a.zip'), { expectedSize: 223 }));
    expect(err.kind).toBe('invalid-response');
    expect(err.reason).toBe('larger than advertised (223 B); stopped after 1.0 MiB');
    expect(await readdir(dir())).toEqual([]);
    // Stopped near the limit, not after the server's 6.5 GB.
    expect(chunks.n).toBeLessThan(1000);
  });

  it('stops at the hard cap when nothing is advertised', async () => {
    const s = await serve(endless({ n: 0 }));
    const err = await rejection(downloadToFile(createClient({ baseUrl: s.url, maxRetries: 0 }), '/a', join(dir(), 'a.zip'), { maxBytes: 300_000 }));
    expect(err.reason).toBe('larger than the 293 KiB limit (--max-download); stopped after 293 KiB');
    expect(await readdir(dir())).toEqual([]);
  });

  it('caps a gzip body by its decoded size (Content-Length is the compressed size)', async () => {
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    const s = await serve((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb));
    const err = await rejection(downloadToFile(createClient({ baseUrl: s.url, maxRetries: 0 }), '/g', join(dir(), 'g.zip'), { expectedSize: 1000 }));
    expect(err.reason).toMatch(/^larger than advertised \(1000 B\)/);
    expect(await readdir(dir())).toEqual([]);
  });

  it('a Content-Length beyond what the job lists (or the cap) is refused before a byte is written', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': 50 * 1024 * 1024 });
      res.write(Buffer.alloc(64 * 1024));
    });
    const client = createClient({ baseUrl: s.url, maxRetries: 0 });
    const progress: number[] = [];
    const listed = await rejection(downloadToFile(client, '/a', join(dir(), 'a.zip'), { expectedSize: 223, onProgress: (p) => progress.push(p.received) }));
    expect(listed.reason).toBe('announced as 50 MiB, larger than advertised (223 B)');
    const capped = await rejection(downloadToFile(client, '/a', join(dir(), 'a.zip'), { maxBytes: 1024 * 1024 }));
    expect(capped.reason).toBe('announced as 50 MiB, larger than the 1.0 MiB limit (--max-download)');
    expect(await readdir(dir())).toEqual([]);
    expect(progress).toEqual([]);
  });

  it('accepts a body within the advertised size plus slack', async () => {
    const s = await serve((_req, res) => res.writeHead(200).end(PAYLOAD)); // chunked: no Content-Length
    const result = await downloadToFile(createClient({ baseUrl: s.url }), '/a', join(dir(), 'a.zip'), { expectedSize: PAYLOAD.length - 10 });
    expect(result.bytes).toBe(PAYLOAD.length);
  });

  it('a hostile Content-Disposition does not choose where the file goes', async () => {
    const s = await serve((_req, res) =>
      res
        .writeHead(200, { 'content-length': 5, 'content-disposition': 'attachment; filename="../../../../tmp/.bashrc"; filename*=UTF-8\'\'..%2F..%2F.profile' })
        .end('bytes'),
    );
    const inner = join(dir(), 'inner');
    await mkdir(inner);
    const result = await downloadToFile(createClient({ baseUrl: s.url }), '/a', join(inner, 'artifacts.zip'));
    expect(result.path).toBe(join(inner, 'artifacts.zip'));
    expect(await readdir(inner)).toEqual(['artifacts.zip']);
    expect(await readdir(dir())).toEqual(['inner']);
  });

  it('refuses a FIFO target before asking GitLab, and the FIFO stays a FIFO', async () => {
    const s = await serve((_req, res) => res.writeHead(200).end('bytes'));
    const fifo = join(dir(), 'fifo.zip');
    execFileSync('mkfifo', [fifo]);
    const err = await downloadToFile(createClient({ baseUrl: s.url }), '/a', fifo, { overwrite: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TargetError);
    expect((err as TargetError).message).toContain('is a named pipe, not a regular file');
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(s.requests).toHaveLength(0);
  });

  it('an explicit name that exists: TargetError "exists", nothing requested; the default name gets a suffix', async () => {
    const s = await serve((_req, res) => res.writeHead(200, { 'content-length': 3 }).end('new'));
    const dest = join(dir(), 'a.zip');
    await writeFile(dest, 'old');
    const err = await downloadToFile(createClient({ baseUrl: s.url }), '/a', dest).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'TargetError', kind: 'exists', path: dest });
    expect(s.requests).toHaveLength(0);
    const result = await downloadToFile(createClient({ baseUrl: s.url }), '/a', dest, { explicit: false });
    expect(result.path).toBe(join(dir(), 'a (1).zip'));
    expect(await readFile(dest, 'utf8')).toBe('old');
    await downloadToFile(createClient({ baseUrl: s.url }), '/a', dest, { overwrite: true });
    expect(await readFile(dest, 'utf8')).toBe('new');
  });
});
