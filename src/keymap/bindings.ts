// The keymap, as data: every shortcut is declared once here — command id, keys, description,
// category and where it applies. The help overlay and the footer hints are generated from this
// table, and a test checks that every command is bound, described and unambiguous per pane.

/** Where a binding applies. `global` bindings work everywhere unless a pane binds the same key. */
export type Scope = 'global' | 'list' | 'projects' | 'project' | 'pipelines' | 'jobs' | 'pipeline' | 'job';

export const COMMANDS = [
  // navigation
  'nav.down',
  'nav.up',
  'nav.top',
  'nav.bottom',
  'nav.pageDown',
  'nav.pageUp',
  'nav.open',
  'nav.back',
  'nav.nextTab',
  'nav.prevTab',
  'nav.tab1',
  'nav.tab2',
  'nav.tab3',
  'nav.tab4',
  'nav.tab5',
  // lists
  'list.filter',
  // pipelines list
  'pipelines.filters',
  'pipeline.new',
  'pipeline.retry',
  'pipeline.cancel',
  // pipeline pane
  'pipeline.toggleGraph',
  'pipeline.jobScope',
  // jobs (in the pipeline pane, the project's jobs list and the job pane)
  'job.retry',
  'job.cancel',
  'job.play',
  'job.erase',
  'job.keep',
  'job.download',
  // anything with a web page
  'object.open',
  'object.copy',
  // app
  'app.refresh',
  'app.palette',
  'app.help',
  'app.quit',
  'app.forceQuit',
] as const;
export type CommandId = (typeof COMMANDS)[number];

export type Category = 'Move' | 'Views' | 'Actions' | 'App';

export interface Binding {
  command: CommandId;
  /** Key names as matcher.ts produces them: 'j', 'G', 'enter', 'escape', 'ctrl+c', 'pagedown', 'space'. */
  keys: string[];
  description: string;
  category: Category;
  scopes: Scope[];
  /** Shown in the footer for the panes it applies to (the rest are in `?` help only). */
  hint?: string;
  /** Changes GitLab: refused in --read-only mode. */
  mutates?: boolean;
}

const LISTS: Scope[] = ['list'];
const JOB_TARGETS: Scope[] = ['pipeline', 'jobs', 'job'];

export const BINDINGS: Binding[] = [
  { command: 'nav.down', keys: ['j', 'down'], description: 'Move down', category: 'Move', scopes: ['global'], hint: 'j/k move' },
  { command: 'nav.up', keys: ['k', 'up'], description: 'Move up', category: 'Move', scopes: ['global'] },
  { command: 'nav.top', keys: ['g', 'home'], description: 'Go to the top', category: 'Move', scopes: ['global'] },
  { command: 'nav.bottom', keys: ['G', 'end'], description: 'Go to the bottom', category: 'Move', scopes: ['global'] },
  { command: 'nav.pageDown', keys: ['pagedown', 'ctrl+d'], description: 'Page down', category: 'Move', scopes: ['global'] },
  { command: 'nav.pageUp', keys: ['pageup', 'ctrl+u'], description: 'Page up', category: 'Move', scopes: ['global'] },
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the selected item', category: 'Move', scopes: LISTS, hint: '⏎ open' },
  { command: 'nav.back', keys: ['escape', 'h', 'left', 'backspace'], description: 'Back to the previous pane', category: 'Move', scopes: ['global'], hint: 'esc back' },
  { command: 'nav.nextTab', keys: ['tab'], description: 'Next tab', category: 'Views', scopes: ['project'], hint: 'tab tabs' },
  { command: 'nav.prevTab', keys: ['shift+tab'], description: 'Previous tab', category: 'Views', scopes: ['project'] },
  { command: 'nav.tab1', keys: ['1'], description: 'Pipelines tab', category: 'Views', scopes: ['project'] },
  { command: 'nav.tab2', keys: ['2'], description: 'Jobs tab', category: 'Views', scopes: ['project'] },
  { command: 'nav.tab3', keys: ['3'], description: 'Schedules tab', category: 'Views', scopes: ['project'] },
  { command: 'nav.tab4', keys: ['4'], description: 'Deployments tab', category: 'Views', scopes: ['project'] },
  { command: 'nav.tab5', keys: ['5'], description: 'Events tab', category: 'Views', scopes: ['project'] },
  { command: 'list.filter', keys: ['/'], description: 'Filter the list (type to narrow, enter to keep, esc to clear)', category: 'Views', scopes: LISTS, hint: '/ filter' },
  { command: 'pipelines.filters', keys: ['f'], description: 'Pipeline filters: scope, status, ref, yaml errors, user, order, sort', category: 'Views', scopes: ['pipelines'], hint: 'f filters' },
  { command: 'pipeline.new', keys: ['N'], description: 'New pipeline for a ref', category: 'Actions', scopes: ['pipelines', 'pipeline'], hint: 'N new', mutates: true },
  { command: 'pipeline.retry', keys: ['r'], description: 'Retry the failed jobs of the pipeline', category: 'Actions', scopes: ['pipelines'], hint: 'r retry', mutates: true },
  { command: 'pipeline.retry', keys: ['ctrl+r'], description: 'Retry the failed jobs of this pipeline', category: 'Actions', scopes: ['pipeline'], hint: '^r retry pipeline', mutates: true },
  { command: 'pipeline.cancel', keys: ['c'], description: 'Cancel the pipeline (asks first)', category: 'Actions', scopes: ['pipelines'], hint: 'c cancel', mutates: true },
  { command: 'pipeline.cancel', keys: ['ctrl+x'], description: 'Cancel this pipeline (asks first)', category: 'Actions', scopes: ['pipeline'], hint: '^x cancel pipeline', mutates: true },
  { command: 'pipeline.toggleGraph', keys: ['v'], description: 'Switch between job list and stage graph', category: 'Views', scopes: ['pipeline'], hint: 'v graph' },
  { command: 'pipeline.jobScope', keys: ['s'], description: 'Filter jobs by status (one or several)', category: 'Views', scopes: ['pipeline', 'jobs'], hint: 's status' },
  { command: 'job.retry', keys: ['r'], description: 'Retry the job', category: 'Actions', scopes: JOB_TARGETS, hint: 'r retry', mutates: true },
  { command: 'job.cancel', keys: ['c'], description: 'Cancel the job (asks first)', category: 'Actions', scopes: JOB_TARGETS, hint: 'c cancel', mutates: true },
  { command: 'job.play', keys: ['p'], description: 'Play a manual job', category: 'Actions', scopes: JOB_TARGETS, hint: 'p play', mutates: true },
  { command: 'job.erase', keys: ['E'], description: 'Erase the job’s log and artifacts (asks first)', category: 'Actions', scopes: JOB_TARGETS, hint: 'E erase', mutates: true },
  { command: 'job.keep', keys: ['K'], description: 'Keep the job’s artifacts from expiring', category: 'Actions', scopes: JOB_TARGETS, hint: 'K keep', mutates: true },
  { command: 'job.download', keys: ['d'], description: 'Download the job’s artifacts to a file', category: 'Actions', scopes: JOB_TARGETS, hint: 'd download' },
  { command: 'object.open', keys: ['o'], description: 'Open the web page (or print its URL over SSH)', category: 'Actions', scopes: ['global'], hint: 'o open' },
  { command: 'object.copy', keys: ['y'], description: 'Copy the web URL (OSC 52: works over SSH and tmux)', category: 'Actions', scopes: ['global'], hint: 'y copy' },
  { command: 'app.refresh', keys: ['R'], description: 'Refresh now', category: 'App', scopes: ['global'] },
  { command: 'app.palette', keys: [':'], description: 'Command palette (:project, :pipeline, :job, :artifacts, :user, :key, :events…)', category: 'App', scopes: ['global'], hint: ': command' },
  { command: 'app.help', keys: ['?'], description: 'Help: every key', category: 'App', scopes: ['global'], hint: '? help' },
  { command: 'app.quit', keys: ['q'], description: 'Back, or quit from the first pane', category: 'App', scopes: ['global'], hint: 'q quit' },
  { command: 'app.forceQuit', keys: ['ctrl+c'], description: 'Quit pipetop at once', category: 'App', scopes: ['global'] },
];
