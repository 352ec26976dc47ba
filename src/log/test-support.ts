// Shared by the log engine's tests (not imported by the engine): build models from text and take
// comparable snapshots of what they hold.
import { LogModel, type LogLine } from './log-model.js';
import type { Section } from './sections.js';

export const E = '\x1b';

const open = new Set<LogModel>();

/** A fresh model; disposeModels() (in afterEach) removes its files. */
export async function newModel(opts?: Parameters<typeof LogModel.create>[0]): Promise<LogModel> {
  const model = await LogModel.create(opts);
  open.add(model);
  return model;
}

export async function disposeModels(): Promise<void> {
  for (const m of open) await m.dispose();
  open.clear();
}

/** A model fed the given chunks, then ended. */
export async function modelOf(...chunks: (string | Buffer | Uint8Array)[]): Promise<LogModel> {
  const model = await newModel();
  for (const c of chunks) model.append(Buffer.isBuffer(c) ? c : typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c));
  model.end();
  return model;
}

export function allLines(model: LogModel): LogLine[] {
  return model.lines(0, model.lineCount);
}

export function texts(model: LogModel): string[] {
  return allLines(model).map((l) => l.text);
}

export interface Snapshot {
  lines: LogLine[];
  sections: Section[];
}

export function snapshot(model: LogModel): Snapshot {
  return { lines: allLines(model).map((l) => ({ ...l })), sections: model.sections().map((s) => ({ ...s })) };
}
