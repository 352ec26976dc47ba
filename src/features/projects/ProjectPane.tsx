// A project: a tab bar of the tabs the features declare for the project pane (Feature.tab: their
// labels in their places, store/registry.ts), and the body of the one in front. Number keys and
// Tab switch them (store/core-commands.ts); this pane names none of them.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { safeText } from '../../text/safe.js';
import type { PaneProps, TabPlace } from '../../store/feature.js';
import type { PaneKinds } from '../../store/types.js';
import { Tabs, stripWidth, tabTexts } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';

export function ProjectPane({ pane, width, height }: PaneProps<PaneKinds['project']>) {
  const project = useAppState((s) => s.projects[pane.projectId]);
  const places = useApp().registry.tabPlacesOf('project');
  const tabs = places.map((place, i) => ({ id: place.name as string, label: place.label, hint: String(i + 1) }));
  const View = (places.find((place) => place.name === pane.tab) as TabPlace<'project'> | undefined)?.view;
  // The bar's own width (" 1 Pipelines │ 2 Jobs …", the tabs behind by their number when it is
  // too wide), then the project's description in what is left.
  const bar = stripWidth(tabTexts(tabs, pane.tab, width));
  const body = height - 2;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box>
        <Tabs tabs={tabs} active={pane.tab} width={width} />
        <Text dimColor> {safeText(project?.description ?? '', Math.max(0, width - bar - 7))}</Text>
      </Box>
      <Box height={1} />
      {View ? <View pane={pane} width={width} height={body} /> : null}
    </Box>
  );
}
