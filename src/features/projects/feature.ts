// The projects feature as the core sees it: the project list's source. (Its keys, Enter and
// `o` are the core's list handling, store/controller.ts.)
import type { Feature } from '../../store/feature.js';
import { projectsSource } from './source.js';

export const projectsFeature: Feature = {
  name: 'projects',
  source: (key, gl) => projectsSource(key, gl),
};
