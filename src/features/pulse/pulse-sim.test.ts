// The pulse against the simulator: real pipelines, real requests, counted where they arrive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PipelineBasic } from '../../api/index.js';
import { startRig, type Rig } from '../../../test/helpers/sim.js';
import { fetchPulsePipelines, pulseProject, samePulsePage } from './fetch.js';
import { attentionTier, compareAttention, pulseRow, sortByAttention, type PulseProject } from './model.js';
import { PULSE_INTERVAL_MS, planPulseFetches, type PulseFetchState } from './plan.js';

describe('pulse on the simulator (seed 7, frozen clock)', () => {
  let rig: Rig;
  let projects: PulseProject[];
  beforeAll(async () => {
    rig = await startRig();
    projects = (await rig.gl.projects.list({ membership: true }).all()).map(pulseProject);
  });
  afterAll(async () => {
    await rig.close();
  });

  const pipelineRequests = () => rig.sim.requests.filter((r) => /\/projects\/[^/]+\/pipelines\?/.test(r.path));

  it('reads each project with one request for its default branch, and orders the rows by attention', async () => {
    expect(projects.length).toBeGreaterThanOrEqual(3);
    const before = pipelineRequests().length;
    const rows = await Promise.all(projects.map(async (p) => pulseRow(p, await fetchPulsePipelines(rig.gl, p))));
    const sent = pipelineRequests().slice(before);
    expect(sent).toHaveLength(projects.filter((p) => p.defaultBranch !== null).length);
    for (const r of sent) expect(r.path).toMatch(/[?&]ref=[^&]+/);
    for (const r of sent) expect(r.path).toMatch(/[?&]per_page=20(&|$)/);
    const sorted = sortByAttention(rows);
    for (let i = 1; i < sorted.length; i++) expect(compareAttention(sorted[i - 1]!, sorted[i]!)).toBeLessThan(0);
    // The seeded world has history on its default branches: strips are full, durations estimated.
    const api = rows.find((r) => r.path === 'acme/api')!;
    expect(api.strip).toHaveLength(20);
    expect(api.durations.some((d) => d !== null && d > 0)).toBe(true);
    // Tiers never go backwards down the list.
    const tiers = sorted.map(attentionTier);
    expect([...tiers].sort()).toEqual(tiers);
  });

  it('sends If-None-Match on the next round and gets back the same page on a 304', async () => {
    const project = projects.find((p) => p.path === 'acme/web')!;
    const first: PipelineBasic[] = await fetchPulsePipelines(rig.gl, project);
    const before = rig.sim.requests.length;
    const second = await fetchPulsePipelines(rig.gl, project);
    const request = rig.sim.requests[before]!;
    expect(request.headers['if-none-match']).toBeTruthy();
    expect(request.status).toBe(304);
    expect(samePulsePage(second, first)).toBe(true);
    expect(samePulsePage(second, [{ ...first[0]!, status: 'failed' }, ...first.slice(1)])).toBe(false);
    expect(samePulsePage(second, first.slice(1))).toBe(false);
  });

  it('keeps to one request per visible project per 30 s over ten minutes of polling', async () => {
    const visible = projects.slice(0, 5);
    const state = new Map<number, PulseFetchState>();
    const before = pipelineRequests().length;
    // Plan every 5 s of (plan) time for ten minutes; answers come back before the next tick.
    for (let t = 0; t < 10 * 60_000; t += 5_000) {
      const plan = planPulseFetches(
        visible.map((p) => p.id),
        state,
        t,
      );
      await Promise.all(
        plan.fetch.map(async (id) => {
          state.set(id, { sentAt: t, inFlight: true });
          await fetchPulsePipelines(
            rig.gl,
            visible.find((p) => p.id === id)!,
          );
          state.set(id, { sentAt: t, inFlight: false });
        }),
      );
    }
    const sent = pipelineRequests().slice(before);
    const withBranch = visible.filter((p) => p.defaultBranch !== null).length;
    // 10 min / 30 s = 20 rounds per project.
    expect(sent.length).toBe((withBranch * (10 * 60_000)) / PULSE_INTERVAL_MS);
    // Only the visible projects were asked about.
    const asked = new Set(sent.map((r) => decodeURIComponent(/\/projects\/([^/]+)\/pipelines/.exec(r.path)![1]!)));
    expect([...asked].every((id) => visible.some((p) => String(p.id) === id || p.path === id))).toBe(true);
    // The world is frozen, so after the first round every answer is a 304.
    expect(sent.slice(withBranch).every((r) => r.status === 304)).toBe(true);
  });
});
