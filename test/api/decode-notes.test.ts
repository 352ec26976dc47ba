// What the decoders tolerate reaches --debug-log (src/tui.tsx wires onDecodeNote to it) once per
// kind, naming the entity and the field, never a value GitLab sent.
import { afterEach, expect, it } from 'vitest';
import { createGitLab } from '../../src/api/index.js';
import { json, startServer, type TestServer } from './test-server.js';

let server: TestServer | undefined;
afterEach(() => server?.close());

it('a wrong-typed optional field is left out and noted once, however often it comes', async () => {
  const job = {
    id: 5,
    status: 'failed',
    stage: 'test',
    name: 'rspec',
    ref: 'main',
    commit: { id: 'a', short_id: 'a', title: 't' },
    coverage: '\u001b]0;x\u0007',
  };
  server = await startServer((_req, res) => json(res, 200, job));
  const notes: string[] = [];
  const gl = createGitLab({ baseUrl: server.url, token: 't', onDecodeNote: (note) => notes.push(note) });
  const first = await gl.jobs.get(1, 5);
  await gl.jobs.get(1, 5);
  await gl.jobs.retry(1, 5);
  expect(first).not.toHaveProperty('coverage');
  expect(first.name).toBe('rspec');
  expect(notes).toEqual(["job's coverage is not a number: left out"]);
});
