// Property-based hostile input: arbitrary strings laced with terminal-attack fragments (OSC 52
// clipboard writes, title changes, screen clears, resets, DCS strings, 8-bit C1 controls, bidi
// overrides, lone surrogates, wide/combining text, huge strings) go through every layer that puts
// server text on screen, and nothing that could drive the terminal survives.
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { describeErrorBody } from '../../src/api/error-body.js';
import { createRedactor } from '../../src/api/errors.js';
import { httpError } from '../../src/api/response-body.js';
import type { BufferedResponse } from '../../src/api/transport.js';
import { parseStyledLine, stripAnsi } from '../../src/log/sanitize.js';
import { disposeModels, newModel } from '../../src/log/test-support.js';
import { displayWidth, safeMultiline, safeText, truncateToWidth } from '../../src/text/safe.js';
import { Fields } from '../../src/ui/components/Field.js';
import { KeyHints } from '../../src/ui/components/KeyHints.js';
import { StatusBadge, statusCell } from '../../src/ui/components/StatusBadge.js';
import { Table, type Column } from '../../src/ui/components/Table.js';
import { Toast } from '../../src/ui/components/Toast.js';
import { createTheme, ThemeContext } from '../../src/ui/theme.js';

const HOSTILE = [
  '\x1b]52;c;cHduZWQ=\x07', // OSC 52: write the clipboard
  '\x1b]52;c;cHduZWQ=\x1b\\',
  '\x1b]0;pwned\x07', // OSC 0: window title
  '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\', // hyperlink
  '\x1b[2J',
  '\x1b[H',
  '\x1b[?1049h',
  '\x1b[6n',
  '\x1b[31m',
  '\x1b[0m',
  '\x1b[38;2;1;2;3m',
  '\x1bc', // full reset
  '\x1bP+q544e\x1b\\', // DCS
  '\x1b_apc\x1b\\',
  '\x1b^pm\x1b\\',
  '\x1bXsos\x1b\\',
  '\x1b',
  '\x1b[',
  '\x1b]', // truncated
  '\x07',
  '\x00',
  '\x08',
  '\r',
  '\n',
  '\t',
  '\x7f',
  '\x1a',
  '\x18',
  '\x9b2J',
  '\x9d0;title\x07',
  '\x9c',
  '\x90dcs\x9c',
  '\x85', // 8-bit C1
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200f',
  '\u200e',
  '\u061c', // bidi
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u200b',
  '\ud800',
  '\udfff',
  '\udbff\ud800', // lone surrogates
  '漢字テスト',
  '한국어',
  '👩‍👩‍👧‍👦',
  '🇺🇸',
  '1️⃣',
  '❤️',
  '🙂',
  'e\u0301\u0302\u0303',
  'Z̴̡̪͓͍̈́̓̒a̵l̷g̶o̶', // combining marks
  'שלום עולם',
  'مرحبا', // right-to-left
];

/** Text with hostile fragments mixed in. */
const hostile = (maxLength = 40) =>
  fc
    .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE)), { maxLength })
    .map((parts) => parts.join(''));

const RUNS = { numRuns: 200 };

const C0_SINGLE = /[\u0000-\u001f\u007f]/;

const C0_MULTI = /[\u0000-\u0009\u000b-\u001f\u007f]/;
const C1 = /[\u0080-\u009f]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
/** Overrides and isolates (what reorders the rest of a row); the log keeps the harmless LRM/RLM/ALM marks. */
const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function codePoints(s: string): number {
  return [...s].length;
}

/** Counts properties × runs for the summary line. */
let propertyRuns = 0;
let properties = 0;
function check<Ts extends [unknown, ...unknown[]]>(prop: fc.IProperty<Ts>, params: fc.Parameters<Ts> = RUNS): void {
  properties++;
  propertyRuns += params.numRuns ?? 100;
  fc.assert(prop, params);
}
async function checkAsync<Ts extends [unknown, ...unknown[]]>(prop: fc.IAsyncProperty<Ts>, params: fc.Parameters<Ts> = RUNS): Promise<void> {
  properties++;
  propertyRuns += params.numRuns ?? 100;
  await fc.assert(prop, params);
}

describe('safeText / safeMultiline', () => {
  it('safeText: no ESC, no C0, no C1, no bidi, no lone surrogate; length bounded', () => {
    check(
      fc.property(hostile(), fc.integer({ min: 0, max: 80 }), (s, max) => {
        const out = safeText(s, max);
        expect(out).not.toContain('\x1b');
        expect(out).not.toMatch(C0_SINGLE);
        expect(out).not.toMatch(C1);
        expect(out).not.toMatch(BIDI);
        expect(out).not.toMatch(LONE_SURROGATE);
        expect(codePoints(out)).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('safeMultiline: the same, except \\n is kept', () => {
    check(
      fc.property(hostile(), fc.integer({ min: 0, max: 200 }), (s, max) => {
        const out = safeMultiline(s, max);
        expect(out).not.toContain('\x1b');
        expect(out).not.toMatch(C0_MULTI);
        expect(out).not.toMatch(C1);
        expect(out).not.toMatch(BIDI);
        expect(out).not.toMatch(LONE_SURROGATE);
        expect(codePoints(out)).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('huge strings (100k chars) come out capped, quickly, and clean', () => {
    check(
      fc.property(fc.constantFrom(...HOSTILE), fc.constantFrom('a', '漢', '🙂', '\x1b[2J', '\x9b'), (fragment, filler) => {
        const huge = (fragment + filler.repeat(100_000)).slice(0, 100_000) + fragment;
        const started = performance.now();
        const one = safeText(huge);
        const multi = safeMultiline(huge);
        expect(performance.now() - started).toBeLessThan(500);
        expect(codePoints(one)).toBeLessThanOrEqual(300);
        expect(codePoints(multi)).toBeLessThanOrEqual(5000);
        for (const out of [one, multi]) {
          expect(out).not.toContain('\x1b');
          expect(out).not.toMatch(C1);
          expect(out).not.toMatch(BIDI);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('is idempotent', () => {
    check(
      fc.property(hostile(), (s) => {
        const once = safeText(s);
        expect(safeText(once)).toBe(once);
      }),
    );
  });
});

describe('displayWidth / truncateToWidth', () => {
  it('truncateToWidth never exceeds the width and returns the text unchanged when it fits', () => {
    check(
      fc.property(hostile(), fc.integer({ min: 0, max: 60 }), (s, width) => {
        const clean = safeText(s);
        const cut = truncateToWidth(clean, width);
        expect(displayWidth(cut)).toBeLessThanOrEqual(width);
        if (displayWidth(clean) <= width) expect(cut).toBe(clean);
        else if (width > 0) expect(cut.endsWith('…')).toBe(true);
      }),
    );
  });

  it('displayWidth is additive over truncation and never negative, even on unsanitized input', () => {
    check(
      fc.property(hostile(), fc.integer({ min: 1, max: 60 }), (s, width) => {
        expect(displayWidth(s)).toBeGreaterThanOrEqual(0);
        expect(displayWidth(truncateToWidth(s, width))).toBeLessThanOrEqual(width);
      }),
    );
  });
});

describe('log sanitizer', () => {
  it('parseStyledLine/stripAnsi: no escape or control survives, and the spans spell stripAnsi', () => {
    check(
      fc.property(hostile(), (s) => {
        const line = s.replace(/\n/g, '');
        const plain = stripAnsi(line);
        const { spans } = parseStyledLine(line);
        expect(spans.map((sp) => sp.text).join('')).toBe(plain);
        expect(plain).not.toContain('\x1b');
        expect(plain).not.toMatch(C0_SINGLE);
        expect(plain).not.toMatch(C1);
        expect(plain).not.toMatch(BIDI_OVERRIDE);
        for (const sp of spans) expect(sp.text).not.toContain('\x1b');
      }),
    );
  });

  afterEach(disposeModels);

  it('LogModel.append with random chunking: lines never contain ESC, C0 or C1', async () => {
    await checkAsync(
      fc.asyncProperty(
        fc.array(hostile(12), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 10 }),
        async (lines, cuts) => {
          const bytes = Buffer.from(lines.join('\n'), 'utf8');
          const model = await newModel();
          // Cut anywhere: mid-line, mid-escape, mid-UTF-8 character.
          let at = 0;
          for (let k = 0; at < bytes.length; k++) {
            const size = cuts[k % cuts.length]!;
            model.append(bytes.subarray(at, at + size));
            at += size;
          }
          model.end();
          const out = model.lines(0, model.lineCount);
          for (const l of out) {
            expect(l.text).not.toContain('\x1b');
            expect(l.text).not.toMatch(C0_SINGLE);
            expect(l.text).not.toMatch(C1);
            expect(l.spans.map((sp) => sp.text).join('')).toBe(l.text);
          }
          await disposeModels();
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('API error decoding', () => {
  const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.split('');
  const token = fc.array(fc.constantFrom(...TOKEN_CHARS), { minLength: 20, maxLength: 26 }).map((cs) => `glpat-${cs.join('')}`);
  const contentType = fc.constantFrom(
    '',
    'text/plain',
    'text/html; charset=utf-8',
    'application/json',
    'application/octet-stream',
    'TEXT/HTML',
    '\x1b]52;c;x\x07',
  );
  const body = (tok: string) =>
    fc.oneof(
      hostile(),
      hostile().map((s) => `${s}${tok}${s}`),
      hostile().map((s) => JSON.stringify({ message: s + tok })),
      hostile().map((s) => JSON.stringify({ message: { base: [s], [s]: [s, tok] } })),
      hostile().map((s) => JSON.stringify({ message: [s, tok, 3, null] })),
      hostile().map((s) => JSON.stringify({ error: s, error_description: tok })),
      hostile().map((s) => JSON.stringify(s)),
      hostile().map((s) => `<html><head><title>${s}&#27;]52;c;eA==&#7;&#x9b;2J ${tok}</title></head></html>`),
      hostile().map((s) => `<!DOCTYPE html><body>${s}</body>`),
      fc.json(),
    );
  // The status line's reason phrase is any byte a proxy cares to send (undici decodes it as latin1).
  const statusText = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 10 }), fc.constantFrom('\x9b2J', 'Bad\x1b]0;t\x07', '\x00'));

  it('never throws; reason and message carry no control characters and no token', () => {
    check(
      fc.property(
        token,
        fc.integer({ min: 100, max: 599 }),
        contentType,
        statusText,
        token.chain((tok) => body(tok).map((b) => [tok, b] as const)),
        (tok, status, type, given, [bodyToken, text]) => {
          const redact = createRedactor(tok);
          const withToken = text.split(bodyToken).join(tok);
          const desc = describeErrorBody(status, type, withToken, given);
          expect(desc.reason).not.toMatch(C0_SINGLE);
          expect(desc.reason).not.toMatch(C1);
          const res: BufferedResponse = {
            status,
            statusText: given ?? '',
            headers: { 'content-type': type },
            path: '/projects/1/jobs',
            body: Buffer.from(withToken, 'utf8'),
          } as unknown as BufferedResponse;
          const err = httpError('GET', res, Date.now(), redact);
          expect(err.message).not.toMatch(C0_SINGLE);
          expect(err.message).not.toMatch(C1);
          expect(err.message).not.toContain(tok);
          expect(err.reason).not.toContain(tok);
          expect(err.body ?? '').not.toContain(tok);
          for (const list of Object.values(err.fields ?? {})) for (const f of list) expect(f).not.toContain(tok);
          expect(JSON.stringify(err)).not.toContain(tok);
        },
      ),
    );
  });
});

describe('components under NO_COLOR', () => {
  const theme = createTheme({ NO_COLOR: '1' });
  const frameOf = (node: React.ReactNode): string => {
    const r = render(<ThemeContext.Provider value={theme}>{node}</ThemeContext.Provider>);
    const frame = r.lastFrame() ?? '';
    r.unmount();
    r.cleanup();
    return frame;
  };
  const assertClean = (frame: string) => {
    expect(frame).not.toContain('\x1b');
    expect(frame).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(frame).not.toMatch(BIDI);
  };

  interface Row {
    name: string;
    status: string;
    ref: string;
  }

  it('Table, StatusBadge, Fields, Toast and KeyHints render hostile values with no escape', () => {
    const columns: Column<Row>[] = [
      { header: 'Status', width: 12, value: (r) => r.status, display: (r) => statusCell(theme, r.status) },
      { header: 'Name', grow: 1, value: (r) => r.name },
      { header: 'Ref', width: 10, value: (r) => r.ref, align: 'right' },
    ];
    check(
      fc.property(
        fc.array(
          fc.record({ name: hostile(10), status: fc.oneof(hostile(6), fc.constantFrom('success', 'failed', 'running', '__proto__')), ref: hostile(6) }),
          { maxLength: 5 },
        ),
        hostile(10),
        hostile(10),
        fc.constantFrom<'info' | 'success' | 'error'>('info', 'success', 'error'),
        fc.integer({ min: 10, max: 100 }),
        (rows, a, b, kind, width) => {
          assertClean(frameOf(<Table columns={columns} rows={rows} selected={-1} height={7} width={width} keyOf={(_, i) => i} emptyText="Nothing here." />));
          assertClean(frameOf(<StatusBadge status={a} />));
          assertClean(frameOf(<StatusBadge status={b} compact />));
          assertClean(
            frameOf(
              <Fields
                rows={[
                  { label: a, value: b },
                  { label: 'Ref', value: a },
                ]}
              />,
            ),
          );
          assertClean(frameOf(<Toast kind={kind} message={a + b} />));
          assertClean(
            frameOf(
              <KeyHints
                hints={[
                  { key: a, label: b },
                  { key: 'q', label: a },
                ]}
                width={width}
              />,
            ),
          );
        },
      ),
      // Six Ink renders a run: keep it well inside the test timeout on a busy two-core machine.
      { numRuns: 60 },
    );
    // 200 renders of every component: ~10 s alone, more with other files sharing the two cores.
  }, 90_000);
});

// The summary line after every property ran, whatever order they ran in (a test named 'summary'
// ran last only while tests kept their order).
afterAll(() => {
  console.log(`hostile properties: ${properties} properties, ${propertyRuns} runs in all`);
  expect(properties).toBeGreaterThan(0);
});
