import { describe, expect, it } from 'vitest';
import { EMPTY_LIST } from '../store/store.js';
import type { ListState } from '../store/types.js';
import { countOf, countText } from './ListStatus.js';

const list = (over: Partial<ListState<unknown>>): ListState<unknown> => ({ ...EMPTY_LIST, nextPage: null, ...over });

describe('the list status line', () => {
  it('says 1 project, 2 projects, 0 projects, and 50+ projects', () => {
    expect(countOf(1, 'projects')).toBe('1 project');
    expect(countOf(2, 'projects')).toBe('2 projects');
    expect(countOf(0, 'schedules')).toBe('0 schedules');
    expect(countOf(1, 'schedules', '+')).toBe('1+ schedules');
    expect(countText(list({ items: [1], loadedAt: 1 }), 1, 'schedules')).toBe('1 schedule');
    expect(countText(list({ items: [1, 2, 3], loadedAt: 1, filter: 'x' }), 1, 'jobs')).toBe('1 of 3 jobs matching "x"');
    expect(countText(list({ items: [1], loadedAt: 1, filter: 'x' }), 1, 'jobs')).toBe('1 of 1 job matching "x"');
  });

  it('gives no count before the first page: "loading jobs…", never "0 jobs" beside "Loading jobs…"', () => {
    expect(countText(list({ loading: true }), 0, 'jobs')).toBe('loading jobs…');
    expect(countText(list({}), 0, 'jobs')).toBe('loading jobs…');
    expect(countText(list({ error: '500 Internal Server Error' }), 0, 'jobs')).toBe('');
    // A refresh of a loaded list keeps its count.
    expect(countText(list({ items: [1, 2], loadedAt: 1, loading: true }), 2, 'jobs')).toBe('2 jobs');
  });
});
