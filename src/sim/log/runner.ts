// The runner's frame around the script.
import type { Rng } from '../rng.js';
import { HEAD, RESET, c } from './ansi.js';
import type { Ctx, Kind } from './context.js';
import { scriptBuild } from './script-build.js';
import { scriptDeploy, scriptDocker } from './script-deploy.js';
import { scriptGeneric } from './script-generic.js';
import { scriptAudit, scriptLint } from './script-lint.js';
import { scriptE2e, scriptTest } from './script-test.js';
import { scriptTool } from './script-tools.js';
import { LAYERS, MODULES, testName } from './vocab.js';

export interface Artifacts {
  /** Paths listed on success, with their "found N" count. */
  paths: [string, number][];
  reports: [string, string][];
  /** Uploaded on failure too (artifacts:when: always). */
  always: boolean;
}

export function artifactsFor(x: Ctx): Artifacts | null {
  const { r } = x;
  switch (x.kind) {
    case 'build':
      return { paths: [['dist/', r.int(20, 400)]], reports: [], always: false };
    case 'test':
      return {
        paths: [['coverage/', r.int(30, 300)]],
        reports: [
          ['junit.xml', 'junit'],
          ['coverage/cobertura-coverage.xml', 'coverage_report'],
        ],
        always: true,
      };
    case 'e2e':
      return {
        paths: [
          ['playwright-report/', r.int(10, 90)],
          ['test-results/', r.int(1, 40)],
        ],
        reports: [],
        always: true,
      };
    case 'lint':
      return { paths: [], reports: [['gl-codequality.json', 'codequality']], always: true };
    case 'audit':
      return { paths: [], reports: [['gl-dependency-scanning-report.json', 'dependency_scanning']], always: true };
    case 'generic':
      return r.chance(0.5) ? { paths: [['public/', r.int(5, 200)]], reports: [], always: false } : null;
    default:
      return null;
  }
}

export function uploadArtifacts(x: Ctx, a: Artifacts, failed: boolean): void {
  const { w, r } = x;
  const name = failed ? 'upload_artifacts_on_failure' : 'upload_artifacts_on_success';
  w.runnerSection(name, failed ? 'Uploading artifacts for failed job' : 'Uploading artifacts for successful job', false, r.int(200, 800));
  const uploaded = (type: string, gzip: boolean) =>
    w.info(
      `Uploading artifacts as "${type}" to coordinator... 201 Created${RESET}  correlation_id${RESET}=${r.alnum(26).toUpperCase()} id${RESET}=${x.spec.jobId} responseStatus${RESET}=201 Created token${RESET}=glcbt-${r.hex(2)}${gzip ? ` format${RESET}=gzip` : ''}`,
      r.int(300, 3000),
    );
  // The runner uploads each artifacts entry in turn: plain paths as one "archive", then each report.
  const paths = a.paths.filter(([p]) => !(failed && p === 'dist/'));
  if (paths.length && x.size !== 'small') {
    w.green('Uploading artifacts...', 50);
    for (const [p, n] of paths) w.info(`${p}: found ${failed ? Math.ceil(n / 3) : n} matching artifact files and directories`, r.int(10, 300));
    uploaded('archive', false);
  }
  const reports = x.size === 'small' ? a.reports.slice(0, 1) : a.reports;
  for (const [file, type] of reports) {
    w.green('Uploading artifacts...', 20);
    if (failed && file.includes('coverage')) {
      // What the runner prints when a listed artifact was never written.
      w.warn(`WARNING: ${file}: no matching files. Ensure that the artifact path is relative to the working directory (${x.buildDir})`, 30);
      w.error('ERROR: No files to upload                         ', 5);
      continue;
    }
    w.info(`${file}: found 1 matching artifact files and directories`, r.int(10, 200));
    uploaded(type, true);
  }
  if (x.size === 'small' && !reports.length && paths.length) {
    w.green('Uploading artifacts...', 50);
    const [p, n] = paths[0]!;
    w.info(`${p}: found ${n} matching artifact files and directories`, r.int(10, 300));
    uploaded('archive', false);
  }
  w.end(name);
}

export function usesNode(kind: Kind): boolean {
  return kind !== 'docker' && kind !== 'deploy';
}

export function imageFor(kind: Kind, r: Rng): string {
  if (kind === 'docker') return 'docker:27.3';
  if (kind === 'deploy') return 'alpine:3.20';
  if (kind === 'e2e') return 'mcr.microsoft.com/playwright:v1.49.0-noble';
  return r.pick(['node:20', 'node:20', 'node:20-alpine', 'node:20.18-bookworm-slim']);
}

export function pullImage(x: Ctx, image: string, service: boolean): void {
  const { w, r } = x;
  const repo = image.replace(/:.*$/, '').replace(/^.*\//, '');
  if (service) w.info(`Starting service ${image} ...`, r.int(50, 300));
  w.info(`Pulling docker image ${image} ...`, r.int(50, 300));
  w.info(`Using docker image sha256:${r.hex(64)} for ${image} with digest ${repo}@sha256:${r.hex(64)} ...`, r.int(1500, 20000));
}

/** Verbose test-runner output until the log has `lines` lines: sections of 1,000, every 7th line coloured. */
export function padWithVerboseOutput(x: Ctx, lines: number): void {
  const { w, r } = x;
  for (let part = 1; w.lines.length < lines; part++) {
    w.customSection(`verbose_${part}`, `${HEAD}Verbose output, part ${part}${RESET}`, true, false, r.int(50, 300));
    for (let i = 0; i < 1000 && w.lines.length < lines; i++) {
      const mod = r.pick(MODULES);
      const file = `${x.buildDir}/src/${mod}/${mod}.${r.pick(LAYERS)}.test.ts`;
      w.line(
        i % 7 === 0 ? `${c.green('✓')} ${file} › ${testName(r)} ${c.dim(`(${r.int(1, 900)} ms)`)}` : `  debug ${mod}: ${testName(r)} took ${r.int(1, 900)} ms`,
        r.int(1, 40),
      );
    }
    w.end(`verbose_${part}`);
  }
}

export function runJob(x: Ctx): void {
  const { w, r, spec, kind, size } = x;
  const canceled = spec.outcome === 'canceled';

  // Header.
  const runner = r.pick([
    ['17.3.1', '66a723c3'],
    ['17.5.2', 'c6eae8d7'],
    ['17.6.0', '374d34fd'],
    ['17.7.0', '3153ccc6'],
  ] as const);
  const saas = (spec.runnerDescription ?? '').includes('saas');
  const description = spec.runnerDescription ?? r.pick(['docker-runner-1', 'docker-runner-2', 'ci-runner-eu-west-3', 'k8s-build-pool']);
  const token = r.alnum(8);
  w.info(`Running with gitlab-runner ${runner[0]} (${runner[1]})`);
  w.info(`  on ${description} ${token}, system ID: s_${r.hex(12)}`, r.int(0, 40));
  if (w.timestamps) w.info('  feature flags: FF_TIMESTAMPS:true', 1);

  // prepare_executor
  const executor = saas ? 'docker+machine' : 'docker';
  w.runnerSection('prepare_executor', `Preparing the "${executor}" executor`, true, r.int(100, 600));
  w.info(`Using Docker executor with image ${x.image} ...`, r.int(20, 200));
  if (kind === 'docker') {
    pullImage(x, 'docker:27.3-dind', true);
    w.info('Waiting for services to be up and running (timeout 30 seconds)...', r.int(100, 400));
  }
  if (size !== 'small' && r.chance(0.3)) w.info('Authenticating with credentials from job payload (GitLab Registry)', r.int(50, 200));
  pullImage(x, x.image, false);
  w.end('prepare_executor');

  // prepare_script
  w.runnerSection('prepare_script', 'Preparing environment', true, r.int(200, 1500));
  w.line(
    `Running on runner-${token.toLowerCase()}-project-${x.projectId}-concurrent-${r.int(0, 3)} via ${saas ? `runner-${token.toLowerCase()}-s-l-s-amd64-${Math.floor(spec.startedAt / 1000) - r.int(60, 3000)}-${r.hex(8)}` : `${description}.internal`}...`,
    r.int(300, 2000),
  );
  w.end('prepare_script');

  // get_sources
  w.runnerSection('get_sources', 'Getting source from Git repository', true, r.int(100, 600));
  const fresh = r.chance(0.6);
  if (size !== 'small' && r.chance(0.5)) w.green(`Gitaly correlation ID: ${r.alnum(26).toUpperCase()}`, r.int(100, 600));
  w.green('Fetching changes with git depth set to 20...', r.int(50, 200));
  if (fresh) {
    w.line(`Initialized empty Git repository in ${x.buildDir}/.git/`, r.int(200, 1500));
    w.green('Created fresh repository.', r.int(500, 4000));
  } else {
    w.line(`Reinitialized existing Git repository in ${x.buildDir}/.git/`, r.int(200, 800));
    if (size !== 'small') {
      w.line(` * [new ref]         ${x.sha.slice(0, 40)} -> refs/pipelines/${r.int(100000, 999999)}`, r.int(500, 3000));
      w.line(`   ${r.hex(8)}..${x.short}  ${x.ref}       -> origin/${x.ref}`, r.int(10, 100));
    }
  }
  w.green(`Checking out ${x.short} as detached HEAD (ref is ${x.ref})...`, r.int(200, 2000));
  if (!fresh && size !== 'small') {
    w.line('Removing node_modules/', r.int(100, 1200));
    if (r.chance(0.5)) w.line('Removing coverage/', r.int(10, 200));
  }
  w.blank();
  w.green('Skipping Git submodules setup', r.int(10, 100));
  w.end('get_sources');

  // restore_cache
  const cacheKey = `${usesNode(kind) ? 'node-modules' : 'default'}-${r.hex(16)}-${r.pick(['protected', 'non_protected'])}`;
  const hasCache = usesNode(kind) && size !== 'small' && r.chance(0.8);
  const cachePolicyPush = hasCache && r.chance(0.7);
  if (hasCache) {
    w.runnerSection('restore_cache', 'Restoring cache', false, r.int(100, 500));
    w.green(`Checking cache for ${cacheKey}...`, r.int(50, 300));
    if (r.chance(0.75)) {
      w.info(
        `Downloading cache from https://storage.googleapis.com/gitlab-com-runners-cache/project/${x.projectId}/${cacheKey}${RESET}  ETag${RESET}="${r.hex(32)}"`,
        r.int(1000, 12000),
      );
      w.green('Successfully extracted cache', r.int(1000, 9000));
    } else {
      w.warn('WARNING: file does not exist                       ', r.int(200, 900));
      w.error('Failed to extract cache', 10);
    }
    w.end('restore_cache');
  }

  // download_artifacts: jobs in later stages get their predecessors' artifacts.
  const firstStages = ['build', '.pre', 'prepare', 'install', 'setup', 'lint'];
  // Small jobs stand for jobs with `dependencies: []`, which download nothing.
  if (!firstStages.includes(spec.stage.toLowerCase()) && kind !== 'lint' && size !== 'small') {
    w.runnerSection('download_artifacts', 'Downloading artifacts', false, r.int(100, 500));
    const deps = kind === 'deploy' || kind === 'docker' ? ['build', 'test:unit'] : ['build'];
    for (const d of deps) {
      const id = Math.max(1, spec.jobId - r.int(1, 40));
      w.green(`Downloading artifacts for ${d} (${id})...`, r.int(50, 300));
      w.info(
        `Downloading artifacts from coordinator... ok        ${RESET}  correlation_id${RESET}=${r.alnum(26).toUpperCase()} host${RESET}=storage.googleapis.com id${RESET}=${id} responseStatus${RESET}=200 OK token${RESET}=glcbt-${r.hex(2)}`,
        r.int(500, 5000),
      );
    }
    w.end('download_artifacts');
  }

  // step_script
  w.runnerSection('step_script', 'Executing "step_script" stage of the job script', false, r.int(200, 800));
  w.stream = 1;
  w.info(
    `Using docker image sha256:${r.hex(64)} for ${x.image} with digest ${x.image.replace(/:.*$/, '').replace(/^.*\//, '')}@sha256:${r.hex(64)} ...`,
    r.int(300, 2000),
  );
  const scriptStart = w.lines.length;
  const tool = kind === 'test' && spec.tool && spec.tool !== 'vitest' ? spec.tool : null;
  if (usesNode(kind) && size !== 'small' && (tool === null || tool === 'jest')) {
    w.cmd('node --version && npm --version');
    w.line(`v20.${r.int(15, 18)}.${r.int(0, 3)}`, r.int(50, 300));
    w.line(`10.${r.int(5, 9)}.${r.int(0, 2)}`, r.int(50, 300));
  }
  for (const echo of spec.echoes ?? []) {
    w.cmd(echo.command);
    w.line(echo.output, r.int(10, 80));
  }
  if (spec.lines) padWithVerboseOutput(x, spec.lines);
  if (tool) scriptTool(x, tool);
  else
    (
      ({
        build: scriptBuild,
        test: scriptTest,
        e2e: scriptE2e,
        lint: scriptLint,
        deploy: scriptDeploy,
        docker: scriptDocker,
        audit: scriptAudit,
        generic: scriptGeneric,
      }) as const
    )[kind](x);

  if (canceled) {
    // Cut the script somewhere in the middle; the runner then closes what is open and reports.
    const last = w.lines.length - 1;
    const from = Math.min(last, scriptStart + 1);
    const cut = from + Math.floor((last - from) * (0.3 + r.next() * 0.6));
    w.cutAfter(cut);
    const big = Math.max(1000, ...w.lines.slice(-20).map((l) => l.cost));
    w.stream = 0;
    while (w.stack) w.end(w.stack.name);
    if (r.chance(0.7)) w.error('ERROR: Job failed: canceled', big);
    else w.flush(big);
    return;
  }

  w.end('step_script');
  w.stream = 0;

  // after_script
  if (r.chance(x.fail ? 0.5 : 0.25) && size !== 'small') {
    w.runnerSection('after_script', 'Running after_script', false, r.int(300, 1500));
    w.stream = 2;
    w.green('Running after script...', r.int(50, 200));
    w.cmd(r.pick(['echo "Job finished with status $CI_JOB_STATUS"', 'docker compose down --volumes || true', 'rm -rf .cache/tmp']));
    if (x.kind !== 'docker') w.line(`Job finished with status ${x.fail ? 'failed' : 'success'}`, r.int(20, 200));
    w.stream = 0;
    w.end('after_script');
  }

  // archive_cache: default cache policy saves on success only.
  if (hasCache && !x.fail) {
    w.runnerSection('archive_cache', 'Saving cache for successful job', false, r.int(200, 800));
    if (cachePolicyPush) {
      w.green(`Creating cache ${cacheKey}...`, r.int(50, 200));
      w.info(`node_modules/: found ${r.int(8000, 60000)} matching artifact files and directories`, r.int(2000, 10000));
      w.info(`.npm/: found ${r.int(1000, 9000)} matching artifact files and directories`, r.int(300, 3000));
      w.info(`Uploading cache.zip to https://storage.googleapis.com/gitlab-com-runners-cache/project/${x.projectId}/${cacheKey}`, r.int(2000, 15000));
      w.green('Created cache', r.int(100, 600));
    } else {
      w.green(`Not uploading cache ${cacheKey} due to policy`, r.int(50, 200));
    }
    w.end('archive_cache');
  }

  const a = artifactsFor(x);
  if (a && (!x.fail || a.always)) uploadArtifacts(x, a, x.fail);

  w.runnerSection('cleanup_file_variables', 'Cleaning up project directory and file based variables', false, r.int(200, 1500));
  w.end('cleanup_file_variables');
  if (x.fail) w.error('ERROR: Job failed: exit code 1', r.int(300, 1500));
  else w.green('Job succeeded', r.int(300, 1500));
}
