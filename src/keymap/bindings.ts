// The keymap, as data: the core's command ids and shortcuts — moving, lists, the app, and
// the modal keys (text editing, the `/` filter, confirm, help). Each feature declares its own
// shortcuts beside its handlers (src/features/<name>/bindings.ts); the composition root merges the
// tables (src/store/keymap.ts) and lays the user's keys over them. The help overlay and the footer
// hints are generated from the merged table, and a test checks that every command is bound,
// described and unambiguous per pane.

/**
 * Scopes a feature adds beside these (its panes'), by declaration merging as store/types.ts
 * PaneKinds: `declare module '…/keymap/bindings.js' { interface FeatureScopes { greeter: true } }`,
 * with the words help names it by in the feature's `scopeNames`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface FeatureScopes {}

/** Where a binding applies. `global` bindings work everywhere unless a pane binds the same key. */
export type Scope = BuiltInScope | keyof FeatureScopes;

/**
 * The core's scopes: everywhere, any list, the modal ones — and the project pane's tabs and a saved
 * view, which the core's Tab and 1…5 bind (the tab keys, BINDINGS below). Every other scope is its
 * feature's (FeatureScopes, declared in its feature.ts with the words help names it by).
 */
type BuiltInScope =
  | 'global'
  | 'list'
  | 'project'
  | 'view'
  /** Modal: a one-line text field (prompt, `/` filter, a form's text field). */
  | 'edit'
  /** Modal: the `/` filter being typed (on top of 'edit'). */
  | 'filter'
  | 'confirm'
  | 'help';

/** The number keys of a tabbed pane's tabs, in their places (store/keymap.ts names them after the tabs). */
export const TAB_KEYS = ['nav.tab1', 'nav.tab2', 'nav.tab3', 'nav.tab4', 'nav.tab5', 'nav.tab6', 'nav.tab7', 'nav.tab8', 'nav.tab9'] as const;

/**
 * The core's own command ids: moving, lists, anything with a web page, the app, text fields, the
 * `/` filter, the [y/N] question and help. Every other id is its feature's, declared beside its
 * bindings (FeatureCommands below); the ids a user's config may bind (`keys:`) are these and every
 * feature's, gathered from the features plugged in (store/keymap.ts commandIdsOf).
 */
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
  'nav.tab6',
  'nav.tab7',
  'nav.tab8',
  'nav.tab9',
  // lists
  'list.filter',
  // anything with a web page
  'object.open',
  'object.copy',
  // app
  'app.refresh',
  'app.palette',
  'app.help',
  'app.quit',
  'app.forceQuit',
  // text fields (prompt, `/` filter, form fields)
  'edit.submit',
  'edit.cancel',
  'edit.left',
  'edit.right',
  'edit.home',
  'edit.end',
  'edit.backspace',
  'edit.delete',
  'edit.clearBefore',
  'edit.clearAfter',
  'edit.deleteWord',
  'complete.next',
  'complete.prev',
  // the `/` filter, the [y/N] question, the help screen
  'filter.down',
  'filter.up',
  'confirm.yes',
  'confirm.no',
  'help.close',
] as const;
/**
 * Command ids a feature adds beside these, by declaration merging (as FeatureScopes above), in
 * the file of its bindings: `interface FeatureCommands { 'greeter.greet': true }`. The registry's
 * ids are checked at registration (store/command.ts commandTable: one handler per id and scope).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface FeatureCommands {}

/**
 * A command of the keymap: one of COMMANDS, a feature's own (FeatureCommands), or a user's own
 * command from the config file (`run.NAME`, src/config/user-commands.ts), bound by the composition root.
 */
export type CommandId = (typeof COMMANDS)[number] | keyof FeatureCommands | `run.${string}`;

export type Category = 'Move' | 'Views' | 'Actions' | 'App' | 'Text';

/**
 * Where the footer ranks a hint: a pane's scope, or a pane in a state its feature names
 * (PaneAnswers.hintPlaces), such as `job:failed` for a failed job's log.
 */
export type HintPlace = Scope | `${Scope}:${string}`;

/** Scopes as help names them ("in the run form"): never the internal ids. */
export const SCOPE_NAMES: Record<BuiltInScope, string> = {
  global: 'everywhere',
  list: 'lists',
  project: 'project tabs',
  view: 'a saved view (:view)',
  edit: 'text fields',
  filter: 'the / filter',
  confirm: 'a [y/N] question',
  help: 'this help',
};
export interface Binding {
  command: CommandId;
  /** Key names as matcher.ts produces them: 'j', 'G', 'enter', 'escape', 'ctrl+c', 'pagedown', 'space'. */
  keys: string[];
  description: string;
  category: Category;
  scopes: Scope[];
  /** Shown in the footer for the panes it applies to (the rest are in `?` help only). */
  hint?: string;
  /**
   * The footer's order, by use in a place (HintPlace): lower first; hints without a rank there
   * follow in the order they are declared. A narrow footer keeps only the first few, so the key
   * that matters in a pane (F on a failed job's log) must rank there, not trail behind.
   */
  rank?: Partial<Record<HintPlace, number>>;
  /** The hint on the first pane, where there is nothing to go back to: another label, or null for none. */
  firstPaneHint?: string | null;
  /** Changes GitLab: refused in --read-only mode. */
  mutates?: boolean;
}

const LISTS: Scope[] = ['list'];

export const BINDINGS: Binding[] = [
  { command: 'nav.down', keys: ['j', 'down'], description: 'Move down', category: 'Move', scopes: ['global'], hint: 'j/k move' },
  { command: 'nav.up', keys: ['k', 'up'], description: 'Move up', category: 'Move', scopes: ['global'] },
  { command: 'nav.top', keys: ['g', 'home'], description: 'Go to the top', category: 'Move', scopes: ['global'] },
  { command: 'nav.bottom', keys: ['G', 'end'], description: 'Go to the bottom', category: 'Move', scopes: ['global'] },
  { command: 'nav.pageDown', keys: ['pagedown', 'ctrl+d'], description: 'Page down', category: 'Move', scopes: ['global'] },
  { command: 'nav.pageUp', keys: ['pageup', 'ctrl+u'], description: 'Page up', category: 'Move', scopes: ['global'] },
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the selected item',
    category: 'Move',
    scopes: LISTS,
    hint: '⏎ open',
    rank: { pipelines: 1, pipeline: 1, jobs: 1, projects: 1, mergeRequest: 1, schedules: 1, deployments: 1 },
  },
  {
    command: 'nav.back',
    keys: ['escape', 'h', 'left', 'backspace'],
    description: 'Back to the previous pane',
    category: 'Move',
    scopes: ['global'],
    hint: 'esc back',
    // On the first pane Esc has nowhere to go (it only clears a kept filter).
    firstPaneHint: null,
  },
  {
    command: 'nav.nextTab',
    keys: ['tab'],
    description: 'Next tab (a saved view: the next view)',
    category: 'Views',
    scopes: ['project', 'view'],
    hint: 'tab tabs',
    rank: { pipelines: 6, jobs: 6 },
  },
  {
    command: 'nav.prevTab',
    keys: ['shift+tab'],
    description: 'Previous tab (a saved view: the previous view)',
    category: 'Views',
    scopes: ['project', 'view'],
  },
  // 1…9: the tab in that place. Which tabs there are, and what help calls them, the features say
  // (Feature.tab): store/keymap.ts keeps a key per tab declared, named after it.
  ...TAB_KEYS.map((command, i): Binding => ({ command, keys: [String(i + 1)], description: `Tab ${i + 1}`, category: 'Views', scopes: ['project'] })),
  {
    command: 'list.filter',
    keys: ['/'],
    description: 'Filter the list (type to narrow, enter to keep, esc to clear)',
    category: 'Views',
    scopes: LISTS,
    hint: '/ filter',
    rank: { pipelines: 4, projects: 2, jobs: 4 },
  },
  {
    command: 'object.open',
    keys: ['o'],
    description: 'Open the web page (or print its URL over SSH)',
    category: 'Actions',
    scopes: ['global'],
    hint: 'o open',
  },
  {
    command: 'object.copy',
    keys: ['y'],
    description: 'Copy the web URL (OSC 52: works over SSH and tmux)',
    category: 'Actions',
    scopes: ['global'],
    hint: 'y copy',
  },
  { command: 'app.refresh', keys: ['R'], description: 'Refresh now', category: 'App', scopes: ['global'] },
  {
    command: 'app.palette',
    keys: [':'],
    description: 'Command palette (:project, :pipeline, :job, :artifacts, :user, :key, :events…)',
    category: 'App',
    scopes: ['global'],
    hint: ': command',
  },
  { command: 'app.help', keys: ['?'], description: 'Help: every key', category: 'App', scopes: ['global'], hint: '? help' },
  {
    command: 'app.quit',
    keys: ['q'],
    description: 'Back, or quit from the first pane',
    category: 'App',
    scopes: ['global'],
    hint: 'q back',
    firstPaneHint: 'q quit',
  },
  { command: 'app.forceQuit', keys: ['ctrl+c'], description: 'Quit pipetop at once', category: 'App', scopes: ['global'] },
  // Modal keys. Text fields take every printable key as text, so only these resolve there.
  { command: 'edit.submit', keys: ['enter'], description: 'Text field: accept (run the command, keep the filter)', category: 'Text', scopes: ['edit'] },
  { command: 'edit.cancel', keys: ['escape'], description: 'Text field: cancel (clears the filter)', category: 'Text', scopes: ['edit'] },
  { command: 'edit.left', keys: ['left'], description: 'Text field: cursor left', category: 'Text', scopes: ['edit'] },
  { command: 'edit.right', keys: ['right'], description: 'Text field: cursor right', category: 'Text', scopes: ['edit'] },
  { command: 'edit.home', keys: ['home', 'ctrl+a'], description: 'Text field: cursor to the start', category: 'Text', scopes: ['edit'] },
  { command: 'edit.end', keys: ['end', 'ctrl+e'], description: 'Text field: cursor to the end', category: 'Text', scopes: ['edit'] },
  { command: 'edit.backspace', keys: ['backspace'], description: 'Text field: erase before the cursor', category: 'Text', scopes: ['edit'] },
  { command: 'edit.delete', keys: ['delete'], description: 'Text field: erase under the cursor', category: 'Text', scopes: ['edit'] },
  { command: 'edit.clearBefore', keys: ['ctrl+u'], description: 'Text field: erase to the start', category: 'Text', scopes: ['edit'] },
  { command: 'edit.clearAfter', keys: ['ctrl+k'], description: 'Text field: erase to the end', category: 'Text', scopes: ['edit'] },
  { command: 'edit.deleteWord', keys: ['ctrl+w'], description: 'Text field: erase the word before the cursor', category: 'Text', scopes: ['edit'] },
  { command: 'filter.down', keys: ['down'], description: 'While filtering: move down the list', category: 'Text', scopes: ['filter'] },
  { command: 'filter.up', keys: ['up'], description: 'While filtering: move up the list', category: 'Text', scopes: ['filter'] },
  { command: 'confirm.yes', keys: ['y', 'Y'], description: 'Answer yes to a [y/N] question', category: 'App', scopes: ['confirm'], hint: 'y yes' },
  {
    command: 'confirm.no',
    keys: ['n', 'N', 'escape'],
    description: 'Answer no to a [y/N] question (so does any key but y)',
    category: 'App',
    scopes: ['confirm'],
    hint: 'n/esc no',
  },
  { command: 'help.close', keys: ['escape', 'q', '?'], description: 'Close this help', category: 'App', scopes: ['help'] },
];

/**
 * Tab completion in a prompt (src/store/completion.ts). Laid after every feature's bindings
 * (src/store/keymap.ts): where a user's key collides with Tab, the message names the forms' Tab,
 * the one a user meets first.
 */
export const COMPLETION_BINDINGS: Binding[] = [
  { command: 'complete.next', keys: ['tab'], description: 'Prompt: complete the word (again: the next choice)', category: 'Text', scopes: ['edit'] },
  { command: 'complete.prev', keys: ['shift+tab'], description: 'Prompt: the previous choice', category: 'Text', scopes: ['edit'] },
];
