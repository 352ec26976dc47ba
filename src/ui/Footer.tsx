// Bottom lines: what needs an answer (prompt, [y/N] confirm), what is happening (filter being
// typed, download progress, the last toast), and the key hints of the pane in front — generated
// from the keymap, so they can never disagree with what the keys do.
import { Box } from 'ink';
import { Text } from './components/Text.js';
import type { ReactNode } from 'react';
import type { Binding, HintPlace, Scope } from '../keymap/bindings.js';
import { hintPlacesOf } from '../store/registry.js';
import { prettyKey } from '../keymap/matcher.js';
import { scopesOf } from '../store/controller.js';
import { completionPicked, MENU_ROWS } from '../store/completion.js';
import { fieldChanged, promptText } from '../store/modal-keys.js';
import { topPane } from '../store/store.js';
import { ChoiceMenu, ConfirmBar, KeyHints, LineField, ProgressBar, Prompt, Toast, confirmLines, shortConfirm } from './components/index.js';
import { useApp, useAppState } from './context.js';
import { bytes } from './format.js';
import { useTheme } from './theme.js';
import { listKeyText, type ConfirmState, type PromptState } from '../store/types.js';

export const FOOTER_ROWS = 3;

/**
 * The footer's height: a confirm that names what will run (and a warning) takes more lines, and so
 * does a prompt's Tab-completion menu.
 */
export function footerRows(confirm: ConfirmState | null, menu = 0): number {
  if (menu > 0) return FOOTER_ROWS + menu;
  return confirm ? Math.max(FOOTER_ROWS, confirmLines(confirm) + 1) : FOOTER_ROWS;
}

/** The rows of a prompt's Tab-completion menu (0: none open). */
export function menuRows(prompt: PromptState | null): number {
  return Math.min(MENU_ROWS, prompt?.completion?.items.length ?? 0);
}

/** `height`: the rows App gives it (footerRows, less on a short terminal). */
export function Footer({ width, height }: { width: number; height?: number }) {
  const { controller, registry } = useApp();
  const theme = useTheme();
  const prompt = useAppState((s) => s.prompt);
  const confirm = useAppState((s) => s.confirm);
  const toast = useAppState((s) => s.toast);
  const download = useAppState((s) => s.download);
  const filtering = useAppState((s) => (s.filtering ? (s.lists[listKeyText(s.filtering)]?.filter ?? '') : null));
  const pane = useAppState((s) => topPane(s));
  const readOnly = useAppState((s) => s.config.readOnly);
  const first = useAppState((s) => s.stack.length <= 1);
  const places = useAppState((s) => hintPlacesOf(controller.ctx.features, s, pane)?.join(' ') ?? '');

  // A [y/N] question takes every key: the footer says its keys, not the pane's under it.
  const scopes: Scope[] = confirm && !prompt ? ['confirm'] : scopesOf(pane, controller.ctx.features);
  const hints = footerHints(controller.keymap.bindingsFor(scopes), [...(places ? (places.split(' ') as HintPlace[]) : []), ...scopes], {
    first,
    readOnly,
  });

  // The field's keys come from the controller through the feed; what it makes goes back to the store.
  const field = {
    feed: controller.inkFeed,
    onChange: (value: string) => fieldChanged(controller.ctx, value),
    onSubmit: (value: string) => controller.submitField(value),
  };
  let top: ReactNode = null;
  if (prompt) {
    top = (
      <Prompt
        label={prompt.label}
        {...promptText(prompt)}
        error={prompt.error}
        hint={prompt.hint}
        width={width}
        epoch={`${prompt.id}:${prompt.epoch ?? 0}`}
        {...field}
        focus={!prompt.completion}
      >
        {prompt.completion ? (
          <ChoiceMenu
            items={prompt.completion.items}
            index={prompt.completion.index}
            limit={Math.max(1, Math.min(menuRows(prompt), (height ?? footerRows(confirm, menuRows(prompt))) - 3))}
            feed={controller.inkFeed}
            onHighlight={(choice) => completionPicked(controller.ctx, choice)}
          />
        ) : null}
      </Prompt>
    );
  } else if (confirm && !(registry.specOf(pane.kind)?.ownConfirm && shortConfirm(confirm))) {
    top = <ConfirmBar message={confirm.message} detail={confirm.detail} about={confirm.about} warning={confirm.warning} lines={confirm.lines} />;
  } else if (filtering !== null) {
    top = (
      <Box flexDirection="column">
        <Box flexDirection="row">
          <Text color={theme.accent}>/</Text>
          <LineField value={filtering} width={width - 1} {...field} />
        </Box>
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
    <Box flexDirection="column" width={width} height={height ?? footerRows(confirm, menuRows(prompt))}>
      <Box height={(height ?? footerRows(confirm, menuRows(prompt))) - 1} flexDirection="column" overflow="hidden">
        {top}
      </Box>
      <KeyHints hints={hints} width={width} />
    </Box>
  );
}

/**
 * The footer's hints, in the order of use in this place (Binding.rank): a rank in the most specific
 * place first (a pane's state, e.g. `job:failed`, then its scopes), lower first; hints ranked
 * nowhere follow in the keymap's order. On the first pane, a binding's `firstPaneHint` replaces its
 * hint (`q quit`, not `q back`; no `esc back` where Esc has nowhere to go).
 */
export function footerHints(
  bindings: readonly Binding[],
  places: readonly HintPlace[],
  opts: { first: boolean; readOnly: boolean },
): { key: string; label: string }[] {
  const ranked = bindings.flatMap((b, index) => {
    const hint = opts.first && b.firstPaneHint !== undefined ? b.firstPaneHint : b.hint;
    if (!hint || (opts.readOnly && b.mutates)) return [];
    const place = places.findIndex((p) => b.rank?.[p] !== undefined);
    const order = place < 0 ? [places.length, index] : [place, b.rank![places[place]!]!];
    return [{ binding: { ...b, hint }, order }];
  });
  ranked.sort((a, b) => a.order[0]! - b.order[0]! || a.order[1]! - b.order[1]!);
  return ranked.map((r) => hintOf(r.binding));
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
