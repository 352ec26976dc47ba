// Bottom lines: what needs an answer (prompt, [y/N] confirm), what is happening (filter being
// typed, download progress, the last toast), and the key hints of the pane in front — generated
// from the keymap, so they can never disagree with what the keys do.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Binding } from '../keymap/bindings.js';
import { prettyKey } from '../keymap/matcher.js';
import { scopesOf } from '../store/controller.js';
import { promptText } from '../store/modal-keys.js';
import { topPane } from '../store/store.js';
import { ConfirmBar, KeyHints, ProgressBar, Prompt, Toast, confirmLines } from './components/index.js';
import { useApp, useAppState } from './context.js';
import { bytes } from './format.js';
import { useTheme } from './theme.js';
import { listKeyText, type ConfirmState } from '../store/types.js';

export const FOOTER_ROWS = 3;

/** The footer's height: a confirm that names what will run (and a warning) takes more lines. */
export function footerRows(confirm: ConfirmState | null): number {
  return confirm ? Math.max(FOOTER_ROWS, confirmLines(confirm) + 1) : FOOTER_ROWS;
}

/** `height`: the rows App gives it (footerRows, less on a short terminal). */
export function Footer({ width, height }: { width: number; height?: number }) {
  const { controller } = useApp();
  const theme = useTheme();
  const prompt = useAppState((s) => s.prompt);
  const confirm = useAppState((s) => s.confirm);
  const toast = useAppState((s) => s.toast);
  const download = useAppState((s) => s.download);
  const filtering = useAppState((s) => (s.filtering ? (s.lists[listKeyText(s.filtering)]?.filter ?? '') : null));
  const pane = useAppState((s) => topPane(s));
  const readOnly = useAppState((s) => s.config.readOnly);

  const hints = controller.keymap
    .bindingsFor(scopesOf(pane, controller.ctx.features))
    .filter((b) => b.hint && !(readOnly && b.mutates))
    .map(hintOf);

  let top: ReactNode = null;
  if (prompt) {
    top = <Prompt label={prompt.label} {...promptText(prompt)} error={prompt.error} hint={prompt.hint} />;
  } else if (confirm) {
    top = <ConfirmBar message={confirm.message} detail={confirm.detail} about={confirm.about} warning={confirm.warning} />;
  } else if (filtering !== null) {
    top = (
      <Box flexDirection="column">
        <Text>
          <Text color={theme.accent}>/</Text>
          {filtering}
          <Text inverse> </Text>
        </Text>
        <Text dimColor>type to filter · enter keep · esc clear · ^u erase</Text>
      </Box>
    );
  } else if (download) {
    const ratio = download.total ? download.received / download.total : Number.NaN;
    top = (
      <ProgressBar
        ratio={ratio}
        width={Math.min(40, width - 30)}
        label={`${download.label} ${bytes(download.received)}${download.total ? ` / ${bytes(download.total)}` : ''}`}
      />
    );
  } else if (toast) {
    top = <Toast kind={toast.kind} message={toast.message} />;
  }
  return (
    <Box flexDirection="column" width={width} height={height ?? footerRows(confirm)}>
      <Box height={(height ?? footerRows(confirm)) - 1} flexDirection="column" overflow="hidden">
        {top}
      </Box>
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}

/**
 * A footer hint from a binding: 'r retry' is written with the default key; when the user bound the
 * command to other keys (src/config/user-keys.ts), the hint shows the user's first key instead.
 */
export function hintOf(b: Binding): { key: string; label: string } {
  const [key, ...label] = b.hint!.split(' ');
  const first = key!.split('/')[0]!;
  const unpretty = first.replace(/^\^/, 'ctrl+').replace('⏎', 'enter').replace(/^esc$/, 'escape').replace('⇧tab', 'shift+tab');
  return { key: b.keys.includes(unpretty) ? key! : prettyKey(b.keys[0] ?? key!), label: label.join(' ') };
}
