// Activity across projects: yours (`:events`) or a user's (`:user bob`), newest first.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { listKeyOf } from '../../store/sources.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { useAppState } from '../../ui/context.js';
import { EventsList } from './EventsList.js';

export function EventsPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'events' }>; width: number; height: number }) {
  const me = useAppState((s) => s.user);
  const title =
    pane.who === 'me'
      ? `Your activity${me ? ` — ${safeText(me.name, 40)} (@${safeText(me.username, 40)})` : ''}`
      : `Activity of ${/^\d+$/.test(pane.who.user) ? `user #${pane.who.user}` : `@${safeText(pane.who.user, 40)}`}`;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold>{title}</Text>
      <EventsList listKey={listKeyOf(pane)!} showProject width={width} height={height - 1} />
    </Box>
  );
}
