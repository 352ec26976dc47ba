// Pure windowing maths for WindowedList (state half of its view/state split), kept apart so the
// scrolling rules are unit-tested without rendering.

export interface ListWindow {
  /** Index of the first visible item. */
  offset: number;
}

/**
 * The first visible index for a list of `count` items shown `height` rows at a time. The window
 * only moves when `selected` would leave it, so moving inside the window never scrolls: starting
 * from `previousOffset` keeps it stable between renders.
 */
export function windowFor(count: number, selected: number, height: number, previousOffset: number): ListWindow {
  if (!(count > 0) || !(height > 0) || count <= height) return { offset: 0 };
  const maxOffset = count - height;
  const cursor = clamp(Number.isFinite(selected) ? Math.floor(selected) : 0, 0, count - 1);
  let offset = clamp(Number.isFinite(previousOffset) ? Math.floor(previousOffset) : 0, 0, maxOffset);
  if (cursor < offset) offset = cursor;
  else if (cursor >= offset + height) offset = cursor - height + 1;
  return { offset };
}

export interface Thumb {
  /** Row of the track where the thumb starts. */
  start: number;
  /** Rows the thumb covers (at least 1). */
  size: number;
}

/** Scrollbar thumb for a window at `offset`: sized by the visible share, at the bottom on the last page. */
export function thumbFor(count: number, height: number, offset: number): Thumb {
  if (!(height > 0) || count <= height) return { start: 0, size: Math.max(0, height) };
  const size = clamp(Math.round((height * height) / count), 1, height);
  const maxOffset = count - height;
  const start = Math.round((clamp(offset, 0, maxOffset) / maxOffset) * (height - size));
  return { start, size };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
