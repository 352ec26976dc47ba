// The surface of the activity feature: what the core, the shell and other features may use.
export { EventsList } from './EventsList.js';
export { EventsPane } from './EventsPane.js';
export { activityFeature, openEvents } from './activity.js';
