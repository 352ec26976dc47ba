// The README against the repository: it names only files that are here, and its screen captures are
// real screens of the sizes they claim (80×24 and 120×36), drawn by the app.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

it('names no document outside the repository (the design notes, the GitLab facts, the API spec)', () => {
  expect(readme).not.toMatch(/GITLAB-FACTS|DESIGN\.md|ci-api-spec|\bthe spec\b|spec's/);
  expect(readme).not.toMatch(/\.\.\/shared|\/work\//);
});

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
