// The schedules feature's shortcuts (their handlers: this folder's feature.ts / commands). Merged into
// the keymap by src/store/keymap.ts; its command ids are declared below.
import type { Binding, Scope } from '../../keymap/bindings.js';

// Its command ids (keymap/bindings.ts FeatureCommands): the ids a user's config binds (`keys:`).
// The form keys (form.*) are declared by the pipelines feature too: each declares the ids it binds.
declare module '../../keymap/bindings.js' {
  interface FeatureCommands {
    'schedule.add': true;
    'schedule.edit': true;
    'schedule.toggle': true;
    'schedule.takeOwnership': true;
    'schedule.delete': true;
    'schedules.scope': true;
    'schedule.play': true;
    'schedule.values': true;
    'form.next': true;
    'form.prev': true;
    'form.toggle': true;
    'form.submit': true;
    'form.cancel': true;
  }
}

const SCHEDULES: Scope[] = ['schedules', 'schedule'];

export const SCHEDULE_BINDINGS: Binding[] = [
  {
    command: 'schedule.add',
    keys: ['a'],
    description: 'New pipeline schedule (form: description, ref, cron, time zone, active, variables)',
    category: 'Actions',
    scopes: SCHEDULES,
    hint: 'a add',
    mutates: true,
  },
  {
    command: 'schedule.edit',
    keys: ['e'],
    description: 'Edit the schedule (only its owner may)',
    category: 'Actions',
    scopes: SCHEDULES,
    hint: 'e edit',
    mutates: true,
  },
  {
    command: 'schedule.toggle',
    keys: ['space'],
    description: 'Activate / deactivate the schedule',
    category: 'Actions',
    scopes: SCHEDULES,
    hint: 'space on/off',
    mutates: true,
  },
  {
    command: 'schedule.takeOwnership',
    keys: ['O'],
    description: 'Take ownership of the schedule (asks first; its pipelines then run as you)',
    category: 'Actions',
    scopes: SCHEDULES,
    hint: 'O own',
    mutates: true,
  },
  {
    command: 'schedule.delete',
    keys: ['D'],
    description: 'Delete the schedule (asks first)',
    category: 'Actions',
    scopes: SCHEDULES,
    hint: 'D delete',
    mutates: true,
  },
  {
    command: 'schedule.play',
    keys: ['p'],
    description: 'Run the schedule now (asks first; the pipeline runs as you), then offer to open its pipeline',
    category: 'Actions',
    scopes: SCHEDULES,
    hint: 'p run now',
    mutates: true,
    rank: { schedules: 1, schedule: 1 },
  },
  {
    command: 'schedule.values',
    keys: ['v'],
    description: 'Show / hide the values of its variables (hidden at first: often secrets)',
    category: 'Views',
    scopes: ['schedule'],
    hint: 'v values',
    rank: { schedule: 3 },
  },
  {
    command: 'schedules.scope',
    keys: ['f'],
    description: 'Schedules shown: all → active → inactive',
    category: 'Views',
    scopes: ['schedules'],
    hint: 'f scope',
  },
  {
    command: 'nav.open',
    keys: ['enter', 'l', 'right'],
    description: 'Open the schedule’s last pipeline',
    category: 'Move',
    scopes: ['schedule'],
    hint: '⏎ last pipeline',
  },
  { command: 'form.next', keys: ['tab', 'down'], description: 'Next field (Enter too)', category: 'Move', scopes: ['scheduleForm'], hint: 'tab next' },
  { command: 'form.prev', keys: ['shift+tab', 'up'], description: 'Previous field', category: 'Move', scopes: ['scheduleForm'], hint: '⇧tab prev' },
  {
    command: 'form.toggle',
    keys: ['space'],
    description: 'Toggle Active (on the Active field)',
    category: 'Actions',
    scopes: ['scheduleForm'],
    hint: 'space toggle',
  },
  {
    command: 'form.submit',
    keys: ['ctrl+s'],
    description: 'Save the schedule and its variables (or Enter on Active or the last variable line)',
    category: 'Actions',
    scopes: ['scheduleForm'],
    hint: '^s save',
    mutates: true,
  },
  {
    command: 'form.cancel',
    keys: ['escape'],
    description: 'Cancel the form (asks when something changed)',
    category: 'Actions',
    scopes: ['scheduleForm'],
    hint: 'esc cancel',
  },
];
