import { describe, expect, it } from 'vitest';
import type { Runner, RunnerDetails } from '../../api/index.js';
import { explainWait, nearTag, runnerState, type WaitFacts } from './explain.js';
import { waitShort } from './wait.js';
import type { Job } from '../../api/index.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const ago = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

function runner(id: number, description: string, status: string, tags: string[], extra: Partial<RunnerDetails> = {}): [Runner, RunnerDetails] {
  const r: Runner = { id, description, status, online: status === 'online', paused: status === 'paused', active: status !== 'paused' };
  return [r, { ...r, tag_list: tags, run_untagged: false, access_level: 'not_protected', contacted_at: status === 'offline' ? ago(3) : ago(0), ...extra }];
}

function facts(pairs: [Runner, RunnerDetails][], over: Partial<WaitFacts> = {}): WaitFacts {
  return {
    tags: ['gpu'],
    ref: 'main',
    queued: 600,
    protectedRef: true,
    runners: pairs.map(([r]) => r),
    details: Object.fromEntries(pairs.map(([r, d]) => [r.id, d])),
    forbidden: false,
    error: null,
    now: NOW,
    ...over,
  };
}

describe('why a pending job waits', () => {
  it("names the tag no online runner has, how the project's runners stand, and the near miss", () => {
    const lines = explainWait(
      facts([
        runner(1, 'gpu-old-1', 'offline', ['gpu']),
        runner(2, 'gpu-old-2', 'offline', ['gpu']),
        runner(3, 'arm', 'paused', ['arm64']),
        runner(4, 'shared-1', 'online', ['docker', 'linux']),
        runner(5, 'a100', 'online', ['gpu-a100']),
      ]),
    );
    expect(lines[0]).toBe(
      'No online runner has tag gpu (of 5 runners this project can use: 2 offline, 1 paused, 2 online (1 with docker, linux; 1 with gpu-a100)).',
    );
    expect(lines).toContain('gpu-a100 is online (a100) — did you mean it?');
    expect(lines).toContain('gpu-old-1 (offline since 3h), gpu-old-2 (offline since 3h) carry them.');
    expect(lines.at(-1)).toBe('GitLab fails a job stuck an hour with stuck_or_timeout_failure: in 50m 00s.');
  });

  it('an online runner that carries the tags: it waits its turn', () => {
    const lines = explainWait(facts([runner(1, 'gpu-1', 'online', ['gpu', 'linux'], { job_execution_status: 'active' })]));
    expect(lines[0]).toBe('1 online runner can take it: gpu-1 (busy) — it waits its turn (pending 10m 00s).');
  });

  it('untagged jobs need run_untagged; ref_protected runners only take protected refs', () => {
    expect(explainWait(facts([runner(1, 'tagged', 'online', ['docker'])], { tags: [] }))[0]).toMatch(/^No online runner runs untagged jobs/);
    const lines = explainWait(
      facts([runner(1, 'deployer', 'online', ['deploy'], { access_level: 'ref_protected' })], { tags: ['deploy'], ref: 'feature/x', protectedRef: null }),
    );
    expect(lines).toContain('deployer carries them but takes protected refs only: is feature/x protected?');
  });

  it('tags held apart by two runners are not one runner with both', () => {
    const lines = explainWait(facts([runner(1, 'a', 'online', ['cuda']), runner(2, 'b', 'online', ['gpu'])], { tags: ['cuda', 'gpu'] }));
    expect(lines[0]).toMatch(/^No online runner has all of cuda, gpu together/);
  });

  it('gives no verdict while some runners are not read yet', () => {
    const pairs = [runner(1, 'a', 'online', ['docker'])];
    const lines = explainWait(facts(pairs, { runners: [...pairs.map(([r]) => r), { id: 2, status: 'online', online: true }] }));
    expect(lines).toEqual(['It needs a runner with tag gpu (pending 10m 00s). Reading the tags of the runners this project can use (1 of 2)…']);
  });

  it('on 403 says what is known and that listing needs Maintainer', () => {
    const lines = explainWait(facts([], { forbidden: true, runners: null, tags: ['cuda', 'gpu-h100'], queued: 4000 }));
    expect(lines[0]).toBe('It needs a runner with tags cuda, gpu-h100 (pending 1h 06m).');
    expect(lines[1]).toContain('needs the Maintainer role');
  });

  it('near tags: one or two edits, one inside the other, the same stem', () => {
    expect(nearTag('gpu-h100', ['docker', 'gpu-a100'])).toBe('gpu-a100');
    expect(nearTag('gpu', ['linux', 'gpu-a100'])).toBe('gpu-a100');
    expect(nearTag('macos', ['docker', 'linux'])).toBeNull();
  });

  it("a runner's state: stale and never contacted before paused, paused before online", () => {
    expect(runnerState({ id: 1, status: 'stale', paused: true })).toBe('stale');
    expect(runnerState({ id: 1, status: 'online', paused: true, online: true })).toBe('paused');
    expect(runnerState({ id: 1, status: 'offline', online: false })).toBe('offline');
  });
});

describe('a row of `:jobs pending`', () => {
  const job = { id: 9, status: 'pending', tag_list: ['docker'], ref: 'main', queued_duration: 10 } as Job;
  const state = (pairs: [Runner, RunnerDetails][]) => ({
    runnerLists: { 'project:1': { rows: pairs.map(([r]) => r), error: null, forbidden: false, selected: 0, running: null, failed: null, at: NOW } },
    runnerInfo: Object.fromEntries(pairs.map(([r, d]) => [r.id, { details: d, at: NOW }])),
    queuedSince: {},
    projects: {},
  });

  it('says a job that online runners fit waits its turn among them, not that one must be turned on', () => {
    const busy = runner(1, 'shared-1', 'online', ['docker'], { job_execution_status: 'active' } as Partial<RunnerDetails>);
    expect(waitShort(state([busy, runner(2, 'shared-2', 'online', ['docker'])]), 1, job, NOW)).toBe('its turn: shared-1 (busy), shared-2');
  });

  it('names the tag no online runner has', () => {
    expect(waitShort(state([runner(1, 'gpu-box', 'online', ['gpu'])]), 1, job, NOW)).toBe('no docker online');
  });
});
