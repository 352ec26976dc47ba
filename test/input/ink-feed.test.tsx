// The adapter from src/input to Ink's useInput (src/input/ink-feed.ts, src/ui/InkKeyPort.tsx): keys
// parsed by src/input reach Ink components one per event, a paste whole, in order, each seeing
// what the one before left — the bursts docs/input-experiments.md shows ink-text-input and
// ink-select-input losing when Ink's stdin reader feeds them.
import { Box, Text, useInput } from 'ink';
import SelectInput from 'ink-select-input';
import { render } from 'ink-testing-library';
import { useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { attachKeyReader, InkFeed, type InputEvent, type KeyReader, type KeySource } from '../../src/input/index.js';
import { LineField } from '../../src/ui/components/LineField.js';
import { InkKeyPort } from '../../src/ui/InkKeyPort.js';
import { until as waitUntil } from '../helpers/until.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeoutMs: 2000, everyMs: 5 });

/** Renders `tree` with the port, and src/input's reader on the test stdin handing keys to `route`. */
function mount(tree: (feed: InkFeed) => ReactNode, route: (feed: InkFeed, event: InputEvent) => void) {
  const feed = new InkFeed();
  const app = render(
    <>
      <InkKeyPort feed={feed} />
      {tree(feed)}
    </>,
  );
  const reader: KeyReader = attachKeyReader(app.stdin as unknown as KeySource, (event) => route(feed, event));
  cleanups.push(() => {
    reader.dispose();
    app.unmount();
  });
  return { app, feed, reader };
}

/** What the tests route: a key's text (or a named key) to the field, a paste whole. */
function toField(feed: InkFeed, event: InputEvent): void {
  if (event.kind === 'paste') return void feed.text('field', event.text);
  if (event.name === 'backspace') return void feed.key('field', 'backspace');
  if (event.name === 'down') return void feed.key('menu', 'down');
  if (event.text) feed.text('field', event.text);
}

function Recorder({ feed, seen }: { feed: InkFeed; seen: string[] }) {
  useEffect(() => feed.listen('field'), [feed]);
  useInput((input) => void seen.push(input));
  return <Text>recording</Text>;
}

describe('the feed into Ink’s useInput', () => {
  it('a burst of keys in one write reaches the component as separate keys, once each', async () => {
    const seen: string[] = [];
    const { app, feed } = mount((f) => <Recorder feed={f} seen={seen} />, toField);
    await until(() => app.lastFrame()?.includes('recording') === true, 'the recorder');
    app.stdin.write('jjk');
    await until(() => seen.length >= 3, 'three keys');
    // Ink reads the test stdin as well once a useInput asks for raw mode: its keys are kept out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['j', 'j', 'k']);
    expect(feed.sent).toBe(3);
  });

  it('a bracketed paste arrives whole, as one input', async () => {
    const seen: string[] = [];
    const { app } = mount((f) => <Recorder feed={f} seen={seen} />, toField);
    await until(() => app.lastFrame()?.includes('recording') === true, 'the recorder');
    const text = 'qjRk: a pasted line with spaces';
    app.stdin.write(`\x1b[200~${text}\x1b[201~`);
    await until(() => seen.length >= 1, 'the paste');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([text]);
  });

  it('ink-text-input takes `:key 1` typed in one write, and two backspaces in one write erase two', async () => {
    let last = '';
    const { app } = mount((f) => <Field feed={f} onValue={(v) => (last = v)} />, toField);
    await until(() => app.lastFrame()?.includes('[]') === true, 'the field');
    app.stdin.write(':key 1');
    await until(() => app.lastFrame()?.includes('[:key 1]') === true, 'the whole burst');
    expect(last).toBe(':key 1');
    app.stdin.write('\x7f\x7f');
    await until(() => last === ':key', 'two characters erased');
    expect(app.lastFrame()).toContain('[:key]');
  });

  it('ink-select-input moves two rows for two Downs in one write', async () => {
    const { app } = mount((f) => <Menu feed={f} />, toField);
    await until(() => /❯ UTC/.test(app.lastFrame() ?? ''), 'the menu');
    app.stdin.write('\x1b[B\x1b[B');
    await until(() => /❯ Asia\/Tokyo/.test(app.lastFrame() ?? ''), 'the third row');
    expect(app.lastFrame()).toMatch(/❯ Asia\/Tokyo/);
  });

  it('nothing listens: the feed says so and sends nothing', () => {
    const feed = new InkFeed();
    expect(feed.text('field', 'x')).toBe(false);
    expect(feed.sent).toBe(0);
  });
});

function Field({ feed, onValue }: { feed: InkFeed; onValue: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Box flexDirection="column">
      <LineField
        value={value}
        feed={feed}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <Text>[{value}]</Text>
    </Box>
  );
}

function Menu({ feed }: { feed: InkFeed }) {
  useEffect(() => feed.listen('menu'), [feed]);
  const items = ['UTC', 'Europe/Berlin', 'Asia/Tokyo'].map((zone) => ({ label: zone, value: zone }));
  return <SelectInput items={items} />;
}
