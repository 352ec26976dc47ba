// The surface of the deployments feature: what the core, the shell and other features may use.
export { DeploymentPane } from './DeploymentPane.js';
export { DeploymentsTab } from './DeploymentsTab.js';
export { deploymentsFeature } from './feature.js';
export { createDeploymentsSlice, type DeploymentsSlice } from './slice.js';
