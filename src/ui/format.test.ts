import { describe, expect, it } from 'vitest';
import { bytes, duration, jobSeconds } from './format.js';

describe('jobSeconds', () => {
  const now = Date.parse('2026-11-20T12:10:00Z');
  it('counts a running job from its start, not from the duration last read', () => {
    expect(jobSeconds({ status: 'running', duration: 30, started_at: '2026-11-20T12:05:00Z' }, now)).toBe(300);
    expect(duration(jobSeconds({ status: 'running', duration: 30, started_at: '2026-11-20T12:05:00Z' }, now))).toBe('5m 00s');
  });
  it("keeps GitLab's duration for a finished or pending job, and when the start is unknown", () => {
    expect(jobSeconds({ status: 'success', duration: 95.4, started_at: '2026-11-20T12:05:00Z' }, now)).toBe(95.4);
    expect(jobSeconds({ status: 'pending', duration: null, started_at: null }, now)).toBeNull();
    expect(jobSeconds({ status: 'running', duration: 12, started_at: 'garbage' }, now)).toBe(12);
  });
  it('never goes below what GitLab said (a clock behind the server)', () => {
    expect(jobSeconds({ status: 'running', duration: 400, started_at: '2026-11-20T12:05:00Z' }, now)).toBe(400);
  });
});

describe('bytes', () => {
  it('labels powers of 1024 as such: KiB, MiB, GiB', () => {
    expect(bytes(512)).toBe('512 B');
    expect(bytes(1536)).toBe('1.5 KiB');
    expect(bytes(5 * 1024 ** 2)).toBe('5.0 MiB');
    expect(bytes(3 * 1024 ** 3)).toBe('3.00 GiB');
  });
});
