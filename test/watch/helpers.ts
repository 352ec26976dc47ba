// Runs `pipetop watch` in-process against a rig's simulator: world time moves by exactly each wait
// the watch asks for (no real sleeping), and every byte written is captured.
import { runWatch, type WatchHooks } from '../../src/commands/watch.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { Rig } from '../helpers/sim.js';

export interface Run {
  code: number;
  out: string;
  err: string;
  lines: string[];
}

export interface RunOptions {
  tty?: boolean;
  columns?: number;
  env?: NodeJS.ProcessEnv;
  hooks?: WatchHooks;
  /** Called on every wait, before the world moves (e.g. to cancel the pipeline). */
  onSleep?: (n: number) => void | Promise<void>;
}

export async function watchOn(rig: Rig, argv: string[], opts: RunOptions = {}): Promise<Run> {
  let out = '';
  let err = '';
  let sleeps = 0;
  const code = await runWatch(
    ['--host', rig.sim.url, '--token', DEMO_TOKENS.user, ...argv],
    {
      stdout: { write: (t: string) => (out += t), isTTY: opts.tty === true, columns: opts.columns ?? 80 },
      stderr: { write: (t: string) => (err += t), isTTY: false },
      env: opts.env ?? {},
      cwd: process.cwd(),
      home: '/nonexistent-home-for-tests',
    },
    {
      now: () => rig.sim.clock.now(),
      sleep: async (ms) => {
        await opts.onSleep?.(++sleeps);
        rig.advance(ms);
      },
      git: async () => null,
      client: { sleep: async () => {} },
      ...opts.hooks,
    },
  );
  return { code, out, err, lines: out.split('\n').filter((l) => l !== '') };
}

/** Decides now how every job of `pipelineId` will end: all succeed, or `failing` fail. */
export function planOutcome(rig: Rig, pipelineId: number, failing: readonly string[] = []): void {
  const world = rig.sim.world;
  for (const id of world.pipelines.get(pipelineId)!.jobIds) {
    const job = world.jobs.get(id)!;
    job.plan.outcome = failing.includes(job.name) ? 'failed' : 'success';
  }
}
