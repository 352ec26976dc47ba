import { describe, expect, it } from 'vitest';
import { displayWidth } from '../text/safe.js';
import { fitTrail, pathShortenings } from './Header.js';

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

  it('drops the crumbs between the project and the place one at a time, keeping the room it has', () => {
    // A job in a child pipeline of a project reached from the pulse: 88 cells whole.
    const deep = ['pulse', 'acme/platform/release-train', '#700045', 'trigger:integration', '#700046', 'integration:smoke'];
    expect(fitTrail(deep, 80, 1)).toBe('… › acme/…/release-train › … › trigger:integration › #700046 › integration:smoke');
    expect(fitTrail(deep, 70, 1)).toBe('… › acme/platform/release-train › … › #700046 › integration:smoke');
    // Cut to the bone only when nothing more fits.
    expect(fitTrail(deep, 50, 1)).toBe('… › …/release-train › … › integration:smoke');
    for (const room of [20, 30, 40, 50, 60, 70, 80, 90]) {
      const fitted = fitTrail(deep, room, 1);
      expect(displayWidth(fitted)).toBeLessThanOrEqual(room);
      // Never more than a crumb's width left unused while a crumb was dropped.
      if (room >= 60) expect(room - displayWidth(fitted)).toBeLessThan(' › trigger:integration'.length);
    }
  });

  it('cuts the end of the last crumb only when nothing else fits', () => {
    expect(fitTrail(trail, 6)).toBe('test:…');
    expect(fitTrail(trail, 0)).toBe('');
  });
});

describe('fitTrail keeps the project of what is shown', () => {
  const trail = ['pulse', 'acme/platform/infra/terraform', '#5769', 'terraform:plan'];

  it('drops the crumbs before it, then cuts its group path in the middle, then the crumbs after it', () => {
    expect(fitTrail(trail, 80, 1)).toBe('pulse › acme/platform/infra/terraform › #5769 › terraform:plan');
    expect(fitTrail(trail, 61, 1)).toBe('… › acme/platform/infra/terraform › #5769 › terraform:plan');
    expect(fitTrail(trail, 57, 1)).toBe('… › acme/platform/…/terraform › #5769 › terraform:plan');
    expect(fitTrail(trail, 53, 1)).toBe('… › acme/…/terraform › #5769 › terraform:plan');
    expect(fitTrail(trail, 44, 1)).toBe('… › …/terraform › #5769 › terraform:plan');
    expect(fitTrail(trail, 39, 1)).toBe('… › …/terraform › … › terraform:plan');
    expect(fitTrail(trail, 35, 1)).toBe('…/terraform › … › terraform:plan');
    expect(fitTrail(trail, 31, 1)).toBe('…/terraform › terraform:plan');
    expect(fitTrail(trail, 20, 1)).toBe('…/terraform › terra…');
    for (let room = 1; room <= 70; room++) {
      const fitted = fitTrail(trail, room, 1);
      expect(displayWidth(fitted)).toBeLessThanOrEqual(room);
      if (room >= 11) expect(fitted).toContain('terraform');
    }
  });

  it('shortens a path with the project name kept', () => {
    expect(pathShortenings('acme/platform/infra/terraform')).toEqual([
      'acme/platform/infra/terraform',
      'acme/platform/…/terraform',
      'acme/…/terraform',
      '…/terraform',
    ]);
    expect(pathShortenings('acme/web')).toEqual(['acme/web', '…/web']);
    expect(pathShortenings('web')).toEqual(['web']);
  });
});
