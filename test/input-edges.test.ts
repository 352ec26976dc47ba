// Input edges in a real terminal (the built app in a pty): a bracketed paste whose end marker never
// comes ends after a silence, its text kept, and the keyboard works again; mouse reports of every
// encoding are dropped whole (an X10 report's `q` once went back); an error in the `:` palette
// closes it, so the next `q` acts instead of being typed into it.
import { expect, it } from 'vitest';
import { ptyFile } from './helpers/pty.js';

const { spawn } = ptyFile('pipetop-input-edges-');

it('an unterminated paste ends after a silence: its text kept in the palette, a toast, keys work again', async () => {
  const screen = spawn(['--demo'], { cols: 100, rows: 30 });
  await screen.waitFor('● live', 20_000);
  // On the pulse (no text field): the paste is ignored, and said to be unterminated.
  screen.write('\x1b[200~hello');
  await screen.waitFor('The paste was unterminated');
  // Into the palette: the paste's text is the command; Enter (a key again) runs it.
  screen.write(':');
  await screen.waitFor('project <path|id>');
  screen.write('\x1b[200~project acme/api');
  await screen.waitFor(/^: ?project acme\/api/m);
  screen.write('\r');
  await screen.waitFor('1 Pipelines');
  expect(screen.text()).toMatch(/› acme\/api/);
});

it('drops mouse reports whole (X10, SGR, urxvt): their bytes are never keys', async () => {
  const screen = spawn(['--demo'], { cols: 100, rows: 30 });
  await screen.waitFor('● live', 20_000);
  screen.write(':project acme/api\r');
  await screen.waitFor('1 Pipelines');
  // X10's row byte `q` (row 81) would go back; then `2` opens the Jobs tab of the same project.
  screen.write('\x1b[M !q\x1b[<0;81;12M\x1b[<0;81;12m\x1b[32;81;113M2');
  await screen.waitFor(/Status\s+Job\s+Name/);
  expect(screen.text()).toMatch(/› acme\/api/);
  // Split across writes, as a slow link delivers it.
  screen.write('\x1b[M');
  screen.write(' !');
  screen.write('q');
  screen.write('1');
  await screen.waitFor(/Status\s+Pipeline/);
  expect(screen.text()).toMatch(/› acme\/api/);
});

it('an error in the palette closes it, the message stays in the status line, and the next q goes back', async () => {
  const screen = spawn(['--demo'], { cols: 100, rows: 30 });
  await screen.waitFor('● live', 20_000);
  screen.write(':project acme/api\r');
  await screen.waitFor('1 Pipelines');
  screen.write(':pipeline abc\r');
  await screen.waitFor('pipeline needs a numeric id');
  expect(screen.text()).not.toMatch(/^: ?pipeline abc/m);
  screen.write('q');
  // The header ends at the pulse: `› pulse` and no project after it.
  await screen.waitFor(/› pulse {2,}/);
  expect(screen.text()).not.toContain('1 Pipelines');
});

// Type-ahead in a real terminal: `⏎⏎` typed fast opens the pipeline, then its job, once its jobs
// are in (the second Enter used to meet an empty list and be lost).
for (const [how, keys] of [
  ['in one write', ['\r\r']],
  ['one key a write', ['\r', '\r']],
] as const) {
  it(`⏎⏎ ${how} on a pipeline row opens the pipeline, then its job`, async () => {
    const screen = spawn(['--demo'], { cols: 100, rows: 30 });
    await screen.waitFor('● live', 20_000);
    screen.write(':project acme/api\r');
    await screen.waitFor(/#\d+\s+main\s/);
    for (const k of keys) screen.write(k);
    // The header's trail: project › pipeline › job.
    await screen.waitFor(/acme\/api › #\d+ › \S/);
  });
}
