import { describe, expect, it } from 'vitest';
import { PULSE_INTERVAL_MS, planLookups, planPulseFetches, requestsPerMinute, type PulseFetchState } from './plan.js';

const NOW = 1_000_000;
const state = (entries: [number, PulseFetchState][]) => new Map(entries);

describe('planPulseFetches', () => {
  it('fetches every visible project never fetched, in screen order', () => {
    const plan = planPulseFetches([3, 1, 2], new Map(), NOW);
    expect(plan.fetch).toEqual([3, 1, 2]);
  });

  it('never asks about a project twice within the interval, and says when the next is due', () => {
    const s = state([
      [1, { sentAt: NOW - 10_000 }],
      [2, { sentAt: NOW - PULSE_INTERVAL_MS }],
    ]);
    const plan = planPulseFetches([1, 2], s, NOW);
    expect(plan.fetch).toEqual([2]);
    expect(plan.nextAt).toBe(NOW - 10_000 + PULSE_INTERVAL_MS);
  });

  it('asks only about visible projects, each once even when listed twice', () => {
    const plan = planPulseFetches([5, 5, 6], state([[7, { sentAt: 0 }]]), NOW);
    expect(plan.fetch).toEqual([5, 6]);
  });

  it('sends the stalest first after the never-fetched ones', () => {
    const s = state([
      [1, { sentAt: NOW - 40_000 }],
      [2, { sentAt: NOW - 90_000 }],
    ]);
    expect(planPulseFetches([1, 2, 3], s, NOW).fetch).toEqual([3, 2, 1]);
  });

  it('skips projects in flight and honours notBefore (Retry-After, back-off)', () => {
    const s = state([
      [1, { sentAt: NOW - 90_000, inFlight: true }],
      [2, { sentAt: NOW - 90_000, notBefore: NOW + 5_000 }],
    ]);
    const plan = planPulseFetches([1, 2], s, NOW);
    expect(plan.fetch).toEqual([]);
    expect(plan.nextAt).toBe(NOW + 5_000);
  });

  it('caps the requests out at once and asks to come back at once for the rest', () => {
    const visible = Array.from({ length: 20 }, (_, i) => i + 1);
    const s = state([[99, { sentAt: NOW, inFlight: true }]]);
    const plan = planPulseFetches(visible, s, NOW, { concurrency: 4 });
    expect(plan.fetch).toEqual([1, 2, 3]);
    expect(plan.nextAt).toBe(NOW);
  });

  it('keeps within one request per visible project per interval over a simulated hour', () => {
    // 20 rows on screen, the plan asked every second, answers arriving 1–3 s later.
    const visible = Array.from({ length: 20 }, (_, i) => i + 1);
    const s = new Map<number, PulseFetchState>();
    const sent: number[] = [];
    const answers: { at: number; id: number }[] = [];
    for (let t = 0; t <= 3_600_000; t += 1000) {
      for (const a of answers.filter((x) => x.at <= t)) s.set(a.id, { ...s.get(a.id)!, inFlight: false });
      answers.splice(0, answers.length, ...answers.filter((x) => x.at > t));
      for (const id of planPulseFetches(visible, s, t).fetch) {
        const last = s.get(id);
        if (last) expect(t - last.sentAt).toBeGreaterThanOrEqual(PULSE_INTERVAL_MS);
        s.set(id, { sentAt: t, inFlight: true });
        sent.push(t);
        answers.push({ at: t + 1000 + (id % 3) * 1000, id });
      }
    }
    // ≤ 1 per project per 30 s: at most 40/min for 20 rows, and never more than that in any minute.
    for (let m = 0; m < 60; m++) expect(requestsPerMinute(sent, (m + 1) * 60_000)).toBeLessThanOrEqual(40);
    expect(sent.length).toBeGreaterThan(20 * 100); // and it does keep polling
  });
});

describe('planPulseFetches: the whole pulse keeps to one request per visible row per interval', () => {
  it('a row that moves on screen is read at once the first time, and again only within the budget', () => {
    // Rows 1–3 were read 10 s ago; row 3 sorted off screen and row 4 came on: never read, it is
    // read now (its row would show "…" for an interval), the budget of the interval notwithstanding.
    const state = new Map<number, { sentAt: number }>([
      [1, { sentAt: 0 }],
      [2, { sentAt: 0 }],
      [3, { sentAt: 0 }],
    ]);
    expect(planPulseFetches([1, 2, 4], state, 10_000)).toEqual({ fetch: [4], nextAt: 30_000 });
    // Read once, row 4 is like the others: row 3, due again when it comes back on screen, waits
    // for the budget (three reads in the last 30 s for three rows) until the oldest ages out.
    const later = new Map([...state, [3, { sentAt: -25_000 }], [4, { sentAt: 10_000 }]]);
    expect(planPulseFetches([1, 2, 3], later, 20_000)).toEqual({ fetch: [], nextAt: 30_000 });
    // When the reads of the interval age out, row 4 goes first (never read), within the budget.
    expect(planPulseFetches([1, 2, 4], state, 30_000)).toEqual({ fetch: [4, 1, 2], nextAt: null });
  });
});

describe('requestsPerMinute', () => {
  it('counts sends inside the window, scaled to a minute', () => {
    expect(requestsPerMinute([NOW - 70_000, NOW - 50_000, NOW - 1, NOW], NOW)).toBe(3);
    expect(requestsPerMinute([NOW - 10_000, NOW - 20_000], NOW, 30_000)).toBe(4);
    expect(requestsPerMinute([NOW + 5], NOW)).toBe(0);
    expect(requestsPerMinute([NOW], NOW, 0)).toBe(0);
  });
});

describe('planLookups (config file entries on screen)', () => {
  it('reads each entry once, at most six out at once, failures again after their back-off', () => {
    const visible = [-1, -2, -3, -4, -5, -6, -7, -8, -1];
    expect(planLookups(visible, new Map(), 0)).toEqual([-1, -2, -3, -4, -5, -6]);
    const state = new Map<number, PulseFetchState>([
      [-1, { sentAt: 0 }], // read: never again
      [-2, { sentAt: 0, inFlight: true }],
      [-3, { sentAt: 0, notBefore: 30_000 }], // failed, waits
    ]);
    expect(planLookups(visible, state, 1_000)).toEqual([-4, -5, -6, -7, -8]);
    expect(planLookups(visible, state, 30_000)).toEqual([-3, -4, -5, -6, -7]);
  });
});
