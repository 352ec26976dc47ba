// HTTP(S)_PROXY and NO_PROXY, through a real loopback proxy in front of the simulator.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGitLab, proxyDispatcher } from '../../src/api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';

let sim: Simulator;
let proxy: Server;
let proxyUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  sim = await startSimulator({ speed: 0, seed: 5 });
  // Absolute-form forwarding, for clients that do not tunnel.
  proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  // undici tunnels through a proxy with CONNECT (for http and https targets alike), as squid allows.
  proxy.on('connect', (req, client, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => proxy.close(resolve));
});

it('sends requests through HTTP_PROXY', async () => {
  const dispatcher = await proxyDispatcher({ HTTP_PROXY: proxyUrl });
  expect(dispatcher).toBeDefined();
  const gl = createGitLab({ baseUrl: sim.url, token: DEMO_TOKENS.user, dispatcher });
  expect((await gl.users.current()).username).toBe('alice');
  expect(seen).toContain(`CONNECT ${new URL(sim.url).host}`);
});

it('goes direct for hosts in NO_PROXY, and without any proxy variable', async () => {
  const before = seen.length;
  const direct = createGitLab({
    baseUrl: sim.url,
    token: DEMO_TOKENS.user,
    dispatcher: await proxyDispatcher({ http_proxy: proxyUrl, NO_PROXY: '127.0.0.1' }),
  });
  expect((await direct.users.current()).username).toBe('alice');
  expect(seen.length).toBe(before);
  expect(await proxyDispatcher({})).toBeUndefined();
});
