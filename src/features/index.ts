// The features the core asks in turn (store/feature.ts), in the order they are asked.
import type { Feature } from '../store/feature.js';
import { activityFeature } from './activity/index.js';
import { deploymentsFeature } from './deployments/index.js';
import { jobsFeature } from './jobs/index.js';
import { keysFeature } from './keys/index.js';
import { logFeature } from './log/index.js';
import { marksFeature } from './marks/index.js';
import { pulseFeature } from './pulse/index.js';
import { pipelinesFeature } from './pipelines/index.js';
import { projectsFeature } from './projects/index.js';
import { requestsFeature } from './requests/index.js';
import { failuresFeature } from './failures/index.js';
import { compareFeature } from './compare/index.js';
import { browseFeature } from './browse/index.js';
import { schedulesFeature } from './schedules/index.js';

export const FEATURES: readonly Feature[] = [
  projectsFeature,
  pipelinesFeature,
  jobsFeature,
  schedulesFeature,
  deploymentsFeature,
  activityFeature,
  keysFeature,
  marksFeature,
  pulseFeature,
  logFeature,
  requestsFeature,
  failuresFeature,
  compareFeature,
  browseFeature,
];
