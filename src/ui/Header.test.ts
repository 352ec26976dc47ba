import { describe, expect, it } from 'vitest';
import { displayWidth } from '../text/safe.js';
import { fitTrail } from './Header.js';

describe('fitTrail (the breadcrumb)', () => {
  const trail = ['projects', 'acme/platform/deployer', '#4512', 'test:unit'];

  it('shows the whole trail when it fits', () => {
    expect(fitTrail(trail, 80)).toBe('projects › acme/platform/deployer › #4512 › test:unit');
  });

  it('cuts from the left so the current place stays visible', () => {
    expect(fitTrail(trail, 46)).toBe('… › acme/platform/deployer › #4512 › test:unit');
    expect(fitTrail(trail, 45)).toBe('… › #4512 › test:unit');
    expect(fitTrail(trail, 24)).toBe('… › #4512 › test:unit');
    expect(fitTrail(trail, 15)).toBe('… › test:unit');
    for (const room of [1, 5, 10, 15, 24, 40, 60]) expect(displayWidth(fitTrail(trail, room))).toBeLessThanOrEqual(room);
  });

  it('cuts the end of the last crumb only when nothing else fits', () => {
    expect(fitTrail(trail, 6)).toBe('test:…');
    expect(fitTrail(trail, 0)).toBe('');
  });
});
