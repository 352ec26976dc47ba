#!/usr/bin/env node
// pipetop's entry point: `pipetop sim` serves the simulator; anything else resolves the
// configuration (flags, environment, glab's config, git remote) and opens the TUI — on the
// built-in simulator when no GitLab is configured.
// First: it must run before Ink's modules load (see the file).
import { restoreFetch } from './boot/hide-fetch.js';
import { homedir } from 'node:os';
import { resolveConfig } from './config/index.js';
import { safeMessage } from './text/safe.js';
import { runTui } from './tui.js';
import { VERSION } from './version.js';

async function main(argv: string[]): Promise<number> {
  restoreFetch();
  // The simulator is loaded only when it is used (pipetop sim, or the demo): start-up against a
  // real GitLab never evaluates it.
  if (argv[0] === 'sim') return (await import('./commands/sim.js')).runSim(argv.slice(1));
  if (argv[0] === 'watch') return (await import('./commands/watch.js')).runWatchCli(argv.slice(1));
  const result = await resolveConfig({ argv, env: process.env, cwd: process.cwd(), home: homedir() });
  switch (result.kind) {
    case 'help':
      process.stdout.write(`${result.text}\n`);
      return 0;
    case 'version':
      process.stdout.write(`${VERSION}\n`);
      return 0;
    case 'error':
      process.stderr.write(`${safeMessage(result.message)}\n`);
      return 2;
    case 'run':
      for (const warning of result.warnings) process.stderr.write(`pipetop: ${safeMessage(warning)}\n`);
      return runTui(result.config, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`pipetop: ${safeMessage(error instanceof Error ? error.message : String(error))}\n`);
    process.exit(1);
  },
);
