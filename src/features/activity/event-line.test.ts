// One readable line per kind of event, and where `o` leads.
import { describe, expect, it } from 'vitest';
import type { Event } from '../../api/index.js';
import { eventKind, eventLine, eventUrl, targetNoun } from './event-line.js';

const author = { id: 2, name: 'Alice', username: 'alice', state: 'active', avatar_url: null, web_url: 'https://g/alice' };
const base: Event = {
  id: 1,
  title: null,
  project_id: 7,
  action_name: 'pushed to',
  target_id: null,
  target_type: null,
  target_title: null,
  author_id: 2,
  author,
  author_username: 'alice',
  created_at: '2026-11-20T10:00:00.000Z',
};
const push = (p: Partial<NonNullable<Event['push_data']>>, action = 'pushed to'): Event => ({
  ...base,
  action_name: action,
  push_data: {
    commit_count: 3,
    action: 'pushed',
    ref_type: 'branch',
    commit_from: 'a'.repeat(40),
    commit_to: 'b'.repeat(40),
    ref: 'main',
    commit_title: 'Fix the build',
    ...p,
  },
});

describe('eventLine', () => {
  it('words pushes as GitLab does', () => {
    expect(eventLine(push({}))).toBe('pushed to main: 3 commits "Fix the build"');
    expect(eventLine(push({ commit_count: 1 }))).toBe('pushed to main: 1 commit "Fix the build"');
    expect(eventLine(push({ commit_from: null, ref: 'feature/x' }, 'pushed new'))).toBe('pushed new branch feature/x: "Fix the build"');
    expect(eventLine(push({ commit_to: null, ref: 'feature/x', commit_title: null }, 'deleted'))).toBe('deleted branch feature/x');
    expect(eventLine(push({ ref_type: 'tag', commit_from: null, ref: 'v1.2.0', commit_title: null }, 'pushed new'))).toBe('pushed new tag v1.2.0');
    expect(eventKind(push({}))).toBe('push');
  });

  it('shows the comment itself, on #iid / !iid when known', () => {
    const note = (noteable_type: string, noteable_iid?: number): Event => ({
      ...base,
      action_name: 'commented on',
      target_type: 'Note',
      target_title: 'Flaky test',
      note: {
        id: 9,
        body: 'Can reproduce\nlocally.',
        attachment: null,
        author,
        created_at: base.created_at!,
        system: false,
        noteable_id: 5,
        noteable_type,
        ...(noteable_iid ? { noteable_iid } : {}),
      },
    });
    expect(eventLine(note('Issue', 12))).toBe('commented on issue #12: Can reproduce locally.');
    expect(eventLine(note('MergeRequest', 5))).toBe('commented on merge request !5: Can reproduce locally.');
    expect(eventLine(note('MergeRequest'))).toBe('commented on merge request: Can reproduce locally. — "Flaky test"');
  });

  it('names issues and merge requests by reference and title', () => {
    const target = (action_name: string, target_type: string, target_iid?: number): Event => ({
      ...base,
      action_name,
      target_type,
      target_iid,
      target_id: 99,
      target_title: 'Add caching',
    });
    expect(eventLine(target('opened', 'MergeRequest', 123))).toBe('opened merge request !123 Add caching');
    expect(eventLine(target('closed', 'Issue', 4))).toBe('closed issue #4 Add caching');
    expect(eventLine(target('accepted', 'MergeRequest'))).toBe('accepted merge request Add caching');
    expect(eventLine(target('opened', 'Milestone', 2))).toBe('opened milestone %2 Add caching');
  });

  it("words an event the same in a project's feed (with the iid) and a person's feed (without)", () => {
    const issue = (target_iid?: number): Event => ({
      ...base,
      action_name: 'opened',
      target_type: 'Issue',
      target_iid,
      target_id: 99,
      target_title: 'Runner out of disk',
    });
    expect(eventLine(issue(22))).toBe('opened issue #22 Runner out of disk');
    expect(eventLine(issue())).toBe('opened issue Runner out of disk');
  });

  it('says who joined or left', () => {
    expect(eventLine({ ...base, action_name: 'joined' })).toBe('joined project');
    expect(eventLine({ ...base, action_name: 'left' })).toBe('left project');
    expect(eventKind({ ...base, action_name: 'joined' })).toBe('membership');
  });
});

describe('eventUrl', () => {
  const p = 'https://gitlab.example/acme/api';
  it('leads to the compare view, the issue, the merge request, the comment', () => {
    expect(eventUrl(push({}), p)).toBe(`${p}/-/compare/${'a'.repeat(40)}...${'b'.repeat(40)}`);
    expect(eventUrl({ ...base, action_name: 'opened', target_type: 'Issue', target_iid: 4 }, p)).toBe(`${p}/-/issues/4`);
    expect(eventUrl({ ...base, action_name: 'opened', target_type: 'MergeRequest', target_iid: 5 }, p)).toBe(`${p}/-/merge_requests/5`);
    expect(eventUrl({ ...base, action_name: 'joined' }, p)).toBe(`${p}/-/project_members`);
    expect(eventUrl(push({}), undefined)).toBeUndefined();
  });
});

describe('target types GitLab namespaces', () => {
  const base2: Event = {
    id: 1,
    project_id: 1,
    action_name: 'created',
    target_id: 5,
    target_type: null,
    author_id: 1,
    target_title: 'Home',
    created_at: '2026-11-20T12:00:00Z',
  } as Event;
  it('reads WikiPage::Meta and DesignManagement::Design as words, and any other class name too', () => {
    expect(eventLine({ ...base2, target_type: 'WikiPage::Meta' })).toBe('created wiki page Home');
    expect(eventLine({ ...base2, action_name: 'updated', target_type: 'DesignManagement::Design' })).toBe('updated design Home');
    expect(targetNoun('Vulnerabilities::Finding')).toBe('finding');
    expect(targetNoun('AlertManagement::Alert')).toBe('alert');
    expect(targetNoun('WorkItem')).toBe('work item');
  });
});
