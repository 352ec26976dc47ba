// The trail's writers (nav.ts) and a slice's writer (writer.ts): what each changes, and that a slice's
// writer refuses a key it does not own.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../app/create.js';
import * as nav from './nav.js';
import { sliceWriter } from './writer.js';
import type { Pane } from './types.js';

const store = () => createAppStore({ host: 'h', demo: true, readOnly: false });
const project: Pane = { kind: 'project', projectId: 1, path: 'a/b', tab: 'pipelines' };
const pipeline: Pane = { kind: 'pipeline', projectId: 1, path: 'a/b', pipelineId: 7, view: 'list' };

describe('nav', () => {
  it('pushes, replaces the pane in front, and goes back, never past the first pane', () => {
    const s = store();
    nav.push(s, project);
    nav.push(s, pipeline);
    expect(s.getState().stack).toEqual([{ kind: 'projects' }, project, pipeline]);
    nav.replaceTop(s, { ...pipeline, view: 'graph' } as Pane);
    expect(s.getState().stack.at(-1)).toEqual({ ...pipeline, view: 'graph' });
    // `only` refuses a pane it does not name.
    expect(nav.back(s, (top) => top.kind === 'job')).toBe(false);
    expect(s.getState().stack).toHaveLength(3);
    expect(nav.back(s, (top) => top.kind === 'pipeline')).toBe(true);
    expect(nav.back(s)).toBe(true);
    expect(nav.back(s)).toBe(false);
    expect(s.getState().stack).toEqual([{ kind: 'projects' }]);
  });

  it('lays a whole trail, a copy of the one given, and refuses an empty one', () => {
    const s = store();
    const trail: Pane[] = [{ kind: 'projects' }, project];
    nav.setTrail(s, trail);
    trail.push(pipeline);
    expect(s.getState().stack).toEqual([{ kind: 'projects' }, project]);
    expect(() => nav.setTrail(s, [])).toThrow('The trail needs a pane');
  });
});

describe('sliceWriter', () => {
  it('writes the keys its slice owns, and throws on another', () => {
    const s = store();
    const write = sliceWriter('core', ['help']);
    write(s, { help: { offset: 2 } });
    write(s, (state) => ({ help: { offset: state.help!.offset + 1 } }));
    expect(s.getState().help).toEqual({ offset: 3 });
    // A key of another owner that slipped past the types (a cast): refused, and nothing written.
    expect(() => write(s, { quit: true } as unknown as { help: null })).toThrow('The core slice does not own "quit"');
    expect(() => write(s, () => ({ quit: true }) as unknown as { help: null })).toThrow('The core slice does not own "quit"');
    expect(s.getState().quit).toBe(false);
  });
});
