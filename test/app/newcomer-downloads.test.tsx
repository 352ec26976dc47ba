// Where files go: downloads go to the downloads directory, the prompt and the toast give
// the full path, a name changed to avoid overwriting says so, and `:artifacts` asks before saving.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

it(':artifacts asks, with the full path; a second download says the name was taken and gives the new one', async () => {
  app = await startApp({ columns: 200 });
  await app.waitFor('acme/api');
  const projectId = [...app.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!.id;
  app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' } as Pane] }));
  await app.waitFor('f filters');
  const full = join(app.downloadDir, 'artifacts-main-build.zip');
  for (const round of [1, 2]) {
    await app.press(':');
    await app.type('artifacts main build');
    await app.press(KEY.enter);
    // It asks first: nothing is saved until Enter.
    await app.waitFor('Save artifacts to:');
    expect(app.frame()).toContain(full);
    expect(await readdir(app.downloadDir)).toHaveLength(round - 1);
    await app.press(KEY.enter);
    await app.until(() => /^Saved /.test(app!.store.getState().toast?.message ?? ''), 'the download');
    const message = app.store.getState().toast!.message;
    if (round === 1) {
      expect(message).toContain(`to ${full} (`);
      expect(message).not.toContain('new name');
    } else {
      expect(message).toContain(`to ${join(app.downloadDir, 'artifacts-main-build (1).zip')} (`);
      expect(message).toContain('artifacts-main-build.zip exists, so a new name');
    }
  }
  expect((await readdir(app.downloadDir)).sort()).toEqual(['artifacts-main-build (1).zip', 'artifacts-main-build.zip']);
});
