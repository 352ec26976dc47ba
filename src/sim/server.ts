// The simulator's HTTP server: GitLab API v4 under /api/v4 on node:http. It authenticates, brings the
// world up to the clock's time, routes, and writes replies with GitLab's headers, ETags and gzip.
// Tests steer it through `faults` (one-shot misbehaviour) and read `requests` (what clients sent).
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type Reply, type RequestContext, HttpError, errors, etagMatches, weakEtag } from './http.js';
import type { SimUser } from './model.js';
import type { PresentContext } from './present.js';
import { routes, matchRoute } from './routes/index.js';
import type { World } from './world/world.js';
import type { SimClock } from './clock.js';
import { cut } from './cut.js';
import { FaultQueue, type Fault } from './faults.js';
import type { FaultInjector } from './fault-injection.js';
import type { GraphQLMode } from './graphql/endpoint.js';
import type { EtagStore } from './graphql/etag.js';

export interface LoggedRequest {
  method: string;
  /** Below /api/v4 (or the full path for other requests), with the query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  at: number;
  /** '1.1' or '2.0'. */
  httpVersion: string;
}

export interface ServerOptions {
  world: World;
  clock: SimClock;
  host: string;
  port: number;
  gitlabStrict: boolean;
  artifactsNoRange?: boolean;
  storageUrl: () => string | null;
  faults: FaultQueue;
  /** Random faults at a rate (reliability runs); applied after the one-shot queue. */
  injector?: FaultInjector;
  log: LoggedRequest[];
  /** Serve HTTPS (HTTP/2 and HTTP/1.1) with this certificate (PEM) instead of plain HTTP. */
  tls?: SimTls;
  /** POST /api/graphql: GitLab's, none, or with polling disabled (read on every request: tests switch it). */
  graphql: () => GraphQLMode;
  /** The GraphQL ETag store of the world (made with it). */
  etags: () => EtagStore;
}

/** HTTPS offers HTTP/2 and HTTP/1.1 by ALPN, as GitLab.com and Omnibus GitLab's nginx do. */
export interface SimTls {
  cert: string | Buffer;
  key: string | Buffer;
}

const API_PREFIX = '/api/v4';
const MAX_BODY = 1 << 20;
const LOG_LIMIT = 20_000;
/** The log is trimmed back to LOG_LIMIT once it is this much over: dropping one entry off the front of a
 *  20,000-entry array copies the whole array, which cost ~0.05 ms on every request (0.31 → 0.26 ms
 *  of CPU per pipeline-list answer). Up to LOG_LIMIT + LOG_SLACK entries are kept. */
const LOG_SLACK = 1_000;

export function createApiServer(options: ServerOptions): { server: Server; sockets: Set<Socket>; presentCtx: () => PresentContext } {
  const sockets = new Set<Socket>();
  let webBase = '';
  const presentCtx = (): PresentContext => ({ world: options.world, webBase });
  const handler: RequestListener = (req, res) => {
    if (!webBase) {
      const address = server.address() as AddressInfo;
      webBase = `${options.tls ? 'https' : 'http'}://${options.host.includes(':') ? `[${options.host}]` : options.host}:${address.port}`;
    }
    handle(req, res, options, presentCtx()).catch((error: unknown) => {
      // Last line of defence: the simulator never dies on a request.
      if (!res.headersSent) send(res, req, { status: 500, body: { message: '500 Internal Server Error' } });
      else res.destroy();
      if (process.env.PIPETOP_SIM_DEBUG) console.error(error);
    });
  };
  // node:http2's compatibility API hands the handler request/response objects shaped like
  // node:http's (req.url, req.headers, res.writeHead…), so one handler serves both protocols.
  const server: Server = options.tls
    ? (createSecureServer({ cert: options.tls.cert, key: options.tls.key, allowHTTP1: true }, handler as never) as unknown as Server)
    : createServer(handler);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // Malformed HTTP never reaches the handler; answer 400 and keep serving.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  return { server, sockets, presentCtx };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ServerOptions, present: PresentContext): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  // The world's clock, not this machine's: with --speed (or a test's frozen clock) it runs apart,
  // and the TUI counts "created 3m ago" on the server's clock (src/time/server-clock.ts).
  res.setHeader('Date', new Date(options.clock.now()).toUTCString());
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://sim.invalid');
  } catch {
    return send(res, req, { status: 400, body: { error: '400 Bad Request' } });
  }
  const apiPath = url.pathname.startsWith(API_PREFIX + '/') ? url.pathname.slice(API_PREFIX.length) : null;
  const logged: LoggedRequest = {
    method,
    path: (apiPath ?? url.pathname) + url.search,
    headers: { ...req.headers },
    status: 0,
    at: Date.now(),
    httpVersion: req.httpVersion,
  };
  options.log.push(logged);
  if (options.log.length > LOG_LIMIT + LOG_SLACK) options.log.splice(0, options.log.length - LOG_LIMIT);
  res.on('finish', () => (logged.status = res.statusCode));

  const fault = options.faults.take(method, apiPath ?? url.pathname);
  if (fault && (await applyFault(fault, req, res))) return;
  const injected = !fault && apiPath !== null ? options.injector?.draw(method) : null;
  if (injected) return options.injector!.apply(injected, apiPath!, req, res);

  if (url.pathname === GRAPHQL_PATH) return graphql(req, res, url, method, options);
  if (apiPath === null) return send(res, req, webPage(url.pathname, present));

  let body: Map<string, string[]>;
  let structured: Record<string, unknown> = {};
  try {
    if (method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE') ({ flat: body, structured } = await readBody(req));
    else body = new Map();
  } catch (error) {
    return send(res, req, {
      status: error instanceof HttpError ? error.status : 400,
      body: error instanceof HttpError ? error.body : { error: 'body is invalid' },
    });
  }

  options.world.advanceTo(options.clock.now());
  try {
    const user = authenticate(req, url, method, options.world);
    const match = matchRoute(method === 'HEAD' ? 'GET' : method, apiPath);
    if (!match) throw errors.route();
    const input = new Map<string, string[]>();
    for (const [key, value] of url.searchParams) push(input, key, value);
    for (const [key, values] of body) for (const v of values) push(input, key, v);
    const ctx: RequestContext = {
      method,
      path: apiPath,
      url: new URL(`${present.webBase}${url.pathname}${url.search}`),
      headers: req.headers,
      params: match.params,
      input,
      body: structured,
      user,
      world: options.world,
      present,
      options: { gitlabStrict: options.gitlabStrict, storageUrl: options.storageUrl(), artifactsNoRange: options.artifactsNoRange ?? false },
    };
    send(res, req, match.route.handler(ctx));
  } catch (error) {
    if (error instanceof HttpError) return send(res, req, { status: error.status, body: error.body, headers: error.headers });
    throw error;
  }
}

/** `key[]=a&key[]=b` and repeated `key=a&key=b` both become key → [a, b]. */
function push(input: Map<string, string[]>, rawKey: string, value: string): void {
  const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
  const list = input.get(key);
  if (list) list.push(value);
  else input.set(key, [value]);
}

/** GitLab's GraphQL endpoint (graphql/endpoint.ts). */
const GRAPHQL_PATH = '/api/graphql';

async function graphql(req: IncomingMessage, res: ServerResponse, url: URL, method: string, options: ServerOptions): Promise<void> {
  // graphql-js is loaded with the first GraphQL request, not with the simulator: the demo's first
  // frame waits for the simulator's chunk, and most of the simulator's answers are REST.
  const { handleGraphQL } = await import('./graphql/endpoint.js');
  let body = '';
  try {
    if (method === 'POST') body = await readText(req);
  } catch (error) {
    return send(res, req, {
      status: error instanceof HttpError ? error.status : 400,
      body: error instanceof HttpError ? error.body : { error: 'body is invalid' },
    });
  }
  options.world.advanceTo(options.clock.now());
  const reply = handleGraphQL({
    method,
    headers: req.headers,
    url,
    body,
    world: options.world,
    etags: options.etags(),
    mode: options.graphql(),
    authenticate: () => {
      const given = req.headers['private-token'] ?? /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (given === undefined) return null;
      const entry = options.world.tokens.get((Array.isArray(given) ? given[0]! : given).trim());
      // A read_api token may query: GraphqlController's scopes are api and read_api.
      if (!entry || entry.expired) throw new HttpError(401, {});
      return options.world.users.get(entry.userId)!;
    },
  });
  if (reply.body === undefined) {
    res.writeHead(reply.status, { 'Cache-Control': 'max-age=0, private, must-revalidate', ...reply.headers });
    res.end();
    return;
  }
  send(res, req, { status: reply.status, body: reply.body, headers: reply.headers });
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, { message: '413 Request Entity Too Large' });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function authenticate(req: IncomingMessage, url: URL, method: string, world: World): SimUser {
  const header = req.headers['private-token'];
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const token = (Array.isArray(header) ? header[0] : header) ?? bearer ?? url.searchParams.get('private_token') ?? undefined;
  const entry = token ? world.tokens.get(token.trim()) : undefined;
  if (!entry) throw new HttpError(401, { message: '401 Unauthorized' });
  if (entry.expired) {
    const description = 'Token is expired. You can either do re-authorization or token refresh.';
    throw new HttpError(
      401,
      { error: 'invalid_token', error_description: description },
      {
        'WWW-Authenticate': `Bearer realm="", error="invalid_token", error_description="${description}"`,
      },
    );
  }
  if (entry.scopes === 'read_api' && method !== 'GET' && method !== 'HEAD') {
    const description = 'The request requires higher privileges than provided by the access token.';
    throw new HttpError(
      403,
      { error: 'insufficient_scope', error_description: description, scope: 'api' },
      {
        'WWW-Authenticate': `Bearer realm="", error="insufficient_scope", error_description="${description}", scope="api"`,
      },
    );
  }
  return world.users.get(entry.userId)!;
}

async function readBody(req: IncomingMessage): Promise<{ flat: Map<string, string[]>; structured: Record<string, unknown> }> {
  const text = await readText(req);
  const out = new Map<string, string[]>();
  if (!text) return { flat: out, structured: {} };
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new HttpError(400, { error: 'The request body is not valid JSON' });
    }
    const structured = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    for (const [key, value] of Object.entries(structured)) {
      const values = Array.isArray(value) ? value : [value];
      out.set(key, values.filter((v) => v !== null && typeof v !== 'object').map(String));
    }
    return { flat: out, structured };
  }
  const form = new URLSearchParams(text);
  for (const [key, value] of form) push(out, key, value);
  return { flat: out, structured: nestedForm(form) };
}

/**
 * Rack's nested form parameters, the part GitLab's API takes: `inputs[name]=v` is a hash and
 * `variables[][key]=K&variables[][value]=V` an array of hashes (a key seen again starts a new one).
 */
function nestedForm(form: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of form) {
    const m = /^([^[\]]+)((?:\[[^\]]*\])+)$/.exec(rawKey);
    if (!m) continue;
    const name = m[1]!;
    const parts = [...m[2]!.matchAll(/\[([^\]]*)\]/g)].map((x) => x[1]!);
    if (parts.length === 1 && parts[0] !== '') {
      const hash = (out[name] && typeof out[name] === 'object' && !Array.isArray(out[name]) ? out[name] : (out[name] = {})) as Record<string, unknown>;
      hash[parts[0]!] = value;
    } else if (parts.length === 2 && parts[0] === '' && parts[1] !== '') {
      const list = (Array.isArray(out[name]) ? out[name] : (out[name] = [])) as Record<string, unknown>[];
      const last = list[list.length - 1];
      if (!last || parts[1]! in last) list.push({ [parts[1]!]: value });
      else last[parts[1]!] = value;
    }
  }
  return out;
}

function send(res: ServerResponse, req: IncomingMessage, reply: Reply): void {
  const headers: Record<string, string> = {
    'Cache-Control': 'max-age=0, private, must-revalidate',
    'X-Request-Id': Math.random().toString(36).slice(2, 14),
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding, Origin',
    ...reply.headers,
  };
  let bytes: Buffer | null = null;
  if (reply.raw) {
    bytes = reply.raw;
    headers['Content-Type'] = reply.contentType ?? 'application/octet-stream';
  } else if (reply.body !== undefined && reply.status !== 204 && reply.status !== 304) {
    bytes = Buffer.from(JSON.stringify(reply.body), 'utf8');
    headers['Content-Type'] = reply.contentType ?? 'application/json';
  }
  if (reply.etag && bytes && reply.status < 300) {
    const etag = weakEtag(bytes);
    headers.ETag = etag;
    const inm = req.headers['if-none-match'];
    if (etagMatches(Array.isArray(inm) ? inm.join(',') : inm, etag)) {
      delete headers['Content-Type'];
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (bytes && acceptsGzip && bytes.length >= 512 && !(headers['Content-Type'] ?? '').startsWith('application/zip')) {
    bytes = gzipSync(bytes, { level: 6 });
    headers['Content-Encoding'] = 'gzip';
  }
  if (bytes) headers['Content-Length'] = String(bytes.length);
  else if (reply.status !== 304 && reply.status !== 204) headers['Content-Length'] = '0';
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : (bytes ?? undefined));
}

/** Pages outside /api/v4: the web_url links of the simulated GitLab open something sensible. */
function webPage(pathname: string, present: PresentContext): Reply {
  const safe = pathname.replace(/[<>&"]/g, '');
  const html = `<!doctype html><meta charset="utf-8"><title>pipetop simulator</title><h1>pipetop GitLab simulator</h1><p>This is the simulated GitLab's page for <code>${safe}</code>. The API is at <code>${present.webBase}/api/v4</code>.</p>\n`;
  return {
    status: pathname === '/' || /\/-\/(jobs|pipelines|commit)\//.test(pathname) || pathname.split('/').length <= 4 ? 200 : 404,
    raw: Buffer.from(html),
    contentType: 'text/html; charset=utf-8',
  };
}

async function applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  switch (fault.kind) {
    case 'reset':
      cut(req);
      return true;
    case 'stall':
      // Never answers; the connection closes when the client gives up or the server stops.
      return true;
    case 'respond': {
      const body =
        typeof fault.body === 'string' || Buffer.isBuffer(fault.body)
          ? Buffer.from(fault.body)
          : Buffer.from(JSON.stringify(fault.body ?? { message: `${fault.status} fault` }));
      const contentType = fault.contentType ?? (typeof fault.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
      res.writeHead(fault.status ?? 500, { 'Content-Type': contentType, 'Content-Length': String(body.length), ...fault.headers });
      res.end(body);
      return true;
    }
    case 'truncate': {
      // Promises more bytes than it sends, then cuts the connection mid-body.
      res.writeHead(fault.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': '100000', ...fault.headers });
      res.write(typeof fault.body === 'string' ? fault.body : '[{"id":1,"status":"runn');
      setImmediate(() => cut(req));
      return true;
    }
    case 'delay':
      await Promise.all([new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 0)), fault.until?.catch(() => {})]);
      return false;
  }
  return false;
}

export { routes };
