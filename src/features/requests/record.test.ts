import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { curlOf, recordExchange, REQUEST_LOG_SIZE } from './record.js';
import type { RequestRecord } from './slice.js';

const storeOf = () => {
  let state = { requestLog: [] as RequestRecord[] };
  return { getState: () => state, setState: (p: { requestLog: RequestRecord[] }) => (state = { ...state, ...p }) };
};

it('keeps the newest REQUEST_LOG_SIZE entries, numbered in order', () => {
  const store = storeOf();
  for (let i = 0; i < REQUEST_LOG_SIZE + 25; i++) recordExchange(store, { method: 'GET', path: `/p/${i}`, attempt: 1, ms: 1, status: 200, bytes: 10 }, i);
  const log = store.getState().requestLog;
  expect(log).toHaveLength(REQUEST_LOG_SIZE);
  expect(log[0]).toMatchObject({ id: 26, path: '/p/25', at: 25 });
  expect(log.at(-1)).toMatchObject({ id: REQUEST_LOG_SIZE + 25, path: `/p/${REQUEST_LOG_SIZE + 24}`, status: 200, bytes: 10 });
});

it('records a request with no answer and a retried one as the client reported them', () => {
  const store = storeOf();
  recordExchange(store, { method: 'GET', path: '/user', attempt: 2, ms: 30_000, error: 'timeout' }, 5);
  expect(store.getState().requestLog[0]).toEqual({ id: 1, at: 5, method: 'GET', path: '/user', attempt: 2, ms: 30_000, error: 'timeout' });
});

const record = (over: Partial<RequestRecord>): RequestRecord => ({ id: 1, at: 0, method: 'GET', path: '/user', ms: 1, attempt: 1, ...over });

it('a hostile path stays one quoted word: the shell runs nothing of it', () => {
  const path = `/projects/1/jobs?name=';touch${' '}/tmp/pwned;'$(id)\`id\``;
  const curl = curlOf(record({ path }), 'https://gitlab.example.com/api/v4/');
  // Parse it with a real shell, printing each word instead of running curl.
  const words = spawnSync('sh', ['-c', `set -- ${curl.slice('curl '.length)}; for w; do printf '%s\\n' "$w"; done`], {
    env: { GITLAB_TOKEN: 'T0KEN', PATH: process.env.PATH },
    encoding: 'utf8',
  }).stdout.split('\n');
  expect(words.slice(0, 3)).toEqual(['--header', 'PRIVATE-TOKEN: T0KEN', `https://gitlab.example.com/api/v4${path}`]);
});

it('says when a request body is not repeated, and uses --head for HEAD', () => {
  expect(curlOf(record({ method: 'POST', path: '/projects/1/jobs/2/retry' }), 'http://h/api/v4')).toBe(
    `curl -X POST --header "PRIVATE-TOKEN: $GITLAB_TOKEN" 'http://h/api/v4/projects/1/jobs/2/retry' # the body pipetop sent is not kept`,
  );
  expect(curlOf(record({ method: 'HEAD' }), 'http://h/api/v4')).toBe(`curl --head --header "PRIVATE-TOKEN: $GITLAB_TOKEN" 'http://h/api/v4/user'`);
});
