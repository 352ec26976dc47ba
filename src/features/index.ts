// The features the core asks in turn (store/feature.ts), in the order they are asked.
import type { Feature } from '../store/feature.js';
import { activityFeature } from './activity/activity.js';
import { deploymentsFeature } from './deployments/feature.js';
import { jobsFeature } from './jobs/feature.js';
import { keysFeature } from './keys/feature.js';
import { logFeature } from './log/feature.js';
import { marksFeature } from './marks/index.js';
import { pulseFeature } from './pulse/index.js';
import { pipelinesFeature } from './pipelines/feature.js';
import { projectsFeature } from './projects/feature.js';
import { schedulesFeature } from './schedules/feature.js';

export const FEATURES: readonly Feature[] = [projectsFeature, pipelinesFeature, jobsFeature, schedulesFeature, deploymentsFeature, activityFeature, keysFeature, marksFeature, pulseFeature, logFeature];
