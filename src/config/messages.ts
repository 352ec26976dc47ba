// Error texts for a setup that cannot run. Each one fits on a screen and says exactly what to set,
// because the person reading it may be on a phone over SSH at 3 a.m.
import type { GlabConfig } from './glab-config.js';
import { hostnameOf } from './host-url.js';

export function usageError(message: string): string {
  return `pipetop: ${message}\nRun \`pipetop --help\` for the options.`;
}

export interface MissingTokenContext {
  baseUrl: string;
  hostSource: string;
  /** CI_JOB_TOKEN is present: say why it is not enough. */
  inCiJob: boolean;
  glab: GlabConfig | null;
}

export function missingTokenMessage(ctx: MissingTokenContext): string {
  const hostname = hostnameOf(ctx.baseUrl);
  const lines = [
    `pipetop needs a GitLab token for ${ctx.baseUrl} (host from ${ctx.hostSource}).`,
    // The token's safe homes first: an environment variable or glab's config, then a private file.
    // --token on the command line shows in `ps` and the shell history, so it comes last.
    'Give it one of these ways:',
    '  GITLAB_TOKEN=…   (or GITLAB_ACCESS_TOKEN, OAUTH_TOKEN) in the environment',
    `  log in with \`glab auth login --hostname ${new URL(ctx.baseUrl).host}\` (pipetop reads glab's config)`,
    '  --token-file PATH  (a private file: chmod 600), or --token - to read it from standard input',
    '  (--token TOKEN works too, but shows in `ps` and your shell history)',
    'Create a personal access token with the read_api scope (api to retry/cancel) at',
    `  ${ctx.baseUrl}/-/user_settings/personal_access_tokens`,
  ];
  if (ctx.inCiJob) {
    lines.push(
      '',
      'CI_JOB_TOKEN is set, but a CI job token cannot read most of the API pipetop uses.',
      'Add a personal or project access token as a masked CI/CD variable named GITLAB_TOKEN.',
    );
  }
  const others = (ctx.glab?.hosts ?? []).filter((h) => h.token && hostnameOf(h.baseUrl) !== hostname);
  if (others.length > 0) {
    lines.push('', `glab is logged in to ${others.map((h) => h.name).join(', ')}; to use it: --host ${others[0]?.name ?? ''}`);
  }
  lines.push('', 'To look around without an account: pipetop --demo');
  return lines.join('\n');
}

export function severalGlabHostsMessage(glab: GlabConfig, source: string): string {
  const names = glab.hosts.filter((h) => h.token).map((h) => h.name);
  return [
    `pipetop found tokens for several GitLab hosts in ${source}: ${names.join(', ')}.`,
    'Choose one with --host HOST or GITLAB_HOST=HOST, or run pipetop inside a checkout',
    'whose git remote is on one of them.',
  ].join('\n');
}
