// TERM=dumb: the built app in a pty writes no SGR colour —
// not from the theme, not from a job log's own colours — while bold and inverse may stay.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile, type Screen } from './helpers/pty.js';

const { home, spawn } = ptyFile('pipetop-dumb-home-');

/** SGR parameters that set a colour: 30–38, 40–48, 90–97, 100–107 (38/48: extended colours). */
function colourCodes(raw: string): string[] {
  const found: string[] = [];
  for (const m of raw.matchAll(/\u001b\[([0-9;:]*)m/g)) {
    const params = m[1]!.split(/[;:]/).map(Number);
    if (params.some((p) => (p >= 30 && p <= 38) || (p >= 40 && p <= 48) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107))) found.push(m[0]);
  }
  return found;
}

async function walkToALog(env: NodeJS.ProcessEnv): Promise<Screen> {
  const s = spawn(['--demo'], { env: { GLAB_CONFIG_DIR: join(home, 'no-glab'), ...env } });
  await s.waitFor('acme/api', 20_000);
  s.write('\r');
  await s.waitFor(/#\d+\s+\S+/, 20_000);
  s.write('\r');
  await s.waitFor(/\d+ jobs ·/, 20_000);
  // The point here is the bytes, not the walk: Enter again if the first one came before the rows.
  for (let attempt = 0; ; attempt++) {
    s.write('\r');
    try {
      await s.waitFor(/lines ·/, 4_000);
      break;
    } catch (error) {
      if (attempt === 4) throw new Error(`${String(error)}\n${s.text()}`);
    }
  }
  return s;
}

it('TERM=dumb: no colour reaches the terminal, through the lists and a job log', { timeout: 60_000 }, async () => {
  const screen = await walkToALog({ TERM: 'dumb' });
  expect(colourCodes(screen.raw())).toEqual([]);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});

it('the same walk with TERM=xterm-256color does colour (the check above can fail)', { timeout: 60_000 }, async () => {
  const screen = await walkToALog({ TERM: 'xterm-256color' });
  expect(colourCodes(screen.raw()).length).toBeGreaterThan(0);
});
