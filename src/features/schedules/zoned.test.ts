import { describe, expect, it } from 'vitest';
import { cronInWords, cronInWordsFitted } from './zoned.js';

describe('cronInWordsFitted', () => {
  it('is cronInWords when it fits', () => {
    expect(cronInWordsFitted('30 6 * * 1', 'Eastern Time (US & Canada)', 48)).toBe(cronInWords('30 6 * * 1', 'Eastern Time (US & Canada)'));
    expect(cronInWordsFitted('30 6 * * 1', 'Eastern Time (US & Canada)', 48)).toBe('every Monday at 06:30 Eastern Time (US & Canada)');
  });

  it('shortens, then cuts, the words, not the zone: the time stays where it can', () => {
    expect(cronInWordsFitted('30 6 * * 1', 'Eastern Time (US & Canada)', 40)).toBe('Mon 06:30 Eastern Time (US & Canada)');
    expect(cronInWordsFitted('0 2 * * *', 'Europe/Berlin', 29)).toBe('daily 02:00 Europe/Berlin');
    expect(cronInWordsFitted('15 * * * *', 'Europe/Berlin', 29)).toBe('hourly :15 Europe/Berlin');
    expect(cronInWordsFitted('0 3 * * 1-5', 'Europe/Berlin', 29)).toBe('03:00 Mon–Fri Europe/Berlin');
    expect(cronInWordsFitted('0 2 * * *', 'Europe/Berlin', 24)).toBe('daily 02:… Europe/Berlin');
  });

  it('cuts like any cell when too narrow for words beside the zone', () => {
    expect(cronInWordsFitted('30 6 * * 1', 'Eastern Time (US & Canada)', 30)).toBe('every Monday at 06:30 Eastern…');
  });

  it('sanitizes the zone, a server string', () => {
    expect(cronInWordsFitted('0 2 * * *', 'UTC\x1b]52;c;eA==\x07', 80)).toBe('every day at 02:00 UTC');
  });
});
