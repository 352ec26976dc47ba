// The projects feature as the core sees it: the project list's source, and the lookup of
// `--project` (a poll or R asks again while it failed). (The list's keys, Enter and `o`, are the
// core's list handling, store/controller.ts.)
import type { Feature } from '../../store/feature.js';
import { lookupProject } from './lookup.js';
import { projectsSource } from './source.js';

export const projectsFeature: Feature = {
  name: 'projects',
  source: (key, gl) => projectsSource(key, gl),
  refresh: (ctx, pane) => (pane.kind === 'projectLookup' ? lookupProject(ctx, pane.ref, pane.from) : undefined),
};
