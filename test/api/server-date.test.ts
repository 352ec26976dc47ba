// The client reports each response's Date header with the local times around it, so the app can
// count ages on GitLab's clock (src/time/server-clock.ts). Here a server 3 minutes ahead.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createServerClock } from '../../src/time/server-clock.js';
import { json, startServer, text, type TestServer } from './test-server.js';

const AHEAD = 180_000;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('onServerDate', () => {
  it('feeds a server clock that ends up 3 minutes ahead, within the header second', async () => {
    server = await startServer((_req, res) => json(res, 200, [], { date: new Date(Date.now() + AHEAD).toUTCString() }));
    const seen: Array<[string, number, number]> = [];
    const clock = createServerClock();
    const client = createClient({
      baseUrl: server.url,
      onServerDate: (date, sentAt, receivedAt) => {
        seen.push([date, sentAt, receivedAt]);
        clock.observe(date, sentAt, receivedAt);
      },
    });
    for (let i = 0; i < 3; i += 1) await client.get('/projects', { etag: false });
    expect(seen).toHaveLength(3);
    for (const [date, sentAt, receivedAt] of seen) {
      expect(Date.parse(date)).toBeGreaterThan(sentAt);
      expect(receivedAt).toBeGreaterThanOrEqual(sentAt);
    }
    // The estimate is off by at most the header's 1 s resolution plus the round trips.
    const roundTrips = Math.max(...seen.map(([, sentAt, receivedAt]) => receivedAt - sentAt));
    expect(Math.abs(clock.offset() - AHEAD)).toBeLessThanOrEqual(1_000 + roundTrips);
    expect(Math.abs(clock.now() - (Date.now() + AHEAD))).toBeLessThanOrEqual(1_000 + roundTrips + 50);
  });

  it('reports error responses too, and a throwing listener breaks nothing', async () => {
    server = await startServer((_req, res) => text(res, 404, 'nope', { date: new Date(Date.now() + AHEAD).toUTCString() }));
    let calls = 0;
    const client = createClient({
      baseUrl: server.url,
      onServerDate: () => {
        calls += 1;
        throw new Error('broken listener');
      },
    });
    await expect(client.get('/projects/1')).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });
});
