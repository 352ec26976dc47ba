#!/usr/bin/env node
// pipetop's entry point: `pipetop sim` serves the simulator; anything else resolves the
// configuration (flags, environment, glab's config, git remote) and opens the TUI — on the
// built-in simulator when no GitLab is configured.
// First: it must run before Ink's modules load (see the file).
import { restoreFetch } from './boot/hide-fetch.js';
// Second: hides a --token value from the process list as early as possible (see the file).
import './boot/hide-token.js';
import { openSync } from 'node:fs';
import { homedir } from 'node:os';
import { ReadStream } from 'node:tty';
import { resolveConfig } from './config/index.js';
import { readAll, TOKEN_INPUT_MAX } from './config/read-stdin.js';
import { safeMessage } from './text/safe.js';
import { removeStaleTempFiles } from './lib/safe-file.js';
import { VERSION } from './version.js';

async function main(argv: string[]): Promise<number> {
  // The simulator is loaded only when it is used (pipetop sim, or the demo): start-up against a
  // real GitLab never evaluates it.
  if (argv[0] === 'sim' || argv[0] === 'watch') {
    restoreFetch();
    if (argv[0] === 'sim') return (await import('./commands/sim.js')).runSim(argv.slice(1));
    return (await import('./commands/watch.js')).runWatchCli(argv.slice(1));
  }
  // The TUI's modules (React, Ink and its WebAssembly layout engine, the panes: most of the bundle)
  // load while the configuration is resolved, whose `git remote -v` runs in another process,
  // rather than after it; --help, --version and a configuration error never wait for them. The
  // bundle's chunks are CommonJS (scripts/build.mjs), so that import() compiles and runs the TUI's
  // modules at once, in one block: a turn of the event loop later, `git remote -v` has been spawned
  // first and runs beside it, and an answer known at once (--help, --version) exits before it.
  const tui = new Promise<void>((resolve) => setImmediate(resolve)).then(() => import('./tui.js'));
  tui.catch(() => undefined);
  const result = await resolveConfig({
    argv,
    env: process.env,
    cwd: process.cwd(),
    home: homedir(),
    stdinIsTTY: process.stdin.isTTY === true,
    readStdin: () => readAll(process.stdin, TOKEN_INPUT_MAX),
  });
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
    case 'run': {
      // The warnings are shown inside the app (src/tui.tsx): stderr would vanish behind the alternate screen.
      // Temp files of a pipetop killed while saving (SIGKILL leaves them): removed in the background.
      void removeStaleTempFiles(process.cwd());
      // `--token -` used stdin for the token: keys come from the controlling terminal instead.
      const keys = result.config.tokenFromStdin ? openTerminal() : process.stdin;
      if (!keys) {
        process.stderr.write('pipetop: --token - read the token from standard input, and there is no terminal (/dev/tty) to read keys from.\n');
        return 2;
      }
      const { runTui } = await tui;
      restoreFetch();
      try {
        return await runTui(
          result.config,
          { stdin: keys, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() },
          result.warnings,
        );
      } finally {
        if (keys !== process.stdin) keys.destroy();
      }
    }
  }
}

function openTerminal(): ReadStream | null {
  try {
    return new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    return null;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`pipetop: ${safeMessage(error instanceof Error ? error.message : String(error))}\n`);
    process.exit(1);
  },
);
