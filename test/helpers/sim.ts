// Test rig: a simulator with a frozen clock (tests move time with `advance`) and API clients for its
// demo users. Every test file gets its own world, so tests never see each other's actions.
import { createGitLab, type GitLab } from '../../src/api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator, type SimulatorOptions } from '../../src/sim/index.js';
import type { SimProject } from '../../src/sim/model.js';

/** A fixed instant, so schedules, dates and history are the same on every run. */
export const START = Date.UTC(2026, 10, 20, 12, 0, 0);

/** The world's project at `path` ("acme/api"); throws when there is none, naming it. */
export function simProject(sim: Simulator, path: string): SimProject {
  const project = [...sim.world.projects.values()].find((p) => `${p.namespace}/${p.path}` === path);
  if (!project) throw new Error(`no project ${path} in the simulator's world`);
  return project;
}

/** How many projects a demo user (the user's token by default) is a member of: the project list's "of N". */
export function memberProjects(world: Simulator['world'], token: string = DEMO_TOKENS.user): number {
  const userId = world.tokens.get(token)!.userId;
  return [...world.projects.values()].filter((p) => p.members.has(userId)).length;
}

export interface Rig {
  sim: Simulator;
  /** alice: maintainer of every demo project. */
  gl: GitLab;
  /** bob: a second maintainer. */
  other: GitLab;
  admin: GitLab;
  client(token: string | undefined, extra?: Partial<Parameters<typeof createGitLab>[0]>): GitLab;
  /** Moves world time forward and brings the world up to it. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** clientDefaults: options every client of the rig gets (e.g. a dispatcher that trusts a test CA). */
export async function startRig(options: SimulatorOptions = {}, clientDefaults: Partial<Parameters<typeof createGitLab>[0]> = {}): Promise<Rig> {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START, ...options });
  const client = (token: string | undefined, extra = {}) =>
    createGitLab({ baseUrl: sim.url, token, timeoutMs: 10_000, sleep: async () => {}, ...clientDefaults, ...extra });
  return {
    sim,
    gl: client(DEMO_TOKENS.user),
    other: client(DEMO_TOKENS.other),
    admin: client(DEMO_TOKENS.admin),
    client,
    advance(ms: number) {
      sim.clock.advance(ms);
      sim.sync();
    },
    close: () => sim.close(),
  };
}

export const MINUTE = 60_000;
