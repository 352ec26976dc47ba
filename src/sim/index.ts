// Starting and stopping the simulator: `startSimulator()` is what the CLI (`pipetop sim`), the TUI's
// demo mode and the tests call. It binds to 127.0.0.1 unless told otherwise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { artifactZip, byteRange } from './artifacts.js';
import { SimClock } from './clock.js';
import { FaultQueue } from './faults.js';
import { FaultInjector, type FaultStats, type RandomFaultOptions } from './fault-injection.js';
import { createApiServer, type LoggedRequest, type SimTls } from './server.js';
import type { GraphQLMode } from './graphql/endpoint.js';
import { EtagStore } from './graphql/etag.js';
import { buildWorld } from './world/build.js';
import type { WorldScale } from './world/scale.js';
import type { World } from './world/world.js';

export { DEMO_TOKENS } from './world/catalog.js';
export type { Fault } from './faults.js';
export { FAULT_KINDS, parseFaultKinds, type FaultKind, type FaultStats, type RandomFaultOptions } from './fault-injection.js';
export type { LoggedRequest, SimTls } from './server.js';
export type { GraphQLMode } from './graphql/endpoint.js';

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** World time per real time; 0 freezes the clock (tests move it with clock.advance). */
  speed?: number;
  /** World time at start (epoch ms); defaults to now. */
  startTime?: number;
  /** Behave like real GitLab where the simulator improves on it: the trace ignores Range. */
  gitlabStrict?: boolean;
  /** Serve artifacts through a 302 to a second "object storage" server on another port. */
  artifactsRedirect?: boolean;
  /**
   * Answer Range on the artifacts archive with the whole archive (200), as a proxy that drops the
   * header would: GitLab itself honours it (docs/gitlab-api.md "Artifacts archive: listing and single files").
   */
  artifactsNoRange?: boolean;
  /** Serve HTTPS, HTTP/2 and HTTP/1.1, with this certificate and key (PEM), e.g. one signed by a private CA. */
  tls?: SimTls;
  /** Random faults on /api/v4 requests at this rate (seeded); see fault-injection.ts. */
  faults?: RandomFaultOptions;
  /** A bigger world, for benchmarks: more projects, a pipeline of thousands of jobs, a very long log. */
  scale?: WorldScale;
  /**
   * Listen at once and build the world (~0.5 s) when it is first needed — the first request, or
   * `world` read — instead of before start returns: the demo's first frame need not wait for it.
   */
  deferWorld?: boolean;
  /**
   * POST /api/graphql: `on` (default) as GitLab; `off` answers 404, as a GitLab without GraphQL or a
   * proxy refusing it; `no-polling` answers a matching If-None-Match 429, as GitLab does when an
   * administrator disabled polling.
   */
  graphql?: GraphQLMode;
}

export interface Simulator {
  /** e.g. http://127.0.0.1:8929 */
  url: string;
  apiUrl: string;
  port: number;
  world: World;
  clock: SimClock;
  faults: FaultQueue;
  /** Random faults injected so far, per kind (and in total). */
  faultStats: FaultStats;
  /** Turns random fault injection on (rate > 0) or off (0) while running. */
  setFaultRate(rate: number): void;
  /** Every request received, oldest first (bounded). */
  requests: LoggedRequest[];
  /** The object-storage server, when artifactsRedirect is on. */
  storage: { url: string; requests: LoggedRequest[] } | null;
  /** The GraphQL ETag store: which pipeline resources were touched, and how often. */
  readonly etags: EtagStore;
  /** What /api/graphql does from now on (SimulatorOptions.graphql). */
  setGraphQL(mode: GraphQLMode): void;
  /** Brings the world up to the clock's time (requests do this themselves). */
  sync(): void;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? 42;
  const startTime = options.startTime ?? Date.now();
  const clock = new SimClock(startTime, options.speed ?? 1);
  let built: World | null = null;
  let etags: EtagStore | null = null;
  const world = (): World => {
    if (!built) {
      built = buildWorld(seed, startTime, options.scale);
      etags = new EtagStore(built);
    }
    return built;
  };
  let graphqlMode: GraphQLMode = options.graphql ?? 'on';
  if (!options.deferWorld) world();
  const faults = new FaultQueue();
  const injector = new FaultInjector(options.faults ?? { rate: 0 });
  const requests: LoggedRequest[] = [];
  let storage: { url: string; requests: LoggedRequest[]; server: Server; sockets: Set<Socket> } | null = null;
  if (options.artifactsRedirect) storage = await startStorage(world, host, options.artifactsNoRange ?? false);

  const { server, sockets } = createApiServer({
    get world() {
      return world();
    },
    clock,
    host,
    port: options.port ?? 0,
    gitlabStrict: options.gitlabStrict ?? false,
    artifactsNoRange: options.artifactsNoRange ?? false,
    storageUrl: () => storage?.url ?? null,
    faults,
    injector,
    log: requests,
    ...(options.tls ? { tls: options.tls } : {}),
    graphql: () => graphqlMode,
    etags: () => (world(), etags!),
  });
  await listen(server, options.port ?? 0, host);
  const port = (server.address() as AddressInfo).port;
  const url = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    apiUrl: `${url}/api/v4`,
    port,
    get world() {
      return world();
    },
    clock,
    faults,
    faultStats: injector.stats,
    setFaultRate: (rate) => injector.setRate(rate),
    requests,
    storage: storage && { url: storage.url, requests: storage.requests },
    get etags() {
      return (world(), etags!);
    },
    setGraphQL: (mode) => {
      graphqlMode = mode;
    },
    sync: () => world().advanceTo(clock.now()),
    async close() {
      await Promise.all([stop(server, sockets), storage ? stop(storage.server, storage.sockets) : undefined]);
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function stop(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A stand-in for S3-style object storage: serves artifacts by a pre-signed-looking URL, no auth. */
async function startStorage(worldOf: () => World, host: string, noRange: boolean) {
  const requests: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers }, status: 0, at: Date.now(), httpVersion: req.httpVersion });
    const m = /^\/artifacts\/\d+\/(\d+)\/artifacts\.zip/.exec(req.url ?? '');
    const world = worldOf();
    const job = m ? world.jobs.get(Number(m[1])) : undefined;
    if (!job || !job.artifacts || job.erasedAt !== null) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code></Error>');
      return;
    }
    const zip = Buffer.from(artifactZip(world.seed, job));
    // S3 answers a Range with 206 (or 416 past the end), as GitLab's own download does.
    const range = noRange ? undefined : byteRange(req.headers.range, zip.length);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Type': 'application/xml', 'Content-Range': `bytes */${zip.length}` });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidRange</Code></Error>');
      return;
    }
    if (range) {
      res.writeHead(206, {
        'Content-Type': 'application/zip',
        'Content-Length': String(range.end - range.start),
        'Content-Range': `bytes ${range.start}-${range.end - 1}/${zip.length}`,
        'Accept-Ranges': 'bytes',
      });
      res.end(zip.subarray(range.start, range.end));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': String(zip.length), 'Accept-Ranges': 'bytes' });
    res.end(zip);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(server, 0, host);
  const port = (server.address() as AddressInfo).port;
  return { url: `http://${host}:${port}`, requests, server, sockets };
}
