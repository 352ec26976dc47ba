// Tab in the `:` palette and in the job-status and pipeline-filter prompts: one
// choice goes in at once; several open a menu (ink-select-input, fed by the controller) and Tab /
// Shift-Tab cycle through it; Esc puts back what was typed. Written key by key and in one write.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listKeyOf } from '../../src/store/sources.js';
import { topPane } from '../../src/store/store.js';
import type { ListKey } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const PROJECTS = listKeyOf({ kind: 'projects' }) as ListKey;
const SHIFT_TAB = '\u001B[Z';

describe('Tab completion', () => {
  let app: AppRig;
  const prompt = () => app.store.getState().prompt;
  beforeEach(async () => {
    app = await startApp();
    await app.until(() => app.controller.rowsOf(PROJECTS).length >= 5, 'five projects');
  });
  afterEach(() => app.close());

  it('completes a command name; several show a menu that Tab and Shift-Tab cycle', async () => {
    await app.type(':pro\t');
    expect(prompt()?.value).toBe('project');
    expect(prompt()?.completion?.items).toEqual(['project', 'projects']);
    let frame = await app.waitFor(/❯ project\n/);
    expect(frame).toContain('  projects');
    await app.press('\t');
    expect(prompt()?.value).toBe('projects');
    frame = await app.waitFor(/❯ projects/);
    await app.press('\t');
    expect(prompt()?.value).toBe('project');
    await app.press(SHIFT_TAB);
    expect(prompt()?.value).toBe('projects');
    // Any other key keeps the choice and acts: Enter runs `:projects`.
    await app.press(KEY.enter);
    expect(prompt()).toBeNull();
    expect(topPane(app.store.getState()).kind).toBe('projects');
  });

  it('the same keys in one write', async () => {
    await app.type(':pro\t\t\t');
    // The menu opens on `project`; the third Tab has gone round to it again.
    expect(prompt()?.value).toBe('project');
    expect(prompt()?.completion?.index).toBe(0);
    await app.type(`${SHIFT_TAB}x`);
    expect(prompt()?.value).toBe('projectsx');
    expect(prompt()?.completion).toBeUndefined();
    await app.waitFor(': projectsx');
    // A unique choice goes in with its space, the next word follows.
    await app.type('\x15pu\tx');
    expect(prompt()?.value).toBe('pulse x');
  });

  it('Esc closes the menu with the word as it was typed, and the prompt stays', async () => {
    await app.type(':pro\t\t');
    expect(prompt()?.value).toBe('projects');
    await app.press(KEY.escape);
    expect(prompt()?.value).toBe('pro');
    expect(prompt()?.completion).toBeUndefined();
    await app.type('ject acme/ap\t');
    expect(prompt()?.value).toBe('project acme/api ');
    await app.press(KEY.enter);
    await app.until(() => topPane(app.store.getState()).kind === 'project', 'acme/api');
    expect(topPane(app.store.getState())).toMatchObject({ path: 'acme/api' });
  });

  it('completes a ref from the branches of the project in front, read once', async () => {
    await app.type(':project acme/api\r');
    await app.until(() => topPane(app.store.getState()).kind === 'project', 'acme/api');
    const reads = () => app.sim.requests.filter((r) => r.path.includes('/repository/branches')).length;
    const project = [...app.sim.world.projects.values()].find((p) => `${p.namespace}/${p.path}` === 'acme/api')!;
    const fs = [...project.branches].filter((b) => b.startsWith('f')).sort();
    expect(fs.length).toBeGreaterThan(1);
    await app.type(':new f\t');
    await app.until(() => prompt()?.completion !== undefined, 'the branches');
    expect(prompt()?.completion?.items).toEqual(fs);
    expect(prompt()?.value).toBe(`new ${fs[0]}`);
    await app.waitFor(`❯ ${fs[0]}`);
    await app.press('\t');
    expect(prompt()?.value).toBe(`new ${fs[1]}`);
    await app.press(KEY.escape, '\x17', 'r');
    await app.press('\t');
    expect(prompt()?.value).toBe('new renovate/undici-7.x ');
    expect(reads()).toBe(1);
  });

  it('says when nothing completes, and changes nothing', async () => {
    await app.type(':zz\t');
    expect(prompt()?.value).toBe('zz');
    await app.waitFor('Nothing to complete for "zz"');
  });

  it('the job-status and pipeline-filter prompts complete their own words', async () => {
    await app.type(':project acme/api\r');
    await app.until(() => topPane(app.store.getState()).kind === 'project', 'acme/api');
    await app.press('f');
    await app.waitFor('Filter pipelines:');
    await app.type('status=fa\t');
    expect(prompt()?.value).toBe('status=failed ');
    await app.type('ord\t');
    expect(prompt()?.value).toBe('status=failed order_by=');
    expect(prompt()?.completion?.items).toEqual(['order_by=', 'order_by=id', 'order_by=status', 'order_by=ref', 'order_by=updated_at', 'order_by=user_id']);
    await app.type('\t\t');
    expect(prompt()?.value).toBe('status=failed order_by=status');
    // Esc: the menu goes, `ord` is back; Esc again: the prompt goes.
    await app.press(KEY.escape);
    expect(prompt()?.value).toBe('status=failed ord');
    await app.press(KEY.escape);
    expect(prompt()).toBeNull();
    await app.press('2');
    await app.waitFor(/Jobs/);
    await app.press('s');
    await app.waitFor('Show jobs with status:');
    await app.type('pa\t');
    expect(prompt()?.value).toBe('passed ');
  });
});
