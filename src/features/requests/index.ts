// The surface of the request log feature: what the core, the shell and other features may use.
export { RequestsPane } from './RequestsPane.js';
export { requestsFeature } from './feature.js';
export { recordExchange } from './record.js';
export { createRequestsSlice, type RequestsSlice } from './slice.js';
