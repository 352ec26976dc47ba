// The demo world's fixed cast: people, projects and their CI configurations. Data only; world/build.ts
// turns it into records using the seed.
import type { JobTemplate } from '../model.js';

export interface UserSeed {
  username: string;
  name: string;
  token?: string;
  isAdmin?: boolean;
  location?: string;
  bio?: string;
}

/** Tokens of the demo world (README lists them). The first three are the documented ones. */
export const DEMO_TOKENS = {
  user: 'demo-user-token',
  other: 'demo-other-token',
  admin: 'demo-admin-token',
  /** A `read_api` token: every POST/PUT/DELETE gets 403 insufficient_scope. */
  readOnly: 'demo-readonly-token',
  /** An expired token: 401 invalid_token, as GitLab answers. */
  expired: 'demo-expired-token',
  /** carol, a developer: GitLab refuses her a deployment approval (world/environments.ts). */
  developer: 'demo-developer-token',
} as const;

export const USERS: UserSeed[] = [
  { username: 'root', name: 'Administrator', token: DEMO_TOKENS.admin, isAdmin: true, location: 'Amsterdam' },
  { username: 'alice', name: 'Alice Nakamura', token: DEMO_TOKENS.user, location: 'Berlin', bio: 'Platform engineer. Keeps the pipelines green.' },
  { username: 'bob', name: 'Bob Okafor', token: DEMO_TOKENS.other, location: 'Lagos' },
  { username: 'carol', name: 'Carol Jiménez', location: 'Madrid', bio: 'Frontend, accessibility.' },
  { username: 'dmitri', name: 'Dmitri Volkov' },
  { username: 'erin', name: 'Erin O’Brien', location: 'Dublin' },
  { username: 'farah', name: 'Farah Haddad' },
  { username: 'gao', name: '高伟 (Gao Wei)', location: 'Shanghai' },
  { username: 'release-bot', name: 'Release Bot', bio: 'I tag releases.' },
];

/** Who owns the read-only and expired demo tokens. */
export const TOKEN_OWNER = { [DEMO_TOKENS.readOnly]: 'alice', [DEMO_TOKENS.expired]: 'alice' } as const;

/** A monorepo's packages are tested by their own stacks' runners. */
const MONOREPO_TOOLS = ['vitest', 'maven', 'go', 'pytest', 'jest'] as const;

export interface ProjectSeed {
  namespace: string;
  path: string;
  name: string;
  description: string;
  defaultBranch: string;
  branches: string[];
  visibility: 'private' | 'internal' | 'public';
  /** Usernames with access; alice and bob are maintainers of every demo project. */
  members: Record<string, number>;
  stages: string[];
  jobs: JobTemplate[];
  /** How many finished pipelines of history to generate. */
  history: number;
  environments?: { name: string; url: string }[];
}

const MAINTAINERS = { alice: 40, bob: 40, carol: 30, dmitri: 30, erin: 30, farah: 30, gao: 30, 'release-bot': 40 };

function job(name: string, stage: string, typicalSec: number, failRate: number, extra: Partial<JobTemplate> = {}): JobTemplate {
  return { name, stage, typicalSec, failRate, when: 'on_success', allowFailure: false, ...extra };
}

const art = (paths: string[], expireInDays: number | null = 7) => ({ artifacts: { paths, expireInDays } });

export const PROJECTS: ProjectSeed[] = [
  {
    namespace: 'acme',
    path: 'api',
    name: 'api',
    description: 'The ACME public API (Node.js service).',
    defaultBranch: 'main',
    branches: ['main', 'feature/rate-limits', 'fix/timeouts', 'renovate/undici-7.x'],
    visibility: 'internal',
    members: MAINTAINERS,
    stages: ['build', 'test', 'security', 'deploy'],
    jobs: [
      job('build', 'build', 95, 0.03, { ...art(['dist/server.js', 'dist/server.js.map']), logSize: 'normal' }),
      job('docker:build', 'build', 160, 0.04, { logSize: 'normal' }),
      job('test:unit', 'test', 140, 0.12, { ...art(['junit.xml', 'coverage/lcov.info'], 30), coverage: true, logSize: 'huge' }),
      job('test:integration', 'test', 260, 0.15, { ...art(['junit-integration.xml']), tool: 'go' }),
      job('lint', 'test', 40, 0.08, { logSize: 'small' }),
      job('sast', 'security', 70, 0.05, { allowFailure: true, ...art(['gl-sast-report.json'], 1) }),
      job('dependency_scanning', 'security', 80, 0.1, { allowFailure: true }),
      job('deploy:staging', 'deploy', 75, 0.05, { only: ['main'], environment: 'staging' }),
      job('deploy:production', 'deploy', 90, 0.04, { only: ['main'], when: 'manual', allowFailure: true, environment: 'production' }),
    ],
    history: 260,
    environments: [
      { name: 'staging', url: 'https://staging.api.acme.example' },
      { name: 'production', url: 'https://api.acme.example' },
    ],
  },
  {
    namespace: 'acme',
    path: 'web',
    name: 'web',
    description: 'Customer-facing web app.',
    defaultBranch: 'main',
    branches: ['main', 'feat/dark-mode', 'chore/deps'],
    visibility: 'internal',
    members: MAINTAINERS,
    stages: ['install', 'build', 'test', 'review', 'deploy'],
    jobs: [
      job('install', 'install', 60, 0.02, { logSize: 'small' }),
      job('build:app', 'build', 120, 0.05, {
        ...art(
          [
            'build/index.html',
            'build/app.js',
            'build/app.js.map',
            'build/assets/app.css',
            'build/assets/logo.png',
            'build/assets/fonts/inter.woff2',
            'build/manifest.json',
            'build/BUILD_INFO.txt',
          ],
          null,
        ),
      }),
      job('build:storybook', 'build', 100, 0.04, { allowFailure: true }),
      job('test:e2e 1/3', 'test', 210, 0.12, { ...art(['cypress/videos/spec-1.mp4'], 3) }),
      job('test:e2e 2/3', 'test', 200, 0.12),
      job('test:e2e 3/3', 'test', 205, 0.12),
      job('test:unit', 'test', 90, 0.08, { coverage: true, logSize: 'huge' }),
      job('review:start', 'review', 45, 0.05, { when: 'manual', allowFailure: true, environment: 'review/main' }),
      job('pages', 'deploy', 40, 0.02, { only: ['main'], ...art(['public/index.html'], null), environment: 'github-pages' }),
    ],
    history: 220,
    environments: [
      { name: 'review/main', url: 'https://main.review.web.acme.example' },
      { name: 'github-pages', url: 'https://acme.example' },
    ],
  },
  {
    namespace: 'acme/platform/infra',
    path: 'terraform',
    name: 'terraform',
    description: 'Infrastructure as code (nested group project).',
    defaultBranch: 'main',
    branches: ['main', 'vpc-peering'],
    visibility: 'private',
    members: MAINTAINERS,
    stages: ['validate', 'plan', 'apply'],
    jobs: [
      job('fmt', 'validate', 20, 0.05, { logSize: 'small' }),
      job('validate', 'validate', 35, 0.06, { logSize: 'small' }),
      job('plan', 'plan', 150, 0.1, art(['plan.cache', 'plan.json'], 1)),
      job('apply', 'apply', 240, 0.08, { only: ['main'], when: 'manual', allowFailure: false, environment: 'production' }),
    ],
    history: 140,
    environments: [{ name: 'production', url: 'https://console.cloud.acme.example' }],
  },
  {
    namespace: 'acme',
    path: 'monorepo',
    name: 'monorepo',
    description: 'Everything else, in one repository: a pipeline with hundreds of jobs.',
    defaultBranch: 'main',
    branches: ['main', 'wip/bazel'],
    visibility: 'internal',
    members: MAINTAINERS,
    stages: ['prepare', 'build', 'test', 'package', 'deploy'],
    jobs: monorepoJobs(),
    history: 12,
  },
  {
    namespace: 'ops',
    path: 'runbooks',
    name: 'runbooks',
    description: 'On-call runbooks, rendered to a static site.',
    defaultBranch: 'master',
    branches: ['master'],
    visibility: 'public',
    members: MAINTAINERS,
    stages: ['test', 'deploy'],
    jobs: [
      job('markdownlint', 'test', 25, 0.1, { logSize: 'small' }),
      job('links', 'test', 60, 0.2, { allowFailure: true }),
      job('pages', 'deploy', 50, 0.02, { only: ['master'], ...art(['public/index.html'], null) }),
    ],
    history: 120,
  },
  {
    namespace: 'secret',
    path: 'payroll',
    name: 'payroll',
    description: 'A private project only the administrator belongs to.',
    defaultBranch: 'main',
    branches: ['main'],
    visibility: 'private',
    members: { root: 50 },
    stages: ['test'],
    jobs: [job('test', 'test', 30, 0.05, { tool: 'rspec' })],
    history: 12,
  },
];

/** 40 packages × (build, 6 test shards, lint) + prepare and package: a 330-job pipeline. */
function monorepoJobs(): JobTemplate[] {
  const packages = [
    'auth',
    'billing',
    'cart',
    'catalog',
    'checkout',
    'cms',
    'config',
    'core',
    'crypto',
    'db',
    'email',
    'events',
    'flags',
    'forms',
    'gateway',
    'geo',
    'graphql',
    'http',
    'i18n',
    'images',
    'inventory',
    'jobs',
    'logging',
    'maps',
    'metrics',
    'notify',
    'orders',
    'payments',
    'pdf',
    'queue',
    'search',
    'sessions',
    'shipping',
    'sms',
    'storage',
    'tax',
    'tracing',
    'ui-kit',
    'users',
    'webhooks',
  ];
  const jobs: JobTemplate[] = [job('prepare:lockfile', 'prepare', 30, 0.01, { logSize: 'small' })];
  for (const p of packages) jobs.push(job(`build:${p}`, 'build', 40 + ((p.length * 7) % 60), 0.001, { logSize: 'small' }));
  for (const p of packages) {
    for (let shard = 1; shard <= 6; shard++) {
      // Rare per job, but with 240 shards about one pipeline in four still fails somewhere.
      jobs.push(
        job(`test:${p} ${shard}/6`, 'test', 30 + ((p.length * 13 + shard * 17) % 90), 0.001, {
          logSize: 'small',
          tool: MONOREPO_TOOLS[p.length % MONOREPO_TOOLS.length]!,
        }),
      );
    }
  }
  for (const p of packages) jobs.push(job(`lint:${p}`, 'test', 20, 0.001, { logSize: 'small', allowFailure: p.length % 5 === 0 }));
  jobs.push(job('package', 'package', 120, 0.02, art(['release.tar.gz'], 14)));
  jobs.push(job('deploy', 'deploy', 60, 0.02, { only: ['main'], when: 'manual', allowFailure: true, environment: 'production' }));
  return jobs;
}

export const COMMIT_TITLES = [
  'Fix flaky timeout in retry test',
  'Add rate limiting to /v2/orders',
  'Bump undici from 7.29.0 to 7.30.2',
  'Refactor pagination helpers',
  'Update README with deployment notes',
  'Handle 429 from upstream with Retry-After',
  'Remove dead feature flag `new_checkout`',
  'Speed up Docker build with cache mounts',
  'Revert "Enable HTTP/2 for internal calls"',
  'Add e2e test for password reset',
  'Log request ids in error handler',
  'Migrate CI to rules: syntax',
  'Pin Node to 20.20 in CI image',
  'Tune connection pool size',
  'Add metrics for queue depth',
  'Fix typo in error message',
  'Drop support for legacy API tokens',
  'Translate settings page (日本語)',
  'Make coverage report deterministic',
  "Merge branch 'fix/timeouts' into 'main'",
  'Use structured logging everywhere ✨',
  'Document on-call escalation policy',
  'Split integration tests into shards',
  'Cache terraform providers',
];

export const ISSUE_TITLES = [
  'Checkout fails with 502 on large carts',
  'Dark mode: contrast too low on buttons',
  'Flaky test: test:integration times out',
  'Pipeline takes 25 minutes, should be 10',
  'Document the release process',
  'Runner out of disk space on shared runners',
  'Upgrade to Node 22',
  'Rate limit responses lack Retry-After',
];

export const MR_TITLES = [
  'Draft: Add retry with backoff to the API client',
  'Speed up e2e tests with sharding',
  'Replace moment with Temporal',
  'Resolve "Checkout fails with 502 on large carts"',
  'Add VPC peering for the analytics account',
  'Bump the dependencies group with 7 updates',
];

export const NOTE_BODIES = [
  'LGTM, merging once the pipeline is green.',
  'Could we add a test for the 429 case?',
  'This broke `test:integration` on main — see the last pipeline.',
  'Retried the job, it was a runner hiccup.',
  'Nit: the variable name could be clearer.',
  'I can reproduce this locally with `npm run e2e`.',
  '👍 thanks for picking this up!',
  'Deployed to staging, looks good.',
];

/**
 * The tags of a job whose template names none, drawn per job: the instance runners that carry them
 * (world/runner-seeds.ts) are online, so these jobs always find one.
 */
export const LEGACY_TAG_SETS: readonly string[][] = [['docker', 'linux'], ['docker', 'linux'], ['gpu'], ['kubernetes']];
