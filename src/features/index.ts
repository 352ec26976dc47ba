// The features the core asks in turn (store/feature.ts), in the order they are asked.
import type { Feature } from '../store/feature.js';
import { activityFeature } from './activity/activity.js';
import { deploymentsFeature } from './deployments/feature.js';
import { keysFeature } from './keys/feature.js';
import { schedulesFeature } from './schedules/feature.js';

export const FEATURES: readonly Feature[] = [schedulesFeature, deploymentsFeature, activityFeature, keysFeature];
