// Jobs (docs/gitlab-api.md §4.1): lists, single job, the five actions, artifacts and the trace.
import { gzipSync } from 'node:zlib';
import { GITLAB_STATUSES } from '../gitlab-values.js';
import { artifactEntry, artifactZip, byteRange, entryContentType } from '../artifacts.js';
import { type Reply, type RequestContext, DEVELOPER, errors, HttpError, intParam, listReply, many, one, projectFor } from '../http.js';
import type { SimJob, SimProject } from '../model.js';
import * as present from '../present.js';
import { traceBytes } from '../trace.js';
import { waitsForApproval } from '../world/deployments.js';
import type { Route } from './route.js';

function scopeFilter(ctx: RequestContext): ((j: SimJob) => boolean) | null {
  const scopes = many(ctx, 'scope');
  if (!scopes || scopes.length === 0) return null;
  for (const s of scopes) {
    if (!(GITLAB_STATUSES as readonly string[]).includes(s)) throw errors.param('scope does not have a valid value');
  }
  const set = new Set(scopes);
  return (j) => set.has(j.status);
}

/**
 * The job of the path. GitLab finds most job routes among builds only (`find_build!`), so a trigger
 * job's id is not found there; retry and play look among all jobs (`find_job!`) and take bridges too.
 */
function jobOf(ctx: RequestContext, project: SimProject, bridges = false): SimJob {
  const id = intParam(ctx.params.job_id, 'job_id');
  const job = ctx.world.jobs.get(id);
  if (!job || job.projectId !== project.id || (job.trigger && !bridges)) throw errors.notFound();
  return job;
}

const KEY = /^[A-Za-z0-9_]+$/;

/** `job_variables_attributes` of a play: [{key, value}], each required, keys as GitLab allows them. */
function jobVariables(ctx: RequestContext): { key: string; value: string }[] {
  const raw = ctx.body.job_variables_attributes;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw errors.param('job_variables_attributes is invalid');
  return raw.map((v: unknown, i) => {
    const item = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
    for (const field of ['key', 'value']) {
      if (item[field] === undefined || item[field] === null) throw errors.param(`job_variables_attributes[${i}][${field}] is missing`);
    }
    const key = String(item.key);
    if (!KEY.test(key)) throw errors.fields({ 'job_variables.key': ["can contain only letters, digits and '_'."] });
    return { key, value: String(item.value) };
  });
}

/**
 * Keyset pagination of the project job list (`pagination=keyset`, id descending): Link rel=next only.
 * `ids` is the project's job ids, oldest first; the walk stops at a full page, so a page deep in a
 * big project costs a page's worth of jobs, not the whole list.
 */
function keysetJobs(ctx: RequestContext, ids: readonly number[], filter: ((job: SimJob) => boolean) | null): Reply {
  const perPage = Math.min(100, Math.max(1, Number(one(ctx, 'per_page') ?? 20) || 20));
  const cursor = one(ctx, 'cursor');
  let before = Infinity;
  if (cursor) {
    try {
      before = Number(JSON.parse(Buffer.from(cursor, 'base64url').toString()).id_before);
    } catch {
      throw errors.param('cursor is invalid');
    }
    if (!Number.isFinite(before)) throw errors.param('cursor is invalid');
  }
  const page: SimJob[] = [];
  for (let i = ids.length - 1; i >= 0 && page.length < perPage; i--) {
    const job = ctx.world.jobs.get(ids[i]!)!;
    if (job.id < before && (!filter || filter(job))) page.push(job);
  }
  const headers: Record<string, string> = { 'X-Per-Page': String(perPage) };
  if (page.length === perPage) {
    const u = new URL(ctx.url);
    u.searchParams.set('cursor', Buffer.from(JSON.stringify({ id_before: page[page.length - 1]!.id })).toString('base64url'));
    headers.Link = `<${u.toString()}>; rel="next"`;
  }
  return { status: 200, body: page.map((j) => present.job(ctx.present, j)), headers, etag: true };
}

export const jobRoutes: Route[] = [
  {
    method: 'GET',
    path: '/projects/:id/jobs',
    handler(ctx) {
      const project = projectFor(ctx);
      const filter = scopeFilter(ctx);
      const ids = ctx.world.projectJobs.get(project.id) ?? [];
      if (one(ctx, 'pagination') === 'keyset') {
        if ((one(ctx, 'order_by') ?? 'id') !== 'id' || (one(ctx, 'sort') ?? 'desc') !== 'desc') {
          throw errors.methodNotAllowed();
        }
        return keysetJobs(ctx, ids, filter);
      }
      const jobs: SimJob[] = [];
      for (let i = ids.length - 1; i >= 0; i--) {
        const job = ctx.world.jobs.get(ids[i]!)!;
        if (!filter || filter(job)) jobs.push(job);
      }
      // GitLab never sends totals on this list.
      return listReply(ctx, jobs, (j) => present.job(ctx.present, j), { totals: false, offsetLimit: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/pipelines/:pipeline_id/jobs',
    handler(ctx) {
      const project = projectFor(ctx);
      const pipeline = ctx.world.pipelines.get(intParam(ctx.params.pipeline_id, 'pipeline_id'));
      if (!pipeline || pipeline.projectId !== project.id) throw errors.notFound();
      const filter = scopeFilter(ctx);
      const includeRetried = one(ctx, 'include_retried') === 'true';
      // GitLab orders a pipeline's jobs by id ascending; trigger jobs are listed on /bridges instead.
      const jobs = ctx.world.pipelineJobs(pipeline, includeRetried).filter((j) => !j.trigger && (!filter || filter(j)));
      return listReply(ctx, jobs, (j) => present.job(ctx.present, j), { totals: true });
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/jobs/:job_id',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx));
      return { status: 200, body: present.job(ctx.present, job), etag: true };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/cancel',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx, DEVELOPER));
      // A finished job comes back unchanged, still 201 (GitLab).
      if (ctx.world.cancelJob(job, ctx.world.now)) ctx.world.process(ctx.world.pipelines.get(job.pipelineId)!, ctx.world.now);
      return { status: 201, body: present.job(ctx.present, job, 'action') };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/retry',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx, DEVELOPER), true);
      const retryable = (job.status === 'success' || job.status === 'failed' || job.status === 'canceled') && !job.retried;
      if (!retryable) throw errors.forbidden('Job is not retryable');
      const fresh = ctx.world.retryJob(job, ctx.user.id, ctx.world.now);
      return { status: 201, body: present.job(ctx.present, fresh, 'action') };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/play',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx, DEVELOPER), true);
      const variables = jobVariables(ctx);
      if (job.status !== 'manual') throw errors.badRequest('Unplayable Job');
      // A job whose deployment waits for approval may not be played (GitLab's play_job policy).
      if (waitsForApproval(ctx.world, job)) throw errors.forbidden();
      // A bridge takes the parameter and ignores it, as GitLab's Ci::Bridge#play does.
      ctx.world.playJob(job, ctx.user.id, ctx.world.now, job.trigger ? [] : variables);
      if (job.trigger) return { status: 200, body: present.bridge(ctx.present, job) };
      // The API's play response carries `started` (docs/gitlab-api.md §3); the job itself is pending until a runner takes it.
      return { status: 200, body: { ...present.job(ctx.present, job, 'action'), status: 'started' } };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/erase',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx, DEVELOPER));
      const finished = job.status === 'success' || job.status === 'failed' || job.status === 'canceled';
      const hasSomething = job.startedAt !== null || job.artifacts !== null;
      if (!finished || job.erasedAt !== null || !hasSomething) throw errors.forbidden('Job is not erasable!');
      job.erasedAt = ctx.world.now;
      job.erasedById = ctx.user.id;
      job.artifacts = null;
      job.version++;
      return { status: 201, body: present.job(ctx.present, job, 'erase-or-keep') };
    },
  },
  {
    method: 'POST',
    path: '/projects/:id/jobs/:job_id/artifacts/keep',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx, DEVELOPER));
      if (!job.artifacts || job.erasedAt !== null) throw errors.notFound();
      job.artifacts.expireAt = null;
      return { status: 200, body: present.job(ctx.present, job, 'erase-or-keep') };
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/jobs/:job_id/artifacts',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx));
      return artifactsReply(ctx, job);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/jobs/:job_id/artifacts/*artifact_path',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx));
      return artifactEntryReply(ctx, job, ctx.params.artifact_path!);
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/jobs/artifacts/:ref_name/download',
    handler(ctx) {
      const project = projectFor(ctx);
      const name = one(ctx, 'job');
      if (!name) throw errors.param('job is missing');
      const ref = ctx.params.ref_name!;
      // The latest successful job of that name on that ref (GitLab: "provided the job finished successfully").
      const ids = ctx.world.projectJobs.get(project.id) ?? [];
      for (let i = ids.length - 1; i >= 0; i--) {
        const job = ctx.world.jobs.get(ids[i]!)!;
        if (job.name === name && job.ref === ref && job.status === 'success' && !job.retried) {
          return artifactsReply(ctx, job);
        }
      }
      throw errors.notFound();
    },
  },
  {
    method: 'GET',
    path: '/projects/:id/jobs/:job_id/trace',
    handler(ctx) {
      const job = jobOf(ctx, projectFor(ctx));
      if (job.erasedAt !== null) throw errors.notFound();
      const bytes = traceBytes(ctx.world, job);
      const headers: Record<string, string> = { 'Content-Disposition': 'attachment; filename=job.log', 'Accept-Ranges': 'bytes' };
      const range = ctx.options.gitlabStrict ? undefined : parseRange(ctx.headers.range);
      if (range !== undefined) {
        if (range >= bytes.length && !(range === 0 && bytes.length === 0)) {
          return {
            status: 416,
            raw: Buffer.alloc(0),
            contentType: 'text/plain; charset=utf-8',
            headers: { ...headers, 'Content-Range': `bytes */${bytes.length}` },
          };
        }
        headers['Content-Range'] = `bytes ${range}-${Math.max(range, bytes.length - 1)}/${bytes.length}`;
        return { status: 206, raw: bytes.subarray(range), contentType: 'text/plain; charset=utf-8', headers, etag: true };
      }
      if (ctx.options.gitlabStrict) delete headers['Accept-Ranges'];
      return { status: 200, raw: bytes, contentType: 'text/plain; charset=utf-8', headers, etag: true };
    },
  },
];

/** `bytes=N-` only (what a log tail sends); anything else is ignored as HTTP allows. */
function parseRange(header: string | undefined): number | undefined {
  const m = header && /^bytes=(\d+)-$/.exec(header.trim());
  return m ? Number(m[1]) : undefined;
}

function artifactsReply(ctx: RequestContext, job: SimJob): Reply {
  if (!job.artifacts || job.erasedAt !== null) throw errors.notFound();
  if (ctx.options.storageUrl) {
    // Like GitLab with object storage: a redirect to a pre-signed URL on another host.
    const signature = gzipSync(Buffer.from(`${job.id}`))
      .toString('hex')
      .slice(0, 24);
    return { status: 302, headers: { Location: `${ctx.options.storageUrl}/artifacts/${ctx.world.seed}/${job.id}/artifacts.zip?X-Amz-Signature=${signature}` } };
  }
  const zip = Buffer.from(artifactZip(ctx.world.seed, job));
  const headers: Record<string, string> = { 'Content-Disposition': `attachment; filename="${job.artifacts.filename}"`, 'Accept-Ranges': 'bytes' };
  // Local storage: Workhorse serves the file with Go's http.ServeContent, which honours one Range.
  const range = ctx.options.artifactsNoRange ? undefined : byteRange(ctx.headers.range, zip.length);
  if (range === 'unsatisfiable') {
    return { status: 416, raw: Buffer.alloc(0), contentType: 'text/plain; charset=utf-8', headers: { 'Content-Range': `bytes */${zip.length}` } };
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end - 1}/${zip.length}`;
    return { status: 206, raw: zip.subarray(range.start, range.end), contentType: 'application/zip', headers };
  }
  return { status: 200, raw: zip, contentType: 'application/zip', headers };
}

/**
 * `GET …/jobs/:job_id/artifacts/*artifact_path`: one file, extracted by Workhorse (no Range): its
 * Content-Type from the extension, `attachment` with the base name; Workhorse's plain 404 when the
 * archive has no such file, Rails' JSON 404 when the job has no archive, 400 for a NUL in the path.
 */
function artifactEntryReply(ctx: RequestContext, job: SimJob, name: string): Reply {
  if (!job.artifacts || job.erasedAt !== null) throw errors.notFound();
  if (name.includes('\0')) throw new HttpError(400, { message: '400 Bad request' });
  const bytes = artifactEntry(ctx.world.seed, job, name);
  if (!bytes) return { status: 404, raw: Buffer.from('404 page not found\n'), contentType: 'text/plain; charset=utf-8' };
  const base = name.split('/').pop()!.replace(/"/g, '\\"');
  return { status: 200, raw: Buffer.from(bytes), contentType: entryContentType(name), headers: { 'Content-Disposition': `attachment; filename="${base}"` } };
}
