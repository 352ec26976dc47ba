// `?` explains every status glyph and mark in words, at 80×24, beside the keys: paged through, the
// help shows each legend row (src/ui/glyphs.ts, the list the panes draw from).
import { afterEach, expect, it } from 'vitest';
import { marksLegend, statusLegend } from '../../src/ui/glyphs.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
afterEach(() => app.close());

it('? shows what ⚙ » ⊘ ◔ ○ ⇲ ↻ ◆ and every other glyph mean, in words', async () => {
  app = await startApp({ columns: 80, rows: 24, first: { kind: 'pulse' } });
  await app.waitFor('acme/api');
  await app.press('?');
  await app.waitFor('Here: the pulse');
  const seen: string[] = [];
  for (let page = 0; page < 40; page++) {
    const frame = app.frame();
    seen.push(frame);
    if (!/↓ more/.test(frame)) break;
    await app.press('\u001B[6~'); // PgDn
    await app.until(() => app.frame() !== frame, 'the next page');
  }
  const all = seen.join('\n');
  expect(all).toContain('Statuses');
  expect(all).toContain('Marks');
  for (const row of [...statusLegend(), ...marksLegend()]) {
    // The words may wrap in a narrow column: the glyph, then the first words of its meaning.
    const first = row.words.split(/[ ;:(]/)[0]!;
    expect(all, `${row.glyph} ${row.words}`).toMatch(new RegExp(`${row.glyph}\\s+${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }
  for (const [glyph, words] of [
    ['⚙', 'manual'],
    ['»', 'skipped'],
    ['⊘', 'canceled'],
    ['◔', 'pending'],
    ['○', 'created'],
    ['⇲', 'a trigger job'],
    ['↻', '↻2 after a job'],
    ['◆', 'blocked'],
    ['◆', 'after a'],
  ])
    expect(all).toMatch(new RegExp(`${glyph}\\s+${words}`));
});
