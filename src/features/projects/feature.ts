// The projects feature as the core sees it: the project list's source, its scopes, Enter (the
// project's pane) and `o`, the lookup of `--project` (a poll or R asks again while it failed; Esc
// from it is the project list), and a poll's read of a project pane's project when the store lacks
// it (poll.ts).
import * as nav from '../../store/nav.js';
import { registryOf } from '../../store/registry.js';
import type { Project } from '../../api/index.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { pollProject } from './poll.js';
import { lookupProject } from './lookup.js';
import { projectsSource } from './source.js';
import { ProjectsPane } from './ProjectsPane.js';
import { ProjectPane } from './ProjectPane.js';
import { ProjectLookupPane } from './ProjectLookupPane.js';
import { PROJECTS_PALETTE } from './palette.js';
import { safeText } from '../../text/safe.js';
import { listKeys } from '../../domain/list-keys.js';
import { rememberProject } from '../../domain/projects.js';

export const projectsFeature: Feature = {
  palette: PROJECTS_PALETTE,
  name: 'projects',
  scopeNames: { projects: 'projects list', projectLookup: 'a project being looked up' },
  listKinds: ['projects'],
  // The project list starts a trail; a project's pane stands for it on a `:` jump's trail (opened
  // on its first tab), and `--project`'s is the palette's project when the trail has none.
  roots: ['projects'],
  // The app opens on the project list unless it is given another pane (`--pulse`, `--project`).
  first: { kind: 'projects' },
  projects: {
    kind: 'project',
    open: (project, tab) => ({ kind: 'project', ...project, tab }),
    home: (state) => state.homeProject,
  },
  specs: {
    projects: {
      view: ProjectsPane,
      crumb: () => 'projects',
      list: () => listKeys.projects(),
      scopes: () => ['projects', 'list', 'global'],
      open(ctx, pane) {
        const project = selectedRow<Project>(ctx, listKeyOf(pane)!);
        if (!project) return true;
        rememberProject(ctx.store, project);
        nav.push(ctx.store, registryOf(ctx.features).projects!.open({ projectId: project.id, path: project.path_with_namespace }));
        return true;
      },
      url: (ctx, pane) => ({ url: selectedRow<Project>(ctx, listKeyOf(pane)!)?.web_url }),
      // The project list never moves: its rows have no status.
      poll: () => ({ moving: () => false }),
    },
    project: {
      view: ProjectPane,
      crumb: (_s, pane) => safeText(pane.path, 60),
      // A project's tab answers for its own scopes (Feature.tab); one that does not still has the tab keys.
      scopes: () => ['project', 'global'],
      poll: pollProject,
    },
    projectLookup: {
      view: ProjectLookupPane,
      crumb: (_s, pane) => safeText(pane.ref, 60),
      scopes: () => ['projectLookup', 'global'],
      // `--project` while it is looked up (lookup.ts): a poll or R asks again.
      poll: (ctx) => ({ refresh: (pane) => lookupProject(ctx, pane.ref, pane.from) }),
    },
  },
  source: (key, gl) => projectsSource(key, gl),
  // `--project` opens alone on its lookup: back from it is the project list.
  takes: [
    {
      command: 'nav.back',
      scopes: ['projectLookup'],
      run(ctx) {
        if (!nav.back(ctx.store)) nav.replaceTop(ctx.store, { kind: 'projects' });
      },
    },
  ],
};

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    projects: true;
    projectLookup: true;
  }
}
