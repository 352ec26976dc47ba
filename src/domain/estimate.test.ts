import { describe, expect, it } from 'vitest';
import { iso, pipeline } from '../../test/helpers/pipelines.js';
import { estimatedSeconds } from './estimate.js';

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
