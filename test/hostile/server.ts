// A hostile (or merely broken) GitLab on 127.0.0.1 for the hardening probes (docs/reliability.md):
// each probe is a handler mounted on a path pattern; anything unmatched is proxied to an upstream
// (a simulator) when one is given, so the real app can be pointed at a GitLab that is fine except
// where a test makes it hostile. Big bodies are generated as they are sent, with backpressure, and
// stop the moment the client hangs up: a "500 MB" probe never holds 500 MB anywhere.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

export type Probe = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface HostileServer {
  url: string;
  origin: string;
  /** Every request received (method, raw URL, headers), in order. */
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  /** Bytes of body written by the probes so far (to show a client stopped early). */
  sent(): number;
  /** Mounts a probe on paths matching `match` (a RegExp on the raw URL, or a path prefix). Later mounts win. */
  mount(match: RegExp | string, probe: Probe): void;
  unmountAll(): void;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

export async function startHostile(opts: { upstream?: string } = {}): Promise<HostileServer> {
  const mounts: Array<{ match: RegExp | string; probe: Probe }> = [];
  const requests: HostileServer['requests'] = [];
  const sockets = new Set<Socket>();
  let sentBytes = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const url = req.url ?? '/';
    const hit = [...mounts].reverse().find((m) => (typeof m.match === 'string' ? url.startsWith(m.match) : m.match.test(url)));
    const countWrites = res.write.bind(res);
    res.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      sentBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      return (countWrites as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    if (hit) {
      Promise.resolve(hit.probe(req, res)).catch(() => res.destroy());
      return;
    }
    if (!opts.upstream) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404 Not Found"}');
      return;
    }
    const target = new URL(url, opts.upstream);
    const up = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    origin,
    requests,
    sent: () => sentBytes,
    mount: (match, probe) => void mounts.push({ match, probe }),
    unmountAll: () => void mounts.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes chunks from `next` until it returns null or the client goes away, waiting for 'drain'
 * whenever the socket's buffer is full, so memory on both sides stays at a few chunks.
 */
export async function pump(res: ServerResponse, next: () => Buffer | null): Promise<void> {
  let closed = false;
  res.once('close', () => (closed = true));
  for (;;) {
    if (closed) return;
    const chunk = next();
    if (chunk === null) {
      res.end();
      return;
    }
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      });
    }
  }
}

/** A body of `total` bytes (Infinity: never ends) made of `head`, then `unit` repeated, then `tail`. */
function repeated(head: string, unit: Buffer, tail: string, total: number): () => Buffer | null {
  let written = 0;
  let state: 'head' | 'body' | 'tail' | 'done' = 'head';
  const block = Buffer.concat(Array.from({ length: Math.max(1, Math.floor((64 * 1024) / unit.length)) }, () => unit));
  return () => {
    if (state === 'head') {
      state = 'body';
      written += head.length;
      return Buffer.from(head);
    }
    if (state === 'body') {
      const room = total - written - tail.length;
      if (room <= 0) {
        state = 'tail';
      } else {
        const chunk = room >= block.length ? block : block.subarray(0, room - (room % unit.length));
        if (chunk.length > 0) {
          written += chunk.length;
          return chunk;
        }
        state = 'tail';
      }
    }
    if (state === 'tail') {
      state = 'done';
      return Buffer.from(tail);
    }
    return null;
  };
}

export const probes = {
  /** Slowloris: the status line and headers one byte every `intervalMs`, forever. */
  slowHeaders(intervalMs: number): Probe {
    return (req, res) => {
      const socket = req.socket;
      const text = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: ' + 'a'.repeat(1_000_000);
      let i = 0;
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        socket.write(text[i++ % text.length] ?? 'a');
      }, intervalMs);
      socket.once('close', () => clearInterval(timer));
      res.on('close', () => clearInterval(timer));
    };
  },

  /** 200, valid JSON start, then one byte of body every `intervalMs`, never finishing. */
  tricklingBody(intervalMs: number): Probe {
    return (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), intervalMs);
      res.on('close', () => clearInterval(timer));
    };
  },

  /** A JSON array that never ends, as fast as the client reads. */
  endlessJson(): Probe {
    return (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      return pump(res, repeated('[', Buffer.from('{"id":1,"status":"running"},'), '', Infinity));
    };
  },

  /** A valid JSON array of `bytes` bytes, chunked (no Content-Length) or announced. */
  hugeJson(bytes: number, announce = false): Probe {
    return (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(bytes) } : {}) });
      const unit = Buffer.from('{"id":1,"status":"running","name":"build"},');
      return pump(res, repeated('[', unit, '{"id":2}]', bytes));
    };
  },

  /**
   * gzip whose decoded size is `decodedBytes` (zeros, inside a JSON string) from a tiny wire size:
   * one gzip member of 1 MB of zeros (~1 KB) sent again and again — gunzip reads concatenated members.
   */
  gzipBomb(decodedBytes: number): Probe {
    const member = gzipSync(Buffer.alloc(MB, 0x30), { level: 9 });
    const open = gzipSync(Buffer.from('["'));
    return (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      let decoded = 0;
      let first = true;
      return pump(res, () => {
        if (first) {
          first = false;
          return open;
        }
        if (decoded >= decodedBytes) return null;
        decoded += MB;
        return member;
      });
    };
  },

  /** `[[[[…]]]]` nested `depth` levels. */
  deepJson(depth: number): Probe {
    return (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('['.repeat(depth) + ']'.repeat(depth));
    };
  },

  json(body: unknown, status = 200, headers: Record<string, string> = {}): Probe {
    return (_req, res) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
      res.end(text);
    };
  },

  /** A list page whose X-Next-Page is always `page`. */
  nextPageAlways(page: number, items: unknown[] = [{ id: 1 }]): Probe {
    return probes.json(items, 200, { 'x-next-page': String(page), 'x-page': '1' });
  },

  /** A list page whose Link rel="next" points at `otherOrigin`. */
  linkTo(otherOrigin: string, items: unknown[] = [{ id: 1 }]): Probe {
    return probes.json(items, 200, { link: `<${otherOrigin}/api/v4/steal?page=2>; rel="next"` });
  },

  /** 429 with `retryAfter` seconds. */
  tooMany(retryAfter?: string): Probe {
    return probes.json({ message: '429 Too Many Requests' }, 429, retryAfter === undefined ? {} : { 'retry-after': retryAfter });
  },

  /** 302 to the same URL, forever. */
  redirectLoop(): Probe {
    return (req, res) => {
      res.writeHead(302, { location: req.url ?? '/' });
      res.end();
    };
  },

  /** A plain-text job log of `bytes`: short lines, or one line with no newline at all. */
  log(bytes: number, oneLine = false): Probe {
    return (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const unit = Buffer.from(oneLine ? 'x'.repeat(64) : `${'x'.repeat(63)}\n`);
      return pump(res, repeated('', unit, '', bytes));
    };
  },
};
