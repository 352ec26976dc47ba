// One readable line per activity event, as GitLab's activity pages word them: pushes
// (`pushed to main: 3 commits "title"`), comments (the comment itself), issues and merge requests
// (`opened merge request !123 title`), memberships (`joined project`). Pure; the caller sanitizes for display.
import type { Event } from '../../api/index.js';

const SIGIL: Record<string, string> = { Issue: '#', MergeRequest: '!', Milestone: '%', Snippet: '$' };
const NOUN: Record<string, string> = {
  Issue: 'issue',
  MergeRequest: 'merge request',
  Milestone: 'milestone',
  Snippet: 'snippet',
  Note: 'comment',
  DiffNote: 'comment',
  DiscussionNote: 'comment',
  Project: 'project',
  User: 'user',
  Commit: 'commit',
  WikiPage: 'wiki page',
  DesignManagement: 'design',
  // GitLab's event target_type is the target's class name, namespaced for some (docs/gitlab-api.md "Event target types").
  'WikiPage::Meta': 'wiki page',
  'DesignManagement::Design': 'design',
};

/**
 * A target type as a word: the known ones by name, any other class name made readable —
 * `Namespace::ThingMeta`-style names by their last meaningful part (`WikiPage::Meta` → wiki page),
 * CamelCase split into lowercase words.
 */
export function targetNoun(type: string): string {
  const known = NOUN[type];
  if (known) return known;
  const parts = type.split('::').filter(Boolean);
  const last = parts.length > 1 && parts[parts.length - 1] === 'Meta' ? parts[parts.length - 2]! : (parts[parts.length - 1] ?? type);
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

const oneLine = (s: string | null | undefined, max = 200): string => {
  const flat = (s ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** `#12`, `!5`: the reference GitLab writes for a target, or '' when the iid is unknown. */
function reference(type: string | null | undefined, iid: number | null | undefined): string {
  if (!type || iid === null || iid === undefined) return '';
  return `${SIGIL[type] ?? ''}${iid}`;
}

export type EventKind = 'push' | 'note' | 'target' | 'membership' | 'other';

export function eventKind(e: Event): EventKind {
  if (e.push_data) return 'push';
  if (e.note || /Note$/.test(e.target_type ?? '')) return 'note';
  if (e.action_name === 'joined' || e.action_name === 'left' || /membership expiration/.test(e.action_name)) return 'membership';
  if (e.target_type) return 'target';
  return 'other';
}

export function eventLine(e: Event): string {
  switch (eventKind(e)) {
    case 'push': {
      const p = e.push_data!;
      const refType = p.ref_type === 'tag' ? 'tag' : 'branch';
      const ref = p.ref ?? '';
      if (p.commit_to === null || e.action_name === 'deleted') return `deleted ${refType} ${ref}`;
      if (p.commit_from === null || e.action_name === 'pushed new')
        return `pushed new ${refType} ${ref}${p.commit_title ? `: "${oneLine(p.commit_title, 120)}"` : ''}`;
      const n = p.commit_count ?? 0;
      return `pushed to ${ref}: ${n} commit${n === 1 ? '' : 's'}${p.commit_title ? ` "${oneLine(p.commit_title, 120)}"` : ''}`;
    }
    case 'note': {
      const n = e.note;
      const onType = n?.noteable_type ?? null;
      const ref = reference(onType, n?.noteable_iid);
      const body = oneLine(n?.body ?? '');
      const noun = onType ? targetNoun(onType) : 'a discussion';
      if (ref) return `commented on ${noun} ${ref}: ${body}`;
      // No iid (feeds across projects may leave it out): the comment first, then what it is on.
      return `commented on ${noun}: ${body}${e.target_title ? ` — "${oneLine(e.target_title, 60)}"` : ''}`;
    }
    case 'membership':
      return `${e.action_name} project`;
    case 'target': {
      const type = e.target_type!;
      // Always the noun, then the target's reference when GitLab sent its iid: a project's feed (which
      // sends it) and a person's feed (which may leave it out) then read the same, the noun first.
      const ref = reference(type, e.target_iid);
      const what = `${targetNoun(type)}${ref ? ` ${ref}` : ''}`;
      return `${e.action_name} ${what}${e.target_title ? ` ${oneLine(e.target_title, 160)}` : ''}`;
    }
    default:
      return [e.action_name, e.title ? oneLine(e.title) : '', e.target_title ? oneLine(e.target_title) : ''].filter(Boolean).join(' ');
  }
}

/** Where the event leads on GitLab's web pages, from the project's URL. */
export function eventUrl(e: Event, projectUrl: string | undefined): string | undefined {
  if (!projectUrl) return undefined;
  const p = e.push_data;
  if (p) {
    if (p.commit_to === null) return `${projectUrl}/-/branches`;
    if (p.commit_from === null) return `${projectUrl}/-/tree/${encodeURIComponent(p.ref)}`;
    return `${projectUrl}/-/compare/${p.commit_from}...${p.commit_to}`;
  }
  const path: Record<string, string> = { Issue: 'issues', MergeRequest: 'merge_requests', Milestone: 'milestones' };
  if (e.note) {
    const kind = path[e.note.noteable_type];
    const iid = e.note.noteable_iid;
    return kind && iid != null ? `${projectUrl}/-/${kind}/${iid}#note_${e.note.id}` : projectUrl;
  }
  const kind = e.target_type ? path[e.target_type] : undefined;
  if (kind && e.target_iid != null) return `${projectUrl}/-/${kind}/${e.target_iid}`;
  if (eventKind(e) === 'membership') return `${projectUrl}/-/project_members`;
  return projectUrl;
}
