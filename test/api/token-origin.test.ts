// The token goes to GitLab's own origin only: not after a redirect, not to a URL a response names on
// another host (web_url, download_url, a Link), not to the same host on another port or scheme.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { downloadToFile } from '../../src/api/download.js';
import { json, startServer, type Handler, type TestServer } from './test-server.js';

const TOKEN = 'glpat-OriginTest0123456789';
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(handler: Handler): Promise<TestServer> {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}
const leaked = (s: TestServer) => s.requests.filter((r) => JSON.stringify(r.headers).includes(TOKEN) || r.url.includes(TOKEN));

describe('the token never reaches another origin', () => {
  it('an API GET redirected to another host: the other host never sees the token', async () => {
    const other = await serve((_req, res) => json(res, 200, { id: 1 }));
    const api = await serve((_req, res) => res.writeHead(302, { location: `${other.url}/api/v4/projects/1` }).end());
    await createClient({ baseUrl: api.url, token: TOKEN, maxRetries: 0 })
      .get('/projects/1')
      .catch(() => undefined);
    expect(api.requests[0]?.headers['private-token']).toBe(TOKEN);
    expect(leaked(other)).toEqual([]);
  });

  it('a web_url or download_url on another host, requested as given, goes without the token', async () => {
    const other = await serve((req, res) => (req.url?.endsWith('/download') ? res.writeHead(200, { 'content-length': 2 }).end('ok') : json(res, 200, {})));
    const api = await serve((_req, res) => json(res, 200, {}));
    const client = createClient({ baseUrl: api.url, token: TOKEN, maxRetries: 0 });
    await client.get(`${other.url}/acme/api/-/jobs/1`);
    const dir = await mkdtemp(join(tmpdir(), 'pipetop-origin-'));
    try {
      await downloadToFile(client, `${other.url}/acme/api/-/jobs/1/artifacts/download`, join(dir, 'a.zip'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(other.requests).toHaveLength(2);
    expect(leaked(other)).toEqual([]);
  });

  it('the same host on another port is another origin', async () => {
    const api = await serve((_req, res) => json(res, 200, {}));
    const sameHostOtherPort = await serve((_req, res) => json(res, 200, {}));
    expect(new URL(api.url).hostname).toBe(new URL(sameHostOtherPort.url).hostname);
    await createClient({ baseUrl: api.url, token: TOKEN, maxRetries: 0 }).get(`${sameHostOtherPort.url}/api/v4/user`);
    expect(leaked(sameHostOtherPort)).toEqual([]);
  });
});
