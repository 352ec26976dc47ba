// The keymap, as data: every shortcut is declared once here — command id, keys, description,
// category and where it applies. The help overlay and the footer hints are generated from this
// table, and a test checks that every command is bound, described and unambiguous per pane.

/** Where a binding applies. `global` bindings work everywhere unless a pane binds the same key. */
export type Scope = 'global' | 'list' | 'projects' | 'project' | 'pipelines' | 'jobs' | 'pipeline' | 'job'
  | 'schedules' | 'schedule' | 'scheduleForm' | 'deployments' | 'deployment' | 'events' | 'key'
  | 'mergeRequest';

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
  // the job log
  'log.follow',
  'log.fold',
  'log.foldAll',
  'log.search',
  'log.next',
  'log.prev',
  'log.failure',
  'log.timestamps',
  'log.save',
  'log.wrap',
  'log.details',
  // pipeline schedules (list and detail), and their form
  'schedule.add',
  'schedule.edit',
  'schedule.toggle',
  'schedule.takeOwnership',
  'schedule.delete',
  'schedules.scope',
  'form.next',
  'form.prev',
  'form.toggle',
  'form.submit',
  'form.cancel',
  // activity lists
  'events.filters',
  // anything with a web page
  'object.open',
  'object.copy',
  // app
  'app.refresh',
  'app.palette',
  'app.help',
  'app.quit',
  'app.forceQuit',
  // pipelines: failed jobs, merge requests (issue 13)
  'pipeline.nextFailed',
  'mr.newPipeline',
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
const SCHEDULES: Scope[] = ['schedules', 'schedule'];

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
  { command: 'log.follow', keys: ['f'], description: 'Follow the log as it grows (on/off); G also resumes', category: 'Views', scopes: ['job'], hint: 'f follow' },
  { command: 'log.fold', keys: ['space', 'z'], description: 'Fold or unfold the section under the cursor', category: 'Views', scopes: ['job'], hint: 'z fold' },
  { command: 'log.foldAll', keys: ['Z'], description: 'Fold or unfold every section', category: 'Views', scopes: ['job'] },
  { command: 'log.search', keys: ['/'], description: 'Search the whole log (text, or /regex/)', category: 'Views', scopes: ['job'], hint: '/ search' },
  { command: 'log.next', keys: ['n'], description: 'Next match', category: 'Views', scopes: ['job'] },
  { command: 'log.prev', keys: ['N'], description: 'Previous match', category: 'Views', scopes: ['job'] },
  { command: 'log.failure', keys: ['F'], description: 'Jump to the first failure line', category: 'Views', scopes: ['job'], hint: 'F failure' },
  { command: 'log.timestamps', keys: ['t'], description: 'Show or hide timestamps (logs with FF_TIMESTAMPS)', category: 'Views', scopes: ['job'] },
  { command: 'log.save', keys: ['w'], description: 'Save the log to a file', category: 'Actions', scopes: ['job'] },
  { command: 'log.wrap', keys: ['W'], description: 'Wrap long lines (on/off)', category: 'Views', scopes: ['job'] },
  { command: 'log.details', keys: ['i'], description: 'All job fields above the log (on/off)', category: 'Views', scopes: ['job'], hint: 'i details' },
  { command: 'schedule.add', keys: ['a'], description: 'New pipeline schedule (form: description, ref, cron, time zone, active)', category: 'Actions', scopes: SCHEDULES, hint: 'a add', mutates: true },
  { command: 'schedule.edit', keys: ['e'], description: 'Edit the schedule (only its owner may)', category: 'Actions', scopes: SCHEDULES, hint: 'e edit', mutates: true },
  { command: 'schedule.toggle', keys: ['space'], description: 'Activate / deactivate the schedule', category: 'Actions', scopes: SCHEDULES, hint: 'space on/off', mutates: true },
  { command: 'schedule.takeOwnership', keys: ['O'], description: 'Take ownership of the schedule (asks first; its pipelines then run as you)', category: 'Actions', scopes: SCHEDULES, hint: 'O own', mutates: true },
  { command: 'schedule.delete', keys: ['D'], description: 'Delete the schedule (asks first)', category: 'Actions', scopes: SCHEDULES, hint: 'D delete', mutates: true },
  { command: 'schedules.scope', keys: ['f'], description: 'Schedules shown: all → active → inactive', category: 'Views', scopes: ['schedules'], hint: 'f scope' },
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the schedule’s last pipeline', category: 'Move', scopes: ['schedule'], hint: '⏎ last pipeline' },
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Open the deployment’s job and its log', category: 'Move', scopes: ['deployment'], hint: '⏎ job' },
  { command: 'nav.open', keys: ['enter', 'l', 'right'], description: 'Show the key owner’s activity', category: 'Move', scopes: ['key'], hint: '⏎ their activity' },
  { command: 'form.next', keys: ['tab', 'down'], description: 'Next field (Enter too)', category: 'Move', scopes: ['scheduleForm'], hint: 'tab next' },
  { command: 'form.prev', keys: ['shift+tab', 'up'], description: 'Previous field', category: 'Move', scopes: ['scheduleForm'], hint: '⇧tab prev' },
  { command: 'form.toggle', keys: ['space'], description: 'Toggle Active (on the Active field)', category: 'Actions', scopes: ['scheduleForm'], hint: 'space toggle' },
  { command: 'form.submit', keys: ['ctrl+s'], description: 'Save the schedule (or Enter on the last field)', category: 'Actions', scopes: ['scheduleForm'], hint: '^s save', mutates: true },
  { command: 'form.cancel', keys: ['escape'], description: 'Cancel the form (asks when something changed)', category: 'Actions', scopes: ['scheduleForm'], hint: 'esc cancel' },
  { command: 'events.filters', keys: ['f'], description: 'Activity filters: action, target type, before/after date, sort', category: 'Views', scopes: ['events'], hint: 'f filters' },
  { command: 'object.open', keys: ['o'], description: 'Open the web page (or print its URL over SSH)', category: 'Actions', scopes: ['global'], hint: 'o open' },
  { command: 'object.copy', keys: ['y'], description: 'Copy the web URL (OSC 52: works over SSH and tmux)', category: 'Actions', scopes: ['global'], hint: 'y copy' },
  { command: 'app.refresh', keys: ['R'], description: 'Refresh now', category: 'App', scopes: ['global'] },
  { command: 'app.palette', keys: [':'], description: 'Command palette (:project, :pipeline, :job, :artifacts, :user, :key, :events…)', category: 'App', scopes: ['global'], hint: ': command' },
  { command: 'app.help', keys: ['?'], description: 'Help: every key', category: 'App', scopes: ['global'], hint: '? help' },
  { command: 'app.quit', keys: ['q'], description: 'Back, or quit from the first pane', category: 'App', scopes: ['global'], hint: 'q quit' },
  { command: 'app.forceQuit', keys: ['ctrl+c'], description: 'Quit pipetop at once', category: 'App', scopes: ['global'] },
  // pipelines: failed jobs, trigger jobs, merge requests (issue 13)
  { command: 'pipeline.nextFailed', keys: ['F'], description: 'Next failed job', category: 'Move', scopes: ['pipeline'], hint: 'F failed' },
  { command: 'mr.newPipeline', keys: ['N'], description: 'New pipeline for the merge request', category: 'Actions', scopes: ['mergeRequest'], hint: 'N new pipeline', mutates: true },
];
