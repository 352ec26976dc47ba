// The activity feature's panes and lists, declared into the core's unions (store/types.ts).
import type { ListKey } from '../../store/types.js';
import type { Continuations } from '../../store/continuations.js';

/** The event lists: a project's (its tab), the caller's (`:events`), a user's (`:user`). */
export const eventLists = {
  project: (projectId: number): ListKey => ({ kind: 'events', of: 'project', projectId }),
  me: (): ListKey => ({ kind: 'events', of: 'me' }),
  user: (user: string): ListKey => ({ kind: 'events', of: 'user', user }),
};

// This feature's part of the core's unions (declaration merging: store/types.ts says why).
declare module '../../store/types.js' {
  interface PaneKinds {
    /** Activity: the caller's (`:events`) or a user's (`:user <name-or-id>`). */
    events: { kind: 'events'; who: 'me' | { user: string } };
  }
  interface ListKeyKinds {
    events: { kind: 'events'; of: 'project'; projectId: number } | { kind: 'events'; of: 'me' } | { kind: 'events'; of: 'user'; user: string };
  }
}

// The prompt this feature opens, and what it carries (store/continuations.ts).
/** What this feature's prompts carry, by command (its activity.ts answers them). */
export interface ActivityPrompts {
  'events.filters': { key: ListKey };
}
declare module '../../store/continuations.js' {
  interface PromptPayloads {
    activity: Continuations<ActivityPrompts>;
  }
}
