// Random fault injection for reliability runs: each /api/v4 request fails, at a given rate, in one
// of the ways real GitLab (or the proxies in front of it) fails. Seeded, so a run can be repeated;
// counted per kind (`stats`); switchable at runtime (`setRate`). The one-shot FaultQueue in
// faults.ts still goes first: a scripted fault wins over a random one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cut } from './cut.js';
import { Rng } from './rng.js';

export const FAULT_KINDS = ['500', '502-html', '503', '429-text', '429-json', 'reset', 'stall', 'truncated', 'invalid-json', 'wrong-shape'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface RandomFaultOptions {
  /** Share of /api/v4 requests that fail, 0–1. */
  rate: number;
  /** Which failures to draw from (default: all). */
  kinds?: FaultKind[];
  /** Seed of the draw (default 1): the same seed and request order give the same faults. */
  seed?: number;
  /** How long a `stall` holds the connection before dropping it (default 45 s, beyond client timeouts). */
  stallMs?: number;
}

export type FaultStats = Record<FaultKind, number> & { total: number };

export function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/** Parses `a,b,c` into fault kinds; throws on an unknown one. */
export function parseFaultKinds(text: string): FaultKind[] {
  const kinds = text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  for (const k of kinds) if (!isFaultKind(k)) throw new Error(`unknown fault kind "${k}" (known: ${FAULT_KINDS.join(', ')})`);
  return kinds as FaultKind[];
}

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export class FaultInjector {
  private rate: number;
  private readonly kinds: FaultKind[];
  private readonly rng: Rng;
  private readonly stallMs: number;
  readonly stats: FaultStats;

  constructor(options: RandomFaultOptions = { rate: 0 }) {
    this.rate = clampRate(options.rate);
    this.kinds = options.kinds?.length ? [...options.kinds] : [...FAULT_KINDS];
    for (const k of this.kinds) if (!isFaultKind(k)) throw new Error(`unknown fault kind "${k}"`);
    this.rng = new Rng(options.seed ?? 1);
    this.stallMs = options.stallMs ?? 45_000;
    this.stats = Object.assign(Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>, { total: 0 });
  }

  get currentRate(): number {
    return this.rate;
  }

  setRate(rate: number): void {
    this.rate = clampRate(rate);
  }

  /** Draws whether this request fails and how (null: serve it normally). */
  draw(method: string): FaultKind | null {
    if (this.rate <= 0) return null;
    if (this.rng.next() >= this.rate) return null;
    // Shapes of a successful body only make sense for reads: a mutation gets an error instead.
    const reads = method === 'GET' || method === 'HEAD';
    const usable = reads ? this.kinds : this.kinds.filter((k) => k !== 'wrong-shape' && k !== 'invalid-json');
    if (!usable.length) return null;
    const kind = usable[Math.floor(this.rng.next() * usable.length)]!;
    this.stats[kind]++;
    this.stats.total++;
    return kind;
  }

  /** Answers the request with the fault (the real handler never runs). */
  apply(kind: FaultKind, apiPath: string, req: IncomingMessage, res: ServerResponse): void {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => text(status, JSON.stringify(body), 'application/json', headers);
    const text = (status: number, body: string, type: string, headers: Record<string, string> = {}) => {
      const bytes = Buffer.from(body, 'utf8');
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(bytes.length), ...headers });
      res.end(req.method === 'HEAD' ? undefined : bytes);
    };
    const resetAt = String(Math.floor(Date.now() / 1000) + 2);
    switch (kind) {
      case '500':
        return json(500, { message: '500 Internal Server Error' });
      case '502-html':
        return text(502, NGINX_502, 'text/html');
      case '503':
        return text(503, 'Service Unavailable\n', 'text/plain; charset=utf-8');
      case '429-text':
        return text(429, 'Retry later\n', 'text/plain; charset=utf-8', {
          'Retry-After': '1',
          'RateLimit-Limit': '2000',
          'RateLimit-Observed': '2001',
          'RateLimit-Remaining': '0',
          'RateLimit-Reset': resetAt,
          'RateLimit-ResetTime': new Date(Number(resetAt) * 1000).toUTCString(),
        });
      case '429-json':
        return json(429, { message: { error: 'This endpoint has been requested too many times. Try again later.' } });
      case 'reset':
        cut(req);
        return;
      case 'stall': {
        // Answers nothing; the client times out. Dropped later so a stall cannot outlive the run.
        const timer = setTimeout(() => cut(req), this.stallMs);
        timer.unref?.();
        req.socket.once('close', () => clearTimeout(timer));
        return;
      }
      case 'truncated':
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100000' });
        res.write(isListPath(apiPath) ? '[{"id":1,"status":"runn' : '{"id":1,"name":"trunc');
        setImmediate(() => cut(req));
        return;
      case 'invalid-json':
        return text(200, '<!DOCTYPE html><html><body>Welcome to GitLab</body></html>', 'application/json');
      case 'wrong-shape':
        // A list where an object is expected is too easy; an object where a list is, or fields of
        // the wrong type and missing ones, is what breaks naive decoders.
        return json(200, isListPath(apiPath) ? { id: 'x', items: 'not-a-list' } : { id: 'not-a-number', status: 42, name: null });
    }
  }
}

/** List endpoints end in a collection name; single resources end in an id or a path-encoded name. */
function isListPath(apiPath: string): boolean {
  const last = apiPath.split('?')[0]!.split('/').filter(Boolean).at(-1) ?? '';
  return !/^\d+$/.test(last) && !last.includes('%2F') && last !== 'user' && last !== 'trace' && last !== 'version';
}

function clampRate(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`fault rate must be between 0 and 1, got ${rate}`);
  return rate;
}
