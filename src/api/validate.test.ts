import { describe, expect, it } from 'vitest';
import { SHAPES, checkShape } from './validate.js';

describe('checkShape', () => {
  it('refuses an id that is not an integer, naming the object and the field', () => {
    expect(() => checkShape({ id: '7', status: 'success' }, SHAPES.job)).toThrow('GitLab sent a job whose id is not a number');
    expect(() => checkShape({ id: 1.5 }, SHAPES.pipeline)).toThrow('GitLab sent a pipeline whose id is not a number');
    expect(() => checkShape({ id: 1, pipeline: { id: 'x' } }, SHAPES.job)).toThrow('GitLab sent a job whose pipeline.id is not a number');
    expect(() => checkShape(null, SHAPES.user)).toThrow('GitLab sent a user that is not an object');
    expect(() => checkShape([], SHAPES.project)).toThrow('GitLab sent a project that is not an object');
    expect(() => checkShape({ id: 1, username: 5 }, SHAPES.user)).toThrow('GitLab sent a user whose username is not text');
  });

  it('reads a status that is not a string as unknown, and a null list as empty, without touching the input', () => {
    const input = { id: 1, status: 42, tag_list: null, name: 'build' };
    const out = checkShape<Record<string, unknown>>(input, SHAPES.job);
    expect(out).toEqual({ id: 1, status: 'unknown', tag_list: [], name: 'build' });
    expect(input.status).toBe(42);
  });

  it('hands back the same object when nothing needs repair (ETag reuse keeps identity)', () => {
    const job = { id: 1, status: 'success', name: 'build', pipeline: { id: 2, project_id: 3 }, user: null, tag_list: [] };
    expect(checkShape(job, SHAPES.job)).toBe(job);
    const unknownStatus = { id: 1, status: 'some_new_status' };
    expect(checkShape(unknownStatus, SHAPES.pipeline)).toBe(unknownStatus);
  });
});
