// Background activity: the people of the demo world push commits (which start pipelines), open and
// close issues, open and merge merge requests, and comment. Each project has its own timer chain and
// its own random stream, so the world stays deterministic for a seed whatever the request timing.
import { Rng } from '../rng.js';
import type { SimEvent, SimProject } from '../model.js';
import { ISSUE_TITLES, MR_TITLES, NOTE_BODIES } from './catalog.js';
import { newCommit } from './commits.js';
import type { World } from './world.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Counters {
  issueIid: number;
  mrIid: number;
  openIssues: { id: number; iid: number; title: string }[];
  openMrs: { id: number; iid: number; title: string; branch: string }[];
}

const countersByWorld = new WeakMap<World, Map<number, Counters>>();

function countersOf(world: World, projectId: number): Counters {
  let perWorld = countersByWorld.get(world);
  if (!perWorld) countersByWorld.set(world, (perWorld = new Map()));
  let c = perWorld.get(projectId);
  if (!c) perWorld.set(projectId, (c = { issueIid: 1, mrIid: 1, openIssues: [], openMrs: [] }));
  return c;
}

/** A month of issues, merge requests, comments and memberships, as timers run in time order. */
export function addHistoryActivity(world: World, rng: Rng, history0: number, startTime: number): void {
  for (const project of world.projects.values()) {
    world.at(history0, (at) => {
      for (const userId of project.members.keys()) {
        world.addEvent(base(project, 'joined', userId, at - rng.int(1, 90) * DAY, { targetType: null }));
      }
    });
    const count = project.visibility === 'private' && project.members.size < 3 ? 10 : 90;
    for (let i = 0; i < count; i++) {
      const at = history0 + Math.floor(rng.next() * (startTime - history0 - MINUTE));
      const pr = new Rng(rng.int(1, 2 ** 31));
      world.at(at, (t) => randomActivity(world, project, pr, t, false));
    }
  }
}

/** Starts each project's chain of live activity from `startTime` on. */
export function startActivity(world: World, startTime: number): void {
  for (const project of world.projects.values()) {
    // The extra projects (world/extras.ts) have no feed: their events would take ids from the others'.
    if (project.ids) continue;
    const rng = new Rng(world.seed * 7919 + project.id);
    const quiet = project.members.size < 3;
    const step = (at: number) => {
      randomActivity(world, project, rng, at, true);
      world.at(at + (quiet ? 60 : rng.int(4, 18)) * MINUTE + rng.int(0, 59_000), step);
    };
    world.at(startTime + rng.int(1, 6) * MINUTE + rng.int(0, 59_000), step);
  }
}

function randomActivity(world: World, project: SimProject, rng: Rng, at: number, live: boolean): void {
  const c = countersOf(world, project.id);
  const people = [...project.members.keys()].filter((id) => world.user(id).username !== 'root' || project.members.size === 1);
  const who = rng.pick(people);
  const kind = rng.weighted([
    ['push', live ? 30 : 0],
    ['issue', 18],
    ['close', c.openIssues.length ? 10 : 0],
    ['mr', 12],
    ['merge', c.openMrs.length ? 10 : 0],
    ['note', 25],
    ['branch', 4],
  ] as const);
  switch (kind) {
    case 'push': {
      const ref = rng.chance(0.6) ? project.defaultBranch : rng.pick(project.branches);
      const before = project.heads.get(ref)!;
      const commit = newCommit(world, project, rng, at - rng.int(5, 120) * 1000, who, before);
      project.heads.set(ref, commit);
      world.addEvent(
        base(project, 'pushed', who, at, {
          push: {
            commitCount: rng.int(1, 5),
            action: 'pushed',
            refType: 'branch',
            commitFrom: before.sha,
            commitTo: commit.sha,
            ref,
            commitTitle: commit.title,
          },
        }),
      );
      world.createPipeline({ project, ref, tag: false, commit, beforeSha: before.sha, source: 'push', userId: who, at: at + 1000 });
      return;
    }
    case 'branch': {
      // A new branch (commit_from null) or a deleted one (commit_to null).
      const name = `feature/${rng.pick(['search', 'retry', 'caching', 'i18n', 'metrics'])}-${rng.int(10, 99)}`;
      const head = project.heads.get(project.defaultBranch)!;
      const deleting = project.branches.length > 4 && rng.chance(0.4);
      const ref = deleting ? project.branches[project.branches.length - 1]! : name;
      if (deleting) {
        project.branches.pop();
        project.heads.delete(ref);
      } else if (!project.branches.includes(name)) {
        project.branches.push(name);
        project.heads.set(name, head);
      }
      world.addEvent(
        base(project, 'pushed', who, at, {
          push: deleting
            ? { commitCount: 0, action: 'removed', refType: 'branch', commitFrom: head.sha, commitTo: null, ref, commitTitle: null }
            : { commitCount: 1, action: 'created', refType: 'branch', commitFrom: null, commitTo: head.sha, ref, commitTitle: head.title },
        }),
      );
      return;
    }
    case 'issue': {
      const issue = { id: 7000 + world.counters.note++, iid: c.issueIid++, title: rng.pick(ISSUE_TITLES) };
      c.openIssues.push(issue);
      world.addEvent(base(project, 'created', who, at, { targetType: 'Issue', targetId: issue.id, targetIid: issue.iid, targetTitle: issue.title }));
      return;
    }
    case 'close': {
      const issue = c.openIssues.splice(rng.int(0, c.openIssues.length - 1), 1)[0]!;
      world.addEvent(base(project, 'closed', who, at, { targetType: 'Issue', targetId: issue.id, targetIid: issue.iid, targetTitle: issue.title }));
      return;
    }
    case 'mr': {
      const mr = { id: 9000 + world.counters.note++, iid: c.mrIid++, title: rng.pick(MR_TITLES), branch: rng.pick(project.branches) };
      c.openMrs.push(mr);
      world.addEvent(base(project, 'created', who, at, { targetType: 'MergeRequest', targetId: mr.id, targetIid: mr.iid, targetTitle: mr.title }));
      return;
    }
    case 'merge': {
      const mr = c.openMrs.splice(rng.int(0, c.openMrs.length - 1), 1)[0]!;
      world.addEvent(base(project, 'merged', who, at, { targetType: 'MergeRequest', targetId: mr.id, targetIid: mr.iid, targetTitle: mr.title }));
      return;
    }
    case 'note': {
      const onMr = c.openMrs.length > 0 && rng.chance(0.6);
      const target = onMr ? rng.pick(c.openMrs) : c.openIssues.length ? rng.pick(c.openIssues) : null;
      if (!target) return;
      const noteId = 50_000 + world.counters.note++;
      world.addEvent(
        base(project, 'commented', who, at, {
          targetType: onMr && rng.chance(0.4) ? 'DiffNote' : 'Note',
          targetId: noteId,
          targetIid: noteId,
          targetTitle: target.title,
          note: {
            id: noteId,
            body: rng.pick(NOTE_BODIES),
            noteableId: target.id,
            noteableType: onMr ? 'MergeRequest' : 'Issue',
            noteableIid: target.iid,
            system: false,
          },
        }),
      );
      return;
    }
  }
}

function base(project: SimProject, action: SimEvent['action'], authorId: number, createdAt: number, extra: Partial<SimEvent>): Omit<SimEvent, 'id'> {
  return {
    projectId: project.id,
    action,
    targetType: null,
    targetId: null,
    targetIid: null,
    targetTitle: null,
    authorId,
    createdAt,
    ...extra,
  };
}
