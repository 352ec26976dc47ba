import { afterEach, describe, expect, it } from 'vitest';
import { LiveSearch, type LiveSearchResult } from './live-search.js';
import { disposeModels, newModel } from './test-support.js';

afterEach(disposeModels);

/** Waits (bounded) until the live search has caught up with everything appended so far. */
async function caughtUp(search: LiveSearch, model: { lineCount: number }, want: (r: LiveSearchResult) => boolean): Promise<LiveSearchResult> {
  for (let i = 0; i < 200; i += 1) {
    await search.settled();
    if (want(search.result)) return search.result;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`live search did not catch up (${model.lineCount} lines): ${JSON.stringify(search.result)}`);
}

describe('LiveSearch', () => {
  it('finds matches in lines appended after the search began, and says so', async () => {
    const model = await newModel();
    model.append(Buffer.from('build\nERROR one\nok\n'));
    const updates: number[][] = [];
    const search = new LiveSearch(model, 'error', { onUpdate: (r) => updates.push([...r.lines]) });
    expect(search.result.running).toBe(true);
    await caughtUp(search, model, (r) => r.lines.length === 1);
    expect(search.result).toEqual({ lines: [1], truncated: false, running: false });

    model.append(Buffer.from('more\nanother error\n'));
    await caughtUp(search, model, (r) => r.lines.length === 2);
    model.append(Buffer.from('x\nx\nlast ERROR\n'));
    expect((await caughtUp(search, model, (r) => r.lines.length === 3)).lines).toEqual([1, 4, 7]);
    expect(updates.at(-1)).toEqual([1, 4, 7]);
    search.stop();
  });

  it('a hit on the unfinished last line counts once, before and after the line completes', async () => {
    const model = await newModel();
    model.append(Buffer.from('a\nneedle so far'));
    const search = new LiveSearch(model, 'needle');
    await caughtUp(search, model, (r) => r.lines.length === 1);
    model.append(Buffer.from(' and more\nb\n'));
    const done = await caughtUp(search, model, (r) => !r.running && model.lineCount === 3);
    expect(done.lines).toEqual([1]);
    model.append(Buffer.from('c\nneedle'));
    expect((await caughtUp(search, model, (r) => r.lines.length === 2)).lines).toEqual([1, 4]);
    search.stop();
  });

  it('appends during a pass are picked up by the next one', async () => {
    const model = await newModel();
    const block = Array.from({ length: 20_000 }, (_, i) => (i % 1000 === 0 ? `hit ${i}` : `line ${i}`)).join('\n') + '\n';
    model.append(Buffer.from(block));
    const search = new LiveSearch(model, 'hit');
    model.append(Buffer.from('late hit\n')); // while the first pass reads the spool
    const result = await caughtUp(search, model, (r) => r.lines.length === 21);
    expect(result.lines.at(-1)).toBe(20_000);
    search.stop();
  });

  it('starts over when the log is replaced', async () => {
    const model = await newModel();
    model.append(Buffer.from('x\nx\nneedle\n'));
    const search = new LiveSearch(model, 'needle');
    await caughtUp(search, model, (r) => r.lines.length === 1 && r.lines[0] === 2);
    model.reset();
    model.append(Buffer.from('needle\n'));
    expect((await caughtUp(search, model, (r) => r.lines[0] === 0)).lines).toEqual([0]);
    search.stop();
  });

  it('stops at the limit and says truncated', async () => {
    const model = await newModel();
    model.append(Buffer.from('hit\nhit\n'));
    const search = new LiveSearch(model, 'hit', { limit: 3 });
    await caughtUp(search, model, (r) => r.lines.length === 2);
    model.append(Buffer.from('hit\nhit\nhit\n'));
    expect(await caughtUp(search, model, (r) => r.truncated)).toEqual({ lines: [0, 1, 2], truncated: true, running: false });
    search.stop();
  });

  it('a stopped search hears nothing more; a bad regex throws at once', async () => {
    const model = await newModel();
    const search = new LiveSearch(model, 'x');
    await search.settled();
    search.stop();
    model.append(Buffer.from('x\n'));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(search.result.lines).toEqual([]);
    expect(() => new LiveSearch(model, '/(unclosed/')).toThrow(SyntaxError);
  });
});
