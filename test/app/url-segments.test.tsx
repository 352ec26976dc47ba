// `.` and `..` typed where a name belongs must not be sent as URL segments, which a URL resolves
// away — `:user ..` would ask GET /api/v4/events, `:project ..` GET /api/v4/, `:project .` GET
// /projects/, `:artifacts .. build` /projects/101/jobs/download. src/api/paths.ts refuses them
// where the URL is built; the palette says which input it refused, and nothing reaches the server.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { setPrompt } from '../../src/store/writers.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
let projectId = 0;
beforeAll(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  projectId = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!.id;
});
afterAll(() => app?.close());
beforeEach(() => {
  app.open({ kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' });
  setPrompt(app.store, null);
});

async function palette(text: string): Promise<number> {
  const before = app.sim.requests.length;
  await app.palette(text);
  return before;
}

const sentSince = (from: number) => app.sim.requests.slice(from).map((r) => `${r.method} ${r.path}`);

it.each([
  ['user ..', /user "\.\." is not a name GitLab can be asked for/, /^GET \/(events|users)/],
  ['user .', /user "\." is not a name GitLab can be asked for/, /^GET \/(events|users)/],
  ['project ..', /project "\.\." is not a name GitLab can be asked for/, /^GET \/(\?|$|projects\/?(\?|$))/],
  ['project .', /project "\." is not a name GitLab can be asked for/, /^GET \/projects\/?(\?|$)/],
  ['artifacts .. build', /ref "\.\." is not a name GitLab can be asked for/, /\/jobs\/(download|artifacts)/],
  ['artifacts . build', /ref "\." is not a name GitLab can be asked for/, /\/jobs\/(download|artifacts)/],
])(':%s is refused naming the input, and no request is sent', async (typed, message, forbidden) => {
  const from = await palette(typed);
  await app.waitFor(message);
  const sent = sentSince(from);
  expect(sent.filter((r) => forbidden.test(r))).toEqual([]);
});
