// The project named by `--project` while it is looked up, or why it could not be opened.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { lookupKey } from './lookup.js';

export function ProjectLookupPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'projectLookup' }>; width: number; height: number }) {
  const theme = useTheme();
  const error = useAppState((s) => s.loadErrors[lookupKey(pane.ref)]);
  const looking = useAppState((s) => s.inflight[lookupKey(pane.ref)] !== undefined);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {error ? <Text color={theme.error}>{safeText(error, 600)}</Text> : <Text dimColor>Looking up project {safeText(pane.ref, 120)}…</Text>}
      {error ? <Text dimColor>{looking ? 'Asking again…' : 'R asks again · Esc opens your project list · q quits'}</Text> : null}
    </Box>
  );
}
