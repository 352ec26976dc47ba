// The project pane's tab strip: " 1 Pipelines │ 2 Jobs │ 3 Schedules ". The number is the key that
// selects the tab, so the strip doubles as its own key hint.
import type { ReactNode } from 'react';
import { Text } from './Text.js';
import { safeText } from '../../text/safe.js';
import { useTheme } from '../theme.js';

export interface Tab {
  id: string;
  label: string;
  /** Usually the key that selects the tab ("1"). */
  hint?: string;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: Tab[];
  active: string;
}

export function Tabs({ tabs, active }: TabsProps): ReactNode {
  const theme = useTheme();
  return (
    <Text wrap="truncate">
      {tabs.map((tab, i) => {
        const isActive = tab.id === active;
        const text = ` ${tab.hint ? `${safeText(tab.hint, 4)} ` : ''}${safeText(tab.label, 40)} `;
        return (
          <Text key={tab.id}>
            {i > 0 ? <Text color={theme.muted}>│</Text> : null}
            {/* Inverse + bold marks the active tab without colour; dim marks disabled ones under NO_COLOR. */}
            <Text inverse={isActive} bold={isActive} color={tab.disabled ? theme.muted : undefined} dimColor={tab.disabled && !theme.color}>
              {text}
            </Text>
          </Text>
        );
      })}
    </Text>
  );
}
