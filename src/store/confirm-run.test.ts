// What a deploy confirm says about newer work: a newer pipeline on the ref, else an environment
// whose current deployment is of a newer commit, else nothing; a failed check is said, not hidden.
import { describe, expect, it } from 'vitest';
import type { GitLab } from '../api/index.js';
import type { Ctx } from './ctx.js';
import { aboutLine, findNewer, type RunTarget } from './confirm-run.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const paged = (items: unknown[]) => ({
  async *pages() {
    yield { items, page: 1, nextPage: null };
  },
});

function ctxWith(pipelines: unknown[], deployments: unknown[] | Error): { ctx: Ctx; asked: Record<string, unknown>[] } {
  const asked: Record<string, unknown>[] = [];
  const gl = {
    pipelines: { list: (_p: number, opts: Record<string, unknown>) => (asked.push({ pipelines: opts.ref, perPage: opts.perPage }), paged(pipelines)) },
    deployments: {
      list: (_p: number, opts: Record<string, unknown>) => {
        asked.push({ environment: opts.environment, status: opts.status, order_by: opts.order_by, sort: opts.sort, perPage: opts.perPage });
        if (deployments instanceof Error) throw deployments;
        return paged(deployments);
      },
    },
  } as unknown as GitLab;
  return { ctx: { gl, now: () => NOW } as unknown as Ctx, asked };
}

const target: RunTarget = {
  projectId: 1,
  pipelineId: 5766,
  ref: 'main',
  sha: 'aaaaaaaa11111111',
  commit: { short_id: 'aaaaaaaa', title: 'Fix the login redirect', created_at: '2026-11-25T09:00:00.000+01:00' },
  createdAt: '2026-11-25T10:00:00Z',
  environment: 'production',
};

describe('findNewer', () => {
  it('a newer pipeline on the same ref', async () => {
    const { ctx, asked } = ctxWith([{ id: 5768, sha: 'bbbbbbbb', status: 'success' }], []);
    expect(await findNewer(ctx, target, { older: 'this deploys an older commit' })).toBe('⚠ #5768 on main is newer (success): this deploys an older commit');
    expect(asked).toEqual([
      { pipelines: 'main', perPage: 1 },
      { environment: 'production', status: 'success', order_by: 'id', sort: 'desc', perPage: 1 },
    ]);
  });

  it("the environment's current deployment is of a newer commit", async () => {
    const { ctx } = ctxWith(
      [{ id: 5766, sha: target.sha, status: 'manual' }],
      [{ id: 9, sha: 'cccccccc22222222', created_at: '2026-11-25T11:00:00Z', deployable: { commit: { created_at: '2026-11-25T10:30:00Z' } } }],
    );
    expect(await findNewer(ctx, target, { older: 'this deploys an older commit' })).toBe(
      '⚠ production runs cccccccc, a newer commit (deployed 1h ago): this deploys an older commit',
    );
  });

  it('nothing newer: an older deployment, or the same commit', async () => {
    const older = [{ id: 8, sha: 'dddddddd', created_at: '2026-11-24T11:00:00Z', deployable: { commit: { created_at: '2026-11-24T10:00:00Z' } } }];
    expect(await findNewer(ctxWith([{ id: 5766, sha: target.sha, status: 'manual' }], older).ctx, target, { older: 'x' })).toBeNull();
    const same = [{ id: 8, sha: target.sha, created_at: '2026-11-25T11:00:00Z', deployable: { commit: { created_at: '2026-11-26T10:00:00Z' } } }];
    expect(await findNewer(ctxWith([], same).ctx, target, { older: 'x' })).toBeNull();
  });

  it('a roll back (older is the point) says what is newer without the warning mark', async () => {
    const { ctx } = ctxWith(
      [{ id: 5766, sha: target.sha, status: 'success' }],
      [{ id: 9, sha: 'cccccccc22222222', created_at: '2026-11-25T11:00:00Z', deployable: { commit: { created_at: '2026-11-25T10:30:00Z' } } }],
    );
    expect(await findNewer(ctx, target, { older: 'this rolls production back', intended: true })).toBe(
      'production runs cccccccc, a newer commit (deployed 1h ago): this rolls production back',
    );
  });

  it('a check that fails says so', async () => {
    const { ctx } = ctxWith([], new Error('boom'));
    expect(await findNewer(ctx, target, { older: 'x' })).toMatch(/^could not check for newer pipelines \(.*boom.*\)$/);
  });
});

describe('aboutLine', () => {
  it('names pipeline, ref, short sha, commit title and age; server text is made safe', () => {
    expect(aboutLine(target, NOW)).toBe('pipeline #5766 · main · aaaaaaaa “Fix the login redirect” · created 2h ago');
    expect(aboutLine({ ...target, commit: { ...target.commit!, title: 'evil\x1b[2Jtitle' } }, NOW)).not.toContain('\x1b');
  });
});
