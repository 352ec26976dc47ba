// When running work is overdue: past any job's longest run, past its project's timeout, or far
// past its usual duration — and never when it is not running.
import { describe, expect, it } from 'vitest';
import { overdue, runningSeconds, usualOf } from './overdue.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const since = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('overdue', () => {
  it('a job "running" for 17909 hours: longer than any GitLab job may run, whatever else is known', () => {
    expect(overdue({ status: 'running', started_at: since(17909 * 3600) }, NOW)).toBe(
      'running 17909h 00m: longer than any GitLab job may run (a month); GitLab has likely lost track of it',
    );
  });

  it("past its project's build_timeout", () => {
    expect(overdue({ status: 'running', started_at: since(3700) }, NOW, { timeout: 3600 })).toBe("running 1h 01m, past the project's 1h 00m timeout");
    expect(overdue({ status: 'running', started_at: since(3500) }, NOW, { timeout: 3600 })).toBeNull();
  });

  it('far past its usual duration: three times as long, and ten minutes more at least', () => {
    expect(overdue({ status: 'running', started_at: since(1900) }, NOW, { usual: 600 })).toBe('running 31m 40s, 3× its usual 10m 00s');
    // Three times as long but only minutes more: a short job taking a little longer is no emergency.
    expect(overdue({ status: 'running', started_at: since(200) }, NOW, { usual: 60 })).toBeNull();
    expect(overdue({ status: 'running', started_at: since(1500) }, NOW, { usual: 600 })).toBeNull();
  });

  it('only running work: a finished, pending or manual job is never overdue', () => {
    for (const status of ['success', 'failed', 'pending', 'manual', 'canceled']) {
      expect(overdue({ status, started_at: since(17909 * 3600), duration: 17909 * 3600 }, NOW, { timeout: 600 })).toBeNull();
    }
  });

  it("GitLab's duration counts when it is more than the time since start; none known: not overdue", () => {
    expect(runningSeconds({ status: 'running', started_at: since(10), duration: 4000 }, NOW)).toBe(4000);
    expect(overdue({ status: 'running', started_at: null }, NOW, { timeout: 600 })).toBeNull();
  });

  it('the usual duration needs three past runs', () => {
    expect(usualOf([60, 70])).toBeNull();
    expect(usualOf([60, 70, 400])).toBe(70);
  });
});
