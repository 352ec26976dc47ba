// The one way text reaches the terminal from a component: Ink's Text, with every string child
// passed through src/text/safe.ts first. Server strings (job names, refs, URLs, counts that came
// as strings) carry escapes — `ESC ]0;` sets the window title, `ESC ]52;` writes the clipboard —
// and Ink passes them through untouched. Only this file may import Ink's Text (eslint.config.js),
// so no component can render a raw string, whatever it forgets. Pipetop's own styling is props
// (color, bold, inverse…), which Ink turns into SGR after the text is clean.
import { Text as InkText, type TextProps } from 'ink';
import type { ReactNode } from 'react';
import { safeDisplay } from '../../text/safe.js';

export type { TextProps };

export function Text(props: TextProps) {
  const label = props['aria-label'];
  // Ink's Text is a plain function component (two useContext calls, always made): called here
  // rather than rendered as a child element, so the primitive adds no layer to the tree. A frame
  // draws hundreds of these, and the extra layer made a re-render measurably slower.
  return InkText({ ...props, children: clean(props.children), ...(label === undefined ? {} : { 'aria-label': safeDisplay(label) }) });
}

/** Strings made safe; numbers and elements (themselves this Text, or Ink's layout) as they are. */
function clean(node: ReactNode): ReactNode {
  if (typeof node === 'string') return safeDisplay(node);
  if (Array.isArray(node)) return node.map(clean);
  return node;
}
