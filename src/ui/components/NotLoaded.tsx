// A detail pane before its object is in: "Loading …", or why it could not be loaded (an answer the
// decoders refused, a failed request), so such a pane never stays loading for ever. The poll asks
// again, and R does at once; the first good answer replaces this with the object.
import { Box } from 'ink';
import { safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';
import { Text } from './Text.js';

export interface NotLoadedProps {
  /** What the pane shows, as the sentence names it ("SSH key #42"). */
  what: string;
  /** Why the last read failed (describeError's words, as a list's status line gives them); none while loading. */
  error: string | undefined;
  height: number;
  /** Said while loading, when not "Loading <what>…". */
  loading?: string;
}

export function NotLoaded({ what, error, height, loading }: NotLoadedProps) {
  const theme = useTheme();
  if (!error)
    return (
      <Box height={height}>
        <Text dimColor>{loading ?? `Loading ${what}…`}</Text>
      </Box>
    );
  return (
    <Box height={height} flexDirection="column">
      <Text color={theme.error}>
        Could not load {what}: {safeText(error, 400)}
      </Text>
      <Text dimColor>R asks again · Esc goes back</Text>
    </Box>
  );
}
