// A hand-built pipeline for the timeline tests: times in seconds after T0, so the expected bars
// and the critical path can be worked out on paper (see timeline.test.ts).
import type { TimelineJob } from './timeline.js';

export const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const at = (s: number | null) => (s === null ? null : new Date(T0 + s * 1000).toISOString());

function job(
  id: number,
  name: string,
  stage: string,
  status: string,
  queued: number | null,
  started: number | null,
  finished: number | null,
  needs?: string[],
): TimelineJob {
  return {
    id,
    name,
    stage,
    status,
    created_at: at(0)!,
    started_at: at(started),
    finished_at: at(finished),
    duration: started !== null && finished !== null ? finished - started : null,
    queued_duration: queued,
    ...(needs ? { needs } : {}),
  };
}

/**
 *   build        ░ 5–65 ran           (queued 0–5)
 *   docker:build   10–40              (queued 0–10)
 *   test:unit      70–130             (queued 65–70)
 *   test:integration 85–185           (queued 65–85)
 *   lint           66–76              (queued 65–66)
 *   deploy         190–220            (queued 185–190)
 *   deploy:prod    manual, never ran
 * Critical path: build → test:integration → deploy (deploy started at 190, after integration's
 * end at 185; integration started at 85, after build's end at 65).
 */
export function fixtureJobs(): TimelineJob[] {
  return [
    job(1, 'build', 'build', 'success', 5, 5, 65),
    job(2, 'docker:build', 'build', 'success', 10, 10, 40),
    job(3, 'test:unit', 'test', 'success', 5, 70, 130),
    job(4, 'test:integration', 'test', 'failed', 20, 85, 185),
    job(5, 'lint', 'test', 'success', 1, 66, 76),
    job(6, 'deploy', 'deploy', 'success', 5, 190, 220),
    job(7, 'deploy:prod', 'deploy', 'manual', null, null, null),
  ];
}

export { job as fixtureJob };
