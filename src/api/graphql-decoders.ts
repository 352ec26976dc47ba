// The GraphQL answers pipetop reads (src/api/graphql.ts), decoded with the same kit as REST's
// (src/api/entity.ts); listed in ENTITIES (decoders.ts) for the property tests.
import { entity, entityKind as e, listOf, opt, optNull, req, reqNull } from './entity.js';

// ---- GraphQL: the pipeline graph (app/graphql/types/ci/pipeline_type.rb, job_type.rb, build_need_type.rb) ----
// Statuses come upper case (PipelineStatusEnum, CiJobStatus) and ids as global ids
// (gid://gitlab/Ci::Build/N); src/api/graphql.ts turns them into REST's words and numbers.

export const gqlPageInfo = entity('page info', { hasNextPage: req('bool'), endCursor: optNull('text') });

export const gqlNeed = entity('job need', { name: reqNull('text') });

export const gqlJob = entity('GraphQL job', {
  id: req('text'),
  name: req('text'),
  status: reqNull('status'),
  kind: opt('text'),
  stage: optNull(e(entity('stage', { name: optNull('text') }))),
  needs: optNull(e(entity('needs', { nodes: req(listOf(e(gqlNeed))) }))),
  schedulingType: optNull('text'),
  allowFailure: opt('bool'),
  duration: optNull('count'),
  queuedDuration: optNull('number'),
  startedAt: optNull('text'),
  finishedAt: optNull('text'),
  retried: optNull('bool'),
  retryable: opt('bool'),
  playable: opt('bool'),
  manualJob: optNull('bool'),
  cancelable: opt('bool'),
  failureMessage: optNull('text'),
  downstreamPipeline: optNull(e(entity('downstream pipeline', { id: req('text') }))),
});

export const gqlJobs = entity('GraphQL job page', { pageInfo: req(e(gqlPageInfo)), nodes: req(listOf(e(gqlJob))) });

const gqlPipelineFields = {
  id: req('text'),
  iid: req('text'),
  status: req('status'),
  duration: optNull('count'),
  queuedDuration: optNull('number'),
  createdAt: opt('text'),
  updatedAt: opt('text'),
  startedAt: optNull('text'),
  finishedAt: optNull('text'),
} as const;

export const gqlDownstream = entity('GraphQL downstream pipeline', {
  ...gqlPipelineFields,
  project: optNull(e(entity('project', { fullPath: req('text') }))),
  jobs: optNull(e(gqlJobs)),
});

export const gqlPipeline = entity('GraphQL pipeline', {
  ...gqlPipelineFields,
  usesNeeds: optNull('bool'),
  jobs: req(e(gqlJobs)),
  downstream: optNull(e(entity('downstream pipelines', { nodes: req(listOf(e(gqlDownstream))) }))),
});
