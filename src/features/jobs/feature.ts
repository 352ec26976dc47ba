// The jobs feature as the core sees it: the job lists' source. (Its commands are still the
// core's, store/controller.ts.)
import type { Feature } from '../../store/feature.js';
import { jobsSource } from './source.js';
import { JOB_BINDINGS } from './bindings.js';

export const jobsFeature: Feature = {
  bindings: JOB_BINDINGS,
  name: 'jobs',
  source: jobsSource,
};
