// Layout: header, the top pane (its feature's component, by kind), footer. Keys never pass through here: src/input
// reads stdin and hands every key to the controller (src/tui.tsx), which changes the store.
import { Box, useApp as useInk } from 'ink';
import { Text } from './components/Text.js';
import { useEffect } from 'react';
import { topPane } from '../store/store.js';
import type { AppState, Pane, Viewport } from '../store/types.js';
import { useApp, useAppState } from './context.js';
import { Footer, FOOTER_ROWS, footerRows, menuRows } from './Footer.js';
import { Header, HEADER_ROWS } from './Header.js';
import { HelpScreen } from './HelpScreen.js';
import { InkKeyPort } from './InkKeyPort.js';
import { PaneBoundary } from './PaneBoundary.js';
import { MIN_SIZE, tooSmall, useTerminalSize } from './use-terminal-size.js';
import { useTheme } from './theme.js';

export function App() {
  const { controller } = useApp();
  const theme = useTheme();
  const { exit } = useInk();
  const quit = useAppState((s) => s.quit);
  const fatal = useAppState((s) => s.fatal);
  const help = useAppState((s) => s.help !== null);
  const pane = useAppState((s) => topPane(s));
  const { columns, rows } = useTerminalSize();

  useEffect(() => {
    if (quit) exit();
  }, [quit, exit]);

  // The store's viewport is this body's size: the app shell sets it from the same function (src/app/create.tsx).
  const footerHeight = useAppState((s) => footerHeightOf(rows, s));
  const bodyHeight = bodyRows(rows, footerHeight);

  // The way the controller's keys reach the Ink components in front (src/input/ink-feed.ts).
  const port = <InkKeyPort feed={controller.inkFeed} />;
  if (fatal) {
    return (
      <Box flexDirection="column" width={columns} padding={1}>
        {port}
        <Text bold color={theme.error}>
          pipetop cannot continue
        </Text>
        <Text>{fatal}</Text>
        <Text dimColor>Press q to quit.</Text>
      </Box>
    );
  }
  if (tooSmall({ columns, rows })) {
    // Fragments of panes help no one; this says what to do, and the app comes back on resize.
    return (
      <Box width={columns} height={rows} overflow="hidden">
        {port}
        <Text>
          terminal too small (need at least {MIN_SIZE.columns}×{MIN_SIZE.rows}) · q quits
        </Text>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={columns} height={rows}>
      {port}
      <Header width={columns} />
      <Box height={bodyHeight} flexDirection="column" overflow="hidden">
        {help ? (
          <HelpScreen width={columns} height={bodyHeight} />
        ) : (
          <PaneBoundary resetKey={JSON.stringify(pane)}>
            <PaneView pane={pane} width={columns} height={bodyHeight} />
          </PaneBoundary>
        )}
      </Box>
      <Footer width={columns} height={footerHeight} />
    </Box>
  );
}

/**
 * The rows of the footer and of the body between header and footer, on a terminal of `size`: what
 * App draws, and the viewport the app shell keeps in the store (src/app/create.tsx), which paging
 * and the log fit.
 */
export function appLayout(size: { columns: number; rows: number }, state: Pick<AppState, 'confirm' | 'prompt'>): { footerHeight: number; viewport: Viewport } {
  const footerHeight = footerHeightOf(size.rows, state);
  return { footerHeight, viewport: { width: size.columns, height: bodyRows(size.rows, footerHeight) } };
}

/** A confirm naming what will run (or a Tab-completion menu) takes more lines, as long as 4 are left for the pane. */
function footerHeightOf(rows: number, state: Pick<AppState, 'confirm' | 'prompt'>): number {
  return Math.min(footerRows(state.confirm, menuRows(state.prompt)), Math.max(FOOTER_ROWS, rows - HEADER_ROWS - 4));
}

function bodyRows(rows: number, footerHeight: number): number {
  return Math.max(4, rows - HEADER_ROWS - footerHeight);
}

/** The pane in front, drawn by the component of its kind's spec (store/registry.ts specOf). */
function PaneView({ pane, width, height }: { pane: Pane; width: number; height: number }) {
  const View = useApp().registry.specOf(pane.kind)?.view;
  if (!View) return <Text>No view for the pane {pane.kind}</Text>;
  return <View pane={pane} width={width} height={height} />;
}
