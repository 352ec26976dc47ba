// The one text primitive (src/text/safe.ts): whatever string reaches <Text>, as a child, nested in
// another <Text> or in an array, the frame holds no OSC, no CSI but SGR, no BEL, C1, bidi override
// or invisible format character — while pipetop's own styling (colour props) still comes out.
import fc from 'fast-check';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, expect, it } from 'vitest';
import { Text } from './Text.js';

afterEach(() => cleanup());

const FRAGMENTS = [
  '\u001b]0;owned\u0007',
  '\u001b]52;c;cHduZWQ=\u0007',
  '\u001b]52;c;cHduZWQ=\u001b\\',
  '\u001b[2J',
  '\u001b[?1049h',
  '\u001bc',
  '\u001bP+q\u001b\\',
  '\u009b2J',
  '\u009d0;x\u009c',
  '\u0007',
  '\u0000',
  '\r',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u00ad',
  '\ufeff',
  '\u001b[31m',
];
const hostile = fc
  .array(fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom(...FRAGMENTS)), { maxLength: 12 })
  .map((parts) => parts.join(''));

/** The bytes Ink wrote, with its own SGR taken out: nothing else may be an escape. */
function unsafeIn(frame: string): RegExpMatchArray | null {
  const withoutSgr = frame.replace(/\u001b\[[0-9;]*m/g, '');
  return withoutSgr.match(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/);
}

it('renders any server string with nothing but SGR reaching the terminal', () => {
  fc.assert(
    fc.property(hostile, hostile, (a, b) => {
      const { lastFrame, unmount } = render(
        <Text color="red">
          {a}
          <Text bold>{b}</Text>
          {[a, 7, b]}
        </Text>,
      );
      const frame = lastFrame() ?? '';
      unmount();
      expect(unsafeIn(frame)).toBeNull();
    }),
    { numRuns: 150, seed: 22 },
  );
});

it('keeps pipetop own styling and clean text as it is', () => {
  const { lastFrame } = render(
    <Text color="green">
      ✔ acme/api <Text bold>main</Text> 日本 👩‍💻
    </Text>,
  );
  expect(lastFrame()).toContain('✔ acme/api main 日本 👩‍💻');
});
