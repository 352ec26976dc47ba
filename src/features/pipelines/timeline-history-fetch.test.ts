import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRig, type Rig } from '../../../test/helpers/sim.js';
import { HISTORY_TTL_MS, fetchSuccessfulJobs, historyDue } from './timeline-history-fetch.js';
import { pastDurations, usualDuration } from '../../domain/durations.js';

describe('job duration history on the simulator (seed 7)', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('gets a usual duration for a job from one request', async () => {
    const before = rig.sim.requests.length;
    const jobs = await fetchSuccessfulJobs(rig.gl, 'acme/api');
    const sent = rig.sim.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toMatch(/scope(%5B%5D|\[\])?=success/);
    expect(jobs.every((j) => j.status === 'success')).toBe(true);
    const job = jobs.find((j) => j.name === 'test:unit' && j.ref === 'main')!;
    const past = pastDurations(jobs, job.name, job.ref, job.id);
    expect(past.length).toBeGreaterThanOrEqual(3);
    const usual = usualDuration(job.duration, past);
    expect(usual.text).toMatch(/^\d+m \d\ds, usual \d+m \d\ds$/);
    // test:unit's typical time in the seeded catalogue is 140 s; the median lands near it.
    expect(usual.usual!).toBeGreaterThan(60);
    expect(usual.usual!).toBeLessThan(300);
  });
});

describe('historyDue', () => {
  it('refetches when never fetched or after ten minutes', () => {
    expect(historyDue(null, 0)).toBe(true);
    expect(historyDue(0, HISTORY_TTL_MS - 1)).toBe(false);
    expect(historyDue(0, HISTORY_TTL_MS)).toBe(true);
  });
});
