#!/usr/bin/env node
// Look at the real screen without tmux: runs the bundle in a pty, types the given keys (one
// argument each; \r is Enter, \x1b is Esc), waits between them, and prints the screen.
// Usage: node scripts/screen.mjs [--cols 100 --rows 30 --wait 1500 --] key key ...
import pty from 'node-pty';
import xterm from '@xterm/headless';
const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return d;
  const v = args[i + 1];
  args.splice(i, 2);
  return Number(v);
};
const cols = opt('cols', 100),
  rows = opt('rows', 30),
  wait = opt('wait', 1500);
const keys = args[0] === '--' ? args.slice(1) : args;
const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
const env = { ...process.env, TERM: 'xterm-256color' };
delete env.CI;
const child = pty.spawn(
  process.execPath,
  [new URL('../dist/pipetop.js', import.meta.url).pathname, ...(process.env.PIPETOP_ARGS ?? '').split(' ').filter(Boolean)],
  { cols, rows, env },
);
child.onData((d) => term.write(d));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await sleep(wait * 2);
for (const k of keys) {
  child.write(k.replace(/\\r/g, '\r').replace(/\\x1b/g, '\x1b'));
  await sleep(wait);
}
const b = term.buffer.active;
for (let i = 0; i < rows; i++) console.log(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
child.kill();
process.exit(0);
