// Environment variable names shared with glab and other GitLab tools, so existing setups just work.

export const HOST_ENV_VARS = ['GITLAB_HOST', 'GITLAB_URI', 'GL_HOST'] as const;
export const TOKEN_ENV_VARS = ['GITLAB_TOKEN', 'GITLAB_ACCESS_TOKEN', 'OAUTH_TOKEN'] as const;

export interface Found {
  value: string;
  source: string;
}

/** The first variable that is set to something other than blanks (an empty export counts as unset). */
export function firstEnv(env: NodeJS.ProcessEnv, names: readonly string[]): Found | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { value, source: name };
  }
  return undefined;
}

/**
 * GitLab CI sets CI_SERVER_URL, CI_JOB_TOKEN and CI_PROJECT_ID in every job. The job token cannot
 * read most of the API pipetop uses, so it is never taken as the token — only the URL and project.
 */
export function ciJob(env: NodeJS.ProcessEnv): { serverUrl: string; projectId?: string } | undefined {
  const serverUrl = env.CI_SERVER_URL?.trim();
  if (!serverUrl || !(env.CI_JOB_TOKEN || env.GITLAB_CI === 'true')) return undefined;
  const projectId = env.CI_PROJECT_ID?.trim();
  return projectId ? { serverUrl, projectId } : { serverUrl };
}
