// The one filter for typed or pasted text: C0 and C1 control characters (escape sequences start
// with one) never enter a value, a filter or a prompt.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

export function printable(input: string): string {
  return input.replace(CONTROLS, '');
}
