// GET /projects/:id/repository/branches (docs/gitlab-api.md "Repository branches"): what the `:`
// palette completes refs from, through the typed client and its decoder, against the simulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Branch } from '../../src/api/index.js';
import { startRig, type Rig } from '../helpers/sim.js';

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});

const API = 'acme/api';
const names = (list: Branch[]) => list.map((b) => b.name);

describe('repository branches', () => {
  it('lists every branch, by name, with its head commit and what the caller may do', async () => {
    const project = [...rig.sim.world.projects.values()].find((p) => `${p.namespace}/${p.path}` === API)!;
    const list = await rig.gl.branches.list(API, { perPage: 100 }).all();
    expect(names(list)).toEqual([...project.branches].sort());
    expect(names(list)).toContain('feature/rate-limits');
    const main = list.find((b) => b.name === 'main')!;
    expect(main).toMatchObject({ default: true, protected: true, merged: false, can_push: true });
    expect(main.commit?.id).toBe(project.heads.get('main')!.sha);
    expect(main.web_url).toMatch(/\/acme\/api\/-\/tree\/main$/);
    const feature = list.find((b) => b.name === 'feature/rate-limits')!;
    expect(feature).toMatchObject({ default: false, protected: false });
    expect(feature.web_url).toMatch(/\/-\/tree\/feature\/rate-limits$/);
  });

  it('search keeps names containing it; ^ and $ anchor it', async () => {
    const all = names(await rig.gl.branches.list(API, { perPage: 100 }).all());
    expect(names(await rig.gl.branches.list(API, { search: 'ix/' }).all())).toEqual(['fix/timeouts']);
    expect(names(await rig.gl.branches.list(API, { search: '^f' }).all())).toEqual(all.filter((n) => n.startsWith('f')));
    expect(names(await rig.gl.branches.list(API, { search: '^F' }).all())).toEqual(all.filter((n) => n.startsWith('f')));
    expect(names(await rig.gl.branches.list(API, { search: 'x$' }).all())).toEqual(['renovate/undici-7.x']);
    expect(names(await rig.gl.branches.list(API, { search: 'nothing-like-it' }).all())).toEqual([]);
  });

  it('pages as every list does', async () => {
    const res = await rig.gl.client.request<Branch[]>('GET', `/projects/${encodeURIComponent(API)}/repository/branches`, { query: { per_page: 2, page: 1 } });
    expect(res.status).toBe(200);
    expect(res.data).toHaveLength(2);
    expect(res.headers['x-next-page']).toBe('2');
    const paged = await rig.gl.branches.list(API, { perPage: 1 }).all();
    expect(names(paged)).toEqual(names(await rig.gl.branches.list(API, { perPage: 100 }).all()));
  });

  it('an unknown project is a 404', async () => {
    await expect(rig.gl.branches.list('acme/nothing').all()).rejects.toMatchObject({ status: 404 });
  });
});
