// The registry: every feature the app is made of, one definition each (store/feature.ts). Who owns
// each pane, tab, list, `:` name and confirm is looked up in tables built from them
// (store/registry.ts), never by asking them in turn, so their order here changes nothing
// (test/app/registry-order.test.tsx runs the app with it reversed and shuffled). Adding a feature
// is a folder under src/features and one line here.
import type { Feature } from '../store/feature.js';
import { activityFeature } from '../features/activity/feature.js';
import { allJobsFeature } from '../features/alljobs/feature.js';
import { commandsFeature } from '../features/commands/feature.js';
import { browseFeature } from '../features/browse/feature.js';
import { compareFeature } from '../features/compare/feature.js';
import { deploymentsFeature } from '../features/deployments/feature.js';
import { environmentsFeature } from '../features/environments/feature.js';
import { failuresFeature } from '../features/failures/feature.js';
import { jobsFeature } from '../features/jobs/feature.js';
import { keysFeature } from '../features/keys/feature.js';
import { logFeature } from '../features/log/feature.js';
import { marksFeature } from '../features/marks/feature.js';
import { mrsFeature } from '../features/mrs/feature.js';
import { pipelinesFeature } from '../features/pipelines/feature.js';
import { projectsFeature } from '../features/projects/feature.js';
import { pulseFeature } from '../features/pulse/feature.js';
import { requestsFeature } from '../features/requests/feature.js';
import { runnersFeature } from '../features/runners/feature.js';
import { schedulesFeature } from '../features/schedules/feature.js';
import { viewsFeature } from '../features/views/feature.js';

export const FEATURES: readonly Feature[] = [
  projectsFeature,
  allJobsFeature,
  mrsFeature,
  viewsFeature,
  pipelinesFeature,
  jobsFeature,
  schedulesFeature,
  deploymentsFeature,
  environmentsFeature,
  activityFeature,
  keysFeature,
  marksFeature,
  pulseFeature,
  logFeature,
  requestsFeature,
  failuresFeature,
  compareFeature,
  commandsFeature,
  browseFeature,
  runnersFeature,
];
