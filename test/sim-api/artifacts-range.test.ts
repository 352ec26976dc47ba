// The artifacts archive by byte range and one file of it, as GitLab serves them (docs/gitlab-api.md
// "Artifacts archive: listing and single files"): the simulator against the client over HTTP.
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGitLabApiError } from '../../src/api/index.js';
import type { SimJob } from '../../src/sim/model.js';
import { startRig, type Rig } from '../helpers/sim.js';

let rig: Rig;
let projectId: number;
let job: SimJob;
let whole: Uint8Array;

beforeAll(async () => {
  rig = await startRig();
  projectId = rig.sim.world.projectsByPath.get('acme/web')!.id;
  job = [...rig.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.name === 'build:app' && j.artifacts && j.erasedAt === null)!;
  const res = await fetch(`${rig.sim.apiUrl}/projects/${projectId}/jobs/${job.id}/artifacts`, { headers: { 'PRIVATE-TOKEN': 'demo-user-token' } });
  whole = new Uint8Array(await res.arrayBuffer());
});
afterAll(() => rig.sim.close());

describe('the archive by Range', () => {
  it('answers a suffix range with 206 and Content-Range, and a middle range exactly', async () => {
    const tail = await rig.gl.jobs.artifactsRange(projectId, job.id, { suffix: 100 });
    expect(tail.kind).toBe('partial');
    if (tail.kind !== 'partial') return;
    expect(tail.total).toBe(whole.length);
    expect(tail.start).toBe(whole.length - 100);
    expect([...tail.bytes]).toEqual([...whole.subarray(whole.length - 100)]);
    const mid = await rig.gl.jobs.artifactsRange(projectId, job.id, { start: 10, end: 30 });
    expect(mid.kind === 'partial' && [...mid.bytes]).toEqual([...whole.subarray(10, 30)]);
    // A suffix longer than the archive is the whole archive, still 206.
    const all = await rig.gl.jobs.artifactsRange(projectId, job.id, { suffix: whole.length * 2 });
    expect(all.kind === 'partial' && all.bytes.length).toBe(whole.length);
  });

  it('is 416 past the end, and 200 with the whole archive when Range is dropped', async () => {
    const past = await rig.gl.jobs.artifactsRange(projectId, job.id, { start: whole.length + 5, end: whole.length + 10 }).catch((e: unknown) => e);
    expect(isGitLabApiError(past) && past.status).toBe(416);
    const noRange = await startRig({ artifactsNoRange: true });
    try {
      const read = await noRange.gl.jobs.artifactsRange(projectId, job.id, { suffix: 100 });
      expect(read.kind).toBe('whole');
      if (read.kind !== 'whole') return;
      expect(read.length).toBe(whole.length);
      read.response.body.destroy();
    } finally {
      await noRange.sim.close();
    }
  });
});

describe('one file of the archive', () => {
  it('serves a file by its path, with its type and base name, and 404 for a name not in it', async () => {
    const files = unzipSync(whole);
    const css = await rig.gl.jobs.artifactFile(projectId, job.id, 'build/assets/app.css', { maxBytes: 1 << 20 });
    expect(css.toString()).toBe(Buffer.from(files['build/assets/app.css']!).toString());
    const res = await fetch(`${rig.sim.apiUrl}/projects/${projectId}/jobs/${job.id}/artifacts/build/assets/app.css`, {
      headers: { 'PRIVATE-TOKEN': 'demo-user-token' },
    });
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="app.css"');
    const missing = await fetch(`${rig.sim.apiUrl}/projects/${projectId}/jobs/${job.id}/artifacts/build/nope.txt`, {
      headers: { 'PRIVATE-TOKEN': 'demo-user-token' },
    });
    expect([missing.status, await missing.text()]).toEqual([404, '404 page not found\n']);
    // More than the cap is cut off with an error, not buffered.
    await expect(rig.gl.jobs.artifactFile(projectId, job.id, 'build/app.js', { maxBytes: 100 })).rejects.toThrow(/larger than the 100 bytes/);
  });

  it('never asks for a name with .. or an empty segment', async () => {
    await expect(rig.gl.jobs.artifactFile(projectId, job.id, '../secret', { maxBytes: 100 })).rejects.toThrow(/not a plain path/);
    await expect(rig.gl.jobs.artifactFile(projectId, job.id, '/etc/passwd', { maxBytes: 100 })).rejects.toThrow(/not a plain path/);
  });
});
