// `pipetop sim`: serves the simulated GitLab API v4 until interrupted.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { numberInRange } from '../config/flags.js';
import { CLI_RANGES } from '../lib/budgets.js';
import { DEMO_TOKENS, FAULT_KINDS, parseFaultKinds, startSimulator, type FaultKind, type GraphQLMode } from '../sim/index.js';

export const SIM_USAGE = `Usage: pipetop sim [--port P] [--host H] [--seed S] [--speed X] [--gitlab-strict] [--artifacts-redirect]
                  [--faults RATE [--fault-kinds a,b,c]] [--graphql on|off|no-polling]

Serves a simulated GitLab API v4 at http://127.0.0.1:P/api/v4 (a living world: projects, pipelines,
jobs with logs and artifacts, schedules, deployments, events, SSH keys).

  --port P              port to listen on (default 8929; 0 picks a free one)
  --host H              address to bind (default 127.0.0.1)
  --seed S              world seed: the same seed builds the same world (default 42)
  --speed X             world time per real time (default 1; 60 = one minute per second)
  --gitlab-strict       behave like real GitLab where the simulator improves on it (trace ignores Range)
  --artifacts-redirect  serve artifacts by a 302 to a second "object storage" port
  --graphql MODE        POST /api/graphql: on (default, with GitLab's ETag polling), off (404, as a GitLab
                        or proxy without it), no-polling (429 on a cache hit, as with polling disabled)
  --tls-cert FILE --tls-key FILE   serve HTTPS, HTTP/2 and HTTP/1.1, with this certificate (PEM)
  --faults RATE         fail this share (0-1) of API requests at random, seeded by --seed
  --fault-kinds LIST    which failures, comma-separated (default all):
                        ${FAULT_KINDS.join(', ')}

Tokens: ${DEMO_TOKENS.user} (alice, maintainer), ${DEMO_TOKENS.other} (bob, maintainer),
        ${DEMO_TOKENS.admin} (root, administrator), ${DEMO_TOKENS.readOnly} (read_api scope),
        ${DEMO_TOKENS.expired} (expired)`;

export async function runSim(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '8929' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: '42' },
        speed: { type: 'string', default: '1' },
        'gitlab-strict': { type: 'boolean', default: false },
        'artifacts-redirect': { type: 'boolean', default: false },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        faults: { type: 'string', default: '0' },
        'fault-kinds': { type: 'string' },
        graphql: { type: 'string', default: 'on' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`pipetop sim: ${(error as Error).message}\n\n${SIM_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${SIM_USAGE}\n`);
    return 0;
  }
  const port = Number(values.port);
  // The same ranges as the TUI's --seed and --speed (src/lib/budgets.ts).
  const seed = numberInRange('--seed', String(values.seed), CLI_RANGES.seed);
  const speed = numberInRange('--speed', String(values.speed), CLI_RANGES.speed);
  const faultRate = Number(values.faults);
  let faultKinds: FaultKind[] | undefined;
  try {
    faultKinds = values['fault-kinds'] !== undefined ? parseFaultKinds(values['fault-kinds']) : undefined;
  } catch (error) {
    process.stderr.write(`pipetop sim: --fault-kinds: ${(error as Error).message}\n`);
    return 2;
  }
  if (typeof seed === 'string' || typeof speed === 'string') {
    process.stderr.write(`pipetop sim: ${typeof seed === 'string' ? seed : speed}\n`);
    return 2;
  }
  const bad =
    !Number.isInteger(port) || port < 0 || port > 65535
      ? `--port must be 0-65535, got "${values.port}"`
      : !Number.isFinite(faultRate) || faultRate < 0 || faultRate > 1
        ? `--faults must be a rate between 0 and 1, got "${values.faults}"`
        : faultKinds && !faultKinds.length
          ? '--fault-kinds names no kind'
          : !['on', 'off', 'no-polling'].includes(String(values.graphql))
            ? `--graphql must be on, off or no-polling, got "${values.graphql}"`
            : null;
  if (bad) {
    process.stderr.write(`pipetop sim: ${bad}\n`);
    return 2;
  }
  if (Boolean(values['tls-cert']) !== Boolean(values['tls-key'])) {
    process.stderr.write('pipetop sim: --tls-cert and --tls-key go together\n');
    return 2;
  }
  let sim;
  try {
    const tls = values['tls-cert'] && values['tls-key'] ? { cert: readFileSync(values['tls-cert']), key: readFileSync(values['tls-key']) } : undefined;
    sim = await startSimulator({
      port,
      host: values.host,
      seed,
      speed,
      gitlabStrict: values['gitlab-strict'],
      artifactsRedirect: values['artifacts-redirect'],
      graphql: values.graphql as GraphQLMode,
      ...(tls ? { tls } : {}),
      ...(faultRate > 0 ? { faults: { rate: faultRate, seed, ...(faultKinds ? { kinds: faultKinds } : {}) } } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      `pipetop sim: cannot listen on ${values.host}:${port}${code === 'EADDRINUSE' ? ' (address in use; try --port 0)' : ''}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  process.stdout.write(
    `pipetop simulator: GitLab API v4 at ${sim.url}/api/v4\n` +
      `  seed ${seed}, speed ${speed}${values['gitlab-strict'] ? ', gitlab-strict' : ''}${faultRate > 0 ? `, faults ${faultRate} (${(faultKinds ?? FAULT_KINDS).join(',')})` : ''}; token ${DEMO_TOKENS.user} (or ${DEMO_TOKENS.admin} for admin)\n` +
      `  try: curl -H 'PRIVATE-TOKEN: ${DEMO_TOKENS.user}' ${sim.url}/api/v4/projects\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await sim.close();
  return 0;
}
