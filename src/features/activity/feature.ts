// The activity feature's definition, for the app shell (src/app/features.ts).
export { activityFeature } from './activity.js';
