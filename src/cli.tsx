// pipetop's entry point: dispatches subcommands. `pipetop sim` serves the simulator; with no
// subcommand pipetop will open the TUI (issue 3); until then it serves the simulator too.
import { runSim, SIM_USAGE } from './commands/sim.js';
import { VERSION } from './version.js';

const USAGE = `pipetop ${VERSION} — a keyboard-driven terminal UI for GitLab CI

Usage:
  pipetop sim [options]    serve the built-in GitLab API simulator (see: pipetop sim --help)
  pipetop --version
  pipetop --help

${SIM_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (command === 'sim') return runSim(rest);
  if (command === undefined) return runSim([]);
  process.stderr.write(`pipetop: unknown command "${command}"\n\n${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`pipetop: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
