// Every route of the simulated API, and the matcher. Segments are compared still percent-encoded, so
// `/projects/acme%2Fapi/jobs` has `:id` = `acme/api` after decoding, as in GitLab. A last part
// `*name` takes the rest of the path (one segment or more).
import { downstreamRoutes } from './downstream.js';
import { environmentRoutes } from './environments.js';
import { jobRoutes } from './jobs.js';
import { mergeRequestRoutes } from './merge-requests.js';
import { miscRoutes } from './misc.js';
import { pipelineRoutes } from './pipelines.js';
import { runnerRoutes } from './runners.js';
import type { Route } from './route.js';
import { scheduleRoutes } from './schedules.js';

export const routes: Route[] = [
  ...jobRoutes,
  ...pipelineRoutes,
  ...downstreamRoutes,
  ...mergeRequestRoutes,
  ...scheduleRoutes,
  ...environmentRoutes,
  ...runnerRoutes,
  ...miscRoutes,
];

const compiled = routes.map((route) => ({ route, parts: route.path.split('/').slice(1) }));

export function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | null {
  const segments = path.split('/').slice(1);
  for (const { route, parts } of compiled) {
    const rest = parts.at(-1)!.startsWith('*');
    if (route.method !== method || (rest ? segments.length < parts.length : parts.length !== segments.length)) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i]!;
      const segment = segments[i]!;
      if (part.startsWith('*')) {
        // Grape's `*name`: the rest of the path, each segment decoded (GitLab's artifact_path).
        try {
          params[part.slice(1)] = segments.slice(i).map(decodeURIComponent).join('/');
        } catch {
          ok = false;
        }
      } else if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          ok = false;
        }
        ok = ok && segment !== '';
      } else ok = part === segment;
    }
    if (ok) return { route, params };
  }
  return null;
}
