// The schedule form as pure state: editing and focus, validation before sending, the live preview
// of next runs, and GitLab's field map shown beside the fields.
import { describe, expect, it } from 'vitest';
import type { PipelineSchedule } from '../../api/index.js';
import {
  cronPreview,
  editScheduleForm,
  fieldErrors,
  formKey,
  formPaste,
  isDirty,
  newScheduleForm,
  scheduleInput,
  serverErrors,
  validateSchedule,
  zoneSuggestions,
  type ScheduleFormState,
} from './schedule-form.js';
import { FEATURES } from '../../app/features.js';
import { keymapOf } from '../../store/keymap.js';

// Keys reach the form as the controller passes them: resolved by the keymap (form, then text editing).
const keymap = keymapOf(FEATURES);
const command = (name: string) => keymap.resolve(name, ['scheduleForm', 'edit'])?.command ?? null;

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

/** Types text (one key per character, as the controller passes them) into the focused field. */
function type(f: ScheduleFormState, text: string): ScheduleFormState {
  for (const ch of text) {
    const step = formKey(f, command(ch === ' ' ? 'space' : ch), ch);
    if (step && 'form' in step) f = step.form;
  }
  return f;
}
function key(f: ScheduleFormState, name: string): ScheduleFormState {
  const step = formKey(f, command(name), undefined);
  return step && 'form' in step ? step.form : f;
}

const SCHEDULE: PipelineSchedule = {
  id: 12,
  description: 'Nightly',
  ref: 'refs/heads/main',
  cron: '0 2 * * *',
  cron_timezone: 'Europe/Berlin',
  next_run_at: '2026-11-21T01:00:00.000Z',
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  owner: { id: 3, name: 'Bob Okafor', username: 'bob', state: 'active', avatar_url: null, web_url: 'x' },
};

describe('schedule form editing', () => {
  it('types into the focused field, moves with tab/shift+tab/up/down/enter, and keeps every key', () => {
    let f = newScheduleForm(1, 'acme/api', { ref: 'main' });
    expect(f.focus).toBe('description');
    f = type(f, 'Nightly build');
    expect(f.values.description).toBe('Nightly build');
    f = key(f, 'tab');
    expect(f.focus).toBe('ref');
    f = key(f, 'backspace');
    f = type(f, 'ster');
    expect(f.values.ref).toBe('maister');
    f = key(f, 'left');
    f = key(f, 'left');
    f = key(f, 'backspace');
    expect(f.values.ref).toBe('maiser');
    f = key(f, 'ctrl+u');
    expect(f.values.ref).toBe('er');
    f = key(f, 'down');
    expect(f.focus).toBe('cron');
    f = key(f, 'up');
    f = key(f, 'shift+tab');
    expect(f.focus).toBe('description');
    f = key(f, 'enter');
    expect(f.focus).toBe('ref');
    // A paste arrives whole, as text.
    f = key(f, 'down');
    expect(formPaste(f, '*/5 * * * *')?.values.cron).toBe('*/5 * * * *');
  });

  it('space toggles Active on its field and types a space elsewhere; enter there submits', () => {
    let f = newScheduleForm(1, 'acme/api');
    f = type(f, 'a b');
    expect(f.values.description).toBe('a b');
    f = key(key(key(key(f, 'tab'), 'tab'), 'tab'), 'tab');
    expect(f.focus).toBe('active');
    f = key(f, 'space');
    expect(f.values.active).toBe(false);
    expect(formKey(f, command('enter'), undefined)).toEqual({ submit: f });
    expect(formKey(f, command('ctrl+s'), undefined)).toEqual({ submit: f });
    expect(formKey(f, command('escape'), undefined)).toEqual({ cancel: true });
  });

  it('knows when something changed', () => {
    const f = editScheduleForm(1, 'acme/api', SCHEDULE);
    expect(f.values.ref).toBe('main');
    expect(isDirty(f)).toBe(false);
    expect(isDirty(type(f, 'x'))).toBe(true);
  });
});

describe('schedule validation', () => {
  it('blocks a blank description, a blank ref, a bad cron and an unknown zone', () => {
    const errors = validateSchedule({ description: ' ', ref: '', cron: '61 * * * *', cron_timezone: 'Mars/Olympus', active: true });
    expect(Object.keys(errors).sort()).toEqual(['cron', 'cron_timezone', 'description', 'ref']);
    expect(errors.cron![0]).toMatch(/^invalid cron: /);
    expect(errors.cron_timezone![0]).toMatch(/unknown time zone/);
  });

  it("accepts tz database names, Rails names and GitLab's cron shapes", () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'Tokyo', 'Eastern Time (US & Canada)']) {
      expect(validateSchedule({ description: 'x', ref: 'main', cron: '0 2 * * *', cron_timezone: zone, active: true }), zone).toEqual({});
    }
    for (const cron of ['@daily', '*/15 * * * *', '0 9-17 * * 1-5', '0 0 L * *']) {
      expect(validateSchedule({ description: 'x', ref: 'main', cron, cron_timezone: 'UTC', active: true }), cron).toEqual({});
    }
  });

  it('suggests zones for a near miss', () => {
    expect(zoneSuggestions('berlin')).toContain('Europe/Berlin');
    expect(zoneSuggestions('Europe/Berln')).toEqual(['Europe/Berlin']);
    expect(zoneSuggestions('tokio')).toContain('Tokyo');
    expect(validateSchedule({ description: 'x', ref: 'main', cron: '0 2 * * *', cron_timezone: 'Europe/Berln', active: true }).cron_timezone).toBeDefined();
    expect(zoneSuggestions('x')).toEqual([]);
  });

  it('shows cron and zone problems live, required fields once a submit was tried', () => {
    let f = newScheduleForm(1, 'acme/api', { ref: '' });
    expect(fieldErrors(f)).toEqual({});
    f = key(key(f, 'tab'), 'tab');
    f = type(f, '0 25 * * *');
    expect(Object.keys(fieldErrors(f))).toEqual(['cron']);
    f = { ...f, tried: true };
    expect(Object.keys(fieldErrors(f)).sort()).toEqual(['cron', 'description', 'ref']);
  });
});

describe("GitLab's answer", () => {
  it('maps the 400 field map beside the fields, the rest to the form', () => {
    expect(serverErrors({ cron: ['syntax is invalid'], base: ['Reference not found'] }, '400')).toEqual({
      cron: ['GitLab: syntax is invalid'],
      base: ['GitLab: base Reference not found'],
    });
    expect(serverErrors(undefined, '403 Forbidden')).toEqual({ base: ['GitLab refused: 403 Forbidden'] });
  });

  it("drops GitLab's complaint about a field once it is edited, keeps the others", () => {
    let f: ScheduleFormState = { ...newScheduleForm(1, 'acme/api'), focus: 'cron' };
    f = type(f, '0 2 * * *');
    f = { ...f, server: { cron: ['GitLab: syntax is invalid'], ref: ['GitLab: nope'] } };
    expect(fieldErrors(f).cron).toEqual(['GitLab: syntax is invalid']);
    f = key(f, 'backspace');
    f = type(f, '1');
    expect(fieldErrors(f).cron).toBeUndefined();
    expect(fieldErrors(f).ref).toEqual(['GitLab: nope']);
  });
});

describe('request body', () => {
  it('sends every field for a new schedule and only the changes for an edit', () => {
    let f = newScheduleForm(1, 'acme/api', { ref: 'main', zone: 'UTC' });
    f = type(f, ' Nightly ');
    expect(scheduleInput(f)).toEqual({ description: 'Nightly', ref: 'main', cron: '', cron_timezone: 'UTC', active: true });
    let e = editScheduleForm(1, 'acme/api', SCHEDULE);
    expect(scheduleInput(e)).toEqual({});
    e = key(key(key(key(e, 'tab'), 'tab'), 'tab'), 'tab');
    e = key(e, 'space');
    expect(scheduleInput(e)).toEqual({ active: false });
  });
});

describe('cron preview', () => {
  it('gives the cron in words and the next runs in the chosen zone', () => {
    const p = cronPreview({ cron: '0 2 * * *', cron_timezone: 'Europe/Berlin' }, NOW, 5);
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.words).toBe('every day at 02:00');
    expect(p.runs.map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-21T01:00:00.000Z',
      '2026-11-22T01:00:00.000Z',
      '2026-11-23T01:00:00.000Z',
      '2026-11-24T01:00:00.000Z',
      '2026-11-25T01:00:00.000Z',
    ]);
    const tokyo = cronPreview({ cron: '0 2 * * *', cron_timezone: 'Tokyo' }, NOW, 1);
    expect(tokyo.ok && new Date(tokyo.runs[0]!).toISOString()).toBe('2026-11-20T17:00:00.000Z');
  });

  it('says what is wrong instead', () => {
    expect(cronPreview({ cron: 'every day', cron_timezone: 'UTC' }, NOW)).toMatchObject({ ok: false, field: 'cron' });
    expect(cronPreview({ cron: '0 2 * * *', cron_timezone: 'Nowhere/Land' }, NOW)).toMatchObject({ ok: false, field: 'cron_timezone' });
  });
});
