// The job log as a feature: its shortcuts. Its commands run through runLogCommand (commands.ts),
// which the controller calls for the job pane in front.
import type { Feature } from '../../store/feature.js';
import { LOG_BINDINGS } from './bindings.js';

export const logFeature: Feature = {
  name: 'log',
  bindings: LOG_BINDINGS,
};
