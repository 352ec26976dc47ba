// New commits of the simulated world, and the all-zero SHA GitLab gives a pipeline without a
// previous commit. Apart from build.ts so that the history (activity.ts) and the extra projects
// (extras.ts), which build.ts runs, import them without importing build.ts back.
import type { Rng } from '../rng.js';
import type { SimCommit, SimProject } from '../model.js';
import { COMMIT_TITLES } from './catalog.js';
import type { World } from './world.js';

export const ZERO_SHA = '0'.repeat(40);

export function newCommit(world: World, project: SimProject, rng: Rng, at: number, userId: number | null, parent?: SimCommit): SimCommit {
  const authorPool = [...project.members.keys()];
  const author = world.user(userId ?? rng.pick(authorPool));
  const title = rng.pick(COMMIT_TITLES);
  const commit: SimCommit = {
    sha: rng.hex(40),
    title,
    message: rng.chance(0.5) ? `${title}\n\nSee the discussion in the merge request.\n\nChangelog: changed\n` : `${title}\n`,
    authorName: author.name,
    authorEmail: author.email,
    // Git records commit times in whole seconds.
    createdAt: Math.floor(at / 1000) * 1000,
    tzOffsetMin: rng.pick([0, 60, 120, -300, 330, 540]),
    ...(parent ? { parentSha: parent.sha } : {}),
  };
  world.addCommit(project, commit);
  return commit;
}
