// The README against the repository: its screen captures are real screens of the sizes they claim (80×24 and
// 120×36), drawn by the app. That it names only files that are here is test/references.test.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

it('shows an 80×24 and a 120×36 capture, each a whole screen with a footer that says where help is', () => {
  const captures = [...readme.matchAll(/At (\d+)×(\d+), [^\n]*:\n\n```\n([\s\S]*?)\n```/g)];
  expect(captures.map((c) => `${c[1]}×${c[2]}`)).toEqual(['80×24', '120×36']);
  for (const [, cols, rows, body] of captures) {
    const lines = body!.split('\n');
    expect(lines).toHaveLength(Number(rows));
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(Number(cols));
    expect(lines[0]).toMatch(/^pipetop demo alice › .*DEMO\s+● live$/);
    expect(lines.at(-1)).toMatch(/\? help$/);
  }
  expect(readme).toContain('80×24 is enough');
});

it('is a user document of at most 350 lines; figures and development notes live in docs/', () => {
  expect(readme.split('\n').length).toBeLessThanOrEqual(350);
  for (const doc of ['docs/performance.md', 'docs/development.md']) expect(readme).toContain(doc);
  expect(readme).not.toMatch(/^## (Performance|Development|Layout)$/m);
});
