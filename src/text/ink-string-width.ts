// Stands in for the `string-width` package inside the bundle (scripts/build.mjs aliases it), so Ink
// lays text out with the same widths pipetop truncates and pads with (displayWidth). Two reasons:
// one measure means a cell Ink thinks overflows is never one our Table thought fits; and
// string-width compiles a \p{RGI_Emoji} regex when it loads, ~15 ms of every start-up, where
// displayWidth compiles it only for a multi-code-point cluster that needs it.
import { displayWidth } from './safe.js';

// SGR and other CSI sequences (chalk's colours), and OSC ones (hyperlinks) ended by BEL or ST.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export default function stringWidth(text: unknown, options?: { countAnsiEscapeCodes?: boolean }): number {
  if (typeof text !== 'string' || text.length === 0) return 0;
  const plain = options?.countAnsiEscapeCodes || !/[\x1b\x9b]/.test(text) ? text : text.replace(ANSI, '');
  return displayWidth(plain);
}
