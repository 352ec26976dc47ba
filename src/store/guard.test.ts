import { describe, expect, it } from 'vitest';
import { actionKey, busyWith } from './guard.js';

describe('the in-flight keys of actions on objects', () => {
  it('names kind, action and object', () => {
    expect(actionKey('job', 'retry', 42)).toBe('job.retry:42');
    expect(actionKey('mr', 'pipeline', '101:12')).toBe('mr.pipeline:101:12');
  });

  it('finds what is in flight on one object of one kind, and nothing on another', () => {
    const inflight = {
      [actionKey('job', 'retry', 42)]: 'Retrying job 42…',
      [actionKey('pipeline', 'cancel', 7)]: 'Canceling pipeline 7…',
      [actionKey('schedules', 'create', 42)]: 'Creating schedule…',
      [actionKey('browse', 'pager', '42:build/a.txt')]: 'Opening a.txt in the pager',
    };
    expect(busyWith(inflight, 'job', 42)).toBe('Retrying job 42…');
    expect(busyWith(inflight, 'pipeline', 7)).toBe('Canceling pipeline 7…');
    // Same id, other kinds: a pipeline 42 or a schedule 42 is not busy; other ids of the kind are not.
    expect(busyWith(inflight, 'pipeline', 42)).toBeUndefined();
    expect(busyWith(inflight, 'schedule', 42)).toBeUndefined();
    expect(busyWith(inflight, 'job', 2)).toBeUndefined();
    expect(busyWith(inflight, 'job', 7)).toBeUndefined();
    expect(busyWith({}, 'job', 42)).toBeUndefined();
  });
});
