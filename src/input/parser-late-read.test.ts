// The Escape timeout on a loaded machine (src/input/parser.ts defaultTimers): the rest of a sequence
// was sent in time, but the process got the CPU back only after the timeout was due, when timers run
// before reads. A socket stands in for the terminal, so the bytes come through the event loop's
// reads as keys do; a busy wait stands in for the machine's other work.
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createKeyParser } from './parser.js';
import type { InputEvent } from './key.js';
import { until as waitUntil } from '../../test/helpers/until.js';

const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.destroy();
});

async function socketPair(): Promise<{ writer: Socket; reader: Socket }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const writer = connect(address.port, '127.0.0.1');
  const [reader] = await accepted;
  server.close();
  open.push(writer, reader);
  return { writer, reader };
}

const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeoutMs: 2000, everyMs: 5 });

it('keeps a sequence whole when its rest is read only after the Escape timeout was due', async () => {
  const events: InputEvent[] = [];
  const parser = createKeyParser({ onEvent: (e) => events.push(e), escapeTimeoutMs: 50 });
  const { writer, reader } = await socketPair();
  let reads = 0;
  reader.on('data', (chunk: Buffer) => {
    reads++;
    parser.push(chunk);
  });
  // An X10 mouse report (ESC [ M and three bytes), cut after its introducer.
  writer.write('\x1b[M');
  await until(() => reads === 1, 'the first read');
  writer.write(' !q');
  // The process is kept from its event loop past the 50 ms: bounded, it stands for the machine's load.
  const busyUntil = performance.now() + 150;
  while (performance.now() < busyUntil);
  await until(() => reads === 2, 'the second read');
  expect(events).toEqual([]);
  // A real Escape still comes out, after its own timeout; by then a wait left running from the report
  // would have put its bytes out first.
  writer.write('\x1b');
  await until(() => events.length > 0, 'the Escape');
  expect(events.map((e) => (e.kind === 'key' ? e.name : e.kind))).toEqual(['escape']);
});
