// The jobs feature as the core sees it: the job lists' source. (Its commands are still the
// core's, store/controller.ts.)
import type { Feature } from '../../store/feature.js';
import { jobsSource } from './source.js';

export const jobsFeature: Feature = {
  name: 'jobs',
  source: jobsSource,
};
