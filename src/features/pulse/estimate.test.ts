import { describe, expect, it } from 'vitest';
import type { PipelineBasic } from '../../api/index.js';
import { estimatedSeconds } from './estimate.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const pipeline = (id: number, ref: string, status: string, created: number, updated: number): PipelineBasic => ({
  id,
  ref,
  status,
  sha: 'x',
  created_at: iso(created),
  updated_at: iso(updated),
});

describe('estimatedSeconds', () => {
  it('is updated_at − created_at for an ended pipeline', () => {
    expect(estimatedSeconds(pipeline(1, 'main', 'success', 0, 95))).toBe(95);
    expect(estimatedSeconds(pipeline(1, 'main', 'failed', 0, 30))).toBe(30);
    expect(estimatedSeconds(pipeline(1, 'main', 'canceled', 0, 10))).toBe(10);
  });

  it('is a gap while running or when the times make no sense, and prefers a real duration', () => {
    for (const status of ['running', 'pending', 'created', 'skipped', 'manual']) expect(estimatedSeconds(pipeline(1, 'main', status, 0, 95))).toBeNull();
    expect(estimatedSeconds(pipeline(1, 'main', 'success', 95, 0))).toBeNull();
    expect(estimatedSeconds({ status: 'success', created_at: 'garbage', updated_at: iso(0) })).toBeNull();
    expect(estimatedSeconds({ ...pipeline(1, 'main', 'success', 0, 95), duration: 80 })).toBe(80);
  });
});
