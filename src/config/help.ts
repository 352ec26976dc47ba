// `pipetop --help`: the whole story of where settings come from, because a wrong host or token is
// the first thing anyone debugs. Kept within 80 columns for small terminals.
import { VERSION } from '../version.js';

export const HELP_TEXT = `pipetop ${VERSION} — a keyboard-driven terminal UI for GitLab CI

Usage:
  pipetop [options]        watch the pipelines and jobs of a GitLab project
  pipetop --demo           explore a simulated GitLab (no account needed)
  pipetop sim [options]    serve the GitLab API simulator (pipetop sim --help)
  pipetop watch [ID]       follow one pipeline to its end, exit with its outcome
                           (pipetop watch --help)

Options:
  --host URL          GitLab to use: gitlab.example.com (https:// is assumed),
                      https://gitlab.example.com or http://localhost:8080
  --token-file PATH   read the token from PATH (must be private: chmod 600)
  --token -           read the token from standard input (keys then come
                      from the terminal, /dev/tty)
  --token TOKEN       the token itself: avoid it. pipetop overwrites it in
                      its process title (/proc/<pid>/cmdline, \`ps\`) at
                      start, but other users can read it there until then,
                      and your shell history keeps it
  --project PATH|ID   project to open: group/sub/project or a numeric id
  --demo              use the built-in simulated GitLab
  --read-only         never retry, cancel, play, erase or change anything;
                      refuses your commands marked dangerous or given
                      the token (token: true)
  --seed N            demo: world seed (the same seed builds the same world)
  --speed X           demo: world time per real time (60: a minute a second)
  --debug-log FILE    write a debug log (tokens redacted) to FILE
  --max-download SIZE stop an artifacts download past SIZE (default 4G;
                      also stopped past the size GitLab lists for it)
  --log-disk SIZE     disk for followed logs' temp files, together (default
                      2G or 10% of free space, the smaller; 1M–1T)
  -h, --help          show this help
  -v, --version       show the version

Environment:
  GITLAB_HOST, GITLAB_URI, GL_HOST    GitLab host or URL (the first one set)
  GITLAB_TOKEN, GITLAB_ACCESS_TOKEN, OAUTH_TOKEN
                                      access token (the first one set)
  CI_SERVER_URL, CI_PROJECT_ID        fallbacks inside a GitLab CI job;
                                      CI_JOB_TOKEN is never used: it cannot
                                      read most of the API pipetop needs
  PIPETOP_MAX_DOWNLOAD                like --max-download
  PIPETOP_LOG_DISK                    like --log-disk
  BROWSER                             command that opens URLs (key o)
  NO_COLOR                            no colours

Flags beat the environment, which beats glab's config.

Token:
  Create a personal access token with the read_api scope (api to retry,
  cancel and edit) at <your GitLab>/-/user_settings/personal_access_tokens
  Give it through GITLAB_TOKEN, glab's config, --token-file or --token -.
  An environment variable is not in \`ps\`, but the same user (and root)
  can read it in /proc/<pid>/environ.

glab config:
  If you use glab (\`glab auth login\`), pipetop reads hosts and tokens from
  $GLAB_CONFIG_DIR/config.yml, else $XDG_CONFIG_HOME/glab-cli/config.yml,
  else ~/.config/glab-cli/config.yml — only while the file is private
  (chmod 600). Inside a checkout of a project on a host glab is logged in
  to, that host is used; otherwise glab's default host.

Host, when no --host or GITLAB_HOST is given: the git remote's host (if glab
has a token for it), glab's default host, CI_SERVER_URL in a CI job, and
https://gitlab.com when only a token is set.

Project:
  Without --project, pipetop looks at the git remotes of the current
  directory — upstream, then gitlab, then origin — and takes the first one on
  the GitLab host (in a CI job: CI_PROJECT_ID). With no project it opens the
  pulse: what is red or running across your projects (:projects lists them).

Config file (optional):
  ~/.config/pipetop/config.yml ($XDG_CONFIG_HOME/pipetop/config.yml, or the
  file $PIPETOP_CONFIG names): theme, keys, notifications, the pulse's
  projects, downloads (where artifacts and logs are saved; default
  ~/Downloads when it exists, else the current directory). See the README.

Demo:
  With no host and no token configured anywhere, pipetop opens a demo: a
  simulated GitLab with live pipelines, job logs, schedules and deployments.
  --demo forces it. \`pipetop sim\` serves the same simulator over HTTP, for
  scripts, curl or other GitLab clients.`;
