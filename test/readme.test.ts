// The README against the repository: its screen captures are whole screens of the size they claim (80×24),
// drawn by the app. That it names only files that are here is test/references.test.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

it('shows 80×24 captures, each a whole screen with a footer that says where help is', () => {
  const captures = [...readme.matchAll(/At (\d+)×(\d+), [^\n]*:\n\n```\n([\s\S]*?)\n```/g)];
  expect(captures.length).toBeGreaterThan(0);
  expect(captures.map((c) => `${c[1]}×${c[2]}`)).toEqual(captures.map(() => '80×24'));
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

it('says how to try the administrator’s SSH-key lookup on the simulator, with a real token and port', async () => {
  const { DEMO_TOKENS } = await import('../src/sim/index.js');
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { scripts: Record<string, string> };
  const port = /--port (\d+)/.exec(pkg.scripts.sim!)![1]!;
  const block = /```sh\nnpm run sim[^\n]*\n(GITLAB_TOKEN=(\S+) pipetop --host (\S+)[^\n]*:key \d+[^\n]*)\n```/.exec(readme);
  expect(block, 'a how-to for :key on `npm run sim`').not.toBeNull();
  expect(block![2]).toBe(DEMO_TOKENS.admin);
  expect(block![3]).toBe(`http://127.0.0.1:${port}`);
});

it('says that watch needs --demo on the built-in simulator', () => {
  const section = readme.slice(readme.indexOf('## Watching one pipeline'), readme.indexOf('\n## ', readme.indexOf('## Watching one pipeline') + 5));
  expect(section).toMatch(/On the built-in simulator `watch` needs `--demo`/);
});
